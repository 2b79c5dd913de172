/* arith, OpenMP target: the CUDA form's add, mul, fma, sin, exp, rsqrt (1 / sqrt: OpenMP has no
 * rsqrt) in float and double (kernels/common/ok_arith.h).
 *   latency     the baseline/test method (prim_harness), one thread, bodies unrolled 10 (sin and
 *               exp bodies are long: 100 copies only cost openmp-opt compile time).
 *   throughput  a rate: 528 teams (4 per SM of a 132-SM H100/H200) x 256 threads, 8 independent
 *               chains each, omp_get_wtime around the region (kernels of >= 1 ms: launch < 2 %).
 * Both check every thread's chains against the host's (ok_arith.c states the tolerances). */
#include <math.h>

#include "ok_arith.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F_RSQRT(x) (1.0f / sqrtf(x))
#define D_RSQRT(x) (1.0 / sqrt(x))
#define OPS(X)                                                                          \
  X(0, add, OK_AR_F_ADD, OK_AR_D_ADD, "add\\.f|add\\.rn")                               \
  X(1, mul, OK_AR_F_MUL, OK_AR_D_MUL, "mul\\.f|mul\\.rn")                               \
  X(2, fma, OK_AR_F_FMA, OK_AR_D_FMA, "fma\\.rn")                                       \
  X(3, sin, OK_AR_F_SIN, OK_AR_D_SIN, "fma\\.rn|sin\\.approx|mul\\.f")                  \
  X(4, exp, OK_AR_F_EXP, OK_AR_D_EXP, "fma\\.rn|ex2\\.approx")                          \
  X(5, rsqrt, F_RSQRT, D_RSQRT, "rsqrt|sqrt|div\\.")

#pragma omp declare target
#define BODY(ID, N, FF, DF, FAM)                                                                                \
  OK_OT_BODY_REP(ok_ot_arith_##N##_float_base, float, float, acc = FF(acc);, OK_REP10)                          \
  OK_OT_BODY_REP(ok_ot_arith_##N##_float_test, float, float, acc = FF(acc); acc = FF(acc);, OK_REP10)           \
  OK_OT_BODY_REP(ok_ot_arith_##N##_double_base, double, double, acc = DF(acc);, OK_REP10)                       \
  OK_OT_BODY_REP(ok_ot_arith_##N##_double_test, double, double, acc = DF(acc); acc = DF(acc);, OK_REP10)
OPS(BODY)
#pragma omp end declare target

#define CASE(ID, N, FF, DF, FAM) \
  OK_OT_CASE(ID, ok_ot_arith_##N##_float, float) OK_OT_CASE(ID + 6, ok_ot_arith_##N##_double, double)
#define DISPATCH OPS(CASE) {}

static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

/* The test body ran 2 ops per step from acc = lane. */
static int lat_check(const struct ok_prim_run *c, const struct ok_prim *pr, char *d, size_t n) {
  const int id = ((const struct ok_tprim *)pr)->id, op = id % 6, dbl = id >= 6;
  long steps = c->n_iter * c->unroll * pr->per_step;
  double want[32];
  for (int l = 0; l < 32; ++l) want[l] = ok_arith_chain(op, dbl, l, steps);
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i)
      if (!ok_arith_close(op, dbl, c->sink[t * c->threads + i], want[i & 31], d, n)) return 0;
  snprintf(d, n, "every chain matches the host's within %g relative", ok_arith_tol(op, dbl));
  return 1;
}
#define PF(ID, N, FF, DF, FAM) OK_OT_PRIM(ID, ok_ot_arith_##N##_float, "float", float, FAM, 2, lat_check, 0, "op=" #N),
#define PD(ID, N, FF, DF, FAM) \
  OK_OT_PRIM(ID + 6, ok_ot_arith_##N##_double, "double", double, FAM, 2, lat_check, 0, "op=" #N),
static const struct ok_tprim prims[] = {OPS(PF) OPS(PD)};
static int lat_sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_params q = *p;
  if (!q.threads_given && !q.teams_given) q.threads = q.teams = 1, q.threads_given = q.teams_given = 1;
  struct ok_tsweep s = {prims, 12, launch_spmd, 0, 0, 0, 10, NULL, 1};
  return ok_ot_sweep(v, &q, &s);
}
OK_REGISTER_SWEEP(arith, latency_spmd, "spmd", OK_OT_TIMER, lat_sweep)

/* ---- throughput: a rate ---- */
#define AR_TEAMS 528
#define AR_THREADS 256
#define CHAINS(T, F)                                                                              \
  {                                                                                               \
    const T l = (T)(omp_get_thread_num() & 31);                                                   \
    T a0 = l, a1 = l + (T)0.125, a2 = l + (T)0.25, a3 = l + (T)0.375, a4 = l + (T)0.5, a5 = l + (T)0.625; \
    T a6 = l + (T)0.75, a7 = l + (T)0.875;                                                        \
    for (int it = 0; it < iters; ++it)                                                            \
      a0 = F(a0), a1 = F(a1), a2 = F(a2), a3 = F(a3), a4 = F(a4), a5 = F(a5), a6 = F(a6), a7 = F(a7); \
    out[t] = (double)a0 + (double)a1 + (double)a2 + (double)a3 + (double)a4 + (double)a5 + (double)a6 + (double)a7; \
  }
#define THR_CASE(ID, N, FF, DF, FAM) \
  if (which == ID) CHAINS(float, FF) else if (which == ID + 6) CHAINS(double, DF) else

/* info: on the device, teams, threads (the shape that ran: GCC's differs, ok_portable.h). */
static void thr_region(double *out, int which, int iters, int dev, int *info) {
  int on = 0, tms = 0, ths = 0;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(AR_TEAMS) thread_limit(AR_THREADS) device(dev) is_device_ptr(out) map(from : on, tms, ths)
#pragma omp parallel
  {
    const int t = omp_get_team_num() * AR_THREADS + omp_get_thread_num();
    if (t == 0) on = !omp_is_initial_device(), tms = omp_get_num_teams(), ths = omp_get_num_threads();
    OPS(THR_CASE) {}
  }
  info[0] = on, info[1] = tms, info[2] = ths;
}

static int thr_sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device(), host = omp_get_initial_device(), nt = AR_TEAMS * AR_THREADS;
  double *dout = omp_target_alloc(nt * sizeof(double), dev), *out = malloc(nt * sizeof(double));
  int rc = 0;
  for (int dbl = 0; dbl < 2 && dout && out; ++dbl)
    for (int op = 0; op < OK_NAR; ++op) {
      const char *type = dbl ? "double" : "float";
      if (p->type && strcmp(p->type, type)) continue;
      if (!p->full && !p->type && (dbl || (op != OK_AR_FMA && op != OK_AR_SIN))) continue; /* quick: fma, sin float */
      const int iters = op >= OK_AR_SIN ? 64 : 512;
      double secs[8];
      char param[32];
      snprintf(param, sizeof param, "op=%s", ok_arith_names[op]);
      struct ok_rate r;
      memset(&r, 0, sizeof r);
      r.type = type, r.threads = AR_THREADS, r.teams = AR_TEAMS, r.param = param, r.iters = iters;
      r.work = (double)nt * iters * OK_AR_CHAINS * ok_arith_flops[op];
      r.scale = 1e-9, r.unit = op >= OK_AR_SIN ? "Gop/s" : "Gflop/s";
      r.seconds = secs, r.runs = p->full ? 5 : 3;
      int info[3] = {1, AR_TEAMS, AR_THREADS}, same = 1;
      for (int i = -1; i < r.runs && info[0] && same; ++i) {
        double t0 = omp_get_wtime();
        const int was[2] = {info[1], info[2]};
        thr_region(dout, op + 6 * dbl, iters, dev, info);
        if (i >= 0) secs[i] = omp_get_wtime() - t0;
        same = i < 0 || (info[1] == was[0] && info[2] == was[1]);
      }
      char note[96];
      ok_ot_shape_note(note, sizeof note, info[1], info[2], AR_TEAMS, AR_THREADS);
      if (!info[0]) {
        r.ran_on_host = 1;
        snprintf(r.detail, sizeof r.detail, "the region ran on the host (omp_is_initial_device)");
      } else if (!same || info[1] < 1 || info[1] > AR_TEAMS || info[2] < 1 || info[2] > AR_THREADS) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "the region's shape changed between runs or is out of range (%d x %d)",
                 info[1], info[2]);
      } else if (omp_target_memcpy(out, dout, nt * sizeof(double), 0, 0, host, dev)) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "omp_target_memcpy of the results failed");
      } else {
        /* The work and the check cover the threads that ran (slot team x AR_THREADS + thread). */
        r.teams = info[1], r.threads = info[2];
        r.work = (double)info[1] * info[2] * iters * OK_AR_CHAINS * ok_arith_flops[op];
        r.verified = 1;
        for (int tm = 0; tm < info[1] && r.verified; ++tm)
          r.verified = ok_arith_check_sums(op, dbl, out + (long)tm * AR_THREADS, info[2], iters, r.detail,
                                           sizeof r.detail);
        if (r.verified && note[0]) snprintf(r.detail, sizeof r.detail, "%s", note);
      }
      if (r.error || !r.verified || r.ran_on_host) rc = 1;
      ok_emit_rate(v, p, &r);
      if (r.error || r.ran_on_host) goto done;
    }
done:
  if (dout) omp_target_free(dout, dev);
  free(out);
  return rc;
}
OK_REGISTER_SWEEP(arith, throughput_spmd, "spmd", "omp_get_wtime around the target region", thr_sweep)
