/* critical_add, host OpenMP: `omp critical` protecting an add to one shared variable, and the same
 * with omp_set_lock/omp_unset_lock (the form the offload twin can express). */
#include "prim_harness.h"

#define CRIT _Pragma("omp critical") { A[0] += 1; }
#define STEP(P) CRIT P
#define PAIR(TN, T) OK_HOST_PAIR(ok_h_critical_add_##TN, T, STEP, CRIT)
OK_HOST_TYPES(PAIR)
#define PRIM(TN, T) \
  OK_HPRIM(ok_h_critical_add_##TN, #TN, T, "call.*(GOMP_critical_start|__kmpc_critical)", 2, 0, ok_check_a0_count),
static const struct ok_hprim prims[] = {OK_HOST_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims, 4, 0, 0};
  return ok_host_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(critical_add, omp_critical, "host", "omp_get_wtime per thread, max over threads", sweep)

static omp_lock_t lock;
#define LOCKED { omp_set_lock(&lock); A[0] += 1; omp_unset_lock(&lock); }
#define STEP_L(P) LOCKED P
#define PAIR_L(TN, T) OK_HOST_PAIR(ok_h_lock_add_##TN, T, STEP_L, LOCKED)
OK_HOST_TYPES(PAIR_L)
#define PRIM_L(TN, T) OK_HPRIM(ok_h_lock_add_##TN, #TN, T, "call.*omp_set_lock", 2, 0, ok_check_a0_count),
static const struct ok_hprim prims_l[] = {OK_HOST_TYPES(PRIM_L)};
static int sweep_lock(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_hsweep s = {prims_l, 4, 0, 0};
  omp_init_lock(&lock);
  int rc = ok_host_sweep(v, p, &s);
  omp_destroy_lock(&lock);
  return rc;
}
OK_REGISTER_SWEEP(critical_add, omp_set_lock, "host", "omp_get_wtime per thread, max over threads", sweep_lock)
