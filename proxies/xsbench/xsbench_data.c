/* XSBench-like proxy: data generation, host reference and verification (xsbench_data.h).
 * The generator is this project's own (splitmix64), not XSBench's LCG: the hash does not equal
 * the one XSBench's README gives (docs/proxies.md). */
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
  xs.n_nuclides = XS_NUCLIDES, xs.n_gridpoints = XS_GRIDPOINTS, xs.max_nucs = 0;
  for (int m = 0; m < XS_MATS; ++m) {
    xs.num_nucs[m] = ok_proxy_num_nucs[m], xs.dist[m] = ok_proxy_mat_dist[m];
    if (ok_proxy_num_nucs[m] > xs.max_nucs) xs.max_nucs = ok_proxy_num_nucs[m];
  }
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
  for (int m = 0; m < XS_MATS; ++m)
    for (int j = 0; j < xs.num_nucs[m]; ++j) {
      xs.mats[m * xs.max_nucs + j] = m == 0 ? j : (int)(ok_proxy_u01(&s) * (double)xs.n_nuclides);
      xs.concs[m * xs.max_nucs + j] = ok_proxy_u01(&s);
    }
  xs_ready = 1;
  return &xs;
}

/* The host reference of the last size asked for (the study asks for one size per process). */
static unsigned char *ref;
static long ref_n;

static const unsigned char *reference(long n) {
  if (ref && ref_n == n) return ref;
  free(ref);
  ref = malloc((size_t)n);
  ref_n = n;
  const struct xs_data *d = xs_data_get();
  if (!ref || !d) return NULL;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i)
    ref[i] = xs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->grid, d->n_gridpoints);
  return ref;
}

void xs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  const unsigned char *r = reference(n);
  if (!r) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "xsbench: out of host memory for the reference of %ld lookups", n);
    return;
  }
  unsigned long long hash = 0, want = 0;
  long bad = 0, first = -1;
  for (long i = 0; i < n; ++i) {
    hash += out[i], want += r[i];
    if (out[i] != r[i] && !bad++) first = i;
  }
  hash %= XS_HASH_MOD, want %= XS_HASH_MOD;
  o->size = n;
  if (bad)
    ok_proxy_verdict(o, 0, "xsbench: %ld of %ld lookups differ from the host reference (first %ld: %d, want %d); hash %llu, want %llu",
                     bad, n, first, out[first], r[first], hash, want);
  else ok_proxy_verdict(o, 1, "xsbench: %ld lookups equal the host reference; hash %llu", n, hash);
}
