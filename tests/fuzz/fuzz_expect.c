/* libFuzzer target for the EXPECT comment parser: expectations or a one-line "NAME:LINE: why". */
#include "expect.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct ok_expect *v = NULL;
  size_t n = 0;
  char err[512] = "";
  if (ok_expect_parse_buffer("fuzz", (const char *)data, size, &v, &n, err, sizeof err)) {
    if (strncmp(err, "fuzz:", 5) || strchr(err, '\n') || v) abort();
    return 0;
  }
  for (size_t i = 0; i < n; ++i) {
    if (v[i].pragma_line <= v[i].line || strlen(v[i].value) >= sizeof v[i].value) abort();
    (void)ok_expect_applies(v, n, i, "clang-19", "target-clang19");
  }
  free(v);
  return 0;
}
