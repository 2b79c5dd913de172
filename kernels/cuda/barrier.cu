/* barrier, CUDA: __syncthreads; the test has one more per step. */
#include "prim_harness.cuh"

#define STEP(P) __syncthreads(); P
OK_CUDA_PAIR(ok_cu_barrier, int, int, STEP, __syncthreads();)
static int check(const ok_prim_run *c, const ok_prim *pr, char *d, size_t n) { return ok_check_ran(c, pr, d, n); }
static const ok_cprim prims[] = {
    OK_CPRIM(ok_cu_barrier, "", int, "BAR\\.|bar\\.sync|barrier\\.sync", 2, check, nullptr, nullptr)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 1, 0, 0, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(barrier, syncthreads, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
