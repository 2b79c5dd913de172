/* atomic_read, host OpenMP: `omp atomic read` of one shared variable (compare plain_read).
 * On x86 an atomic read is a plain load: no instruction family proves it, none is claimed. */
#include "prim_harness.h"

#define RD { double v_; _Pragma("omp atomic read") v_ = A[0]; acc += v_; }
#define STEP(P) RD P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_atomic_read_##TN, T, STEP, RD)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_atomic_read_##TN, #TN, T, NULL, 2, 1, ok_check_reads),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_read, omp_atomic, "host", "omp_get_wtime per thread, max over threads", sweep)
