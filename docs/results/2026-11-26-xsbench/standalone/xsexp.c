/* Which differences from XSBench's OpenMP form move the kit's omp kernel time (issue 22). */
#include "xsbench_data.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#pragma omp declare target
#include "xsbench_kernel.h"
#pragma omp end declare target
int ok_model_needs_gpu(void) { return 1; }

#define ARGS dist, nn, mats, concs, mn, grid, ng, nuc, type, egrid, index, rows
#define DECL                                                                                              \
  const double *dist = d->dist, *concs = d->concs, *egrid = d->egrid;                                    \
  const int *nn = d->num_nucs, *mats = d->mats, *index = d->index, type = d->grid_type;                   \
  const struct xs_point *grid = d->grid;                                                                  \
  const long mn = d->max_nucs, ng = d->n_gridpoints, nuc = d->n_nuclides, rows = d->n_rows;

static double kit(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* the kit's spmd */
  DECL double t = omp_get_wtime();
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i) out[i] = xs_lookup(i, lcg, ARGS);
  return omp_get_wtime() - t;
}
static int seen[3];
static double kit_seen(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* the kit's, with its seen */
  DECL double t = omp_get_wtime(); int *sn = seen;
#pragma omp target teams distribute parallel for map(tofrom : sn[0:3])
  for (long i = 0; i < n; ++i) {
    if (i == 0) sn[0] = !omp_is_initial_device(), sn[1] = omp_get_num_teams(), sn[2] = omp_get_num_threads();
    out[i] = xs_lookup(i, lcg, ARGS);
  }
  return omp_get_wtime() - t;
}
static double lcg_only(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* sampler constant */
  DECL double t = omp_get_wtime(); (void)lcg;
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i) out[i] = xs_lookup(i, 1, ARGS);
  return omp_get_wtime() - t;
}
static double int_index(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* int i */
  DECL double t = omp_get_wtime(); const int m = (int)n;
#pragma omp target teams distribute parallel for
  for (int i = 0; i < m; ++i) out[i] = xs_lookup(i, lcg, ARGS);
  return omp_get_wtime() - t;
}
static unsigned long long vsum;
static double reduce(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* XSBench: int i, reduction */
  DECL double t = omp_get_wtime(); const int m = (int)n; unsigned long long v = 0; (void)out;
#pragma omp target teams distribute parallel for reduction(+ : v)
  for (int i = 0; i < m; ++i) v += xs_lookup(i, lcg, ARGS);
  vsum = v;
  return omp_get_wtime() - t;
}
static double cuda_shape(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* CUDA's launch */
  DECL double t = omp_get_wtime(); const int teams = (int)((n + 255) / 256);
#pragma omp target teams distribute parallel for num_teams(teams) thread_limit(256)
  for (long i = 0; i < n; ++i) out[i] = xs_lookup(i, lcg, ARGS);
  return omp_get_wtime() - t;
}
static double tl256(const struct xs_data *d, long n, unsigned char *out, int lcg) { /* 256 threads, default teams */
  DECL double t = omp_get_wtime();
#pragma omp target teams distribute parallel for thread_limit(256)
  for (long i = 0; i < n; ++i) out[i] = xs_lookup(i, lcg, ARGS);
  return omp_get_wtime() - t;
}

typedef double (*form)(const struct xs_data *, long, unsigned char *, int);
int main(void) {
  const long n = XS_PUBLIC_LOOKUPS;
  const struct { long nn; int type; const char *name; } set[] = {
      {68, XS_GRID_UNIONIZED, "small unionized"}, {355, XS_GRID_UNIONIZED, "large unionized"}, {355, XS_GRID_HASH, "large hash"}};
  const struct { form f; const char *name; } forms[] = {{kit, "kit spmd (no seen)"}, {kit_seen, "kit spmd with its seen (the bench's)"}, {lcg_only, "sampler constant"},
      {int_index, "int index"}, {reduce, "int index + reduction (XSBench)"}, {cuda_shape, "num_teams(n/256) thread_limit(256)"},
      {tl256, "thread_limit(256)"}};
  unsigned char *out = calloc((size_t)n, 1), *ref = calloc((size_t)n, 1);
  for (int s = 0; s < 3; ++s) {
    struct xs_data dd, *d = &dd;
    if (xs_data_build(d, set[s].nn, XS_GRIDPOINTS, set[s].type, XS_HASH_BINS)) return 1;
    d->lcg = 1;
    const long np = d->n_nuclides * d->n_gridpoints, nm = XS_MATS * d->max_nucs, ni = d->n_rows * d->n_nuclides,
               ne = d->egrid ? d->n_rows : 0;
    struct xs_point *g = d->grid; double *e = d->egrid ? d->egrid : d->dist, *c = d->concs, *di = d->dist;
    int *ix = d->index, *m = d->mats, *k = d->num_nucs;
#pragma omp target enter data map(to : g[0:np], e[0:(ne ? ne : XS_MATS)], c[0:nm], di[0:XS_MATS], ix[0:ni], m[0:nm], k[0:XS_MATS], out[0:n])
    for (int f = 0; f < 7; ++f) {
      double t[4];
      for (int r = 0; r < 4; ++r) t[r] = forms[f].f(d, n, out, 1);
#pragma omp target update from(out[0:n])
      unsigned long long sum = 0; long diff = 0;
      for (long i = 0; i < n; ++i) sum += out[i], diff += f && out[i] != ref[i];
      if (!f) for (long i = 0; i < n; ++i) ref[i] = out[i];
      if (f == 4) sum = vsum, diff = -1;
      double best = t[1] < t[2] ? t[1] : t[2]; best = best < t[3] ? best : t[3];
      double med = t[1] + t[2] + t[3] - best - (t[1] > t[2] ? (t[1] > t[3] ? t[1] : t[3]) : (t[2] > t[3] ? t[2] : t[3]));
      printf("%-16s %-38s median %.2f ms (min %.2f) sum %llu differ %ld\n", set[s].name, forms[f].name, med * 1e3, best * 1e3, sum, diff);
      fflush(stdout);
#pragma omp target update to(out[0:n])
    }
#pragma omp target exit data map(delete : g[0:np], e[0:(ne ? ne : XS_MATS)], c[0:nm], di[0:XS_MATS], ix[0:ni], m[0:nm], k[0:XS_MATS], out[0:n])
    xs_data_free(d);
  }
  return 0;
}
