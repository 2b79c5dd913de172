/* shfl, CUDA: __shfl_sync (rotate by one), __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync, each
 * as a dependent chain so no shuffle can be merged or hoisted. A step is acc = shfl(acc + 1);
 * the test adds one plain acc = shfl(acc), so test and baseline differ by exactly one SHFL and
 * the figure is SHFL -> SHFL latency (the add's latency stays in both; docs/fidelity.md).
 * Verified against a host simulation of the warp. */
#include "prim_harness.cuh"

#define SH_IDX(X) acc = __shfl_sync(mask, X, (lane + 1) & (w - 1), w);
#define SH_UP(X) acc = __shfl_up_sync(mask, X, 1, w);
#define SH_DOWN(X) acc = __shfl_down_sync(mask, X, 1, w);
#define SH_XOR(X) acc = __shfl_xor_sync(mask, X, 1, w);
#define STEP_IDX(P) SH_IDX(acc + 1) P
#define STEP_UP(P) SH_UP(acc + 1) P
#define STEP_DOWN(P) SH_DOWN(acc + 1) P
#define STEP_XOR(P) SH_XOR(acc + 1) P

/* Source lane of lane l in a width-w segment; a lane whose source is outside keeps its own value. */
static int src_idx(int l, int w) { return (l + 1) & (w - 1); }
static int src_up(int l, int w) { return (l % w) >= 1 ? l - 1 : l; }
static int src_down(int l, int w) { return (l % w) + 1 < w ? l + 1 : l; }
static int src_xor(int l, int w) { return (l ^ 1) < w ? l ^ 1 : l; }
/* The test body: per step a shuffle of acc + 1, then a plain shuffle. */
static void simulate(int (*src)(int, int), int w, long steps, double *out) {
  double v[32], nv[32];
  for (int l = 0; l < w; ++l) v[l] = l;
  for (long s = 0; s < steps; ++s) {
    for (int l = 0; l < w; ++l) nv[l] = v[src(l, w)] + 1;
    for (int l = 0; l < w; ++l) v[l] = nv[src(l, w)];
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}
static void sim_idx(int w, long s, double *o) { simulate(src_idx, w, s, o); }
static void sim_up(int w, long s, double *o) { simulate(src_up, w, s, o); }
static void sim_down(int w, long s, double *o) { simulate(src_down, w, s, o); }
static void sim_xor(int w, long s, double *o) { simulate(src_xor, w, s, o); }

#define F "SHFL|shfl\\.sync"
#define DEF(OP, STEP, PRIM, SIM)                                                                   \
  OK_CUDA_PAIR(ok_cu_shfl_##OP##_int, int, int, STEP, PRIM)                                         \
  OK_CUDA_PAIR(ok_cu_shfl_##OP##_ull, unsigned long long, unsigned long long, STEP, PRIM)           \
  OK_CUDA_PAIR(ok_cu_shfl_##OP##_float, float, float, STEP, PRIM)                                   \
  OK_CUDA_PAIR(ok_cu_shfl_##OP##_double, double, double, STEP, PRIM)                                \
  static const ok_cprim prims_##OP[] = {                                                           \
      OK_CPRIM(ok_cu_shfl_##OP##_int, "int", int, F, 1, ok_check_warp_sim, SIM, nullptr),          \
      OK_CPRIM(ok_cu_shfl_##OP##_ull, "ull", unsigned long long, F, 1, ok_check_warp_sim, SIM, nullptr), \
      OK_CPRIM(ok_cu_shfl_##OP##_float, "float", float, F, 1, ok_check_warp_sim, SIM, nullptr),    \
      OK_CPRIM(ok_cu_shfl_##OP##_double, "double", double, F, 1, ok_check_warp_sim, SIM, nullptr)}; \
  static int sweep_##OP(const struct ok_variant *v, const struct ok_params *p) {                   \
    ok_csweep s = {prims_##OP, 4, 0, 1, nullptr, 1};                                                           \
    return ok_cuda_sweep(v, p, &s);                                                                \
  }
DEF(idx, STEP_IDX, SH_IDX(acc), sim_idx)
DEF(up, STEP_UP, SH_UP(acc), sim_up)
DEF(down, STEP_DOWN, SH_DOWN(acc), sim_down)
DEF(xor, STEP_XOR, SH_XOR(acc), sim_xor)
#define T "clock64 per thread, max over threads, measured SM clock"
OK_REGISTER_SWEEP(shfl, shfl_sync, "cuda", T, sweep_idx)
OK_REGISTER_SWEEP(shfl, shfl_up_sync, "cuda", T, sweep_up)
OK_REGISTER_SWEEP(shfl, shfl_down_sync, "cuda", T, sweep_down)
OK_REGISTER_SWEEP(shfl, shfl_xor_sync, "cuda", T, sweep_xor)
