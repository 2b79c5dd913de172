/* XSBench-like proxy: event-based macroscopic cross-section lookups (docs/proxies.md).
 * Shared by every model: the data (nuclide energy grids, the acceleration grid, materials), the
 * host reference and the verification. The device-callable lookup is in xsbench_kernel.h. */
#ifndef XSBENCH_DATA_H
#define XSBENCH_DATA_H
#include "ok_proxy.h"

#define XS_MATS OK_PROXY_MATS /* materials, as XSBench */
#define XS_CHANNELS 5   /* total, elastic, absorption, fission, nu-fission */
#define XS_NUCLIDES OK_PROXY_NUCLIDES_SMALL /* XSBench "small": 68 nuclides ("large": 355) ... */
#define XS_GRIDPOINTS 11303 /* ... of 11303 energy points each */
#define XS_HASH_BINS 10000  /* XSBench's default hash bins */
#define XS_PUBLIC_LOOKUPS 17000000L /* XSBench's default lookups, event mode (its public settings) */

/* How a lookup finds its interval in each nuclide's grid (XSBench's -G): */
enum xs_grid_type {
  XS_GRID_NUCLIDE,   /* a binary search of every nuclide's grid */
  XS_GRID_UNIONIZED, /* one binary search of the union of all energies; its row of the index gives each nuclide's interval */
  XS_GRID_HASH       /* the energy's bin of XS_HASH_BINS; its row and the next bound a short search per nuclide */
};

struct xs_point {
  double energy, xs[XS_CHANNELS];
};

struct xs_data {
  long n_nuclides, n_gridpoints, max_nucs;
  int grid_type;         /* enum xs_grid_type */
  int lcg;               /* 1: lookups sample as XSBench does (its public settings), 0: splitmix64 */
  long n_rows;           /* rows of index: union energies (unionized), bins (hash), 0 (nuclide) */
  struct xs_point *grid; /* n_nuclides x n_gridpoints, each nuclide's points sorted by energy */
  double *egrid;         /* unionized: the n_rows energies of all nuclides, sorted; else NULL */
  int *index;            /* n_rows x n_nuclides: per row, each nuclide's last point at or below the
                            row's energy, clamped to 0..n_gridpoints-2; NULL for the nuclide grid */
  int num_nucs[XS_MATS]; /* nuclides per material */
  int *mats;             /* XS_MATS x max_nucs nuclide indices */
  double *concs;         /* XS_MATS x max_nucs concentrations */
  double dist[XS_MATS];  /* probability of each material per lookup */
};

#ifdef __cplusplus
extern "C" {
#endif
/* Builds a problem of n_nuclides (>= 68 with xsbench: its lists name nuclides up to 67; 68 small,
 * 355 large) x n_gridpoints with the given grid type (hash: `bins` bins) into d: the nuclide grid
 * and materials from fixed seeds, so every grid type of one problem shares the same lookups and
 * results. xsbench: XSBench's own data and sampling (its LCG, seeds and material lists), else this
 * project's. 0, or -1 out of memory (nothing left allocated). Tests build tiny problems with it;
 * runs use xs_setting. */
int xs_data_build(struct xs_data *d, long n_nuclides, long n_gridpoints, int grid_type, long bins, int xsbench);
void xs_data_free(struct xs_data *d);
/* This run's lookups and data (each data set built once per process and kept): the proxy's own
 * sizes on the small problem's nuclide grid, or one of XSBench's six problems on its own data:
 * --setting problem=small|large,grid=nuclide|unionized|hash, or a --full GPU study's public pass
 * (ok_proxy_public: small unionized, large unionized, large hash), at 17 x 10^6 lookups unless
 * --size says; puts size and param on the run's line and makes xs_verify check against that data
 * (and XSBench's checksum at its lookup count). *d is NULL if out of memory; -1 (the outcome an
 * error) for a --setting that names no problem. */
long xs_setting(const struct ok_params *p, struct ok_outcome *o, const struct xs_data **d);
/* The public setting's param for pass k (0..2), NULL past them (tested). */
const char *xs_public_param(int k);
/* The sizes in lookups (ok_proxy.h). */
extern const struct ok_proxy_sizes xs_sizes;
/* Checks the per-lookup results (argmax channel + 1; the output must start zeroed) against the
 * host reference of the same number of lookups (ok_proxy_lookup_verify): every one in 1..5, the
 * sampled ones exactly equal; the detail gives XSBench's hash (sum mod 999983). */
void xs_verify(const unsigned char *out, long lookups, struct ok_outcome *o);
/* One lookup on the host (the reference's): its result 1..5. */
unsigned char xs_lookup_host(const struct xs_data *d, long i);
#ifdef __cplusplus
}
#endif
#endif
