/* reduction, OpenMP target: the `reduction` clause of a worksharing loop inside the device
 * `parallel` region. Each step is an `omp for` of one iteration per thread (implicit barrier);
 * the test's loop adds `reduction(+ : A[team:1])` and adds 1 into the team's element, the
 * baseline's adds 1 to a private accumulator: they differ by the reduction (its private copy, the
 * warp/team combine and the update of A[team]). A[team] is the reduction variable because it is
 * shared by the team and zeroed before every sample, and one element per team keeps teams from
 * racing. int and double: a float total (up to 1e8) is not exact. SPMD and generic kernels. */
#include "opaque.h"
#include "prim_harness.h"

#if OK_OT_HAS_SECTION_REDUCTION
#define RED_LOOP(PRAGMA, X)                                              \
  {                                                                      \
    const int tm_ = omp_get_team_num();                                  \
    const int nth_ = omp_get_num_threads();                              \
    (void)tm_;                                                           \
    _Pragma(PRAGMA) for (int i_ = 0; i_ < nth_; ++i_) X += 1;            \
  }
#define STEP_BASE() RED_LOOP("omp for", acc)
#define STEP_TEST() RED_LOOP("omp for reduction(+ : A[tm_:1])", A[tm_])

/* Unrolled 10 times, not 100: one step is a whole worksharing loop with its barrier (thousands of
 * cycles), and 400 reductions in one TU made openmp-opt take 144 s of this TU's compile
 * (docs/findings/openmp-opt-reduction-compile-time.md). The sweep states the unroll. */
#pragma omp declare target
OK_OT_BODY_REP(ok_ot_reduction_int_base, int, int, STEP_BASE(), OK_REP10)
OK_OT_BODY_REP(ok_ot_reduction_int_test, int, int, STEP_TEST(), OK_REP10)
OK_OT_BODY_REP(ok_ot_reduction_double_base, double, double, STEP_BASE(), OK_REP10)
OK_OT_BODY_REP(ok_ot_reduction_double_test, double, double, STEP_TEST(), OK_REP10)
#pragma omp end declare target

#define DISPATCH OK_OT_CASE(0, ok_ot_reduction_int, int) OK_OT_CASE(1, ok_ot_reduction_double, double) {}

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

/* clang 19 inlines the device runtime's reduction (the per-file PTX links it): its warp step is
 * shfl.sync.down; the call stays when it is not inlined. */
#define F "shfl\\.sync|__kmpc_nvptx_parallel_reduce"
static const struct ok_tprim prims[] = {
    OK_OT_PRIM(0, ok_ot_reduction_int, "int", int, F, 1, ok_check_team_sums, 0, 0),
    OK_OT_PRIM(1, ok_ot_reduction_double, "double", double, F, 1, ok_check_team_sums, 0, 0)};
OK_OT_SWEEP(sweep_spmd, prims, 2, launch_spmd, 0, 0, 0, 10)
OK_OT_SWEEP(sweep_generic, prims, 2, launch_generic, 0, 0, 0, 10)
OK_REGISTER_SWEEP(reduction, omp_for_reduction_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(reduction, omp_for_reduction_generic, "generic", OK_OT_TIMER, sweep_generic)
#else
OK_REGISTER_NOT_BUILT(reduction, omp_for_reduction_spmd, "spmd", "compiler limit (GCC 12 nvptx: array-section reduction needs __atomic_compare_exchange_16, unresolved at the offload link)")
OK_REGISTER_NOT_BUILT(reduction, omp_for_reduction_generic, "generic", "compiler limit (GCC 12 nvptx: array-section reduction needs __atomic_compare_exchange_16, unresolved at the offload link)")
#endif
