/* SU3-like proxy in su3_bench's data layout: C[s].link[j] = A[s].link[j] x B[j], 3x3 complex
 * matrices, 4 links per lattice site, the kernel launched `iters` times per run (su3_bench's
 * iteration loop). The site is su3_bench's: the 4 links, coordinates, index and parity, padded
 * to a multiple of 64 bytes (640 bytes in double, 320 in float), so a launch moves the same
 * bytes as the public app. Both precisions are built into every model (types su3_*_d and
 * su3_*_f); each run picks one (su3_setting: the point's param precision=double|float). Shared
 * by every model: data, settings, host reference and verification; the per-element product is
 * in su3_kernel.h. */
#ifndef SU3_DATA_H
#define SU3_DATA_H
#include "ok_proxy.h"

#define SU3_LINKS 4
#define SU3_ELEMS (SU3_LINKS * 9) /* work items per site: one per output matrix element */
#define SU3_REPS 20               /* launches per timed run below the full size */
#define SU3_PUBLIC_L 32           /* the full size is su3_bench's default problem: a 32^4 lattice, ... */
#define SU3_PUBLIC_ITERS 100      /* ... 100 iterations */
#define SU3_TOL_D 1e-12 /* |c - ref| <= tol * (1 + |ref|) per component, double ... */
#define SU3_TOL_F 1e-5  /* ... float (the reference is computed in double from the float inputs) */

/* The types of one precision R (d: double, f: float): complex, matrix and su3_bench's site. */
#define SU3_TYPES(R, REAL, PAD)                                                                    \
  struct su3_cplx_##R {                                                                            \
    REAL re, im;                                                                                   \
  };                                                                                               \
  struct su3_matrix_##R {                                                                          \
    struct su3_cplx_##R e[3][3];                                                                   \
  };                                                                                               \
  struct su3_site_##R {                                                                            \
    struct su3_matrix_##R link[SU3_LINKS];                                                         \
    int x, y, z, t, index;                                                                         \
    char parity;                                                                                   \
    int pad[PAD];                                                                                  \
  } __attribute__((aligned(16)));
SU3_TYPES(d, double, 10) /* 640 bytes a site */
SU3_TYPES(f, float, 2)   /* 320 bytes a site */

/* One run's problem: sites, launches, precision, and its point parameter (precision,
 * iterations; the public setting says so). */
struct su3_setting {
  long sites;
  int iters;
  int single; /* 1 float, 0 double */
  const char *param;
};

#ifdef __cplusplus
extern "C" {
#endif
/* The sizes in lattice sites (ok_proxy.h); the full size is su3_bench's default problem (32^4
 * sites, 100 iterations, double), param setting=public. */
extern const struct ok_proxy_sizes su3_sizes;
/* The precision a run asks for: --type float|double (p->type), else float in the --full GPU
 * study's extra pass (at the comparison size), else double. -1 (and the outcome an error) for
 * any other --type. */
int su3_single(const struct ok_params *p, struct ok_outcome *o);
/* This run's setting; also writes its size and param into the run's line. sites is 0 (and the
 * outcome an error) for a bad --type. */
struct su3_setting su3_setting(const struct ok_params *p, struct ok_outcome *o);
/* Bytes of one site in the setting's precision. */
size_t su3_site_bytes(const struct su3_setting *s);
/* Sites A (each link random in [-1, 1)) and the 4 matrices B in the setting's precision
 * (struct su3_site_d/_f, su3_matrix_d/_f), made once for the largest size asked for (float:
 * the double data rounded); *b points at the 4 B matrices. NULL if out of memory. */
const void *su3_data_get(const struct su3_setting *s, const void **b);
/* Checks c (the setting's sites; the models fill it with NaN before the run) against the host
 * reference: every link component finite (written), the sampled sites (ok_proxy_sample) within
 * the precision's tolerance. */
void su3_verify(const void *c, const struct su3_setting *s, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
