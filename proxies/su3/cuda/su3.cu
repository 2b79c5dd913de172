/* SU3-like proxy, CUDA reference in su3_bench's CUDA form: one thread per output element (36 per
 * site), 128 threads per block (su3_bench's default), blocks = sites x 36 / 128 rounded up,
 * `iters` launches timed by events; end to end adds allocation and copies. Float and double
 * kernels, the run's precision picked per run (su3_setting). */
#include "su3_data.h"
#include "su3_kernel.h"
#include "ok_proxy_cuda.cuh"

#include <cstdlib>
#include <cstring>

#define SU3_BLOCK 128

template <typename Site, typename Matrix>
static __device__ __forceinline__ void su3_item(const Site *__restrict__ a, const Matrix *__restrict__ b,
                                                Site *__restrict__ c, int total_sites, int *on) {
  ok_proxy_mark(on);
  int id = blockDim.x * blockIdx.x + threadIdx.x;
  if (id / 36 < total_sites) SU3_ITEM(id, a, b, c);
}
/* Named kernels, one per precision: the study joins a CUDA record to su3_kernel (double) or, by
 * the run's hint, su3_kernel_f (float). */
__global__ void su3_kernel(const su3_site_d *__restrict__ a, const su3_matrix_d *__restrict__ b,
                           su3_site_d *__restrict__ c, int total_sites, int *on) {
  su3_item(a, b, c, total_sites, on);
}
__global__ void su3_kernel_f(const su3_site_f *__restrict__ a, const su3_matrix_f *__restrict__ b,
                             su3_site_f *__restrict__ c, int total_sites, int *on) {
  su3_item(a, b, c, total_sites, on);
}

template <typename Site, typename Matrix>
static void su3_cuda_run(const struct ok_params *p, const struct su3_setting &st, void (*kernel)(const Site *, const Matrix *, Site *, int, int *),
                         struct ok_outcome *o) {
  const void *bv;
  const Site *a = (const Site *)su3_data_get(&st, &bv);
  const Matrix *b = (const Matrix *)bv;
  Site *c = (Site *)malloc((size_t)st.sites * sizeof *c);
  if (!a || !c) {
    free(c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return;
  }
  const unsigned blocks = ok_proxy_blocks(st.sites * SU3_ELEMS, SU3_BLOCK);
  ok_proxy_cuda_run r;
  const Site *da = r.copy(a, (size_t)st.sites);
  const Matrix *db = r.copy(b, SU3_LINKS);
  Site *dc = r.fill<Site>((size_t)st.sites, 0xff); /* NaN: an unwritten value fails */
  if (r.ok()) {
    r.start();
    for (int it = 0; it < st.iters; ++it) kernel<<<blocks, SU3_BLOCK>>>(da, db, dc, (int)st.sites, r.on);
    r.stop();
  }
  if (!r.finish(c, dc, (size_t)st.sites, blocks, SU3_BLOCK, o)) {
    o->ops = (double)st.sites * SU3_LINKS * st.iters;
    if (p->inject_fault) c[0].link[0].e[0][0].re += 1;
    su3_verify(c, &st, o);
  }
  free(c);
}

static void su3_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const struct su3_setting st = su3_setting(p, o);
  if (st.sites <= 0) return; /* a bad --type: the outcome says so */
  if (st.single) su3_cuda_run<su3_site_f, su3_matrix_f>(p, st, su3_kernel_f, o), o->symbol_hint = "su3_kernel_f";
  else su3_cuda_run<su3_site_d, su3_matrix_d>(p, st, su3_kernel, o);
}
OK_REGISTER(su3, cuda, "cuda", "CUDA events around the iterations' launches (kernel); e2e: host clock around alloc, copies, kernels",
            su3_cuda)
