#include "ctaglib.h"
extern "C" int ctaglib_placeholder(void) { return 0; }
