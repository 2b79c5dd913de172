/* RSBench-like proxy: windowed multipole cross-section lookups (docs/proxies.md). Each nuclide's
 * resonances are poles grouped in energy windows; a lookup evaluates, for every nuclide of a
 * random material at a random energy, the window's background fit plus each of its poles through
 * the complex Faddeeva function. Compute-bound. Shared by every model: data, host reference,
 * verification; the device-callable lookup is in rsbench_kernel.h. */
#ifndef RSBENCH_DATA_H
#define RSBENCH_DATA_H
#include "ok_proxy.h"

#define RS_NUCLIDES 68   /* RSBench "small": 68 nuclides ... */
#define RS_POLES 1000    /* ... 1000 poles each ... */
#define RS_WINDOWS 100   /* ... in 100 windows */
#define RS_L 4           /* angular momentum channels (the sigT factors per nuclide) */
#define RS_CHANNELS 4    /* total, absorption, fission, elastic */
#define RS_DOPPLER 20.0  /* scales E - pole so both branches of the Faddeeva evaluation run */

struct rs_pole {
  double ea_re, ea_im, rt_re, rt_im, ra_re, ra_im, rf_re, rf_im;
  int l;
};
struct rs_window {
  double t, a, f; /* background fit, times E */
  int start, end; /* poles [start, end) */
};

struct rs_data {
  struct rs_pole *poles;     /* RS_NUCLIDES x RS_POLES */
  struct rs_window *windows; /* RS_NUCLIDES x RS_WINDOWS */
  double *k0;                /* RS_NUCLIDES x RS_L phase factors */
  int num_nucs[OK_PROXY_MATS], max_nucs;
  int *mats;                 /* OK_PROXY_MATS x max_nucs */
  double *concs;
  double dist[OK_PROXY_MATS];
};

#ifdef __cplusplus
extern "C" {
#endif
/* The data, generated once per process (about 7 MB). NULL if out of memory. */
const struct rs_data *rs_data_get(void);
/* The sizes in lookups (ok_proxy.h). */
extern const struct ok_proxy_sizes rs_sizes;
/* Checks per-lookup results (argmax channel + 1; the output must start zeroed) against the host
 * reference (ok_proxy_lookup_verify); the detail gives the hash (sum mod 999983). */
void rs_verify(const unsigned char *out, long lookups, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
