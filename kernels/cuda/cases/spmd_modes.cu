/* spmd_modes, CUDA reference: out[i] = ok_case_value(i), one grid-stride launch (CUDA has one mode). */
#include "case_harness.cuh"

__global__ void spmd_modes_kernel(unsigned *out, long n, int fault, int *on) {
  ok_case_mark(on);
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    out[i] = ok_case_value((unsigned long long)i) + (unsigned)(fault && i == 0);
}

static void spmd_modes(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  ok_case_cuda(p, o, {OK_CASE_VALUES, n, 0, 0}, [&](void *out, int *on) {
    spmd_modes_kernel<<<p->teams, p->threads>>>((unsigned *)out, n, p->inject_fault, on);
  });
}
OK_REGISTER(spmd_modes, cuda, "cuda", "CUDA events around the launch", spmd_modes)
