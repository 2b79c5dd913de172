/* barrier, host OpenMP: `omp barrier`; the test has one more barrier per step. */
#include "prim_harness.h"

#define BARRIER _Pragma("omp barrier")
#define STEP(P) BARRIER P
OK_HOST_PAIR(ok_h_barrier, double, STEP, BARRIER)

/* Every thread passed every barrier: the engine's team check (ok_check_ran) says so. */
static const struct ok_hprim prims[] = {
    OK_HPRIM(ok_h_barrier, "", double, "call.*(GOMP_barrier|__kmpc_barrier)", 2, 0, ok_check_ran)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 1, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(barrier, omp_barrier, "host", "omp_get_wtime per thread, max over threads", sweep)
