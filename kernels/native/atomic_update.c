/* atomic_update, host OpenMP: every thread `omp atomic update`s one shared variable. */
#include "prim_harness.h"

#define UPD _Pragma("omp atomic update") A[0] += 1;
#define STEP(P) UPD P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_atomic_update_##TN, T, STEP, UPD)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_atomic_update_##TN, #TN, T, "lock ", 2, 0, ok_check_a0_count),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_update, omp_atomic, "host", "omp_get_wtime per thread, max over threads", sweep)
