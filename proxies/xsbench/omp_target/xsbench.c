/* XSBench-like proxy, OpenMP offload. Data is mapped once per run (end-to-end time), except the
 * acceleration grid's index, mapped once per process and data set (xs_resident); the timed
 * kernel is the target region alone.
 *   spmd     the public offload version's form: target teams distribute parallel for, no clauses
 *   generic  target teams distribute over chunks of lookups, a nested parallel for per chunk:
 *            generic in source, SPMDized by openmp-opt (OMP120) unless that is switched off
 * The local arrays of xs_lookup/xs_macro (macro[], xs[]) have their address taken, but xs_macro
 * is inline (as XSBench's calculate_macro_xs), so they become registers before openmp-opt and are
 * not globalized (no OMP110; with xs_macro out of line they were, until issue 22). */
#include "../xsbench_data.h"
#include "ok_proxy_omp.h"

#pragma omp declare target
#include "../xsbench_kernel.h"
#pragma omp end declare target

#define XS_CHUNK 128 /* lookups per distribute iteration of the generic form */

/* The index of data set d stays mapped from its first run to the end of the process (the large
 * unionized one is 5.7 GB, a second or more a copy; docs/proxies.md): each run's map of it then
 * finds it present and copies nothing. */
static void xs_resident(const struct xs_data *d) {
  static const int *kept[8];
  int k = 0;
  if (!d->index) return;
  for (; k < 8 && kept[k]; ++k)
    if (kept[k] == d->index) return;
  if (k == 8) return; /* more sets than the proxy has: mapped per run */
  const int *idx = d->index;
  const long len = d->n_rows * d->n_nuclides;
#pragma omp target enter data map(to : idx[0:len])
  kept[k] = idx;
}

/* The run's mapping: the data in, the zeroed results out. */
static struct ok_proxy_omp xs_run(const struct xs_data *d, unsigned char *out, long n) {
  const long nm = XS_MATS * d->max_nucs;
  xs_resident(d);
  struct ok_proxy_omp r = {{OK_PROXY_ARRAY(d->grid, d->n_nuclides * d->n_gridpoints), OK_PROXY_ARRAY(d->mats, nm),
                            OK_PROXY_ARRAY(d->concs, nm), OK_PROXY_ARRAY(d->num_nucs, XS_MATS),
                            OK_PROXY_ARRAY(d->dist, XS_MATS)},
                           OK_PROXY_ARRAY(out, n), 5};
  if (d->egrid) r.in[r.nin++] = OK_PROXY_ARRAY(d->egrid, d->n_rows);
  if (d->index) r.in[r.nin++] = OK_PROXY_ARRAY(d->index, d->n_rows * d->n_nuclides);
  return r;
}

static void xsbench_spmd(const struct ok_params *p, struct ok_outcome *o) {
  const struct xs_data *d;
  const long n = xs_setting(p, &d);
  unsigned char *out = ok_proxy_lookups_new("xsbench", d, n, o);
  if (!out) return;
  struct ok_proxy_omp r = xs_run(d, out, n);
  ok_proxy_omp_enter(&r);
  struct ok_proxy_seen *seen = &r.seen; /* a pointer: ok_proxy_omp.h */
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  const double *egrid = d->egrid;
  const int *index = d->index, type = d->grid_type, lcg = d->lcg;
  const long mn = d->max_nucs, ng = d->n_gridpoints, nuc = d->n_nuclides, rows = d->n_rows;
  double k0 = ok_proxy_now();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP110
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams distribute parallel for map(tofrom : seen[0:1])
  for (long i = 0; i < n; ++i) {
    if (i == 0) OK_PROXY_SEEN(*seen);
    out[i] = xs_lookup(i, lcg, dist, nn, mats, concs, mn, grid, ng, nuc, type, egrid, index, rows);
  }
  ok_proxy_omp_exit(&r, ok_proxy_now() - k0, o);
  ok_proxy_lookups_done(p, out, n, XS_CHANNELS, xs_verify, o);
}
OK_REGISTER(xsbench, spmd, "spmd", "host clock around the target region (kernel); e2e adds the mapping",
            xsbench_spmd)

static void xsbench_generic(const struct ok_params *p, struct ok_outcome *o) {
  const struct xs_data *d;
  const long n = xs_setting(p, &d);
  unsigned char *out = ok_proxy_lookups_new("xsbench", d, n, o);
  if (!out) return;
  struct ok_proxy_omp r = xs_run(d, out, n);
  ok_proxy_omp_enter(&r);
  struct ok_proxy_seen *seen = &r.seen; /* a pointer: ok_proxy_omp.h */
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  const double *egrid = d->egrid;
  const int *index = d->index, type = d->grid_type, lcg = d->lcg;
  const long mn = d->max_nucs, ng = d->n_gridpoints, nuc = d->n_nuclides, rows = d->n_rows;
  const long chunks = (n + XS_CHUNK - 1) / XS_CHUNK;
  double k0 = ok_proxy_now();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MODE[target-clang19-nospmd]: Generic
  // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
  // EXPECT-REMARK[target-clang19-nospmd]: OMP131
  // EXPECT-NO-REMARK: OMP110
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-nodeglob]: OMP111
  // EXPECT-REMARK[target-clang19-nodeglob]: OMP112
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP111
#pragma omp target teams distribute map(tofrom : seen[0:1])
  for (long c = 0; c < chunks; ++c) {
    const long end = (c + 1) * XS_CHUNK < n ? (c + 1) * XS_CHUNK : n;
#pragma omp parallel for
    for (long i = c * XS_CHUNK; i < end; ++i) {
      if (i == 0) OK_PROXY_SEEN(*seen);
      out[i] = xs_lookup(i, lcg, dist, nn, mats, concs, mn, grid, ng, nuc, type, egrid, index, rows);
    }
  }
  ok_proxy_omp_exit(&r, ok_proxy_now() - k0, o);
  ok_proxy_lookups_done(p, out, n, XS_CHANNELS, xs_verify, o);
}
OK_REGISTER(xsbench, generic, "generic", "host clock around the target region (kernel); e2e adds the mapping",
            xsbench_generic)
