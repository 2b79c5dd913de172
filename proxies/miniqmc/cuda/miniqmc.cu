/* miniQMC-like proxy, CUDA reference: one block per (position, orbital block) whose thread 0
 * computes the weights into shared memory, one thread per orbital; then one block per position
 * and component reducing the VGL row with CUB's BlockReduce. Both kernels in the kernel time. */
#include "../miniqmc_data.h"
#include "../miniqmc_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>
#include <cub/block/block_reduce.cuh>


__global__ void miniqmc_kernel(const double *coefs, double *vgl, int *on) {
  ok_proxy_mark(on);
  __shared__ double wts[9][4];
  __shared__ int cell[3];
  const long ip = blockIdx.x / MQ_NBLOCKS;
  const int blk = blockIdx.x % MQ_NBLOCKS;
  if (threadIdx.x == 0) {
    double x[3];
    mq_position(ip, x);
    mq_weights(x, cell, wts[0], wts[1], wts[2], wts[3], wts[4], wts[5], wts[6], wts[7], wts[8]);
  }
  __syncthreads();
  mq_vgl(blk * MQ_BLOCK + threadIdx.x, cell, wts[0], wts[1], wts[2], wts[3], wts[4], wts[5], wts[6], wts[7], wts[8],
         coefs, vgl + ip * MQ_COMP * MQ_SPLINES);
}

__global__ void mq_ratio_kernel(const double *vgl, const double *w, double *sums) {
  typedef cub::BlockReduce<double, MQ_BLOCK> reduce;
  __shared__ typename reduce::TempStorage tmp;
  const double *row = vgl + blockIdx.x * (long)MQ_SPLINES;
  double part = 0;
  for (int s = threadIdx.x; s < MQ_SPLINES; s += MQ_BLOCK) part += w[s] * row[s];
  double sum = reduce(tmp).Sum(part);
  if (threadIdx.x == 0) sums[blockIdx.x] = sum;
}

static void miniqmc_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &mq_sizes);
  const double *w, *coefs = mq_coefs_get(&w);
  const size_t nc = (size_t)MQ_G * MQ_G * MQ_G * MQ_SPLINES, ns = (size_t)n * MQ_COMP;
  double *sums = (double *)malloc(ns * sizeof *sums);
  if (!coefs || !sums) {
    free(sums);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory");
    return;
  }
  double t0 = ok_proxy_now();
  double *dc, *dw, *dv, *ds;
  int *on;
  OK_PROXY_CUDA(o, cudaMalloc(&dc, nc * sizeof *dc));
  OK_PROXY_CUDA(o, cudaMalloc(&dw, MQ_SPLINES * sizeof *dw));
  OK_PROXY_CUDA(o, cudaMalloc(&dv, ns * MQ_SPLINES * sizeof *dv));
  OK_PROXY_CUDA(o, cudaMalloc(&ds, ns * sizeof *ds));
  OK_PROXY_CUDA(o, cudaMemset(ds, 0, ns * sizeof *ds)); /* 0: an unwritten sum fails */
  OK_PROXY_CUDA(o, cudaMalloc(&on, sizeof *on));
  OK_PROXY_CUDA(o, cudaMemcpy(dc, coefs, nc * sizeof *dc, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(dw, w, MQ_SPLINES * sizeof *dw, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemset(on, 0, sizeof *on));
  cudaEvent_t a, b;
  OK_PROXY_CUDA(o, cudaEventCreate(&a));
  OK_PROXY_CUDA(o, cudaEventCreate(&b));
  cudaEventRecord(a);
  miniqmc_kernel<<<(unsigned)(n * MQ_NBLOCKS), MQ_BLOCK>>>(dc, dv, on);
  mq_ratio_kernel<<<(unsigned)ns, MQ_BLOCK>>>(dv, dw, ds);
  cudaEventRecord(b);
  OK_PROXY_CUDA(o, cudaGetLastError());
  OK_PROXY_CUDA(o, cudaEventSynchronize(b));
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  int ran = 0;
  OK_PROXY_CUDA(o, cudaMemcpy(sums, ds, ns * sizeof *sums, cudaMemcpyDeviceToHost));
  OK_PROXY_CUDA(o, cudaMemcpy(&ran, on, sizeof ran, cudaMemcpyDeviceToHost));
  cudaFree(dc), cudaFree(dw), cudaFree(dv), cudaFree(ds), cudaFree(on);
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = ms * 1e-3;
  cudaEventDestroy(a), cudaEventDestroy(b);
  o->on_device = ran, o->teams = (int)(n * MQ_NBLOCKS), o->threads = MQ_BLOCK;
  if (p->inject_fault) sums[0] += 1.0;
  mq_verify(sums, n, o);
  free(sums);
}
OK_REGISTER(miniqmc, cuda, "cuda", "CUDA events around both launches (kernel); e2e: host clock around alloc, copies, kernels",
            miniqmc_cuda)
