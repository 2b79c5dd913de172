/* atomic_capture, CUDA: atomicAdd on one variable with its returned old value used. */
#include "prim_harness.cuh"

#define CAP acc += (double)atomicAdd(&A[0], 1);
#define STEP(P) CAP P
#define PAIR(TN, T) OK_CUDA_PAIR(ok_cu_atomic_capture_##TN, T, double, STEP, CAP)
OK_CUDA_TYPES(PAIR)
#define PRIM(TN, T) OK_CPRIM(ok_cu_atomic_capture_##TN, #TN, T, "ATOM|atom\\.", 2, ok_check_a0_count, nullptr, nullptr),
static const ok_cprim prims[] = {OK_CUDA_TYPES(PRIM)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 4, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_capture, atomicAdd_old, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
