/* omp_target side of the proxy contract (docs/proxies.md): a run's mapping and timing, and what
 * the kernel saw. Included by the omp_target model files only (the pragmas need the offload
 * compiler). A run maps its read-only inputs and its results once (end-to-end time); the model
 * times its own target regions (kernel time) between ok_proxy_omp_enter and ok_proxy_omp_exit. */
#ifndef OK_PROXY_OMP_H
#define OK_PROXY_OMP_H
#include "ok_proxy.h"

#include <omp.h>

/* Written by the thread of item 0: it ran on the device, with these teams and threads. */
struct ok_proxy_seen {
  int on_device, teams, threads;
};
#define OK_PROXY_SEEN(s)                                                                          \
  ((s).on_device = !omp_is_initial_device(), (s).teams = omp_get_num_teams(),                     \
   (s).threads = omp_get_num_threads())

struct ok_proxy_array {
  const void *p;
  size_t bytes;
};
#define OK_PROXY_ARRAY(ptr, count) ((struct ok_proxy_array){(ptr), (size_t)(count) * sizeof *(ptr)})
#define OK_PROXY_MAX_IN 8

/* One run: inputs mapped to the device and released, results mapped to (their "unwritten" start
 * state) and back, seen mapped with them (a target region uses them through pointers, which the
 * runtime attaches to these mappings). seen too goes in through a pointer (&r.seen), never as
 * r.seen: a member map of r hands the kernel a base of r computed from seen's separately mapped,
 * differently aligned copy (misaligned address on the H200). */
struct ok_proxy_omp {
  struct ok_proxy_array in[OK_PROXY_MAX_IN], out;
  int nin;
  struct ok_proxy_seen seen;
  double t0;
};

static inline void ok_proxy_omp_enter(struct ok_proxy_omp *r) {
  r->t0 = ok_proxy_now();
  for (int i = 0; i <= r->nin; ++i) {
    const char *c = i < r->nin ? r->in[i].p : r->out.p;
    size_t b = i < r->nin ? r->in[i].bytes : r->out.bytes;
#pragma omp target enter data map(to : c[0:b])
  }
  struct ok_proxy_seen *seen = &r->seen;
  *seen = (struct ok_proxy_seen){0, 0, 0};
#pragma omp target enter data map(to : seen[0:1])
}

/* Copies the results and seen back, releases the inputs, fills the outcome's times and what the
 * kernel saw. */
static inline void ok_proxy_omp_exit(struct ok_proxy_omp *r, double kernel_s, struct ok_outcome *o) {
  char *out = (char *)r->out.p;
  size_t nb = r->out.bytes;
  struct ok_proxy_seen *seen = &r->seen;
#pragma omp target exit data map(from : out[0:nb], seen[0:1])
  for (int i = 0; i < r->nin; ++i) {
    const char *c = r->in[i].p;
    size_t b = r->in[i].bytes;
#pragma omp target exit data map(release : c[0:b])
  }
  ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - r->t0;
  o->seconds = kernel_s;
  o->on_device = seen->on_device, o->teams = seen->teams, o->threads = seen->threads;
}
#endif
