/* XSBench-like proxy, CUDA reference: one thread per lookup, 256 threads per block (as XSBench's
 * CUDA version). Kernel time from events; end to end adds allocation and copies. */
#include "../xsbench_data.h"
#include "../xsbench_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>

#define XS_BLOCK 256

__global__ void xsbench_kernel(long n, const double *dist, const int *nn, const int *mats, const double *concs,
                               long mn, const xs_point *grid, long ng, unsigned char *out, int *on) {
  ok_proxy_mark(on);
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = xs_lookup(i, dist, nn, mats, concs, mn, grid, ng);
}

static void xsbench_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &xs_sizes);
  const struct xs_data *d = xs_data_get();
  unsigned char *out = (unsigned char *)malloc((size_t)n);
  if (!d || !out) {
    free(out);
    o->error = 1;
    ok_proxy_verdict(o, 0, "xsbench: out of host memory");
    return;
  }
  size_t np = (size_t)(d->n_nuclides * d->n_gridpoints), nm = (size_t)(XS_MATS * d->max_nucs);
  double t0 = ok_proxy_now();
  xs_point *g;
  double *dist, *concs;
  int *nn, *mats, *on;
  unsigned char *dout;
  OK_PROXY_CUDA(o, cudaMalloc(&g, np * sizeof *g));
  OK_PROXY_CUDA(o, cudaMalloc(&dist, XS_MATS * sizeof *dist));
  OK_PROXY_CUDA(o, cudaMalloc(&concs, nm * sizeof *concs));
  OK_PROXY_CUDA(o, cudaMalloc(&nn, XS_MATS * sizeof *nn));
  OK_PROXY_CUDA(o, cudaMalloc(&mats, nm * sizeof *mats));
  OK_PROXY_CUDA(o, cudaMalloc(&on, sizeof *on));
  OK_PROXY_CUDA(o, cudaMalloc(&dout, (size_t)n));
  OK_PROXY_CUDA(o, cudaMemset(dout, 0, (size_t)n)); /* an unwritten lookup fails */
  OK_PROXY_CUDA(o, cudaMemcpy(g, d->grid, np * sizeof *g, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(dist, d->dist, XS_MATS * sizeof *dist, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(concs, d->concs, nm * sizeof *concs, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(nn, d->num_nucs, XS_MATS * sizeof *nn, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(mats, d->mats, nm * sizeof *mats, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemset(on, 0, sizeof *on));
  cudaEvent_t a, b;
  OK_PROXY_CUDA(o, cudaEventCreate(&a));
  OK_PROXY_CUDA(o, cudaEventCreate(&b));
  const unsigned blocks = (unsigned)((n + XS_BLOCK - 1) / XS_BLOCK);
  cudaEventRecord(a);
  xsbench_kernel<<<blocks, XS_BLOCK>>>(n, dist, nn, mats, concs, d->max_nucs, g, d->n_gridpoints, dout, on);
  cudaEventRecord(b);
  OK_PROXY_CUDA(o, cudaGetLastError());
  OK_PROXY_CUDA(o, cudaEventSynchronize(b));
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  int ran = 0;
  OK_PROXY_CUDA(o, cudaMemcpy(out, dout, (size_t)n, cudaMemcpyDeviceToHost));
  OK_PROXY_CUDA(o, cudaMemcpy(&ran, on, sizeof ran, cudaMemcpyDeviceToHost));
  cudaFree(g), cudaFree(dist), cudaFree(concs), cudaFree(nn), cudaFree(mats), cudaFree(on), cudaFree(dout);
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = ms * 1e-3;
  cudaEventDestroy(a), cudaEventDestroy(b);
  o->on_device = ran, o->teams = (int)blocks, o->threads = XS_BLOCK;
  if (p->inject_fault) out[0] = (unsigned char)(out[0] % XS_CHANNELS + 1);
  xs_verify(out, n, o);
  free(out);
}
OK_REGISTER(xsbench, cuda, "cuda", "CUDA events around the launch (kernel); e2e: host clock around alloc, copies, kernel",
            xsbench_cuda)
