/* reduction, CUDA: the twin of the OpenMP `omp for reduction(+)` step. Each step ends in
 * __syncthreads (the worksharing loop's implicit barrier); the test first sums one 1 per thread
 * over the block into A[blockIdx.x]: the baseline/test pair differs by the block reduction.
 * The reduction is the one LLVM's device runtime runs for OpenMP: shfl.down within each warp, one
 * partial per warp through shared memory, then the first warp sums the partials. __reduce_add_sync
 * (one redux.sync) would do the warp step for 32-bit integers only, so it would not be the same
 * algorithm as the OpenMP twin nor serve double. */
#include "prim_harness.cuh"

template <class T> __device__ __forceinline__ void ok_block_add_ones(T *out, int lane, int w, unsigned mask) {
  __shared__ T part[32];
  const int warp = threadIdx.x >> 5, nwarps = (blockDim.x + 31) >> 5;
  T v = (T)1;
  for (int o = w >> 1; o > 0; o >>= 1) v += __shfl_down_sync(mask, v, o, w);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < nwarps ? part[lane] : (T)0;
    if (nwarps > 1) /* then the first warp is full */
      for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) *out += v;
  }
}

#define RED ok_block_add_ones(A + blk, lane, w, mask);
#define STEP(P) P __syncthreads();
OK_CUDA_PAIR(ok_cu_reduction_int, int, int, STEP, RED)
OK_CUDA_PAIR(ok_cu_reduction_double, double, double, STEP, RED)

#define F "SHFL|shfl\\.sync"
static const ok_cprim prims[] = {OK_CPRIM(ok_cu_reduction_int, "int", int, F, 1, ok_check_team_sums, nullptr, nullptr),
                                 OK_CPRIM(ok_cu_reduction_double, "double", double, F, 1, ok_check_team_sums, nullptr, nullptr)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 2, 0, 1};
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(reduction, block_reduce, "cuda", "clock64 per thread, max over threads, measured SM clock", sweep)
