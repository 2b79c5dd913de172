/* launch_bounds, CUDA reference: the grid-stride out[i] = ok_case_value(i), compiled with
 * __launch_bounds__ and launched with the constant size (constant), or without bounds at the run's
 * --teams/--threads (runtime). */
#include "case_harness.cuh"

enum { OK_LB_TEAMS = 128, OK_LB_THREADS = 128 }; /* as in omp_target/cases/launch_bounds.c */

static __device__ inline void launch_bounds_body(unsigned *out, long n, int fault, int *on) {
  ok_case_mark(on);
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    out[i] = ok_case_value((unsigned long long)i) + (unsigned)(fault && i == 0);
}
__global__ void __launch_bounds__(OK_LB_THREADS)
    launch_bounds_kernel_bounded(unsigned *out, long n, int fault, int *on) {
  launch_bounds_body(out, n, fault, on);
}
__global__ void launch_bounds_kernel(unsigned *out, long n, int fault, int *on) {
  launch_bounds_body(out, n, fault, on);
}

static void launch_bounds_constant(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  ok_case_cuda(p, o, {OK_CASE_VALUES, n, 0, 0}, [&](void *out, int *on) {
    launch_bounds_kernel_bounded<<<OK_LB_TEAMS, OK_LB_THREADS>>>((unsigned *)out, n, p->inject_fault, on);
  });
  o->teams = OK_LB_TEAMS, o->threads = OK_LB_THREADS;
}
OK_REGISTER(launch_bounds, constant, "cuda", "CUDA events around the launch", launch_bounds_constant)

static void launch_bounds_runtime(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  ok_case_cuda(p, o, {OK_CASE_VALUES, n, 0, 0}, [&](void *out, int *on) {
    launch_bounds_kernel<<<p->teams, p->threads>>>((unsigned *)out, n, p->inject_fault, on);
  });
}
OK_REGISTER(launch_bounds, runtime, "cuda", "CUDA events around the launch", launch_bounds_runtime)
