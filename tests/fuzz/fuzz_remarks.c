/* libFuzzer target for the optimization-record parser: any input must give records or a one-line
 * "NAME:LINE: why" error, never a crash, leak or hang. */
#include "remarks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int touch(const struct ok_remark *r, void *ud) {
  /* Read every string the callback hands out, so ASan sees any dangling pointer. */
  size_t *sum = ud;
  *sum += strlen(r->kind) + strlen(r->pass) + strlen(r->name) + strlen(r->function) + strlen(r->message);
  if (r->file) *sum += strlen(r->file);
  for (int i = 0; i < r->nargs; ++i) *sum += strlen(r->args[i].key) + strlen(r->args[i].value);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512];
  size_t sum = 0;
  err[0] = 0;
  long n = ok_remarks_parse_buffer("fuzz", data, size, touch, &sum, err, sizeof err);
  if (n < 0 && (strncmp(err, "fuzz:", 5) || strchr(err, '\n'))) abort(); /* the error contract */
  return 0;
}
