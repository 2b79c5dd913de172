/* atomic_add_scalar, CUDA reference: every thread atomically adds 1 to one counter. */
#include "harness.cuh"

__global__ void atomic_add_scalar_kernel(unsigned long long *counter, long iters, int fault, int *on_device) {
  for (long i = 0; i < iters; ++i) atomicAdd(counter, 1ULL);
  if (fault && blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(counter, 1ULL);
  if (blockIdx.x == 0 && threadIdx.x == 0) *on_device = 1;
}

static void atomic_add_scalar(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long *d_counter = nullptr, counter = 0;
  int *d_on = nullptr, on = 0;
  OK_CUDA(o, cudaMalloc(&d_counter, sizeof *d_counter));
  OK_CUDA(o, cudaMalloc(&d_on, sizeof *d_on));
  OK_CUDA(o, cudaMemset(d_counter, 0, sizeof *d_counter));
  OK_CUDA(o, cudaMemset(d_on, 0, sizeof *d_on));
  OK_CUDA(o, ok_time_events([&] { atomic_add_scalar_kernel<<<p->teams, p->threads>>>(d_counter, p->iters,
                                                                                     p->inject_fault, d_on); },
                            &o->seconds));
  OK_CUDA(o, cudaMemcpy(&counter, d_counter, sizeof counter, cudaMemcpyDeviceToHost));
  OK_CUDA(o, cudaMemcpy(&on, d_on, sizeof on, cudaMemcpyDeviceToHost));
  cudaFree(d_counter);
  cudaFree(d_on);
  o->teams = p->teams;
  o->threads = p->threads;
  o->on_device = on;
  unsigned long long expect = (unsigned long long)p->teams * p->threads * (unsigned long long)p->iters;
  o->verified = counter == expect;
  snprintf(o->detail, sizeof o->detail, "counter %llu, expected %llu (%d blocks x %d threads x %ld)", counter, expect,
           p->teams, p->threads, p->iters);
}
OK_REGISTER(atomic_add_scalar, cuda, "cuda", "CUDA events around the launch", atomic_add_scalar)
