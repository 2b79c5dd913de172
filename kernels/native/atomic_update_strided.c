/* atomic_update_strided, host OpenMP: each thread `omp atomic update`s its own element of a shared
 * array; threads' elements lie `stride` elements apart (1, 2, 4, 8, 16, one cache line). */
#include "prim_harness.h"

#define UPD _Pragma("omp atomic update") A[tid * stride] += 1;
#define STEP(P) UPD P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_atomic_update_strided_##TN, T, STEP, UPD)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_atomic_update_strided_##TN, #TN, T, "lock ", 2, 0, ok_check_strided),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 1, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_update_strided, omp_atomic, "host", "omp_get_wtime per thread, max over threads", sweep)
