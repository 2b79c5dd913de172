/* atomic_contention, host OpenMP: the contention x padding map (kernels/common/ok_contention.h)
 * with the OpenMP atomics of ok_contention_omp.h, run by a team of the largest power of two of
 * threads the machine has (contention up to that). A run's time is the latest thread's end minus
 * the earliest thread's start (omp_get_wtime). Each op's body is a noinline function with a
 * _base twin without the atomic (never run; the study's x86 check compares them). */
#include "ok_contention_omp.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AC_FN(NAME, OP)                                                                                \
  __attribute__((noinline)) void NAME(unsigned *A, const int *idx, const unsigned *seed,              \
                                      unsigned long long *sink, int t, int iters, int random, long groups, \
                                      int padding) {                                                   \
    OK_AC_LOOP(OP, A, idx, seed, sink, t, iters, random, groups, padding)                              \
  }
#define AC_PAIR(N, OP) AC_FN(ok_h_ac_##N##_test, OP) AC_FN(ok_h_ac_##N##_base, OK_AC_OMP_BASE)
OK_AC_OMP_OPS(AC_PAIR)

struct ac_ctx {
  long T;
  unsigned *A;
  const int *idx;
  const unsigned *seed;
  unsigned long long *sink, *tim;
  int team;
};

static int ac_alloc(void *vc, long max_elems, char *err, size_t n) {
  struct ac_ctx *c = vc;
  c->A = aligned_alloc(OK_LINE_BYTES, ((size_t)max_elems * sizeof(unsigned) + OK_LINE_BYTES - 1) / OK_LINE_BYTES *
                                          OK_LINE_BYTES);
  c->sink = calloc((size_t)c->T, sizeof *c->sink);
  c->tim = calloc(2 * (size_t)c->T, sizeof *c->tim);
  if (!c->A || !c->sink || !c->tim) {
    snprintf(err, n, "out of memory (%ld counters)", max_elems);
    return 1;
  }
  return 0;
}
static int ac_upload(void *vc, const int *idx, const unsigned *seed, char *err, size_t n) {
  struct ac_ctx *c = vc;
  (void)err, (void)n;
  c->idx = idx, c->seed = seed; /* shared memory: the host's arrays themselves */
  return 0;
}
static int ac_run(void *vc, const struct ok_cmap *m, double *s, char *err, size_t n) {
  struct ac_ctx *c = vc;
  const unsigned init = ok_cmap_init_value(m);
  for (long k = 0; k < m->size; ++k) c->A[k] = init;
  memset(c->tim, 0, 2 * (size_t)c->T * sizeof *c->tim);
  unsigned *A = c->A;
  const int *idx = c->idx;
  const unsigned *seed = c->seed;
  unsigned long long *sink = c->sink, *tim = c->tim;
  const int which = m->op, iters = (int)m->iters, random = m->pattern == OK_PAT_RANDOM, padding = m->padding;
  const long groups = m->groups;
  c->team = 0;
#pragma omp parallel num_threads((int)c->T)
  {
    const int t = omp_get_thread_num();
    if (t == 0) c->team = omp_get_num_threads();
#pragma omp barrier
    tim[2 * t] = (unsigned long long)(omp_get_wtime() * 1e9);
#define AC_CALL(N, OP)                                                                                  \
  if (which == OK_AOP_##OP) ok_h_ac_##N##_test(A, idx, seed, sink, t, iters, random, groups, padding); \
  else if (which == OK_NAOP + OK_AOP_##OP) ok_h_ac_##N##_base(A, idx, seed, sink, t, iters, random, groups, padding); \
  else
    AC_CALL(add, ADD) AC_CALL(cas, CAS) AC_CALL(exch, EXCH) AC_CALL(min, MIN) AC_CALL(max, MAX) {}
    tim[2 * t + 1] = (unsigned long long)(omp_get_wtime() * 1e9);
  }
  if (c->team != c->T) {
    snprintf(err, n, "the team has %d threads, not %ld", c->team, c->T);
    return 1;
  }
  return ok_span_ns(c->tim, c->T, s, err, n);
}
static int ac_fetch(void *vc, const struct ok_cmap *m, unsigned *got, unsigned long long *sink, int *on, char *err,
                    size_t n) {
  struct ac_ctx *c = vc;
  (void)err, (void)n;
  for (long g = 0; g < m->groups; ++g) got[g] = c->A[g * m->padding];
  memcpy(sink, c->sink, (size_t)c->T * sizeof *sink);
  *on = 1;
  return 0;
}
static void ac_release(void *vc) {
  struct ac_ctx *c = vc;
  free(c->A), free(c->sink), free(c->tim);
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ac_ctx c;
  memset(&c, 0, sizeof c);
  c.T = 2;
  while (c.T * 2 <= omp_get_num_procs()) c.T *= 2;
  static char affinity[128];
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  snprintf(affinity, sizeof affinity, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  /* 1024 ops per thread: a run of a fraction of a millisecond, far above the timer's resolution. */
  struct ok_cmap_dev d = {&c, c.T, 1, (int)c.T, "ok_h_ac_%s_test", affinity, 1024,
                          ac_alloc, ac_upload, ac_run, ac_fetch, ac_release};
  return ok_cmap_sweep(v, p, &d);
}
OK_REGISTER_SWEEP(atomic_contention, omp_atomic, "host", "omp_get_wtime per thread: latest end - earliest start; 3 runs after a warm-up", sweep)
