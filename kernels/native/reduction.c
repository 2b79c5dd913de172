/* reduction, host OpenMP: each step is an `omp for` of one iteration per thread inside the
 * harness's parallel region; the test's loop has `reduction(+ : A[0:1])` and adds 1 into A[0], the
 * baseline's adds 1 to the thread's accumulator: they differ by the reduction (as in
 * kernels/omp_target/reduction.c). int and double: gcc combines each thread's partial sum into
 * A[0] on its own, so a float total past 2^24 depends on the order. */
#include "prim_harness.h"

#define RED_LOOP(PRAGMA, X) \
  { _Pragma(PRAGMA) for (int i_ = 0; i_ < nthr; ++i_) X += 1; }
#define STEP_BASE() RED_LOOP("omp for", acc)
#define STEP_TEST() RED_LOOP("omp for reduction(+ : A[0:1])", A[0])
OK_HOST_FN(ok_h_reduction_int_base, int, STEP_BASE())
OK_HOST_FN(ok_h_reduction_int_test, int, STEP_TEST())
OK_HOST_FN(ok_h_reduction_double_base, double, STEP_BASE())
OK_HOST_FN(ok_h_reduction_double_test, double, STEP_TEST())

#define F "call.*(__kmpc_reduce|GOMP_atomic_start|GOMP_reduction)|lock "
static const struct ok_hprim prims[] = {OK_HPRIM(ok_h_reduction_int, "int", int, F, 1, 0, ok_check_a0_count),
                                        OK_HPRIM(ok_h_reduction_double, "double", double, F, 1, 0, ok_check_a0_count)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 2, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(reduction, omp_for_reduction, "host", "omp_get_wtime per thread, max over threads", sweep)
