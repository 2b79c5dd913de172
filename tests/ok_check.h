/* The unit tests' one check: report the failed condition with its place and go on, so a run lists
 * every failure; main returns `failures != 0`. */
#ifndef OK_CHECK_H
#define OK_CHECK_H
#include <stdio.h>

static int failures;
#define CHECK(c, ...)                                      \
  do {                                                     \
    if (!(c)) {                                            \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fputc('\n', stderr);                                 \
      ++failures;                                          \
    }                                                      \
  } while (0)
#endif
