/* RSBench-like proxy, CUDA reference: one thread per lookup, 256 per block. Kernel time from
 * events; end to end adds allocation and copies. */
#include "rsbench_data.h"
#include "rsbench_kernel.h"
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

static void rsbench_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const struct rs_data *d;
  const long n = rs_setting(p, o, &d);
  unsigned char *out = ok_proxy_lookups_new("rsbench", d, n, o);
  if (!out) return;
  const size_t nm = (size_t)OK_PROXY_MATS * d->max_nucs;
  const unsigned blocks = ok_proxy_blocks(n, RS_BLOCK);
  ok_proxy_cuda_run r;
  const rs_pole *poles = r.copy(d->poles, (size_t)d->n_nuclides * RS_POLES);
  const rs_window *windows = r.copy(d->windows, (size_t)d->n_nuclides * RS_WINDOWS);
  const double *k0 = r.copy(d->k0, (size_t)d->n_nuclides * RS_L), *concs = r.copy(d->concs, nm);
  const double *dist = r.copy(d->dist, OK_PROXY_MATS);
  const int *mats = r.copy(d->mats, nm), *nn = r.copy(d->num_nucs, OK_PROXY_MATS);
  unsigned char *dout = r.fill<unsigned char>((size_t)n, 0); /* an unwritten lookup fails */
  if (r.ok()) {
    r.start();
    rsbench_kernel<<<blocks, RS_BLOCK>>>(n, dist, nn, mats, concs, d->max_nucs, poles, windows, k0, dout, r.on);
    r.stop();
  }
  r.finish(out, dout, (size_t)n, blocks, RS_BLOCK, o);
  ok_proxy_lookups_done(p, out, n, RS_CHANNELS, rs_verify, o);
}
OK_REGISTER(rsbench, cuda, "cuda", "CUDA events around the launch (kernel); e2e: host clock around alloc, copies, kernel",
            rsbench_cuda)
