/* libomptarget's launch line (LIBOMPTARGET_INFO=16), e.g.
 * "PluginInterface" device 0 info: Launching kernel __omp_offloading_fe00_a7219c_main_l13 with 64 blocks
 * and 128 threads in Generic-SPMD mode */
#include "remarks.h"

#include <stdio.h>
#include <string.h>

int ok_launch_parse(const char *line, struct ok_launch *out) {
  const char *p = strstr(line, "Launching kernel ");
  if (!p) return -1;
  char sym[512], mode[64];
  long blocks, threads;
  if (sscanf(p, "Launching kernel %511s with %ld blocks and %ld threads in %63s mode", sym, &blocks, &threads,
             mode) != 4)
    return -1;
  snprintf(out->kernel, sizeof out->kernel, "%s", sym);
  snprintf(out->mode, sizeof out->mode, "%s", mode);
  out->blocks = blocks;
  out->threads = threads;
  return 0;
}
