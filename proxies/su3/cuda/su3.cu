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
  double t0 = ok_proxy_now();
  su3_matrix *da, *db, *dc;
  int *on;
  OK_PROXY_CUDA(o, cudaMalloc(&da, n * sizeof *da));
  OK_PROXY_CUDA(o, cudaMalloc(&db, SU3_LINKS * sizeof *db));
  OK_PROXY_CUDA(o, cudaMalloc(&dc, n * sizeof *dc));
  OK_PROXY_CUDA(o, cudaMemset(dc, 0xff, n * sizeof *dc)); /* NaN: an unwritten value fails */
  OK_PROXY_CUDA(o, cudaMalloc(&on, sizeof *on));
  OK_PROXY_CUDA(o, cudaMemcpy(da, a, n * sizeof *da, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemcpy(db, b, SU3_LINKS * sizeof *db, cudaMemcpyHostToDevice));
  OK_PROXY_CUDA(o, cudaMemset(on, 0, sizeof *on));
  cudaEvent_t e0, e1;
  OK_PROXY_CUDA(o, cudaEventCreate(&e0));
  OK_PROXY_CUDA(o, cudaEventCreate(&e1));
  const long total = sites * SU3_ELEMS;
  const unsigned blocks = (unsigned)((total + SU3_BLOCK - 1) / SU3_BLOCK);
  cudaEventRecord(e0);
  for (int rep = 0; rep < reps; ++rep) su3_kernel<<<blocks, SU3_BLOCK>>>(total, da, db, dc, on);
  cudaEventRecord(e1);
  OK_PROXY_CUDA(o, cudaGetLastError());
  OK_PROXY_CUDA(o, cudaEventSynchronize(e1));
  float ms = 0;
  cudaEventElapsedTime(&ms, e0, e1);
  int ran = 0;
  OK_PROXY_CUDA(o, cudaMemcpy(c, dc, n * sizeof *c, cudaMemcpyDeviceToHost));
  OK_PROXY_CUDA(o, cudaMemcpy(&ran, on, sizeof ran, cudaMemcpyDeviceToHost));
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(on);
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = ms * 1e-3;
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  o->on_device = ran, o->teams = (int)blocks, o->threads = SU3_BLOCK;
  o->ops = (double)sites * SU3_LINKS * reps;
  if (p->inject_fault) c[0].e[0][0].re += 1.0f;
  su3_verify(c, sites, o);
  free(c);
}
OK_REGISTER(su3, cuda, "cuda", "CUDA events around SU3_REPS launches (kernel); e2e: host clock around alloc, copies, kernels",
            su3_cuda)
