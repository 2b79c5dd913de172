/* atomic_cas, CUDA: atomicCAS that always passes (compare 0, swap 0) or always fails (compare 1 on
 * a 0), on one variable (scalar) or on each thread's own element (array). */
#include "prim_harness.cuh"

#define CAS(T, IDX, CMP, VAL) acc += (double)atomicCAS(&A[IDX], (T)(CMP), (T)(VAL));
#define DEF(TN, T)                                                                            \
  OK_CUDA_PAIR(ok_cu_atomic_cas_pass_scalar_##TN, T, double, STEP_PS_##TN, CAS(T, 0, 0, 0))    \
  OK_CUDA_PAIR(ok_cu_atomic_cas_fail_scalar_##TN, T, double, STEP_FS_##TN, CAS(T, 0, 1, 2))    \
  OK_CUDA_PAIR(ok_cu_atomic_cas_pass_array_##TN, T, double, STEP_PA_##TN, CAS(T, gtid, 0, 0))  \
  OK_CUDA_PAIR(ok_cu_atomic_cas_fail_array_##TN, T, double, STEP_FA_##TN, CAS(T, gtid, 1, 2))
#define STEP_PS_int(P) CAS(int, 0, 0, 0) P
#define STEP_FS_int(P) CAS(int, 0, 1, 2) P
#define STEP_PA_int(P) CAS(int, gtid, 0, 0) P
#define STEP_FA_int(P) CAS(int, gtid, 1, 2) P
#define STEP_PS_ull(P) CAS(unsigned long long, 0, 0, 0) P
#define STEP_FS_ull(P) CAS(unsigned long long, 0, 1, 2) P
#define STEP_PA_ull(P) CAS(unsigned long long, gtid, 0, 0) P
#define STEP_FA_ull(P) CAS(unsigned long long, gtid, 1, 2) P
DEF(int, int)
DEF(ull, unsigned long long)
#define F "ATOM.*CAS|atom\\..*cas"
#define PRIMS(TN, T)                                                                                              \
  OK_CPRIM(ok_cu_atomic_cas_pass_scalar_##TN, #TN, T, F, 2, ok_check_untouched, nullptr, "outcome=pass,layout=scalar"), \
  OK_CPRIM(ok_cu_atomic_cas_fail_scalar_##TN, #TN, T, F, 2, ok_check_untouched, nullptr, "outcome=fail,layout=scalar"), \
  OK_CPRIM(ok_cu_atomic_cas_pass_array_##TN, #TN, T, F, 2, ok_check_untouched, nullptr, "outcome=pass,layout=array"),   \
  OK_CPRIM(ok_cu_atomic_cas_fail_array_##TN, #TN, T, F, 2, ok_check_untouched, nullptr, "outcome=fail,layout=array")
static const ok_cprim prims[] = {PRIMS(int, int), PRIMS(ull, unsigned long long)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 8, 0, 0};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(atomic_cas, atomicCAS, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
