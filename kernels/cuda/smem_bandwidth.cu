/* smem_bandwidth, CUDA: shared memory read bandwidth against stride (bank conflicts), layout and
 * checks in kernels/common/ok_smem.h. 4 blocks per SM x 256 threads, a __shared__ array of 16 KiB
 * per block, CUDA events around the launch; GB/s of words read. The conflict factor of a stride
 * is its time over stride 1's (docs/microbench.md). */
#include "ok_smem.h"
#include "prim_harness.cuh"

#include <vector>

extern "C" __global__ void ok_cu_smem_read(unsigned *sink, int stride) {
  __shared__ unsigned s[OK_SM_WORDS];
  for (int j = threadIdx.x; j < OK_SM_WORDS; j += blockDim.x) s[j] = (unsigned)(j & 0xff);
  __syncthreads();
  volatile unsigned *p = s + (threadIdx.x & 31) * stride;
  unsigned acc = 0;
  for (int it = 0; it < OK_SM_ITERS; ++it)
#pragma unroll
    for (int u = 0; u < 32; ++u) acc += p[u * 32];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  cudaDeviceProp prop;
  int dev = 0, rc = 0, emitted = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
  const int blocks = e == cudaSuccess ? 4 * prop.multiProcessorCount : 1, threads = 256, nt = blocks * threads;
  unsigned *sink = nullptr;
  if (e == cudaSuccess) e = cudaMalloc(&sink, nt * sizeof(unsigned));
  std::vector<unsigned> hs(nt);
  for (int k = 0; k < OK_SM_NSTRIDES && e == cudaSuccess; ++k) {
    const int s = ok_sm_strides[k];
    if (!ok_sm_stride_in(p->full, s)) continue;
    double secs[8];
    char param[32];
    snprintf(param, sizeof param, "stride=%d", s);
    ok_rate r = {};
    r.type = "uint", r.threads = threads, r.teams = blocks, r.stride = s, r.param = param, r.iters = OK_SM_ITERS;
    r.work = (double)nt * OK_SM_ITERS * 32 * sizeof(unsigned);
    r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = p->full ? 5 : 3;
    r.timer = "CUDA events around the launch";
    snprintf(r.code_symbol, sizeof r.code_symbol, "ok_cu_smem_read");
    e = ok_cuda_rate_runs(r.runs, [] { return cudaSuccess; }, [&] { ok_cu_smem_read<<<blocks, threads>>>(sink, s); }, secs);
    if (e == cudaSuccess) e = cudaMemcpy(hs.data(), sink, nt * sizeof(unsigned), cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      r.error = 1;
      snprintf(r.detail, sizeof r.detail, "smem_bandwidth: %s", cudaGetErrorString(e));
    } else {
      r.verified = 1;
      snprintf(r.detail, sizeof r.detail, "every thread's sum equals the host's");
      for (int t = 0; t < nt && r.verified; ++t)
        if (hs[t] != ok_sm_lane_sum(t & 31, s, OK_SM_ITERS)) {
          r.verified = 0;
          snprintf(r.detail, sizeof r.detail, "thread %d summed %u, the host expects %u", t, hs[t],
                   ok_sm_lane_sum(t & 31, s, OK_SM_ITERS));
        }
    }
    if (r.error || !r.verified) rc = 1;
    ok_emit_rate(v, p, &r);
    ++emitted;
  }
  if (!emitted) {
    ok_rate r = {};
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "smem_bandwidth setup: %s", cudaGetErrorString(e));
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  cudaFree(sink);
  cudaGetLastError();
  return rc;
}
OK_REGISTER_SWEEP(smem_bandwidth, cuda, "cuda", "CUDA events around the launch", sweep)
