/* XSBench-like lookup, callable on the host and on the device (omp_target includes it inside
 * `declare target`, CUDA compiles it __host__ __device__). One lookup: a random energy and
 * material, for each of the material's nuclides the interval of the energy in its grid (found by
 * the grid type: xsbench_data.h), 5 channels interpolated and accumulated into a local array
 * passed by pointer (the globalization candidate). The pointers are __restrict__ in CUDA only, as
 * in XSBench's CUDA form (its OpenMP form has none). */
#ifndef XSBENCH_KERNEL_H
#define XSBENCH_KERNEL_H
#include "xsbench_data.h"

#ifdef __CUDACC__
#define XS_RESTRICT __restrict__
/* nvcc unrolls the nuclide loop by 2 unless told; XSBench's CUDA loop (a call in its body) is not
 * unrolled, and the unrolled one ran bimodally, 44.5 or 60 ms a launch, at the large unionized
 * setting (docs/proxies.md "XSBench's CUDA form, measured beside the kit's"). */
#define XS_NOUNROLL _Pragma("unroll 1")
#else
#define XS_RESTRICT
#define XS_NOUNROLL
#endif

/* The last point of g[lo..hi] at or below e, for g[lo].energy <= e < g[hi].energy (binary search). */
static inline OK_HD long xs_search(double e, const struct xs_point *XS_RESTRICT g, long lo, long hi) {
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (g[mid].energy > e) hi = mid;
    else lo = mid;
  }
  return lo;
}

/* Interpolated micro cross sections of nuclide nuc at energy e. r: the index row (unionized: the
 * union energy's, hash: the bin's). */
static inline OK_HD void xs_micro(double e, long nuc, const struct xs_point *XS_RESTRICT grid, long ng, long nn,
                                  int type, const int *XS_RESTRICT index, long r, long rows, double *XS_RESTRICT xs) {
  const struct xs_point *g = grid + nuc * ng;
  long lo;
  if (type == XS_GRID_UNIONIZED) lo = index[r * nn + nuc];
  else if (type == XS_GRID_HASH) { /* XSBench's bounds and edge rule */
    const long a = index[r * nn + nuc], b = r == rows - 1 ? ng - 1 : index[(r + 1) * nn + nuc] + 1;
    if (e <= g[a].energy) lo = 0;
    else if (e >= g[b].energy) lo = ng - 2;
    else lo = xs_search(e, g, a, b);
  } else if (e <= g[0].energy) lo = 0;
  else if (e >= g[ng - 1].energy) lo = ng - 2;
  else lo = xs_search(e, g, 0, ng - 1);
  const long hi = lo + 1;
  double f = (g[hi].energy - e) / (g[hi].energy - g[lo].energy);
  for (int k = 0; k < XS_CHANNELS; ++k) xs[k] = g[hi].xs[k] - f * (g[hi].xs[k] - g[lo].xs[k]);
}

/* Macro cross sections of material mat at energy e, summed over its nuclides into macro[]. The
 * unionized grid costs one search per lookup (of the rows energies in egrid), the hash grid none.
 * Inline, as XSBench's calculate_macro_xs: kept out of line (OK_NOINLINE, until issue 22) it made
 * clang-19's SPMD kernel 147 registers against 78 inline, and the public settings' omp/CUDA
 * ratios twice the public app's (docs/proxies.md). */
static inline OK_HD void xs_macro(double e, int mat, const int *XS_RESTRICT num_nucs, const int *XS_RESTRICT mats,
                                       const double *XS_RESTRICT concs, long max_nucs,
                                       const struct xs_point *XS_RESTRICT grid, long ng, long nn, int type,
                                       const double *XS_RESTRICT egrid, const int *XS_RESTRICT index, long rows,
                                       double *XS_RESTRICT macro) {
  long r = 0;
  if (type == XS_GRID_UNIONIZED) {
    long lo = 0, hi = rows - 1;
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (egrid[mid] > e) hi = mid;
      else lo = mid;
    }
    r = lo;
  } else if (type == XS_GRID_HASH)
    r = (long)(e / (1.0 / (double)rows)); /* XSBench's bin: e / du */
  for (int k = 0; k < XS_CHANNELS; ++k) macro[k] = 0;
  XS_NOUNROLL
  for (int j = 0; j < num_nucs[mat]; ++j) {
    double xs[XS_CHANNELS];
    long nuc = mats[mat * max_nucs + j];
    xs_micro(e, nuc, grid, ng, nn, type, index, r, rows, xs);
    for (int k = 0; k < XS_CHANNELS; ++k) macro[k] += xs[k] * concs[mat * max_nucs + j];
  }
}

/* XSBench's sampling (its public settings, xs_data.lcg): a 63-bit LCG (a = 2806196910506780709,
 * c = 1) from seed 1070, skipped ahead to draw 2i in O(log i) steps on every lookup, and its
 * material pick (the running sum of dist[1..m] from m = 0: fuel, material 0, takes the rest). */
#define XS_LCG_A 2806196910506780709ull
#define XS_LCG_MASK 0x7fffffffffffffffull /* mod 2^63 */
#define XS_LCG_SEED 1070ull
static inline OK_HD unsigned long long xs_lcg_skip(unsigned long long seed, unsigned long long n) {
  unsigned long long a = XS_LCG_A, c = 1, an = 1, cn = 0;
  for (; n; n >>= 1) {
    if (n & 1) an *= a, cn = cn * a + c;
    c *= a + 1;
    a *= a;
  }
  return (an * seed + cn) & XS_LCG_MASK;
}
static inline OK_HD double xs_lcg_u01(unsigned long long *s) {
  *s = (XS_LCG_A * *s + 1) & XS_LCG_MASK;
  return (double)*s / 9223372036854775808.0;
}
static inline OK_HD int xs_lcg_mat(const double *dist, double roll) {
  for (int m = 0; m < XS_MATS; ++m) {
    double run = 0;
    for (int j = m; j > 0; --j) run += dist[j];
    if (roll < run) return m;
  }
  return 0;
}

/* Lookup i: its energy and material come from i alone (lcg: XSBench's sampling, else this kit's
 * splitmix64); the result is the largest channel + 1. */
static inline OK_HD unsigned char xs_lookup(long i, int lcg, const double *dist, const int *num_nucs, const int *mats,
                                            const double *concs, long max_nucs, const struct xs_point *grid,
                                            long ng, long nn, int type, const double *egrid, const int *index,
                                            long rows) {
  double e;
  int mat;
  if (lcg) {
    unsigned long long s = xs_lcg_skip(XS_LCG_SEED, 2 * (unsigned long long)i);
    e = xs_lcg_u01(&s);
    mat = xs_lcg_mat(dist, xs_lcg_u01(&s));
  } else {
    unsigned long long s = (unsigned long long)i * 0x2545f4914f6cdd1dull + 0x51ed2701ull;
    e = ok_proxy_u01(&s);
    mat = ok_proxy_pick_mat(dist, ok_proxy_u01(&s));
  }
  double macro[XS_CHANNELS];
  xs_macro(e, mat, num_nucs, mats, concs, max_nucs, grid, ng, nn, type, egrid, index, rows, macro);
  int best = 0; /* the running maximum, as XSBench's: indexing macro[] by best kept it on the stack (40 B) */
  double top = macro[0];
  for (int k = 1; k < XS_CHANNELS; ++k)
    if (macro[k] > top) top = macro[k], best = k;
  return (unsigned char)(best + 1);
}
#endif
