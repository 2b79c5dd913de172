/* XSBench-like proxy: data generation, host reference and verification (xsbench_data.h).
 * The generator is this project's own (splitmix64), not XSBench's 63-bit LCG with its seeds and
 * material tables: the hash does not equal XSBench's (docs/proxies.md). */
#include "xsbench_data.h"
#include "xsbench_kernel.h"

#include <stdlib.h>
#include <string.h>

static int cmp_energy(const void *a, const void *b) {
  double x = ((const struct xs_point *)a)->energy, y = ((const struct xs_point *)b)->energy;
  return (x > y) - (x < y);
}

static struct xs_data xs;
static int xs_ready;

const struct xs_data *xs_data_get(void) {
  if (xs_ready) return &xs;
  xs.n_nuclides = XS_NUCLIDES, xs.n_gridpoints = XS_GRIDPOINTS, xs.max_nucs = ok_proxy_mat_counts(xs.num_nucs, xs.dist);
  size_t np = (size_t)xs.n_nuclides * (size_t)xs.n_gridpoints, nm = (size_t)XS_MATS * (size_t)xs.max_nucs;
  xs.grid = malloc(np * sizeof *xs.grid);
  xs.mats = calloc(nm, sizeof *xs.mats);
  xs.concs = calloc(nm, sizeof *xs.concs);
  if (!xs.grid || !xs.mats || !xs.concs) {
    free(xs.grid), free(xs.mats), free(xs.concs);
    return NULL;
  }
  unsigned long long s = 42;
  for (size_t i = 0; i < np; ++i) {
    xs.grid[i].energy = ok_proxy_u01(&s);
    for (int k = 0; k < XS_CHANNELS; ++k) xs.grid[i].xs[k] = ok_proxy_u01(&s);
  }
  for (long n = 0; n < xs.n_nuclides; ++n)
    qsort(xs.grid + n * xs.n_gridpoints, (size_t)xs.n_gridpoints, sizeof *xs.grid, cmp_energy);
  /* Fuel holds nuclides 0..33 as in XSBench; the other materials draw theirs at random. */
  ok_proxy_mat_fill(xs.num_nucs, xs.max_nucs, xs.n_nuclides, &s, xs.mats, xs.concs);
  xs_ready = 1;
  return &xs;
}

/* Sizes in lookups (docs/proxies.md): host about 0.2 s a run on the 2-core CI host; full: CUDA
 * about 0.1 s on an H200 (1.66 ms at 2^20, linear), 64 MiB of results. */
const struct ok_proxy_sizes xs_sizes = {1L << 13, 1L << 17, 1L << 17, 1L << 26};

static void ref_one(long i, void *out) {
  const struct xs_data *d = &xs;
  *(unsigned char *)out = xs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->grid, d->n_gridpoints);
}

void xs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  static struct ok_proxy_ref ref;
  ok_proxy_lookup_verify("xsbench", out, n, xs_data_get() ? ok_proxy_ref_get(&ref, n, 1, ref_one) : NULL, XS_CHANNELS,
                         o);
}
