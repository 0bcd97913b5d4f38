/*
 * cre2: a small C API over RE2 (Debian's libre2-dev) for Swift.
 *
 * RE2 matches in time linear in the text, whatever the pattern: no backtracking, so no
 * backreferences or lookaround. Patterns and texts are UTF-8. Every C++ exception is caught
 * inside; none crosses this boundary. A compiled pattern is immutable: it may be matched
 * from several threads at once.
 */
#ifndef CRE2_H
#define CRE2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A compiled pattern. */
typedef struct cre2_pattern cre2_pattern;

/**
 * Compiles `pattern` (`length` bytes of UTF-8), case-insensitive, for searches anywhere in
 * a text. `max_memory` bounds the compiled program and its match caches (RE2's max_mem):
 * a pattern whose program does not fit is refused rather than compiled.
 *
 * Returns NULL when the pattern is refused; `*error` (when `error` is not NULL) is then set
 * to RE2's reason, to be released with cre2_error_free.
 */
cre2_pattern *cre2_compile(const char *pattern, size_t length, int64_t max_memory, char **error);

/** 1 if `pattern` matches somewhere in `text` (`length` bytes), 0 if not, -1 if RE2 failed. */
int cre2_search(const cre2_pattern *pattern, const char *text, size_t length);

/** Releases a pattern from cre2_compile (NULL is ignored). */
void cre2_pattern_free(cre2_pattern *pattern);

/** Releases an error message from cre2_compile (NULL is ignored). */
void cre2_error_free(char *error);

#ifdef __cplusplus
}
#endif

#endif
