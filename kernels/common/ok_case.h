/* Shared by the case kernels (kernels/{omp_target,cuda}/cases/): the value every kernel computes
 * per element, and the host reference and checks.
 * A case's work is n = teams x threads x iters elements; element i is ok_case_value(i). The value
 * uses integer arithmetic only, so host and device agree bit for bit and 64-bit wrap-around sums
 * are exact in any order: the host reference never depends on how the kernel split the work. */
#ifndef OK_CASE_H
#define OK_CASE_H
#include <stddef.h>

#ifdef __CUDACC__
#define OK_HD __host__ __device__
#else
#define OK_HD
#endif

/* Mixing rounds per element: sets the compute per element so that the default case size
 * (128 x 128 x 1000 elements) takes about 0.1 ms or more on an H100 in SPMD form. */
#define OK_CASE_ROUNDS 16

static inline OK_HD unsigned ok_case_value(unsigned long long i) {
  unsigned x = (unsigned)i ^ (unsigned)(i >> 32) * 0x9e3779b9u;
  for (int r = 0; r < OK_CASE_ROUNDS; ++r) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x += 0x846ca68bu + (unsigned)r;
  }
  return x;
}

/* A per-chunk key, several element values deep: the "compute once per team" value (team_patterns). */
static inline OK_HD unsigned ok_case_key(unsigned long long c) {
  unsigned x = (unsigned)c ^ 0x5bd1e995u;
  for (int r = 0; r < 4; ++r) x = ok_case_value(x);
  return x;
}

#ifdef __cplusplus
extern "C" {
#endif
struct ok_params;
struct ok_outcome;

/* Elements of a case: teams x threads x iters (every factor at least 1). */
long ok_case_elements(const struct ok_params *p);
/* Checks out[i] == ok_case_value(i) for i < n; writes the verdict to o (verified, detail). */
void ok_case_check_values(const unsigned *out, long n, struct ok_outcome *o);
/* Checks out[i] == ok_case_value(i) ^ ok_case_key(i / chunk) for i < n. */
void ok_case_check_keyed(const unsigned *out, long n, long chunk, struct ok_outcome *o);
/* Checks sums[c] == sum over k < per_chunk of ok_case_value(c*per_chunk + k) * (k % slots + 1):
 * a team that spreads its chunk over `slots` bins and weighs bin s by s+1 (slots = 1: a plain sum). */
void ok_case_check_sums(const unsigned long long *sums, long chunks, long per_chunk, long slots,
                        struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
