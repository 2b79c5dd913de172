/* barrier, OpenMP target: `omp barrier` inside `target teams` + `parallel`, and LLVM's
 * ompx_sync_block (<ompx.h>, the __syncthreads twin: bar.sync 0 over the whole block); the test has
 * one more per step. SPMD and generic kernels; ompx_sync_block in the SPMD one only (below).
 * openmp-opt silently removes an aligned barrier that follows another with nothing in between
 * (100 or 200 ompx_sync_block per iteration became 1, no remark). A clock read between them keeps
 * each one (the final SASS has 100 more BAR.SYNC in the test; the read itself is gone). Not an
 * empty asm volatile: inline asm anywhere in the device program makes openmp-opt keep the
 * thread-state loads in every `omp barrier` of the program, which then costs 524 cycles at 1x32
 * instead of 98 (H200; docs/offload-gaps.md). */
#include "opaque.h"
#include "prim_harness.h"
#if OK_OT_OMPX
#include <ompx.h>
#endif

#define BAR _Pragma("omp barrier")
#define STEP(P) BAR P
#define SYNC ompx_sync_block(ompx_acq_rel);
#define KEEP (void)ok_ot_clock();
#define STEP_SYNC(P) KEEP P

#pragma omp declare target
OK_OT_PAIR(ok_ot_barrier, int, int, STEP, BAR)
#if OK_OT_OMPX
OK_OT_PAIR(ok_ot_sync_block, int, int, STEP_SYNC, SYNC)
#endif
#pragma omp end declare target

#if OK_OT_OMPX
#define DISPATCH OK_OT_CASE(0, ok_ot_barrier, int) OK_OT_CASE(1, ok_ot_sync_block, int) {}
#else
#define DISPATCH OK_OT_CASE(0, ok_ot_barrier, int) {}
#endif

static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

static void launch_generic(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: Generic
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
  {
    ok_opaque_touch(0); /* unknown side effect in the sequential team part: the kernel stays generic */
#pragma omp parallel
    OK_OT_THREAD(DISPATCH)
  }
}

#define F "bar\\.sync|barrier\\.sync|bar\\.red|__kmpc_barrier|ompx_sync_block|GOMP_barrier"
static const struct ok_tprim prims[] = {OK_OT_PRIM(0, ok_ot_barrier, "", int, F, 2, ok_check_ran, 0, 0)};
OK_OT_SWEEP(sweep_spmd, prims, 1, launch_spmd, 0, 0, 0, 0, NULL, 1)
OK_OT_SWEEP(sweep_generic, prims, 1, launch_generic, 0, 0, 0, 0, NULL, 1)
OK_REGISTER_SWEEP(barrier, omp_barrier_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(barrier, omp_barrier_generic, "generic", OK_OT_TIMER, sweep_generic)
#if OK_OT_OMPX
static const struct ok_tprim prims_sync[] = {OK_OT_PRIM(1, ok_ot_sync_block, "", int, F, 2, ok_check_ran, 0, 0)};
OK_OT_SWEEP(sweep_sync_spmd, prims_sync, 1, launch_spmd, 0, 0, 0, 0, NULL, 1)
OK_REGISTER_SWEEP(barrier, ompx_sync_block_spmd, "spmd", OK_OT_TIMER, sweep_sync_spmd)
#else
OK_REGISTER_NOT_BUILT(barrier, ompx_sync_block_spmd, "spmd", OK_OT_NO_OMPX_WHY("ompx_sync_block"))
#endif
/* No ompx_sync_block in the generic kernel: there the main thread's warp waits at barrier 8 while
 * the region runs, so the workers' bar.sync 0 (whole block) should never complete
 * (docs/offload-gaps.md). */
