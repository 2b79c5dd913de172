/* barrier, host OpenMP: `omp barrier`; the test has one more barrier per step. */
#include "prim_harness.h"

#define BARRIER _Pragma("omp barrier")
#define STEP(P) BARRIER P
OK_HOST_PAIR(ok_h_barrier, double, STEP, BARRIER)

static int check(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  return ok_hcheck_team(c, pr, d, n); /* every thread passed every barrier */
}
static const struct ok_hprim prims[] = {
    {"", ok_h_barrier_base, ok_h_barrier_test, "ok_h_barrier_test", "call.*(GOMP_barrier|__kmpc_barrier)",
     sizeof(double), 2, 0, check}};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 1, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(barrier, omp_barrier, "host", "omp_get_wtime per thread, max over threads", sweep)
