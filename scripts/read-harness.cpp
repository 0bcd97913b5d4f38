// kanora's C read path (ctaglib_read) over a folder on one thread, for callgrind/perf beside the
// floor's read-only run (notes/scan-at-the-limit.md). Build from the checkout root:
//   g++ -O2 -g -std=c++17 -ISources/CTagLib/include -ISources/CTagLib -o /tmp/read-harness \
//       scripts/read-harness.cpp Sources/CTagLib/*.cpp $(pkg-config --cflags --libs taglib)
//   valgrind --tool=callgrind /tmp/read-harness DIR
#include "ctaglib.h"
#include <ftw.h>
#include <cstdio>
static long ok = 0, files = 0;
static int visit(const char *path, const struct stat *, int type, struct FTW *) {
  if (type != FTW_F) return 0;
  files++;
  ctaglib_result *r = ctaglib_read(path);
  if (r && r->status == CTAGLIB_STATUS_OK) ok++;
  ctaglib_result_free(r);
  return 0;
}
int main(int argc, char **argv) {
  nftw(argv[1], visit, 64, FTW_PHYS);
  printf("files=%ld ok=%ld\n", files, ok);
}
