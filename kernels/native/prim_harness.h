/* Host OpenMP primitive harness: one timed parallel region per sample, per-thread wall times from
 * omp_get_wtime, the maximum over threads per run. A primitive is written once as a STEP; the
 * baseline runs STEP(nothing) and the test STEP(the primitive) -- see OK_HOST_PAIR. */
#ifndef OK_PRIM_HARNESS_H
#define OK_PRIM_HARNESS_H
#include "ok_bench.h"
#include "ok_prim_sweep.h"

#include <omp.h>
#include <stddef.h>

#include "ok_unroll.h"

/* 64-byte lines on x86-64 and on every host this kit targets. */
#define OK_LINE_BYTES 64

struct ok_hctx {
  int threads;
  long n_iter, stride;
  int locations;
  void *a, *b;     /* shared arrays, line-aligned, reset before every sample */
  size_t bytes;    /* size of each */
  double *tt;      /* per-thread seconds */
  double *sink;    /* per-thread consumed value, so no result is dead */
  long *count;     /* per-thread iterations done (verification) */
  int team;        /* team size actually formed */
};

typedef double (*ok_hfn)(struct ok_hctx *c);

/* One host primitive at one type: the common descriptor, then the base/test pair. */
struct ok_hprim {
  struct ok_prim c;
  ok_hfn base, test;
};

/* Defines FN(ctx): a parallel region of c->threads threads, each running n_iter x OK_UNROLL
 * STEPs between two clock reads. STEP may use: tid, A, B (T* shared arrays), VA, VB (volatile
 * views), stride, acc (a T per thread, consumed after the loop). */
#define OK_HOST_FN(FN, T, STEP)                                                          \
  static __attribute__((noinline)) double FN(struct ok_hctx *c) {                        \
    const long n_iter = c->n_iter, stride = c->stride;                                   \
    const int nthr = c->threads, locs = c->locations;                                    \
    T *const A = (T *)c->a;                                                              \
    T *const B = (T *)c->b;                                                              \
    volatile T *const VA = A;                                                            \
    volatile T *const VB = B;                                                            \
    (void)stride, (void)locs, (void)VA, (void)VB, (void)B;                               \
    _Pragma("omp parallel num_threads(nthr)") {                                          \
      const int tid = omp_get_thread_num();                                              \
      T acc = 0;                                                                         \
      long done = 0;                                                                     \
      if (tid == 0) c->team = omp_get_num_threads();                                     \
      _Pragma("omp barrier") const double t0 = omp_get_wtime();                          \
      for (long it = 0; it < n_iter; ++it) {                                             \
        OK_REP(STEP)                                                                     \
        ++done;                                                                          \
      }                                                                                  \
      c->tt[tid] = omp_get_wtime() - t0;                                                 \
      c->sink[tid] = (double)acc;                                                        \
      c->count[tid] = done;                                                              \
    }                                                                                    \
    double m = 0;                                                                        \
    for (int i = 0; i < nthr; ++i)                                                       \
      if (c->tt[i] > m) m = c->tt[i];                                                    \
    return m;                                                                            \
  }

/* The pair: NAME##_base runs STEP(), NAME##_test runs STEP(PRIM) -- one more primitive per step. */
#define OK_HOST_PAIR(NAME, T, STEP, PRIM) \
  OK_HOST_FN(NAME##_base, T, STEP()) \
  OK_HOST_FN(NAME##_test, T, STEP(PRIM))

/* FAMILY: x86 instruction family the test must hold more of than the base (NULL: none exists);
 * PER_STEP: executions per step in the test body; INIT: value A starts from; CHECK: ok_check_*. */
#define OK_HPRIM(NAME, TNAME, T, FAMILY, PER_STEP, INIT, CHECK) \
  {{TNAME, #NAME "_test", FAMILY, sizeof(T), PER_STEP, INIT, CHECK, 0, 0}, NAME##_base, NAME##_test}

/* Runs a primitive's sweep (ok_prim_sweep.c) on the host: thread counts x types x strides. */
struct ok_hsweep {
  const struct ok_hprim *prims; /* one per type */
  int nprims;
  int strided;    /* sweep the stride list (ok_prim_strides) */
  int locations;  /* sweep 1 and 2 locations (atomic write) */
};
int ok_host_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_hsweep *s);

/* Type lists for the X-macros in kernel files. */
#define OK_HOST_TYPES(X) X(int, int) X(ull, unsigned long long) X(float, float) X(double, double)
#endif
