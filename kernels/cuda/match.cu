/* match, CUDA: __match_any_sync and __match_all_sync on values of each type, in a dependent chain
 * (acc = acc * 3 + match((T)((acc + lane) & 3))), verified against a host simulation of the warp. */
#include "prim_harness.cuh"

#define M_ANY(T) acc = acc * 3u + __match_any_sync(mask, (T)((acc + lane) & 3u));
#define M_ALL(T) { int pr_; acc = acc * 3u + __match_all_sync(mask, (T)((acc + lane) & 3u), &pr_) + (unsigned)pr_; }
#define STEP_ANY_int(P) M_ANY(int) P
#define STEP_ANY_ull(P) M_ANY(unsigned long long) P
#define STEP_ANY_float(P) M_ANY(float) P
#define STEP_ANY_double(P) M_ANY(double) P
#define STEP_ALL_int(P) M_ALL(int) P
#define STEP_ALL_ull(P) M_ALL(unsigned long long) P
#define STEP_ALL_float(P) M_ALL(float) P
#define STEP_ALL_double(P) M_ALL(double) P
#define PAIRS(TN, T)                                                           \
  OK_CUDA_PAIR(ok_cu_match_any_##TN, T, unsigned, STEP_ANY_##TN, M_ANY(T))      \
  OK_CUDA_PAIR(ok_cu_match_all_##TN, T, unsigned, STEP_ALL_##TN, M_ALL(T))
OK_CUDA_TYPES(PAIRS)

static void simulate(int all, int w, long steps, double *out) {
  unsigned v[32];
  const unsigned mask = w == 32 ? 0xffffffffu : ((1u << w) - 1u);
  for (int l = 0; l < w; ++l) v[l] = (unsigned)l;
  for (long s = 0; s < steps; ++s) {
    unsigned key[32], r[32];
    for (int l = 0; l < w; ++l) key[l] = (v[l] + (unsigned)l) & 3u;
    int same = 1;
    for (int l = 0; l < w; ++l) same &= key[l] == key[0];
    for (int l = 0; l < w; ++l) {
      unsigned m = 0;
      for (int j = 0; j < w; ++j) m |= (unsigned)(key[j] == key[l]) << j;
      r[l] = all ? (same ? mask + 1u : 0u) : m; /* match_all: the mask, plus pred = 1 */
    }
    for (int l = 0; l < w; ++l) v[l] = v[l] * 3u + r[l];
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}
static void sim_any(int w, long s, double *o) { simulate(0, w, s, o); }
static void sim_all(int w, long s, double *o) { simulate(1, w, s, o); }

#define F "MATCH|match\\.(any|all)"
#define P_ANY(TN, T) OK_CPRIM(ok_cu_match_any_##TN, #TN, T, F, 2, ok_check_warp_sim, sim_any, nullptr),
#define P_ALL(TN, T) OK_CPRIM(ok_cu_match_all_##TN, #TN, T, F, 2, ok_check_warp_sim, sim_all, nullptr),
static const ok_cprim p_any[] = {OK_CUDA_TYPES(P_ANY)};
static const ok_cprim p_all[] = {OK_CUDA_TYPES(P_ALL)};
static int s_any(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p_any, 4, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
static int s_all(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p_all, 4, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
#define T "clock64 per thread, max over threads, measured SM clock"
OK_REGISTER_SWEEP(match, match_any_sync, "cuda", T, s_any)
OK_REGISTER_SWEEP(match, match_all_sync, "cuda", T, s_all)
