/* atomic_update_strided, OpenMP target: each thread `omp atomic update`s its own element of a shared array, elements `stride` apart (1, 32). SPMD and generic kernels. */
#include "opaque.h"
#include "prim_harness.h"
#define PRIM _Pragma("omp atomic update") A[gtid * stride] += 1;
#define STEP(P) PRIM P
#define TYPES(X) X(0, int, int) X(1, ull, unsigned long long) X(2, float, float) X(3, double, double)

#pragma omp declare target
#define PAIR(ID, TN, T) OK_OT_PAIR(ok_ot_atomic_update_strided_##TN, T, T, STEP, PRIM)
TYPES(PAIR)
#pragma omp end declare target

#define CASE(ID, TN, T) OK_OT_CASE(ID, ok_ot_atomic_update_strided_##TN, T)
#define DISPATCH TYPES(CASE) {}

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

#define PRIMS(ID, TN, T) OK_OT_PRIM(ID, ok_ot_atomic_update_strided_##TN, #TN, T, "atom\\.|red\\.", 2, ok_check_strided, 0, 0),
static const struct ok_tprim prims[] = {TYPES(PRIMS)};
#define NPRIMS ((int)(sizeof prims / sizeof prims[0]))
OK_OT_SWEEP(sweep_spmd, prims, NPRIMS, launch_spmd, 1, 0, 0)
OK_OT_SWEEP(sweep_generic, prims, NPRIMS, launch_generic, 1, 0, 0)
// EXPECT-FAIL[gcc-12]: crashed (its double points: libgomp "device finalization failed", exit 1, after the int points pass; H100 2026-11-26; docs/offload-gaps.md#gcc-12-offload-double-atomics-end-the-process)
OK_REGISTER_SWEEP(atomic_update_strided, omp_atomic_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
// EXPECT-FAIL[gcc-12]: crashed (its double points: libgomp "device finalization failed", exit 1, after the int points pass; H100 2026-11-26; docs/offload-gaps.md#gcc-12-offload-double-atomics-end-the-process)
OK_REGISTER_SWEEP(atomic_update_strided, omp_atomic_generic, "generic", OK_OT_TIMER, sweep_generic)
