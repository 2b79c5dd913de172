/* main's xsbench/cuda kernel before issue 33, compiled from main's own lines: build.sh writes
 * now_kernel.inc with `git show <main>:proxies/xsbench/cuda/xsbench.cu` (the kernel's lines),
 * so nothing here is a copy. Included twice: as in main, and under __launch_bounds__(256, 5). */
#include "xsbench_data.h"
#include "xsbench_kernel.h"
#include "ok_proxy_cuda.cuh"
#include "xskit.h"

#include "now_kernel.inc"
#define xsbench_kernel __launch_bounds__(256, 5) xsbench_kernel_lb5
#include "now_kernel.inc"
#undef xsbench_kernel

#define XS_BLOCK 256

cudaError_t xskit_now_launch(int which, const struct xs_data *d, const struct xskit_dev *v, long n) {
  const unsigned blocks = ok_proxy_blocks(n, XS_BLOCK);
  if (which == 0)
    xsbench_kernel<<<blocks, XS_BLOCK>>>(n, d->lcg, v->dist, v->num_nucs, v->mats, v->concs, d->max_nucs, v->grid,
                                         d->n_gridpoints, d->n_nuclides, d->grid_type, v->egrid, v->index, d->n_rows,
                                         v->out, v->on);
  else
    xsbench_kernel_lb5<<<blocks, XS_BLOCK>>>(n, d->lcg, v->dist, v->num_nucs, v->mats, v->concs, d->max_nucs, v->grid,
                                             d->n_gridpoints, d->n_nuclides, d->grid_type, v->egrid, v->index,
                                             d->n_rows, v->out, v->on);
  return cudaGetLastError();
}

cudaError_t xskit_now_attrs(int which, int *regs, int *blocks_per_sm) {
  const void *k = which == 0 ? (const void *)xsbench_kernel : (const void *)xsbench_kernel_lb5;
  cudaFuncAttributes fa;
  cudaError_t e = cudaFuncGetAttributes(&fa, k);
  if (e != cudaSuccess) return e;
  *regs = fa.numRegs;
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, k, XS_BLOCK, 0);
}
