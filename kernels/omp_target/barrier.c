/* barrier, OpenMP target: `omp barrier` inside `target teams` + `parallel`; the test has one more
 * per step. SPMD and generic kernels. */
#include "opaque.h"
#include "prim_harness.h"

#define BAR _Pragma("omp barrier")
#define STEP(P) BAR P

#pragma omp declare target
OK_OT_PAIR(ok_ot_barrier, int, int, STEP, BAR)
#pragma omp end declare target

#define DISPATCH OK_OT_CASE(0, ok_ot_barrier, int) {}

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

static const struct ok_tprim prims[] = {
    OK_OT_PRIM(0, ok_ot_barrier, "", int, "bar\\.sync|barrier\\.sync|bar\\.red|__kmpc_barrier", 2, ok_tcheck_ran, 0, 0)};
static int sweep_spmd(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_tsweep s = {prims, 1, launch_spmd, 0, 0, 0};
  return ok_ot_sweep(v, p, &s);
}
static int sweep_generic(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_tsweep s = {prims, 1, launch_generic, 0, 0, 0};
  return ok_ot_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(barrier, omp_barrier_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(barrier, omp_barrier_generic, "generic", OK_OT_TIMER, sweep_generic)
