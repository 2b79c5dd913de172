/* shfl, OpenMP target: LLVM's ompx_shfl_down_sync_{i,l,f,d} (<ompx.h>; the only shuffle it offers)
 * as a dependent chain so no shuffle can be merged or hoisted, as in kernels/cuda/shfl.cu: a step
 * is acc = shfl_down(acc + 1), the test adds one plain acc = shfl_down(acc) (exactly one more
 * shuffle; docs/fidelity.md). Verified against a host simulation of the warp. SPMD and generic
 * kernels. */
#include "opaque.h"
#include "prim_harness.h"
#if OK_OT_OMPX
#include <ompx.h>

#define SH_I(X) acc = ompx_shfl_down_sync_i(mask, X, 1, w);
#define SH_L(X) acc = ompx_shfl_down_sync_l(mask, X, 1, w);
#define SH_F(X) acc = ompx_shfl_down_sync_f(mask, X, 1, w);
#define SH_D(X) acc = ompx_shfl_down_sync_d(mask, X, 1, w);
#define STEP_I(P) SH_I(acc + 1) P
#define STEP_L(P) SH_L(acc + 1) P
#define STEP_F(P) SH_F(acc + 1) P
#define STEP_D(P) SH_D(acc + 1) P

#pragma omp declare target
OK_OT_PAIR(ok_ot_shfl_down_int, int, int, STEP_I, SH_I(acc))
OK_OT_PAIR(ok_ot_shfl_down_long, long, long, STEP_L, SH_L(acc))
OK_OT_PAIR(ok_ot_shfl_down_float, float, float, STEP_F, SH_F(acc))
OK_OT_PAIR(ok_ot_shfl_down_double, double, double, STEP_D, SH_D(acc))
#pragma omp end declare target

#define DISPATCH                                                                              \
  OK_OT_CASE(0, ok_ot_shfl_down_int, int) OK_OT_CASE(1, ok_ot_shfl_down_long, long)           \
  OK_OT_CASE(2, ok_ot_shfl_down_float, float) OK_OT_CASE(3, ok_ot_shfl_down_double, double) {}

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

/* Lane l of a width-w segment takes lane l + 1's value; the last lane of a segment keeps its own.
 * The test body: per step a shuffle of acc + 1, then a plain shuffle. */
static void sim_down(int w, long steps, double *out) {
  double v[32], nv[32];
  for (int l = 0; l < w; ++l) v[l] = l;
  for (long s = 0; s < steps; ++s) {
    for (int l = 0; l < w; ++l) nv[l] = v[(l % w) + 1 < w ? l + 1 : l] + 1;
    for (int l = 0; l < w; ++l) v[l] = nv[(l % w) + 1 < w ? l + 1 : l];
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}

#define F "shfl\\.sync|shfl\\.down"
static const struct ok_tprim prims[] = {
    OK_OT_PRIM(0, ok_ot_shfl_down_int, "int", int, F, 1, ok_check_warp_sim, sim_down, 0),
    OK_OT_PRIM(1, ok_ot_shfl_down_long, "long", long, F, 1, ok_check_warp_sim, sim_down, 0),
    OK_OT_PRIM(2, ok_ot_shfl_down_float, "float", float, F, 1, ok_check_warp_sim, sim_down, 0),
    OK_OT_PRIM(3, ok_ot_shfl_down_double, "double", double, F, 1, ok_check_warp_sim, sim_down, 0)};
OK_OT_SWEEP(sweep_spmd, prims, 4, launch_spmd, 0, 1, 0, 0, NULL, 1)
OK_OT_SWEEP(sweep_generic, prims, 4, launch_generic, 0, 1, 0, 0, NULL, 1)
OK_REGISTER_SWEEP(shfl, shfl_down_sync_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(shfl, shfl_down_sync_generic, "generic", OK_OT_TIMER, sweep_generic)
#else
OK_REGISTER_NOT_BUILT(shfl, shfl_down_sync_spmd, "spmd", OK_OT_NO_OMPX_WHY("ompx_shfl_down_sync"))
OK_REGISTER_NOT_BUILT(shfl, shfl_down_sync_generic, "generic", OK_OT_NO_OMPX_WHY("ompx_shfl_down_sync"))
#endif
