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
  unsigned char *out = ok_proxy_lookups_new("xsbench", d, n, o);
  if (!out) return;
  const size_t nm = (size_t)XS_MATS * d->max_nucs;
  const unsigned blocks = ok_proxy_blocks(n, XS_BLOCK);
  ok_proxy_cuda_run r;
  const xs_point *g = r.copy(d->grid, (size_t)(d->n_nuclides * d->n_gridpoints));
  const double *dist = r.copy(d->dist, XS_MATS), *concs = r.copy(d->concs, nm);
  const int *nn = r.copy(d->num_nucs, XS_MATS), *mats = r.copy(d->mats, nm);
  unsigned char *dout = r.fill<unsigned char>((size_t)n, 0); /* an unwritten lookup fails */
  if (r.ok()) {
    r.start();
    xsbench_kernel<<<blocks, XS_BLOCK>>>(n, dist, nn, mats, concs, d->max_nucs, g, d->n_gridpoints, dout, r.on);
    r.stop();
  }
  r.finish(out, dout, (size_t)n, blocks, XS_BLOCK, o);
  ok_proxy_lookups_done(p, out, n, XS_CHANNELS, xs_verify, o);
}
OK_REGISTER(xsbench, cuda, "cuda", "CUDA events around the launch (kernel); e2e: host clock around alloc, copies, kernel",
            xsbench_cuda)
