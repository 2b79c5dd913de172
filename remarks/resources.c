/* Per-kernel resource lines from ptxas -v and nvlink -v (CUDA 11.8 and 13 formats), and the
 * AMDGPU code object metadata that `llvm-readelf --notes` prints (scripts/amdgpu-link.sh). */
#include "remarks.h"

#include <errno.h>
#include <stddef.h>
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
  r->vgprs = r->sgprs = r->agprs = r->vgpr_spills = r->sgpr_spills = r->max_wg = r->wave = r->dynamic_stack = -1;
  r->lds = r->scratch = -1;
}

/* One "    .key:  value" line of a kernel's map in the notes' YAML. Keys the kit does not use
 * (.args, .kernarg_segment_size, ...) and the nested lines under .args are ignored. */
static void amd_key(struct ok_resource *r, const char *line) {
  static const struct { const char *key; int is_long; size_t off; } keys[] = {
      {".vgpr_count:", 0, offsetof(struct ok_resource, vgprs)},
      {".sgpr_count:", 0, offsetof(struct ok_resource, sgprs)},
      {".agpr_count:", 0, offsetof(struct ok_resource, agprs)},
      {".vgpr_spill_count:", 0, offsetof(struct ok_resource, vgpr_spills)},
      {".sgpr_spill_count:", 0, offsetof(struct ok_resource, sgpr_spills)},
      {".max_flat_workgroup_size:", 0, offsetof(struct ok_resource, max_wg)},
      {".wavefront_size:", 0, offsetof(struct ok_resource, wave)},
      {".group_segment_fixed_size:", 1, offsetof(struct ok_resource, lds)},
      {".private_segment_fixed_size:", 1, offsetof(struct ok_resource, scratch)},
  };
  const char *p = line;
  while (*p == ' ' || *p == '-') ++p;
  if (p - line != 4) return; /* a kernel's own keys sit at column 4 ("  - " opens the map) */
  if (!strncmp(p, ".uses_dynamic_stack:", 20)) {
    r->dynamic_stack = strstr(p + 20, "true") != NULL;
    return;
  }
  if (!strncmp(p, ".name:", 6)) {
    p += 6;
    while (*p == ' ') ++p;
    take_name(r->function, sizeof r->function, p);
    return;
  }
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; ++k) {
    size_t n = strlen(keys[k].key);
    if (strncmp(p, keys[k].key, n)) continue;
    char *end;
    long v = strtol(p + n, &end, 10);
    if (end == p + n || v < 0) return;
    if (keys[k].is_long) *(long *)((char *)r + keys[k].off) = v;
    else *(int *)((char *)r + keys[k].off) = v > 1000000000 ? 1000000000 : (int)v;
    return;
  }
}

/* The kernel collected so far, if it has a name and its VGPRs; 1 when the callback says stop. */
static int amd_flush(struct ok_resource *cur, long *count, ok_resource_cb cb, void *ud) {
  int stop = 0;
  if (cur->function[0] && cur->vgprs >= 0) {
    cur->tool = "readelf";
    ++*count;
    stop = cb && cb(cur, ud);
  }
  reset(cur);
  cur->function[0] = 0;
  return stop;
}

/* `llvm-readelf --notes` of an AMDGPU code object: the kernels' maps under "amdhsa.kernels:",
 * each opened by "  - " (its keys sorted, .name among them, so a kernel is known at its end). */
static long amd_notes(FILE *f, ok_resource_cb cb, void *ud) {
  char line[4096];
  struct ok_resource cur;
  memset(&cur, 0, sizeof cur);
  reset(&cur);
  long count = 0;
  int in = 0, stop = 0;
  while (!stop && fgets(line, sizeof line, f)) {
    if (!strncmp(line, "amdhsa.kernels:", 15)) {
      in = 1;
      continue;
    }
    if (!in) continue;
    if (line[0] != ' ') { /* the next top-level key: the list has ended */
      stop = amd_flush(&cur, &count, cb, ud);
      in = 0;
    } else if (!strncmp(line, "  - ", 4)) {
      stop = amd_flush(&cur, &count, cb, ud);
      amd_key(&cur, line);
    } else {
      amd_key(&cur, line);
    }
  }
  if (!stop && in) amd_flush(&cur, &count, cb, ud);
  return count;
}

/* Whether the file is readelf's notes of an AMDGPU code object; rewinds it. */
static int is_amd_notes(FILE *f) {
  char line[4096];
  int yes = 0;
  for (int i = 0; i < 64 && fgets(line, sizeof line, f); ++i)
    if (strstr(line, "NT_AMDGPU_METADATA") || !strncmp(line, "amdhsa.kernels:", 15)) {
      yes = 1;
      break;
    }
  rewind(f);
  return yes;
}

long ok_resources_parse_file(const char *path, ok_resource_cb cb, void *ud, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  if (is_amd_notes(f)) {
    long n = amd_notes(f, cb, ud);
    fclose(f);
    return n;
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
