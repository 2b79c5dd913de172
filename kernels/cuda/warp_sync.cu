/* warp_sync, CUDA: __syncwarp over the warp's lanes; the test has one more per step.
 * On sm_90, with the warp known to be converged, ptxas emits a NOP for each __syncwarp (seen in
 * the SASS on an H200): that NOP is the primitive's code, so it counts as present. */
#include "prim_harness.cuh"

#define STEP(P) __syncwarp(mask); P
OK_CUDA_PAIR(ok_cu_warp_sync, int, int, STEP, __syncwarp(mask);)
static int check(const ok_prim_run *c, const ok_prim *pr, char *d, size_t n) { return ok_check_ran(c, pr, d, n); }
static const ok_cprim prims[] = {
    OK_CPRIM(ok_cu_warp_sync, "", int, "WARPSYNC|NOP|bar\\.warp\\.sync", 2, check, nullptr, nullptr)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 1, 0, 1, nullptr, 1};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(warp_sync, syncwarp, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
