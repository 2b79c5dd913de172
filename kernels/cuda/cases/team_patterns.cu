/* team_patterns, CUDA reference: out[i] = ok_case_value(i) ^ ok_case_key(chunk); one thread of the
 * block computes the key into shared memory, the block reads it after a barrier. */
#include "case_harness.cuh"

__global__ void team_patterns_kernel(unsigned *out, long chunk, int chunks, int fault, int *on) {
  __shared__ unsigned key;
  ok_case_mark(on);
  for (long c = blockIdx.x; c < chunks; c += gridDim.x) {
    if (threadIdx.x == 0) key = ok_case_key((unsigned long long)c);
    __syncthreads();
    const long base = c * chunk;
    for (long k = threadIdx.x; k < chunk; k += blockDim.x)
      out[base + k] = (ok_case_value((unsigned long long)(base + k)) ^ key) + (unsigned)(fault && base + k == 0);
    __syncthreads(); /* key is rewritten for the block's next chunk */
  }
}

static void team_patterns(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = ok_case_chunk(p);
  ok_case_cuda(p, o, {OK_CASE_KEYED, n, chunk, 0}, [&](void *out, int *on) {
    team_patterns_kernel<<<p->teams, p->threads>>>((unsigned *)out, chunk, p->teams, p->inject_fault, on);
  });
}
OK_REGISTER(team_patterns, cuda, "cuda", "CUDA events around the launch", team_patterns)
