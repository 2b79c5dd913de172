/* XSBench-like proxy: event-based macroscopic cross-section lookups (docs/proxies.md).
 * Shared by every model: the data (nuclide energy grids, materials), the host reference and the
 * verification. The device-callable lookup is in xsbench_kernel.h. */
#ifndef XSBENCH_DATA_H
#define XSBENCH_DATA_H
#include "ok_proxy.h"

#define XS_MATS OK_PROXY_MATS /* materials, as XSBench */
#define XS_CHANNELS 5   /* total, elastic, absorption, fission, nu-fission */
#define XS_NUCLIDES 68  /* XSBench "small": 68 nuclides ... */
#define XS_GRIDPOINTS 11303 /* ... of 11303 energy points each */
#define XS_HASH_MOD 999983 /* XSBench's verification modulus */

struct xs_point {
  double energy, xs[XS_CHANNELS];
};

struct xs_data {
  long n_nuclides, n_gridpoints, max_nucs;
  struct xs_point *grid; /* n_nuclides x n_gridpoints, each nuclide's points sorted by energy */
  int num_nucs[XS_MATS]; /* nuclides per material */
  int *mats;             /* XS_MATS x max_nucs nuclide indices */
  double *concs;         /* XS_MATS x max_nucs concentrations */
  double dist[XS_MATS];  /* probability of each material per lookup */
};

#ifdef __cplusplus
extern "C" {
#endif
/* The proxy's data, generated once per process (about 37 MB). NULL if out of memory. */
const struct xs_data *xs_data_get(void);
/* The sizes in lookups (ok_proxy.h). */
extern const struct ok_proxy_sizes xs_sizes;
/* Checks the per-lookup results (argmax channel + 1; the output must start zeroed) against the
 * host reference of the same number of lookups (ok_proxy_lookup_verify): every one in 1..5, the
 * sampled ones exactly equal; the detail gives XSBench's hash (sum mod 999983). */
void xs_verify(const unsigned char *out, long lookups, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
