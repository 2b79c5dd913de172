/* The proxy contract's shared helpers (ok_proxy.h). */
#define _POSIX_C_SOURCE 200809L
#include "ok_proxy.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

const int ok_proxy_num_nucs[OK_PROXY_MATS] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
const double ok_proxy_mat_dist[OK_PROXY_MATS] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                                                 0.066, 0.055, 0.008, 0.015, 0.025, 0.013};

long ok_proxy_size(const struct ok_params *p, long host, long gpu_quick, long gpu_full) {
  if (p->size > 0) return p->size;
  if (!ok_model_needs_gpu()) return host;
#ifdef OK_PROXY_TINY_QUICK
  if (!p->full) return host;
#endif
  return p->full ? gpu_full : gpu_quick;
}

double ok_proxy_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ok_proxy_verdict(struct ok_outcome *o, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->detail, sizeof o->detail, fmt, ap);
  va_end(ap);
  o->verified = ok;
}
