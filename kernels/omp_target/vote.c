/* vote, OpenMP target: LLVM's ompx_ballot_sync (<ompx.h>; it has no all/any form) in the dependent
 * chain of kernels/cuda/vote.cu (acc = acc * 3 + ballot((acc + lane) & 1)), verified against the
 * same host simulation of the warp. SPMD and generic kernels. */
#include "opaque.h"
#include "prim_harness.h"
#if OK_OT_OMPX
#include <ompx.h>

/* The ballot is 64-bit for AMD's wavefronts; a 32-lane warp fills the low word. */
#define V_BALLOT acc = acc * 3u + (unsigned)ompx_ballot_sync(mask, (acc + lane) & 1u);
#define STEP_BALLOT(P) V_BALLOT P

#pragma omp declare target
OK_OT_PAIR(ok_ot_vote_ballot, int, unsigned, STEP_BALLOT, V_BALLOT)
#pragma omp end declare target

#define DISPATCH OK_OT_CASE(0, ok_ot_vote_ballot, int) {}

static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

static void launch_generic(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: Generic
  // EXPECT-REMARK: OMP121
  // EXPECT-REMARK: OMP132
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
  {
    ok_opaque_touch(0); /* unknown side effect in the sequential team part: the kernel stays generic */
#pragma omp parallel
    OK_OT_THREAD(DISPATCH)
  }
}

/* kernels/cuda/vote.cu's simulation, ballot only: every lane adds the warp's predicate bits. */
static void sim_ballot(int w, long steps, double *out) {
  unsigned v[32];
  for (int l = 0; l < w; ++l) v[l] = (unsigned)l;
  for (long s = 0; s < steps; ++s) {
    unsigned bits = 0;
    for (int l = 0; l < w; ++l) bits |= ((v[l] + (unsigned)l) & 1u) << l;
    for (int l = 0; l < w; ++l) v[l] = v[l] * 3u + bits;
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}

static const struct ok_tprim prims[] = {
    OK_OT_PRIM(0, ok_ot_vote_ballot, "", int, "vote\\.sync|vote\\.ballot", 2, ok_check_warp_sim, sim_ballot, 0)};
OK_OT_SWEEP(sweep_spmd, prims, 1, launch_spmd, 0, 1, 0, 0, NULL, 1)
OK_OT_SWEEP(sweep_generic, prims, 1, launch_generic, 0, 1, 0, 0, NULL, 1)
OK_REGISTER_SWEEP(vote, ballot_sync_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(vote, ballot_sync_generic, "generic", OK_OT_TIMER, sweep_generic)
#else
OK_REGISTER_NOT_BUILT(vote, ballot_sync_spmd, "spmd", OK_OT_NO_OMPX_WHY("ompx_ballot_sync"))
OK_REGISTER_NOT_BUILT(vote, ballot_sync_generic, "generic", OK_OT_NO_OMPX_WHY("ompx_ballot_sync"))
#endif
