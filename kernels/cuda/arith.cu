/* arith, CUDA: add, mul, fma, sin, exp, rsqrt in float and double (kernels/common/ok_arith.h).
 *   latency     the baseline/test method (prim_harness): a dependent chain, the test one op longer
 *               per step; one thread (1 x 1), clock64.
 *   throughput  a rate: every thread of 4 blocks per SM x 256 runs 8 independent chains; CUDA
 *               events around the launch; Gflop/s (fma = 2 flops) or Gop/s (sin, exp, rsqrt).
 * Both check every thread's chains against the host's (ok_arith.c states the tolerances). */
#include "ok_arith.h"
#include "prim_harness.cuh"

#include <vector>

#define F_RSQRT(x) rsqrtf(x)
#define D_RSQRT(x) rsqrt(x)
#define OPS(X)                                                                                        \
  X(add, OK_AR_ADD, OK_AR_F_ADD, OK_AR_D_ADD, "FADD|DADD|add\\.f|add\\.rn")                          \
  X(mul, OK_AR_MUL, OK_AR_F_MUL, OK_AR_D_MUL, "FMUL|DMUL|mul\\.f|mul\\.rn")                          \
  X(fma, OK_AR_FMA, OK_AR_F_FMA, OK_AR_D_FMA, "FFMA|DFMA|fma\\.rn")                                  \
  X(sin, OK_AR_SIN, OK_AR_F_SIN, OK_AR_D_SIN, "MUFU|FFMA|DFMA|fma\\.rn|sin\\.approx")               \
  X(exp, OK_AR_EXP, OK_AR_F_EXP, OK_AR_D_EXP, "MUFU|FFMA|DFMA|fma\\.rn|ex2\\.approx")               \
  X(rsqrt, OK_AR_RSQRT, F_RSQRT, D_RSQRT, "MUFU|rsqrt|FFMA|DFMA|fma\\.rn")

/* ---- latency: the baseline/test pair ---- */
#define LAT(N, ID, FF, DF, FAM)                                                                  \
  OK_CUDA_PAIR(ok_cu_arith_##N##_float, float, float, STEP_F_##N, acc = FF(acc);)               \
  OK_CUDA_PAIR(ok_cu_arith_##N##_double, double, double, STEP_D_##N, acc = DF(acc);)
#define STEPS(N, ID, FF, DF, FAM)
#define STEP_F_add(P) acc = OK_AR_F_ADD(acc); P
#define STEP_F_mul(P) acc = OK_AR_F_MUL(acc); P
#define STEP_F_fma(P) acc = OK_AR_F_FMA(acc); P
#define STEP_F_sin(P) acc = OK_AR_F_SIN(acc); P
#define STEP_F_exp(P) acc = OK_AR_F_EXP(acc); P
#define STEP_F_rsqrt(P) acc = F_RSQRT(acc); P
#define STEP_D_add(P) acc = OK_AR_D_ADD(acc); P
#define STEP_D_mul(P) acc = OK_AR_D_MUL(acc); P
#define STEP_D_fma(P) acc = OK_AR_D_FMA(acc); P
#define STEP_D_sin(P) acc = OK_AR_D_SIN(acc); P
#define STEP_D_exp(P) acc = OK_AR_D_EXP(acc); P
#define STEP_D_rsqrt(P) acc = D_RSQRT(acc); P
OPS(LAT)

/* The test body ran 2 ops per step from acc = lane. */
static int lat_check(const ok_prim_run *c, const ok_prim *pr, char *d, size_t n) {
  int op = 0, dbl = !strcmp(pr->type, "double");
  while (op < OK_NAR && strncmp(pr->param + 3, ok_arith_names[op], strlen(ok_arith_names[op]) + 1)) ++op;
  long steps = c->n_iter * OK_UNROLL * pr->per_step;
  double want[32];
  for (int l = 0; l < 32; ++l) want[l] = ok_arith_chain(op, dbl, l, steps);
  for (int t = 0; t < c->teams * c->threads; ++t)
    if (!ok_arith_close(op, dbl, c->sink[t], want[(t % c->threads) & 31], d, n)) return 0;
  snprintf(d, n, "every chain matches the host's within %g relative", ok_arith_tol(op, dbl));
  return 1;
}
#define LPRIM(N, ID, FF, DF, FAM)                                                          \
  OK_CPRIM(ok_cu_arith_##N##_float, "float", float, FAM, 2, lat_check, nullptr, "op=" #N), \
      OK_CPRIM(ok_cu_arith_##N##_double, "double", double, FAM, 2, lat_check, nullptr, "op=" #N),
static const ok_cprim lat_prims[] = {OPS(LPRIM)};
static int lat_sweep(const struct ok_variant *v, const struct ok_params *p) {
  /* One thread: a latency. The shapes of other sweeps would add time and no information. */
  struct ok_params q = *p;
  if (!q.threads_given && !q.teams_given) q.threads = q.teams = 1, q.threads_given = q.teams_given = 1;
  /* float first in the list: the quick sweep keeps the first type only */
  std::vector<ok_cprim> v2;
  for (const ok_cprim &x : lat_prims)
    if (!strcmp(x.c.type, "float")) v2.push_back(x);
  for (const ok_cprim &x : lat_prims)
    if (strcmp(x.c.type, "float")) v2.push_back(x);
  ok_csweep s = {v2.data(), (int)v2.size(), 0, 0, nullptr, 1};
  return ok_cuda_sweep(v, &q, &s);
}
OK_REGISTER_SWEEP(arith, latency, "cuda", "clock64 per thread, max over threads, measured SM clock", lat_sweep)

/* ---- throughput: a rate ---- */
#define THR_K(NAME, T, F)                                                                             \
  extern "C" __global__ void NAME(double *out, int iters) {                                          \
    const int t = blockIdx.x * blockDim.x + threadIdx.x;                                             \
    const T l = (T)(threadIdx.x & 31);                                                               \
    T a0 = l, a1 = l + (T)0.125, a2 = l + (T)0.25, a3 = l + (T)0.375, a4 = l + (T)0.5, a5 = l + (T)0.625, \
      a6 = l + (T)0.75, a7 = l + (T)0.875;                                                          \
    for (int it = 0; it < iters; ++it)                                                               \
      a0 = F(a0), a1 = F(a1), a2 = F(a2), a3 = F(a3), a4 = F(a4), a5 = F(a5), a6 = F(a6), a7 = F(a7); \
    out[t] = (double)a0 + (double)a1 + (double)a2 + (double)a3 + (double)a4 + (double)a5 + (double)a6 + (double)a7; \
  }
#define THR(N, ID, FF, DF, FAM) THR_K(ok_cu_arith_thr_##N##_float, float, FF) THR_K(ok_cu_arith_thr_##N##_double, double, DF)
OPS(THR)
typedef void (*thr_fn)(double *, int);
#define THR_F(N, ID, FF, DF, FAM) ok_cu_arith_thr_##N##_float,
#define THR_D(N, ID, FF, DF, FAM) ok_cu_arith_thr_##N##_double,
static const thr_fn thr_f[OK_NAR] = {OPS(THR_F)}, thr_d[OK_NAR] = {OPS(THR_D)};

static int thr_sweep(const struct ok_variant *v, const struct ok_params *p) {
  cudaDeviceProp prop;
  int dev = 0, rc = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&prop, dev) != cudaSuccess) {
    ok_rate r = {};
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "no CUDA device");
    ok_emit_rate(v, p, &r);
    return 1;
  }
  const int blocks = 4 * prop.multiProcessorCount, threads = 256, nt = blocks * threads;
  double *dout = nullptr;
  std::vector<double> out(nt);
  if (cudaMalloc(&dout, nt * sizeof(double)) != cudaSuccess) return 1;
  for (int dbl = 0; dbl < 2; ++dbl)
    for (int op = 0; op < OK_NAR; ++op) {
      const char *type = dbl ? "double" : "float";
      if (p->type && strcmp(p->type, type)) continue;
      if (!p->full && !p->type && (dbl || (op != OK_AR_FMA && op != OK_AR_SIN))) continue; /* quick: fma, sin float */
      const int iters = op >= OK_AR_SIN ? 64 : 512;
      double secs[8];
      char param[32];
      snprintf(param, sizeof param, "op=%s", ok_arith_names[op]);
      ok_rate r = {};
      r.type = type, r.threads = threads, r.teams = blocks, r.param = param, r.iters = iters;
      r.work = (double)nt * iters * OK_AR_CHAINS * ok_arith_flops[op];
      r.scale = 1e-9, r.unit = op >= OK_AR_SIN ? "Gop/s" : "Gflop/s";
      r.seconds = secs, r.runs = p->full ? 5 : 3;
      r.timer = "CUDA events around the launch; runs after a warm-up";
      thr_fn fn = (dbl ? thr_d : thr_f)[op];
      cudaError_t e = ok_cuda_rate_runs(r.runs, [] { return cudaSuccess; }, [&] { fn<<<blocks, threads>>>(dout, iters); }, secs);
      if (e == cudaSuccess) e = cudaMemcpy(out.data(), dout, nt * sizeof(double), cudaMemcpyDeviceToHost);
      if (e != cudaSuccess) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "arith throughput kernel: %s", cudaGetErrorString(e));
      } else
        r.verified = ok_arith_check_sums(op, dbl, out.data(), nt, iters, r.detail, sizeof r.detail);
      if (r.error || !r.verified) rc = 1;
      ok_emit_rate(v, p, &r);
      if (r.error) break;
    }
  cudaFree(dout);
  return rc;
}
OK_REGISTER_SWEEP(arith, throughput, "cuda", "CUDA events around the launch", thr_sweep)
