/* vote, CUDA: __all_sync, __any_sync, __ballot_sync in a dependent chain
 * (acc = acc * 3 + vote((acc + lane) & 1)), verified against a host simulation of the warp. */
#include "prim_harness.cuh"

#define V_ALL acc = acc * 3u + (__all_sync(mask, (acc + lane) & 1u) ? 1u : 0u);
#define V_ANY acc = acc * 3u + (__any_sync(mask, (acc + lane) & 1u) ? 1u : 0u);
#define V_BALLOT acc = acc * 3u + __ballot_sync(mask, (acc + lane) & 1u);
#define STEP_ALL(P) V_ALL P
#define STEP_ANY(P) V_ANY P
#define STEP_BALLOT(P) V_BALLOT P
OK_CUDA_PAIR(ok_cu_vote_all, int, unsigned, STEP_ALL, V_ALL)
OK_CUDA_PAIR(ok_cu_vote_any, int, unsigned, STEP_ANY, V_ANY)
OK_CUDA_PAIR(ok_cu_vote_ballot, int, unsigned, STEP_BALLOT, V_BALLOT)

enum { ALL, ANY, BALLOT };
static void simulate(int op, int w, long steps, double *out) {
  unsigned v[32];
  for (int l = 0; l < w; ++l) v[l] = (unsigned)l;
  for (long s = 0; s < steps; ++s) {
    unsigned all = 1, any = 0, bits = 0;
    for (int l = 0; l < w; ++l) {
      unsigned pred = (v[l] + (unsigned)l) & 1u;
      all &= pred, any |= pred, bits |= pred << l;
    }
    unsigned r = op == ALL ? all : op == ANY ? any : bits;
    for (int l = 0; l < w; ++l) v[l] = v[l] * 3u + r;
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}
static void sim_all(int w, long s, double *o) { simulate(ALL, w, s, o); }
static void sim_any(int w, long s, double *o) { simulate(ANY, w, s, o); }
static void sim_ballot(int w, long s, double *o) { simulate(BALLOT, w, s, o); }

#define F "VOTE|vote\\.sync"
static const ok_cprim p_all[] = {OK_CPRIM(ok_cu_vote_all, "", int, F, 2, ok_check_warp_sim, sim_all, nullptr)};
static const ok_cprim p_any[] = {OK_CPRIM(ok_cu_vote_any, "", int, F, 2, ok_check_warp_sim, sim_any, nullptr)};
static const ok_cprim p_ballot[] = {OK_CPRIM(ok_cu_vote_ballot, "", int, F, 2, ok_check_warp_sim, sim_ballot, nullptr)};
static int s_all(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p_all, 1, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
static int s_any(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p_any, 1, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
static int s_ballot(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p_ballot, 1, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
#define T "clock64 per thread, max over threads, measured SM clock"
OK_REGISTER_SWEEP(vote, all_sync, "cuda", T, s_all)
OK_REGISTER_SWEEP(vote, any_sync, "cuda", T, s_any)
OK_REGISTER_SWEEP(vote, ballot_sync, "cuda", T, s_ballot)
