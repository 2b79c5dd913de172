/* atomic_exchange, CUDA: atomicExch on one variable, the old value used. */
#include "prim_harness.cuh"

#define XCH(T) acc += (double)atomicExch(&A[0], (T)(gtid + 1));
#define STEP_int(P) XCH(int) P
#define STEP_ull(P) XCH(unsigned long long) P
#define STEP_float(P) XCH(float) P
OK_CUDA_PAIR(ok_cu_atomic_exchange_int, int, double, STEP_int, XCH(int))
OK_CUDA_PAIR(ok_cu_atomic_exchange_ull, unsigned long long, double, STEP_ull, XCH(unsigned long long))
OK_CUDA_PAIR(ok_cu_atomic_exchange_float, float, double, STEP_float, XCH(float))
static const ok_cprim prims[] = {
    OK_CPRIM(ok_cu_atomic_exchange_int, "int", int, "ATOM|atom\\.", 2, ok_check_written, nullptr, nullptr),
    OK_CPRIM(ok_cu_atomic_exchange_ull, "ull", unsigned long long, "ATOM|atom\\.", 2, ok_check_written, nullptr, nullptr),
    OK_CPRIM(ok_cu_atomic_exchange_float, "float", float, "ATOM|atom\\.", 2, ok_check_written, nullptr, nullptr)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 3, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_exchange, atomicExch, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
