/* fence, CUDA: __threadfence_block / __threadfence / __threadfence_system between updates of two
 * arrays (each thread its own element). The baseline updates both with no fence between them.
 * threadfence_store: the independent reference's workload (docs/fidelity.md), a __threadfence
 * between plain stores to one array, stride 1 (thread i stores element i); no loads.
 * plain_rmw: the reference's own workload, the two read-modify-writes on plain arrays. */
#include "prim_harness.cuh"

#define STEP_BLOCK(P) VA[gtid] += 1; P VB[gtid] += 1;
#define F "MEMBAR|FENCE|membar|fence\\."
#define DEF(SCOPE, CALL)                                                      \
  OK_CUDA_PAIR(ok_cu_fence_##SCOPE##_int, int, int, STEP_BLOCK, CALL;)         \
  OK_CUDA_PAIR(ok_cu_fence_##SCOPE##_double, double, int, STEP_BLOCK, CALL;)   \
  static const ok_cprim prims_##SCOPE[] = {                                    \
      OK_CPRIM(ok_cu_fence_##SCOPE##_int, "int", int, F, 1, ok_check_two_arrays, nullptr, nullptr), \
      OK_CPRIM(ok_cu_fence_##SCOPE##_double, "double", double, F, 1, ok_check_two_arrays, nullptr, nullptr)}; \
  static int sweep_##SCOPE(const struct ok_variant *v, const struct ok_params *p) { \
    ok_csweep s = {prims_##SCOPE, 2, 0, 0};                                    \
    return ok_cuda_sweep(v, p, &s);                                            \
  }
DEF(block, __threadfence_block())
DEF(device, __threadfence())
DEF(system, __threadfence_system())
/* Store form: each step stores the next count; the test fences after each store. */
#define STEP_STORE(P) VA[gtid] = ++acc; P
OK_CUDA_PAIR(ok_cu_fence_store_int, int, int, STEP_STORE, __threadfence();)
OK_CUDA_PAIR(ok_cu_fence_store_double, double, int, STEP_STORE, __threadfence();)
static const ok_cprim prims_store[] = {
    OK_CPRIM(ok_cu_fence_store_int, "int", int, F, 1, ok_check_stores, nullptr, "stores=array,stride=1"),
    OK_CPRIM(ok_cu_fence_store_double, "double", double, F, 1, ok_check_stores, nullptr, "stores=array,stride=1")};
static int sweep_store(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims_store, 2, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
/* plain_rmw: the independent reference's workload exactly (issue 22 §3, docs/fidelity.md): plain
 * (non-volatile) arrays, idx = stride x gtid with stride 1, arr1[idx] += val; __threadfence();
 * arr2[idx] += val. Without the fence the compiler may merge or hoist the plain updates, so the
 * figure prices the fence with what it forces on the two read-modify-writes around it. */
#define STEP_PLAIN(P) A[gtid] += 1; P B[gtid] += 1;
#define PLAIN "workload=reference,rmw=plain,stride=1"
OK_CUDA_PAIR(ok_cu_fence_plain_int, int, int, STEP_PLAIN, __threadfence();)
OK_CUDA_PAIR(ok_cu_fence_plain_double, double, int, STEP_PLAIN, __threadfence();)
static const ok_cprim prims_plain[] = {
    OK_CPRIM(ok_cu_fence_plain_int, "int", int, F, 1, ok_check_two_arrays, nullptr, PLAIN),
    OK_CPRIM(ok_cu_fence_plain_double, "double", double, F, 1, ok_check_two_arrays, nullptr, PLAIN)};
static int sweep_plain(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims_plain, 2, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
#define T "clock64 per thread, max over threads, measured SM clock"
OK_REGISTER_SWEEP(fence, threadfence_block, "cuda", T, sweep_block)
OK_REGISTER_SWEEP(fence, threadfence, "cuda", T, sweep_device)
OK_REGISTER_SWEEP(fence, threadfence_system, "cuda", T, sweep_system)
OK_REGISTER_SWEEP(fence, threadfence_store, "cuda", T, sweep_store)
OK_REGISTER_SWEEP(fence, plain_rmw, "cuda", T, sweep_plain)
