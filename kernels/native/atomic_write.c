/* atomic_write, host OpenMP: `omp atomic write` to one shared location (locations=1), or threads
 * split over two locations on separate cache lines (locations=2). Relaxed atomic writes are plain
 * stores on x86: no instruction family is claimed. */
#include "prim_harness.h"

#define WR _Pragma("omp atomic write") A[(tid % locs) * (OK_LINE_BYTES / (long)sizeof A[0])] = tid + 1;
#define STEP(P) WR P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_atomic_write_##TN, T, STEP, WR)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_atomic_write_##TN, #TN, T, NULL, 2, -1, ok_check_written),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 1};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_write, omp_atomic, "host", "omp_get_wtime per thread, max over threads", sweep)
