/* libomptarget's launch line (LIBOMPTARGET_INFO=16). Two shapes:
 *   LLVM <= 19: "PluginInterface" device 0 info: Launching kernel K with 64 blocks and 128 threads
 *               in Generic-SPMD mode
 *   later:      ... Launching kernel K with [64,1,1] blocks and [128,1,1] threads in SPMD mode
 * Modes seen: SPMD, Generic, Generic-SPMD; LLVM 16's old CUDA plugin writes SPMD-Generic for the
 * same thing (normalized here); newer runtimes add SPMD-No-Loop and BARE (kept as written). */
#include "remarks.h"
#include "ok_modes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "64" or "[64,1,1]": the total count; p moves past it. -1 if neither. */
static long count(const char **pp) {
  const char *p = *pp;
  char *end;
  if (*p != '[') {
    long v = strtol(p, &end, 10);
    if (end == p || v < 0) return -1;
    *pp = end;
    return v;
  }
  long total = 1;
  ++p;
  for (int k = 0; k < 3; ++k) {
    long v = strtol(p, &end, 10);
    if (end == p || v < 0) return -1;
    total *= v;
    p = end;
    if (*p == ']') break;
    if (*p != ',') return -1;
    ++p;
  }
  if (*p != ']') return -1;
  *pp = p + 1;
  return total;
}

static int word(const char **pp, const char *w) {
  size_t n = strlen(w);
  if (strncmp(*pp, w, n)) return -1;
  *pp += n;
  return 0;
}

int ok_launch_parse(const char *line, struct ok_launch *out) {
  const char *p = strstr(line, "Launching kernel ");
  if (!p) return -1;
  p += strlen("Launching kernel ");
  const char *sym = p;
  while (*p && *p != ' ') ++p;
  size_t ns = (size_t)(p - sym);
  if (!ns || ns >= sizeof out->kernel) return -1;
  long blocks, threads;
  if (word(&p, " with ") || (blocks = count(&p)) < 0 || word(&p, " blocks and ") || (threads = count(&p)) < 0 ||
      word(&p, " threads in "))
    return -1;
  const char *m = p;
  while (*p && *p != ' ') ++p;
  size_t nm = (size_t)(p - m);
  if (!nm || nm >= sizeof out->mode || word(&p, " mode")) return -1;
  memcpy(out->kernel, sym, ns);
  out->kernel[ns] = 0;
  memcpy(out->mode, m, nm), out->mode[nm] = 0;
  if (ok_mode_name(out->mode)) snprintf(out->mode, sizeof out->mode, "%s", ok_mode_name(out->mode)); /* an alias */
  out->blocks = blocks;
  out->threads = threads;
  return 0;
}
