/* plain_read, host OpenMP: the reference for atomic_read -- a volatile (so not hoisted) plain
 * read of one shared variable. */
#include "prim_harness.h"

#define RD acc += VA[0];
#define STEP(P) RD P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_plain_read_##TN, T, STEP, RD)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) OK_HPRIM(ok_h_plain_read_##TN, #TN, T, NULL, 2, 1, ok_check_reads),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(plain_read, volatile_load, "host", "omp_get_wtime per thread, max over threads", sweep)
