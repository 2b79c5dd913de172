/* RSBench-like proxy: windowed multipole cross-section lookups (docs/proxies.md). Each nuclide's
 * resonances are poles grouped in energy windows; a lookup evaluates, for every nuclide of a
 * random material at a random energy, the window's background fit plus each of its poles through
 * the complex Faddeeva function. Compute-bound. Shared by every model: data, host reference,
 * verification; the device-callable lookup is in rsbench_kernel.h. */
#ifndef RSBENCH_DATA_H
#define RSBENCH_DATA_H
#include "ok_proxy.h"

#define RS_NUCLIDES OK_PROXY_NUCLIDES_SMALL /* RSBench "small": 68 nuclides ("large": 355) ... */
#define RS_POLES 1000    /* ... 1000 poles each ... */
#define RS_WINDOWS 100   /* ... in 100 windows */
#define RS_L 4           /* angular momentum channels (the sigT factors per nuclide) */
#define RS_CHANNELS 4    /* total, absorption, fission, elastic */
#define RS_DOPPLER 0.5   /* z = (E - pole) x 0.5, RSBench's doppler factor, ... */
#define RS_POLE_SCALE 152.5 /* ... with poles and residues scaled as RSBench scales them: |z| < 6
                             * (the full Abrarov series) for about 0.5 % of the poles, the
                             * 3-term asymptotic form for the rest (docs/proxies.md) */
#define RS_PUBLIC_LOOKUPS 10000000L /* RSBench's default lookups (its public settings: small, large) */

struct rs_pole {
  double ea_re, ea_im, rt_re, rt_im, ra_re, ra_im, rf_re, rf_im;
  int l;
};
struct rs_window {
  double t, a, f; /* background fit, times E */
  int start, end; /* poles [start, end) */
};

struct rs_data {
  long n_nuclides;           /* 68 (small) or 355 (large) */
  struct rs_pole *poles;     /* n_nuclides x RS_POLES */
  struct rs_window *windows; /* n_nuclides x RS_WINDOWS */
  double *k0;                /* n_nuclides x RS_L phase factors */
  int num_nucs[OK_PROXY_MATS], max_nucs;
  int *mats;                 /* OK_PROXY_MATS x max_nucs */
  double *concs;
  double dist[OK_PROXY_MATS];
};

#ifdef __cplusplus
extern "C" {
#endif
/* The "small" data, generated once per process (about 7 MB). NULL if out of memory. */
const struct rs_data *rs_data_get(void);
/* This run's lookups and data: the proxy's sizes on the small data, or a public setting (a
 * --full GPU study's pass, or --setting problem=small|large; 10^7 lookups unless --size says;
 * large: 355 nuclides, 37 MB); writes size and param into the outcome and makes rs_verify check
 * against that data. *d is NULL if out of memory; -1 (the outcome an error) for a --setting that
 * names no problem. */
long rs_setting(const struct ok_params *p, struct ok_outcome *o, const struct rs_data **d);
/* The sizes in lookups (ok_proxy.h). */
extern const struct ok_proxy_sizes rs_sizes;
/* Checks per-lookup results (argmax channel + 1; the output must start zeroed) against the host
 * reference (ok_proxy_lookup_verify); the detail gives the hash (sum mod 999983). */
void rs_verify(const unsigned char *out, long lookups, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
