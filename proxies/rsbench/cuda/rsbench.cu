/* RSBench-like proxy, CUDA reference: one thread per lookup, 256 per block. Kernel time from
 * events; end to end adds allocation and copies. */
#include "../rsbench_data.h"
#include "../rsbench_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>

#define RS_BLOCK 256

__global__ void rsbench_kernel(long n, const double *dist, const int *nn, const int *mats, const double *concs,
                               int mn, const rs_pole *poles, const rs_window *windows, const double *k0,
                               unsigned char *out, int *on) {
  ok_proxy_mark(on);
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = rs_lookup(i, dist, nn, mats, concs, mn, poles, windows, k0);
}

/* cudaMalloc + copy of n elements of a host array. */
template <typename T> static cudaError_t to_device(T **dst, const T *src, size_t n) {
  cudaError_t e = cudaMalloc(dst, n * sizeof(T));
  return e != cudaSuccess ? e : cudaMemcpy(*dst, src, n * sizeof(T), cudaMemcpyHostToDevice);
}

static void rsbench_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &rs_sizes);
  const struct rs_data *d = rs_data_get();
  unsigned char *out = (unsigned char *)malloc((size_t)n);
  if (!d || !out) {
    free(out);
    o->error = 1;
    ok_proxy_verdict(o, 0, "rsbench: out of host memory");
    return;
  }
  const size_t nm = (size_t)OK_PROXY_MATS * d->max_nucs;
  double t0 = ok_proxy_now();
  rs_pole *poles;
  rs_window *windows;
  double *k0, *concs, *dist;
  int *nn, *mats, *on;
  unsigned char *dout;
  OK_PROXY_CUDA(o, to_device(&poles, d->poles, (size_t)RS_NUCLIDES * RS_POLES));
  OK_PROXY_CUDA(o, to_device(&windows, d->windows, (size_t)RS_NUCLIDES * RS_WINDOWS));
  OK_PROXY_CUDA(o, to_device(&k0, d->k0, (size_t)RS_NUCLIDES * RS_L));
  OK_PROXY_CUDA(o, to_device(&concs, d->concs, nm));
  OK_PROXY_CUDA(o, to_device(&mats, d->mats, nm));
  OK_PROXY_CUDA(o, to_device(&dist, d->dist, (size_t)OK_PROXY_MATS));
  OK_PROXY_CUDA(o, to_device(&nn, d->num_nucs, (size_t)OK_PROXY_MATS));
  OK_PROXY_CUDA(o, cudaMalloc(&on, sizeof *on));
  OK_PROXY_CUDA(o, cudaMalloc(&dout, (size_t)n));
  OK_PROXY_CUDA(o, cudaMemset(dout, 0, (size_t)n)); /* an unwritten lookup fails */
  OK_PROXY_CUDA(o, cudaMemset(on, 0, sizeof *on));
  cudaEvent_t a, b;
  OK_PROXY_CUDA(o, cudaEventCreate(&a));
  OK_PROXY_CUDA(o, cudaEventCreate(&b));
  const unsigned blocks = (unsigned)((n + RS_BLOCK - 1) / RS_BLOCK);
  cudaEventRecord(a);
  rsbench_kernel<<<blocks, RS_BLOCK>>>(n, dist, nn, mats, concs, d->max_nucs, poles, windows, k0, dout, on);
  cudaEventRecord(b);
  OK_PROXY_CUDA(o, cudaGetLastError());
  OK_PROXY_CUDA(o, cudaEventSynchronize(b));
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  int ran = 0;
  OK_PROXY_CUDA(o, cudaMemcpy(out, dout, (size_t)n, cudaMemcpyDeviceToHost));
  OK_PROXY_CUDA(o, cudaMemcpy(&ran, on, sizeof ran, cudaMemcpyDeviceToHost));
  cudaFree(poles), cudaFree(windows), cudaFree(k0), cudaFree(concs), cudaFree(mats), cudaFree(dist), cudaFree(nn);
  cudaFree(on), cudaFree(dout);
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = ms * 1e-3;
  cudaEventDestroy(a), cudaEventDestroy(b);
  o->on_device = ran, o->teams = (int)blocks, o->threads = RS_BLOCK;
  if (p->inject_fault) out[0] = (unsigned char)(out[0] % RS_CHANNELS + 1);
  rs_verify(out, n, o);
  free(out);
}
OK_REGISTER(rsbench, cuda, "cuda", "CUDA events around the launch (kernel); e2e: host clock around alloc, copies, kernel",
            rsbench_cuda)
