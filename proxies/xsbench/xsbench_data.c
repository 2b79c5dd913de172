/* XSBench-like proxy: data generation, host reference and verification (xsbench_data.h).
 * The public settings' data are XSBench's own: its 63-bit LCG from its seeds (42 for the grid,
 * 1070^2 for the concentrations) and its material lists, so a run's hash must equal XSBench's
 * published checksum (xs_sets). The proxy's own sizes keep this project's generator (splitmix64,
 * random non-fuel lists), so they compare with every earlier run. The grids' construction follows
 * XSBench's definitions (the union of every nuclide's energies with one index row each;
 * XS_HASH_BINS equal bins of [0, 1)), built in parallel on the host. */
#include "xsbench_data.h"
#include "xsbench_kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_energy(const void *a, const void *b) {
  double x = ((const struct xs_point *)a)->energy, y = ((const struct xs_point *)b)->energy;
  return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The nuclide grid and the materials: XSBench's (xsbench != 0: its LCG, seeds and lists), or this
 * project's (splitmix64 from 42: the small problem's are those of every earlier run). */
static int make_nuclides(struct xs_data *d, long nn, long ng, int xsbench) {
  d->n_nuclides = nn, d->n_gridpoints = ng, d->max_nucs = ok_proxy_mat_counts_for(nn, d->num_nucs, d->dist);
  size_t np = (size_t)nn * (size_t)ng, nm = (size_t)XS_MATS * (size_t)d->max_nucs;
  d->grid = malloc(np * sizeof *d->grid);
  d->mats = calloc(nm, sizeof *d->mats);
  d->concs = calloc(nm, sizeof *d->concs);
  if (!d->grid || !d->mats || !d->concs) return -1;
  unsigned long long s = 42; /* both generators' seed */
  for (size_t i = 0; i < np; ++i) { /* XSBench draws a point's energy, then its five channels */
    d->grid[i].energy = xsbench ? xs_lcg_u01(&s) : ok_proxy_u01(&s);
    for (int k = 0; k < XS_CHANNELS; ++k) d->grid[i].xs[k] = xsbench ? xs_lcg_u01(&s) : ok_proxy_u01(&s);
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (long n = 0; n < nn; ++n) qsort(d->grid + n * ng, (size_t)ng, sizeof *d->grid, cmp_energy);
  if (!xsbench) { /* fuel: nuclides 0..33 (small) or 0..320 (large); the others draw theirs at random */
    ok_proxy_mat_fill(d->num_nucs, d->max_nucs, nn, &s, d->mats, d->concs);
    return 0;
  }
  ok_proxy_mat_lists(nn, d->max_nucs, d->mats);
  s = XS_LCG_SEED * XS_LCG_SEED;
  for (int m = 0; m < XS_MATS; ++m)
    for (int j = 0; j < d->num_nucs[m]; ++j) d->concs[m * d->max_nucs + j] = xs_lcg_u01(&s);
  return 0;
}

/* Each nuclide's last point at or below e (-1: none), by binary search. */
static long last_at_or_below(const struct xs_point *g, long ng, double e) {
  return e < g[0].energy ? -1 : e >= g[ng - 1].energy ? ng - 1 : xs_search(e, g, 0, ng - 1);
}

/* Rows r0..r1-1 of the index (row energies ascending): the first row by binary search, then each
 * nuclide's position walked up, so a row costs about one step per nuclide. Written whole, row
 * after row (the large unionized index is 5.7 GB: first touch and contiguous stores on every core). */
static int index_rows(struct xs_data *d, long r0, long r1, long bins) {
  const long nn = d->n_nuclides, ng = d->n_gridpoints;
  long *lo = malloc((size_t)nn * sizeof *lo);
  if (!lo) return -1;
  for (long r = r0; r < r1; ++r) {
    const double er = d->egrid ? d->egrid[r] : (double)r * (1.0 / (double)bins);
    int *row = d->index + r * nn;
    for (long n = 0; n < nn; ++n) {
      const struct xs_point *g = d->grid + n * ng;
      if (r == r0) lo[n] = last_at_or_below(g, ng, er);
      else
        while (lo[n] + 1 < ng && g[lo[n] + 1].energy <= er) ++lo[n];
      row[n] = (int)(lo[n] < 0 ? 0 : lo[n] > ng - 2 ? ng - 2 : lo[n]);
    }
  }
  free(lo);
  return 0;
}

static int make_index(struct xs_data *d, int type, long bins) {
  const long nn = d->n_nuclides, ng = d->n_gridpoints;
  d->grid_type = type;
  if (type == XS_GRID_NUCLIDE) return 0;
  d->n_rows = type == XS_GRID_UNIONIZED ? nn * ng : bins;
  d->index = malloc((size_t)d->n_rows * (size_t)nn * sizeof *d->index);
  if (!d->index) return -1;
  if (type == XS_GRID_UNIONIZED) {
    d->egrid = malloc((size_t)d->n_rows * sizeof *d->egrid);
    if (!d->egrid) return -1;
    for (long i = 0; i < d->n_rows; ++i) d->egrid[i] = d->grid[i].energy;
    qsort(d->egrid, (size_t)d->n_rows, sizeof *d->egrid, cmp_double);
  }
  const long chunks = d->n_rows < 4096 ? d->n_rows : 4096;
  int fail = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : fail)
  for (long c = 0; c < chunks; ++c) fail |= index_rows(d, d->n_rows * c / chunks, d->n_rows * (c + 1) / chunks, bins);
  return fail ? -1 : 0;
}

int xs_data_build(struct xs_data *d, long n_nuclides, long n_gridpoints, int grid_type, long bins, int xsbench) {
  memset(d, 0, sizeof *d);
  if (make_nuclides(d, n_nuclides, n_gridpoints, xsbench) || make_index(d, grid_type, bins)) {
    xs_data_free(d);
    return -1;
  }
  d->lcg = xsbench;
  return 0;
}

void xs_data_free(struct xs_data *d) {
  free(d->grid), free(d->mats), free(d->concs), free(d->egrid), free(d->index);
  memset(d, 0, sizeof *d);
}

/* The data sets a process may use: the small problem's nuclide grid with this project's data (the
 * proxy's own sizes), and XSBench's six problems with its data, each built on first use and kept
 * (a pass runs 6 times). pass: which public pass of a --full GPU study runs it (ok_proxy_public;
 * the three with a public figure, -1: only --setting runs it). hash: XSBench's published checksum
 * at its 17 x 10^6 lookups (small 945990, large 952131; its io.c, event mode). */
#define XS_PREFIX "setting=public,"
static const struct {
  long nuclides;
  int type, pass;
  unsigned long long hash;
  const char *param;
} xs_sets[] = {{OK_PROXY_NUCLIDES_SMALL, XS_GRID_NUCLIDE, -1, 0, NULL},
               {OK_PROXY_NUCLIDES_SMALL, XS_GRID_UNIONIZED, 0, 945990, XS_PREFIX "problem=small,grid=unionized"},
               {OK_PROXY_NUCLIDES_LARGE, XS_GRID_UNIONIZED, 1, 952131, XS_PREFIX "problem=large,grid=unionized"},
               {OK_PROXY_NUCLIDES_LARGE, XS_GRID_HASH, 2, 952131, XS_PREFIX "problem=large,grid=hash"},
               {OK_PROXY_NUCLIDES_SMALL, XS_GRID_NUCLIDE, -1, 945990, XS_PREFIX "problem=small,grid=nuclide"},
               {OK_PROXY_NUCLIDES_SMALL, XS_GRID_HASH, -1, 945990, XS_PREFIX "problem=small,grid=hash"},
               {OK_PROXY_NUCLIDES_LARGE, XS_GRID_NUCLIDE, -1, 952131, XS_PREFIX "problem=large,grid=nuclide"}};
#define XS_SETS ((int)(sizeof xs_sets / sizeof xs_sets[0]))
enum { XS_OWN };
static struct xs_data sets[XS_SETS];
static int ready[XS_SETS], cur;      /* cur: the set xs_verify checks against */
static unsigned long long cur_want; /* and the checksum its hash must equal (0: none) */

const char *xs_public_param(int k) {
  for (int s = 0; s < XS_SETS; ++s)
    if (k >= 0 && xs_sets[s].pass == k) return xs_sets[s].param;
  return NULL;
}

static const struct xs_data *get_set(int k) {
  if (ready[k]) return &sets[k];
  const double t0 = ok_proxy_now();
  if (xs_data_build(&sets[k], xs_sets[k].nuclides, XS_GRIDPOINTS, xs_sets[k].type, XS_HASH_BINS, k != XS_OWN))
    return NULL;
  ready[k] = 1;
  const struct xs_data *d = &sets[k];
  if (k != XS_OWN) /* the set-up cost of a public setting, once per process (docs/proxies.md "Time") */
    fprintf(stderr, "xsbench: %s: data built in %.2f s (grid %.1f MB, index %.1f MB)\n", xs_sets[k].param,
            ok_proxy_now() - t0, (double)d->n_nuclides * (double)d->n_gridpoints * sizeof *d->grid / 1e6,
            (double)d->n_rows * ((double)d->n_nuclides * sizeof *d->index + (d->egrid ? sizeof *d->egrid : 0)) / 1e6);
  return d;
}

/* The set a run uses: --setting's, else the public pass's, else the proxy's own; -1: --setting
 * names no problem of XSBench's. */
static int which_set(const struct ok_params *p) {
  if (p->setting) {
    for (int s = 1; s < XS_SETS; ++s)
      if (!strcmp(p->setting, xs_sets[s].param + strlen(XS_PREFIX))) return s;
    return -1;
  }
  const int pub = ok_proxy_public(p);
  for (int s = 1; s < XS_SETS; ++s)
    if (pub >= 0 && xs_sets[s].pass == pub) return s;
  return XS_OWN;
}

long xs_setting(const struct ok_params *p, struct ok_outcome *o, const struct xs_data **d) {
  const int k = which_set(p);
  *d = NULL;
  if (k < 0) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "xsbench: --setting %s: XSBench's problems are problem=small|large,grid=nuclide|unionized|hash",
                     p->setting);
    return -1;
  }
  cur = k;
  *d = get_set(cur);
  /* the lookup count is an axis of the public problems too (--size), XSBench's default without it */
  const long n = cur == XS_OWN ? ok_proxy_size(p, &xs_sizes) : p->size > 0 ? p->size : XS_PUBLIC_LOOKUPS;
  cur_want = n == XS_PUBLIC_LOOKUPS ? xs_sets[cur].hash : 0;
  ok_proxy_this_run()->size = n;
  ok_proxy_this_run()->param = xs_sets[cur].param;
  return n;
}

/* Sizes in lookups (docs/proxies.md): host about 0.2 s a run on the 2-core CI host; full: CUDA
 * about 0.1 s on an H200 (1.66 ms at 2^20, linear), 64 MiB of results. */
const struct ok_proxy_sizes xs_sizes = {1L << 13, 1L << 17, 1L << 17, 1L << 26};

unsigned char xs_lookup_host(const struct xs_data *d, long i) {
  return xs_lookup(i, d->lcg, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->grid, d->n_gridpoints, d->n_nuclides,
                   d->grid_type, d->egrid, d->index, d->n_rows);
}

static void ref_one(long i, void *out) { *(unsigned char *)out = xs_lookup_host(&sets[cur], i); }

void xs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  static struct ok_proxy_ref ref[XS_SETS]; /* per data set: two sets may share a size */
  const double t0 = ok_proxy_now();
  const void *r = get_set(cur) ? ok_proxy_ref_get(&ref[cur], n, 1, ref_one) : NULL;
  const double t1 = ok_proxy_now();
  ok_proxy_lookup_verify("xsbench", out, n, r, XS_CHANNELS, cur_want, o);
  if (cur != XS_OWN) /* a public setting's per-run cost beside its kernel and e2e times */
    fprintf(stderr, "xsbench: %s: reference %.3f s, check %.3f s\n", xs_sets[cur].param, t1 - t0, ok_proxy_now() - t1);
}
