/* SU3-like proxy, CUDA reference in su3_bench's CUDA form: one thread per output element (36 per
 * site), 128 threads per block (su3_bench's default), blocks = sites x 36 / 128 rounded up,
 * `iters` launches timed by events; end to end adds allocation and copies. */
#include "../su3_data.h"
#include "../su3_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>
#include <cstring>

#define SU3_BLOCK 128

__global__ void su3_kernel(const su3_site *__restrict__ a, const su3_matrix *__restrict__ b, su3_site *__restrict__ c,
                           int total_sites, int *on) {
  ok_proxy_mark(on);
  int id = blockDim.x * blockIdx.x + threadIdx.x;
  if (id / 36 < total_sites) SU3_ITEM(id, a, b, c);
}

static void su3_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const struct su3_setting st = su3_setting(p, o);
  const su3_matrix *b;
  const su3_site *a = su3_data_get(st.sites, &b);
  su3_site *c = (su3_site *)malloc((size_t)st.sites * sizeof *c);
  if (!a || !c) {
    free(c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return;
  }
  const unsigned blocks = ok_proxy_blocks(st.sites * SU3_ELEMS, SU3_BLOCK);
  ok_proxy_cuda_run r;
  const su3_site *da = r.copy(a, (size_t)st.sites);
  const su3_matrix *db = r.copy(b, SU3_LINKS);
  su3_site *dc = r.fill<su3_site>((size_t)st.sites, 0xff); /* NaN: an unwritten value fails */
  if (r.ok()) {
    r.start();
    for (int it = 0; it < st.iters; ++it) su3_kernel<<<blocks, SU3_BLOCK>>>(da, db, dc, (int)st.sites, r.on);
    r.stop();
  }
  if (!r.finish(c, dc, (size_t)st.sites, blocks, SU3_BLOCK, o)) {
    o->ops = (double)st.sites * SU3_LINKS * st.iters;
    if (p->inject_fault) c[0].link[0].e[0][0].re += 1;
    su3_verify(c, st.sites, o);
  }
  free(c);
}
OK_REGISTER(su3, cuda, "cuda", "CUDA events around the iterations' launches (kernel); e2e: host clock around alloc, copies, kernels",
            su3_cuda)
