/* kernel-info remarks (LLVM 21+) from their text form. Upstream writes them to no YAML record; the
 * kit runs the pass on each TU's device IR (scripts/compile.sh --kernel-info) and keeps what
 * `opt -pass-remarks=kernel-info` (or clang's -Rpass=kernel-info) prints:
 *   remark: <unknown>:0:0: in function '@K', Allocas = 2
 *   remark: k.c:21:0: in artificial function 'K', Allocas = 2      (IR with debug info)
 *   k.c:26:1: remark: in function '@K', omp_target_num_teams = 64 [-Rpass=kernel-info]
 * Only the per-function summary lines ("Key = integer") become records; the per-instruction
 * lines (each alloca, call and flat access) are what those counts sum. */
#include "remarks.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fills r from one line; 0 when it is a summary line. Writes into buf (the strings r points to). */
static int kernel_info_line(const char *line, struct ok_remark *r, char *buf, size_t n) {
  /* "in function '@K'", or "in artificial function 'K'" when the IR has debug info. */
  const char *f = strstr(line, "in function '"), *af = strstr(line, "in artificial function '");
  if ((!f && !af) || !strstr(line, "remark: ")) return -1;
  f = f ? f + strlen("in function '") : af + strlen("in artificial function '");
  if (*f == '@') ++f;
  const char *fe = strstr(f, "', ");
  if (!fe || fe == f) return -1;
  const char *k = fe + 3, *ke = k;
  if (!(isalpha((unsigned char)*k) || *k == '_')) return -1;
  while (isalnum((unsigned char)*ke) || *ke == '_') ++ke;
  if (strncmp(ke, " = ", 3)) return -1;
  const char *v = ke + 3, *ve = v;
  if (*ve == '-') ++ve;
  if (!isdigit((unsigned char)*ve)) return -1;
  while (isdigit((unsigned char)*ve)) ++ve;
  if (*ve && !isspace((unsigned char)*ve)) return -1;
  size_t fl = (size_t)(fe - f), kl = (size_t)(ke - k), vl = (size_t)(ve - v);
  if (fl + kl + vl + (kl + 3 + vl) + 4 > n) return -1;
  char *fn = buf, *key = fn + fl + 1, *val = key + kl + 1, *msg = val + vl + 1;
  memcpy(fn, f, fl), fn[fl] = 0;
  memcpy(key, k, kl), key[kl] = 0;
  memcpy(val, v, vl), val[vl] = 0;
  memcpy(msg, k, kl), memcpy(msg + kl, " = ", 3), memcpy(msg + kl + 3, v, vl), msg[kl + 3 + vl] = 0;
  memset(r, 0, sizeof *r);
  r->kind = "Passed";
  r->pass = "kernel-info";
  r->name = key;
  r->function = fn;
  r->nargs = 1;
  r->args[0].key = key;
  r->args[0].value = val;
  r->message = msg;
  return 0;
}

long ok_kernel_info_parse_file(const char *path, ok_remark_cb cb, void *ud, char *err, size_t errlen) {
  FILE *fp = fopen(path, "r");
  if (!fp) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  char line[4096], buf[4096];
  long n = 0;
  while (fgets(line, sizeof line, fp)) {
    size_t len = strlen(line);
    if (len == sizeof line - 1 && line[len - 1] != '\n') { /* an over-long line: skip the rest of it */
      int c;
      while ((c = fgetc(fp)) != EOF && c != '\n') {
      }
      continue;
    }
    struct ok_remark r;
    if (kernel_info_line(line, &r, buf, sizeof buf)) continue;
    ++n;
    if (cb && cb(&r, ud)) break;
  }
  fclose(fp);
  return n;
}
