/* SU3-like proxy, CUDA reference: one thread per output element (36 per site), 128 per block,
 * SU3_REPS launches timed by events; end to end adds allocation and copies. */
#include "../su3_data.h"
#include "../su3_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>

#define SU3_BLOCK 128

__global__ void su3_kernel(long total, const su3_matrix *a, const su3_matrix *b, su3_matrix *c, int *on) {
  ok_proxy_mark(on);
  long id = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (id < total) su3_elem(id, a, b, c);
}

static void su3_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const long sites = ok_proxy_size(p, &su3_sizes);
  const int reps = su3_reps(sites);
  const su3_matrix *b, *a = su3_data_get(sites, &b);
  const size_t n = (size_t)sites * SU3_LINKS;
  su3_matrix *c = (su3_matrix *)malloc(n * sizeof *c);
  if (!a || !c) {
    free(c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return;
  }
  const long total = sites * SU3_ELEMS;
  const unsigned blocks = ok_proxy_blocks(total, SU3_BLOCK);
  ok_proxy_cuda_run r;
  const su3_matrix *da = r.copy(a, n), *db = r.copy(b, SU3_LINKS);
  su3_matrix *dc = r.fill<su3_matrix>(n, 0xff); /* NaN: an unwritten value fails */
  if (r.ok()) {
    r.start();
    for (int rep = 0; rep < reps; ++rep) su3_kernel<<<blocks, SU3_BLOCK>>>(total, da, db, dc, r.on);
    r.stop();
  }
  if (!r.finish(c, dc, n, blocks, SU3_BLOCK, o)) {
    o->ops = (double)sites * SU3_LINKS * reps;
    if (p->inject_fault) c[0].e[0][0].re += 1.0f;
    su3_verify(c, sites, o);
  }
  free(c);
}
OK_REGISTER(su3, cuda, "cuda", "CUDA events around SU3_REPS launches (kernel); e2e: host clock around alloc, copies, kernels",
            su3_cuda)
