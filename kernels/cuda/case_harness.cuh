/* Shared plumbing of the CUDA case kernels (cases/): device buffers, event timing around the one
 * launch, and the host check against the same reference as the omp_target cases (ok_case.h). */
#ifndef OK_CUDA_CASE_HARNESS_CUH
#define OK_CUDA_CASE_HARNESS_CUH
#include "harness.cuh"
#include "ok_case.h"

#include <cstring>
#include <vector>

/* What the launch leaves in its output buffer, and how to check it. */
enum ok_case_kind { OK_CASE_VALUES, OK_CASE_KEYED, OK_CASE_SUMS };
struct ok_case_out {
  ok_case_kind kind;
  long n;     /* elements */
  long chunk; /* elements per chunk (one chunk per block): KEYED and SUMS */
  long slots; /* SUMS: bins per chunk */
};

/* The kernel's share of the work, the same split as the omp_target cases: n = teams x threads x
 * iters elements, one chunk of threads x iters elements per block. */
static inline long ok_case_chunk(const struct ok_params *p) { return ok_case_elements(p) / p->teams; }

/* Allocates the output (zeroed: SUMS kernels add into it) and the on-device flag, times
 * launch(out, on) with CUDA events, copies back and checks. The kernel sets *on = 1 from one thread. */
template <typename F>
static void ok_case_cuda(const struct ok_params *p, struct ok_outcome *o, ok_case_out c, F launch) {
  const size_t bytes = c.kind == OK_CASE_SUMS ? (size_t)(c.n / c.chunk) * sizeof(unsigned long long)
                                              : (size_t)c.n * sizeof(unsigned);
  void *d_out = nullptr;
  int *d_on = nullptr, on = 0;
  OK_CUDA(o, cudaMalloc(&d_out, bytes));
  OK_CUDA(o, cudaMalloc(&d_on, sizeof *d_on));
  OK_CUDA(o, cudaMemset(d_out, 0, bytes));
  OK_CUDA(o, cudaMemset(d_on, 0, sizeof *d_on));
  OK_CUDA(o, ok_time_events([&] { launch(d_out, d_on); }, &o->seconds));
  std::vector<unsigned char> h(bytes);
  OK_CUDA(o, cudaMemcpy(h.data(), d_out, bytes, cudaMemcpyDeviceToHost));
  OK_CUDA(o, cudaMemcpy(&on, d_on, sizeof on, cudaMemcpyDeviceToHost));
  cudaFree(d_out);
  cudaFree(d_on);
  o->on_device = on;
  o->teams = p->teams;
  o->threads = p->threads;
  if (c.kind == OK_CASE_VALUES) ok_case_check_values((const unsigned *)h.data(), c.n, o);
  else if (c.kind == OK_CASE_KEYED) ok_case_check_keyed((const unsigned *)h.data(), c.n, c.chunk, o);
  else ok_case_check_sums((const unsigned long long *)h.data(), c.n / c.chunk, c.chunk, c.slots, o);
}

/* Marks the launch as run on the device: one thread of block 0. */
static __device__ inline void ok_case_mark(int *on) {
  if (blockIdx.x == 0 && threadIdx.x == 0) *on = 1;
}
#endif
