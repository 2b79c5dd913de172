/* atomic_update, CUDA: every thread atomicAdds to one variable (result unused). */
#include "prim_harness.cuh"

#define UPD atomicAdd(&A[0], 1);
#define STEP(P) UPD P
#define PAIR(TN, T) OK_CUDA_PAIR(ok_cu_atomic_update_##TN, T, T, STEP, UPD)
OK_CUDA_TYPES(PAIR)
#define PRIM(TN, T) OK_CPRIM(ok_cu_atomic_update_##TN, #TN, T, "ATOM|RED|atom\\.|red\\.", 2, ok_check_a0_count, nullptr, nullptr),
static const ok_cprim prims[] = {OK_CUDA_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 4, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_update, atomicAdd, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
