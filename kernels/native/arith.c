/* arith, host OpenMP: the throughput form of kernels/cuda/arith.cu on the host (8 independent
 * chains per thread, every thread of the machine, omp_get_wtime around the region), checked
 * against the same host reference. The latency form is GPU-only here: the host harness starts
 * every chain at 0, where sin and exp take libm's fast paths. */
#include <math.h>

#include "ok_arith.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F_RSQRT(x) (1.0f / sqrtf(x))
#define D_RSQRT(x) (1.0 / sqrt(x))
#define CHAINS(T, F)                                                                              \
  {                                                                                               \
    const T l = (T)(t & 31);                                                                      \
    T a0 = l, a1 = l + (T)0.125, a2 = l + (T)0.25, a3 = l + (T)0.375, a4 = l + (T)0.5, a5 = l + (T)0.625; \
    T a6 = l + (T)0.75, a7 = l + (T)0.875;                                                        \
    for (int it = 0; it < iters; ++it)                                                            \
      a0 = F(a0), a1 = F(a1), a2 = F(a2), a3 = F(a3), a4 = F(a4), a5 = F(a5), a6 = F(a6), a7 = F(a7); \
    out[t] = (double)a0 + (double)a1 + (double)a2 + (double)a3 + (double)a4 + (double)a5 + (double)a6 + (double)a7; \
  }
#define OPS(X)                                   \
  X(0, OK_AR_F_ADD, OK_AR_D_ADD) X(1, OK_AR_F_MUL, OK_AR_D_MUL) X(2, OK_AR_F_FMA, OK_AR_D_FMA) \
  X(3, OK_AR_F_SIN, OK_AR_D_SIN) X(4, OK_AR_F_EXP, OK_AR_D_EXP) X(5, F_RSQRT, D_RSQRT)
#define CASE(ID, FF, DF) if (which == ID) CHAINS(float, FF) else if (which == ID + 6) CHAINS(double, DF) else

static __attribute__((noinline)) void region(double *out, int nthr, int which, int iters, int *team) {
#pragma omp parallel num_threads(nthr)
  {
    const int t = omp_get_thread_num();
    if (t == 0) *team = omp_get_num_threads();
    OPS(CASE) {}
  }
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  const int nthr = omp_get_num_procs();
  double *out = calloc((size_t)nthr, sizeof *out);
  int rc = 0;
  static char affinity[128];
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  snprintf(affinity, sizeof affinity, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  for (int dbl = 0; dbl < 2 && out; ++dbl)
    for (int op = 0; op < OK_NAR; ++op) {
      const char *type = dbl ? "double" : "float";
      if (p->type && strcmp(p->type, type)) continue;
      if (!p->full && !p->type && (dbl || op != OK_AR_FMA)) continue; /* quick: fma float */
      const int iters = op >= OK_AR_SIN ? 1 << 14 : 1 << 18;
      double secs[8];
      char param[32];
      snprintf(param, sizeof param, "op=%s", ok_arith_names[op]);
      struct ok_rate r;
      memset(&r, 0, sizeof r);
      r.type = type, r.threads = nthr, r.teams = 1, r.param = param, r.iters = iters, r.affinity = affinity;
      r.work = (double)nthr * iters * OK_AR_CHAINS * ok_arith_flops[op];
      r.scale = 1e-9, r.unit = op >= OK_AR_SIN ? "Gop/s" : "Gflop/s";
      r.seconds = secs, r.runs = 3;
      int team = 0;
      for (int i = -1; i < r.runs; ++i) {
        double t0 = omp_get_wtime();
        region(out, nthr, op + 6 * dbl, iters, &team);
        if (i >= 0) secs[i] = omp_get_wtime() - t0;
      }
      if (team != nthr) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "the team has %d threads, not %d", team, nthr);
      } else
        r.verified = ok_arith_check_sums(op, dbl, out, nthr, iters, r.detail, sizeof r.detail);
      if (r.error || !r.verified) rc = 1;
      ok_emit_rate(v, p, &r);
    }
  free(out);
  return rc;
}
OK_REGISTER_SWEEP(arith, throughput, "host", "omp_get_wtime around the parallel region", sweep)
