/* miniQMC-like proxy, CUDA reference, per step: one block per (walker, orbital block) whose
 * thread 0 computes the weights into shared memory, one thread per orbital, into the step's VGL
 * buffer; then one block per walker and component reducing the VGL row with CUB's BlockReduce.
 * Every step's launches in the kernel time. */
#include "miniqmc_data.h"
#include "miniqmc_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>
#include <cub/block/block_reduce.cuh>


__global__ void miniqmc_kernel(long first, const double *coefs, double *vgl, int *on) {
  ok_proxy_mark(on);
  __shared__ double wts[9][4];
  __shared__ int cell[3];
  const long iw = blockIdx.x / MQ_NBLOCKS; /* walker of the step: position first + iw */
  const int blk = blockIdx.x % MQ_NBLOCKS;
  if (threadIdx.x == 0) {
    double x[3];
    mq_position(first + iw, x);
    mq_weights(x, cell, wts[0], wts[1], wts[2], wts[3], wts[4], wts[5], wts[6], wts[7], wts[8]);
  }
  __syncthreads();
  mq_vgl(blk * MQ_BLOCK + threadIdx.x, cell, wts[0], wts[1], wts[2], wts[3], wts[4], wts[5], wts[6], wts[7], wts[8],
         coefs, vgl + iw * MQ_COMP * MQ_SPLINES);
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
  const long n = ok_proxy_size(p, &mq_sizes), nw = mq_walkers(n);
  const double *w, *coefs = mq_coefs_get(&w);
  const size_t ns = (size_t)n * MQ_COMP;
  double *sums = (double *)malloc(ns * sizeof *sums);
  if (!coefs || !sums) {
    free(sums);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory");
    return;
  }
  ok_proxy_cuda_run r;
  const double *dc = r.copy(coefs, (size_t)MQ_G * MQ_G * MQ_G * MQ_SPLINES), *dw = r.copy(w, MQ_SPLINES);
  double *dv = r.alloc<double>((size_t)nw * MQ_COMP * MQ_SPLINES); /* one step's VGL rows */
  double *ds = r.fill<double>(ns, 0);                             /* 0: an unwritten sum fails */
  if (r.ok()) {
    r.start();
    for (long first = 0; first < n; first += nw) { /* the steps */
      const long len = n - first < nw ? n - first : nw;
      miniqmc_kernel<<<(unsigned)(len * MQ_NBLOCKS), MQ_BLOCK>>>(first, dc, dv, r.on);
      mq_ratio_kernel<<<(unsigned)(len * MQ_COMP), MQ_BLOCK>>>(dv, dw, ds + first * MQ_COMP);
    }
    r.stop();
  }
  if (!r.finish(sums, ds, ns, nw * MQ_NBLOCKS, MQ_BLOCK, o)) {
    if (p->inject_fault) sums[0] += 1.0;
    mq_verify(sums, n, o);
  }
  free(sums);
}
OK_REGISTER(miniqmc, cuda, "cuda", "CUDA events around every step's two launches (kernel); e2e: host clock around alloc, copies, kernels",
            miniqmc_cuda)
