/* XSBench-like proxy, OpenMP offload, generic form: target teams distribute over chunks of
 * lookups, a nested parallel for per chunk: generic in source, SPMDized by openmp-opt (OMP120)
 * unless that is switched off. The kit's own sizes only (no public setting: ok_proxy.c). In its
 * own file: xsbench_omp.h says why. */
#include "xsbench_omp.h"

#define XS_CHUNK 128 /* lookups per distribute iteration */

static void xsbench_generic(const struct ok_params *p, struct ok_outcome *o) {
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
