/* state_machine, CUDA reference: each block writes its chunk of out[i] = ok_case_value(i) in two
 * halves, as the omp_target team does with two parallel regions; CUDA needs no state machine. */
#include "case_harness.cuh"

__global__ void state_machine_kernel(unsigned *out, long chunk, int chunks, int fault, int *on) {
  ok_case_mark(on);
  const long half = chunk / 2;
  for (long c = blockIdx.x; c < chunks; c += gridDim.x) {
    const long base = c * chunk;
    for (long k = threadIdx.x; k < half; k += blockDim.x)
      out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
    for (long k = half + threadIdx.x; k < chunk; k += blockDim.x)
      out[base + k] = ok_case_value((unsigned long long)(base + k));
  }
}

static void state_machine(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = ok_case_chunk(p);
  ok_case_cuda(p, o, {OK_CASE_VALUES, n, chunk, 0}, [&](void *out, int *on) {
    state_machine_kernel<<<p->teams, p->threads>>>((unsigned *)out, chunk, p->teams, p->inject_fault, on);
  });
}
OK_REGISTER(state_machine, cuda, "cuda", "CUDA events around the launch", state_machine)
