/* SU3-like proxy: C[s][j] = A[s][j] x B[j], 3x3 single-precision complex matrices, 4 links per
 * lattice site, repeated SU3_REPS times per run as the public su3_bench does (docs/proxies.md).
 * Shared by every model: data, host reference, verification; the per-element product is in
 * su3_kernel.h. */
#ifndef SU3_DATA_H
#define SU3_DATA_H
#include "ok_proxy.h"

#define SU3_LINKS 4
#define SU3_ELEMS (SU3_LINKS * 9) /* work items per site: one per output matrix element */
#define SU3_REPS 20               /* kernel launches per timed run (su3_bench's iterations) ... */
#define SU3_FULL_REPS 1064        /* ... and at the full size: CUDA about 0.1 s on an H200 */
#define SU3_TOL 1e-5f             /* |c - ref| <= SU3_TOL * (1 + |ref|) per component */

struct su3_cplx {
  float re, im;
};
struct su3_matrix {
  struct su3_cplx e[3][3];
};

#ifdef __cplusplus
extern "C" {
#endif
/* The sizes in lattice sites (ok_proxy.h), and the launches per run at a size. */
extern const struct ok_proxy_sizes su3_sizes;
int su3_reps(long sites);
/* Site links A (sites x 4 matrices, random in [-1, 1)) and the 4 matrices B, made once per size;
 * *b points at the 4 B matrices. NULL if out of memory. */
const struct su3_matrix *su3_data_get(long sites, const struct su3_matrix **b);
/* Checks c (sites x 4; the models fill it with NaN before the run) against the host reference:
 * every component finite (written), the sampled sites (ok_proxy_sample) within SU3_TOL. */
void su3_verify(const struct su3_matrix *c, long sites, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
