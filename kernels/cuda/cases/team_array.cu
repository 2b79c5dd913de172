/* team_array, CUDA reference: one block per chunk adds every element into bin k % SLOTS of a block
 * array (atomicAdd), then adds the bins weighted by bin+1 into the chunk's sum. b8..b44k keep the
 * bins in static shared memory as the omp_target b* variants get them; s64k takes 64 KiB of
 * dynamic shared memory after opting in (cudaFuncSetAttribute), which libomptarget 19 cannot do
 * for an OpenMP kernel; g64k keeps them in global memory, the OpenMP fallback. */
#include "case_harness.cuh"

static __device__ inline void team_array_body(unsigned long long *bins, int slots, unsigned long long *sums, long chunk,
                                              int chunks, int fault, int *on) {
  ok_case_mark(on);
  for (long c = blockIdx.x; c < chunks; c += gridDim.x) {
    for (int s = threadIdx.x; s < slots; s += blockDim.x) bins[s] = 0;
    __syncthreads();
    for (long k = threadIdx.x; k < chunk; k += blockDim.x)
      atomicAdd(&bins[k % slots], (unsigned long long)ok_case_value((unsigned long long)(c * chunk + k)));
    __syncthreads();
    unsigned long long part = 0;
    for (int s = threadIdx.x; s < slots; s += blockDim.x) part += bins[s] * (unsigned long long)(s + 1);
    atomicAdd(&sums[c], part + (unsigned long long)(fault && c == 0 && threadIdx.x == 0));
    __syncthreads(); /* the bins are zeroed again for the block's next chunk */
  }
}

template <int SLOTS>
__global__ void team_array_kernel(unsigned long long *sums, long chunk, int chunks, int fault, int *on) {
  __shared__ unsigned long long bins[SLOTS];
  team_array_body(bins, SLOTS, sums, chunk, chunks, fault, on);
}
__global__ void team_array_kernel_dynamic(unsigned long long *sums, long chunk, int chunks, int slots, int fault,
                                          int *on) {
  extern __shared__ unsigned long long dyn_bins[];
  team_array_body(dyn_bins, slots, sums, chunk, chunks, fault, on);
}
__global__ void team_array_kernel_global(unsigned long long *all_bins, unsigned long long *sums, long chunk, int chunks,
                                         int slots, int fault, int *on) {
  team_array_body(all_bins + (long)blockIdx.x * slots, slots, sums, chunk, chunks, fault, on);
}

template <int SLOTS> static void team_array_static(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = ok_case_chunk(p);
  ok_case_cuda(p, o, {OK_CASE_SUMS, n, chunk, SLOTS}, [&](void *sums, int *on) {
    team_array_kernel<SLOTS>
        <<<p->teams, p->threads>>>((unsigned long long *)sums, chunk, p->teams, p->inject_fault, on);
  });
}
OK_REGISTER(team_array, b8, "cuda", "CUDA events around the launch", team_array_static<1>)
OK_REGISTER(team_array, b1k, "cuda", "CUDA events around the launch", team_array_static<128>)
OK_REGISTER(team_array, b8k, "cuda", "CUDA events around the launch", team_array_static<1024>)
OK_REGISTER(team_array, b32k, "cuda", "CUDA events around the launch", team_array_static<4096>)
OK_REGISTER(team_array, b44k, "cuda", "CUDA events around the launch", team_array_static<5632>)

static void team_array_s64k(const struct ok_params *p, struct ok_outcome *o) {
  const int slots = 8192;
  const size_t smem = slots * sizeof(unsigned long long);
  const long n = ok_case_elements(p), chunk = ok_case_chunk(p);
  OK_CUDA(o, cudaFuncSetAttribute(team_array_kernel_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  ok_case_cuda(p, o, {OK_CASE_SUMS, n, chunk, slots}, [&](void *sums, int *on) {
    team_array_kernel_dynamic<<<p->teams, p->threads, smem>>>((unsigned long long *)sums, chunk, p->teams, slots,
                                                              p->inject_fault, on);
  });
}
OK_REGISTER(team_array, s64k, "cuda", "CUDA events around the launch", team_array_s64k)

static void team_array_g64k(const struct ok_params *p, struct ok_outcome *o) {
  const int slots = 8192;
  const long n = ok_case_elements(p), chunk = ok_case_chunk(p);
  unsigned long long *bins = nullptr;
  OK_CUDA(o, cudaMalloc(&bins, (size_t)p->teams * slots * sizeof *bins));
  ok_case_cuda(p, o, {OK_CASE_SUMS, n, chunk, slots}, [&](void *sums, int *on) {
    team_array_kernel_global<<<p->teams, p->threads>>>(bins, (unsigned long long *)sums, chunk, p->teams, slots,
                                                       p->inject_fault, on);
  });
  cudaFree(bins);
}
OK_REGISTER(team_array, g64k, "cuda", "CUDA events around the launch", team_array_g64k)
