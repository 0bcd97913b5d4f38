#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro cast Swift cannot import: bind strings and blobs with this.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
