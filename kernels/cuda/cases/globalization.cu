/* globalization, CUDA reference: out[i] = ok_case_value(i) through a local in a non-inlined device
 * function; in CUDA a local is private to its thread and lives in registers or the stack. */
#include "case_harness.cuh"

static __device__ __noinline__ unsigned value_via_local(unsigned long long i) {
  unsigned v = ok_case_value(i);
  return v;
}

__global__ void globalization_kernel(unsigned *out, long n, int fault, int *on) {
  ok_case_mark(on);
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    out[i] = value_via_local((unsigned long long)i) + (unsigned)(fault && i == 0);
}

static void globalization(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  ok_case_cuda(p, o, {OK_CASE_VALUES, n, 0, 0}, [&](void *out, int *on) {
    globalization_kernel<<<p->teams, p->threads>>>((unsigned *)out, n, p->inject_fault, on);
  });
}
OK_REGISTER(globalization, cuda, "cuda", "CUDA events around the launch", globalization)
