/* XSBench-like proxy, OpenMP offload, the public offload version's form (spmd): target teams
 * distribute parallel for, no clauses. Data is mapped once per run (end-to-end time), except the
 * acceleration grid's index, mapped once per process and data set (xs_resident); the timed
 * kernel is the target region alone. The local arrays of xs_lookup/xs_macro (macro[], xs[]) have
 * their address taken, but xs_macro is inline (as XSBench's calculate_macro_xs), so they become
 * registers before openmp-opt and are not globalized (no OMP110; with xs_macro out of line they
 * were, until issue 22). The generic form is in its own file (xsbench_omp.h says why). */
#include "xsbench_omp.h"

static void xsbench_spmd(const struct ok_params *p, struct ok_outcome *o) {
  const struct xs_data *d;
  const long n = xs_setting(p, o, &d);
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
