/* SU3-like proxy in su3_bench's data layout: C[s].link[j] = A[s].link[j] x B[j], 3x3 complex
 * matrices, 4 links per lattice site, the kernel launched `iters` times per run (su3_bench's
 * iteration loop). The site is su3_bench's: the 4 links, coordinates, index and parity, padded
 * to a multiple of 64 bytes (640 bytes in double, 320 in single), so a launch moves the same
 * bytes as the public app. Double precision as su3_bench's default; -DOK_SU3_SINGLE (cache
 * option OMPKIT_SU3_SINGLE) builds single. Shared by every model: data, settings, host reference
 * and verification; the per-element product is in su3_kernel.h. */
#ifndef SU3_DATA_H
#define SU3_DATA_H
#include "ok_proxy.h"

#define SU3_LINKS 4
#define SU3_ELEMS (SU3_LINKS * 9) /* work items per site: one per output matrix element */
#define SU3_REPS 20               /* launches per timed run below the full size */
#define SU3_PUBLIC_L 32           /* the full size is su3_bench's default problem: a 32^4 lattice, ... */
#define SU3_PUBLIC_ITERS 100      /* ... 100 iterations */
#ifdef OK_SU3_SINGLE
typedef float su3_real;
#define SU3_PRECISION "single"
#define SU3_PAD 2
#define SU3_TOL 1e-5 /* |c - ref| <= SU3_TOL * (1 + |ref|) per component */
#else
typedef double su3_real;
#define SU3_PRECISION "double"
#define SU3_PAD 10
#define SU3_TOL 1e-12
#endif

struct su3_cplx {
  su3_real re, im;
};
struct su3_matrix {
  struct su3_cplx e[3][3];
};
struct su3_site {
  struct su3_matrix link[SU3_LINKS];
  int x, y, z, t, index;
  char parity;
  int pad[SU3_PAD];
} __attribute__((aligned(16)));

/* One run's problem: sites, launches, and its point parameter (precision, iterations; the public
 * setting says so). */
struct su3_setting {
  long sites;
  int iters;
  const char *param;
};

#ifdef __cplusplus
extern "C" {
#endif
/* The sizes in lattice sites (ok_proxy.h); the full size is su3_bench's default problem (32^4
 * sites, 100 iterations), param setting=public. */
extern const struct ok_proxy_sizes su3_sizes;
/* This run's setting; also writes its size and param into the outcome. */
struct su3_setting su3_setting(const struct ok_params *p, struct ok_outcome *o);
/* Sites A (each link random in [-1, 1)) and the 4 matrices B, made once for the largest size
 * asked for; *b points at the 4 B matrices. NULL if out of memory. */
const struct su3_site *su3_data_get(long sites, const struct su3_matrix **b);
/* Checks c (sites; the models fill it with NaN before the run) against the host reference:
 * every link component finite (written), the sampled sites (ok_proxy_sample) within SU3_TOL. */
void su3_verify(const struct su3_site *c, long sites, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
