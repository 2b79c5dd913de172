/* fence, host OpenMP: `omp flush` between updates of two arrays (each thread its own element,
 * `stride` elements apart). The baseline updates both arrays with no flush between them; the test
 * puts one flush between. volatile keeps the updates in memory in both. */
#include "prim_harness.h"

#define FLUSH _Pragma("omp flush")
#define STEP(P) VA[tid * stride] += 1; P VB[tid * stride] += 1;
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_fence_##TN, T, STEP, FLUSH)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) \
  OK_HPRIM(ok_h_fence_##TN, #TN, T, "lock or|mfence|call.*__kmpc_flush", 1, 0, ok_check_two_arrays),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 1, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(fence, omp_flush, "host", "omp_get_wtime per thread, max over threads", sweep)
