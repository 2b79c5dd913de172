/* atomic_capture, host OpenMP: `omp atomic capture` of one shared variable; the old value is used. */
#include "prim_harness.h"

#define CAP { double old_; _Pragma("omp atomic capture") { old_ = A[0]; A[0] += 1; } acc += old_; }
#define STEP(P) CAP P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_atomic_capture_##TN, T, STEP, CAP)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_atomic_capture_##TN, #TN, T, "lock ", 2, 0, ok_check_a0_count),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_capture, omp_atomic, "host", "omp_get_wtime per thread, max over threads", sweep)
