/* Per-kernel resource lines from ptxas -v and nvlink -v (CUDA 11.8 and 13 formats). */
#include "remarks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Finds "<number> <unit>" in s and returns the number, or -1. */
static long num_before(const char *s, const char *unit) {
  const char *p = strstr(s, unit);
  if (!p || p == s) return -1;
  const char *q = p;
  while (q > s && q[-1] == ' ') --q;
  const char *e = q;
  while (q > s && q[-1] >= '0' && q[-1] <= '9') --q;
  if (q == e) return -1;
  return strtol(q, NULL, 10);
}

static void take_name(char *dst, size_t n, const char *p) {
  if (*p == '\'') ++p;
  size_t i = 0;
  while (p[i] && p[i] != '\'' && p[i] != '\n' && p[i] != ' ' && i + 1 < n) dst[i] = p[i], ++i;
  if (i && dst[i - 1] == ':') --i;
  dst[i] = 0;
}

static void reset(struct ok_resource *r) {
  r->registers = r->barriers = -1;
  r->stack = r->smem = r->lmem = r->cmem0 = r->spill_stores = r->spill_loads = -1;
}

long ok_resources_parse_file(const char *path, ok_resource_cb cb, void *ud, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  char line[4096];
  struct ok_resource cur;
  memset(&cur, 0, sizeof cur);
  reset(&cur);
  long count = 0;
  int stop = 0;
  while (!stop && fgets(line, sizeof line, f)) {
    if (!strchr(line, '\n') && !feof(f)) { /* overlong line: skip the rest of it */
      int ch;
      while ((ch = fgetc(f)) != EOF && ch != '\n') {}
      continue;
    }
    const char *tool = strncmp(line, "nvlink", 6) == 0 ? "nvlink" : strncmp(line, "ptxas", 5) == 0 ? "ptxas" : NULL;
    const char *p;
    if ((p = strstr(line, "Function properties for "))) {
      reset(&cur);
      take_name(cur.function, sizeof cur.function, p + strlen("Function properties for "));
    } else if ((p = strstr(line, "Compiling entry function "))) {
      reset(&cur);
      take_name(cur.function, sizeof cur.function, p + strlen("Compiling entry function "));
    } else if (strstr(line, "bytes stack frame")) {
      cur.stack = num_before(line, "bytes stack frame");
      cur.spill_stores = num_before(line, "bytes spill stores");
      cur.spill_loads = num_before(line, "bytes spill loads");
    } else if (tool && (strstr(line, ": used ") || strstr(line, ": Used ")) && strstr(line, " registers") &&
               cur.function[0]) {
      cur.tool = tool;
      cur.registers = (int)num_before(line, "registers");
      cur.barriers = (int)num_before(line, "barriers");
      long st = num_before(line, "stack,");
      if (st >= 0) cur.stack = st;
      cur.smem = num_before(line, "bytes smem");
      cur.lmem = num_before(line, "bytes lmem");
      cur.cmem0 = num_before(line, "bytes cmem[0]");
      ++count;
      if (cb && cb(&cur, ud)) stop = 1;
      cur.function[0] = 0;
    }
  }
  fclose(f);
  return count;
}
