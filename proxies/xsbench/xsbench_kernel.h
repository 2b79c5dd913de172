/* XSBench-like lookup, callable on the host and on the device (omp_target includes it inside
 * `declare target`, CUDA compiles it __host__ __device__). One lookup: a random energy and
 * material, a binary search of each of the material's nuclide grids, 5 channels interpolated and
 * accumulated into a local array passed by pointer (the globalization candidate). */
#ifndef XSBENCH_KERNEL_H
#define XSBENCH_KERNEL_H
#include "xsbench_data.h"

/* Interpolated micro cross sections of one nuclide at energy e (nuclide grid search). */
static inline OK_HD void xs_micro(double e, const struct xs_point *g, long ng, double *xs) {
  long lo = 0, hi = ng - 1;
  if (e <= g[0].energy) lo = 0;
  else if (e >= g[ng - 1].energy) lo = ng - 2;
  else {
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (g[mid].energy > e) hi = mid;
      else lo = mid;
    }
  }
  hi = lo + 1;
  double f = (g[hi].energy - e) / (g[hi].energy - g[lo].energy);
  for (int k = 0; k < XS_CHANNELS; ++k) xs[k] = g[hi].xs[k] - f * (g[hi].xs[k] - g[lo].xs[k]);
}

/* Macro cross sections of material mat at energy e, summed over its nuclides into macro[]. */
static OK_NOINLINE OK_HD void xs_macro(double e, int mat, const int *num_nucs, const int *mats, const double *concs,
                                       long max_nucs, const struct xs_point *grid, long ng, double *macro) {
  for (int k = 0; k < XS_CHANNELS; ++k) macro[k] = 0;
  for (int j = 0; j < num_nucs[mat]; ++j) {
    double xs[XS_CHANNELS];
    long nuc = mats[mat * max_nucs + j];
    xs_micro(e, grid + nuc * ng, ng, xs);
    for (int k = 0; k < XS_CHANNELS; ++k) macro[k] += xs[k] * concs[mat * max_nucs + j];
  }
}

/* Lookup i: its energy and material come from i alone; the result is the largest channel + 1. */
static inline OK_HD unsigned char xs_lookup(long i, const double *dist, const int *num_nucs, const int *mats,
                                            const double *concs, long max_nucs, const struct xs_point *grid,
                                            long ng) {
  unsigned long long s = (unsigned long long)i * 0x2545f4914f6cdd1dull + 0x51ed2701ull;
  double e = ok_proxy_u01(&s);
  int mat = ok_proxy_pick_mat(dist, ok_proxy_u01(&s));
  double macro[XS_CHANNELS];
  xs_macro(e, mat, num_nucs, mats, concs, max_nucs, grid, ng, macro);
  int best = 0;
  for (int k = 1; k < XS_CHANNELS; ++k)
    if (macro[k] > macro[best]) best = k;
  return (unsigned char)(best + 1);
}
#endif
