/* XSBench-like proxy, OpenMP offload. Data is mapped once per run (end-to-end time), the timed
 * kernel is the target region alone.
 *   spmd     the public offload version's form: target teams distribute parallel for, no clauses
 *   generic  target teams distribute over chunks of lookups, a nested parallel for per chunk:
 *            generic in source, SPMDized by openmp-opt (OMP120) unless that is switched off
 * The local arrays of xs_lookup/xs_macro (macro[], xs[]) have their address taken, so clang
 * globalizes them; openmp-opt moves them back to the stack (OMP110). */
#include "../xsbench_data.h"

#include <omp.h>
#include <stdlib.h>

#pragma omp declare target
#include "../xsbench_kernel.h"
#pragma omp end declare target

#define XS_CHUNK 128                 /* lookups per distribute iteration of the generic form */

struct xs_seen {
  int on_device, teams, threads;
};

/* Maps the data and allocates the output on the device; returns the host output buffer. */
static unsigned char *xs_enter(const struct xs_data *d, long n, struct ok_outcome *o) {
  unsigned char *out = calloc((size_t)n, 1); /* zeroed: an unwritten lookup fails */
  if (!d || !out) {
    free(out);
    o->error = 1;
    ok_proxy_verdict(o, 0, "xsbench: out of host memory");
    return NULL;
  }
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  long np = d->n_nuclides * d->n_gridpoints, nm = XS_MATS * d->max_nucs;
#pragma omp target enter data map(to : grid[0:np], mats[0:nm], concs[0:nm], nn[0:XS_MATS], dist[0:XS_MATS]) \
    map(to : out[0:n])
  return out;
}

static void xs_exit(const struct xs_data *d, unsigned char *out, long n, const struct xs_seen *seen,
                    const struct ok_params *p, double kernel_s, double t0, struct ok_outcome *o) {
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  long np = d->n_nuclides * d->n_gridpoints, nm = XS_MATS * d->max_nucs;
#pragma omp target exit data map(from : out[0:n]) \
    map(release : grid[0:np], mats[0:nm], concs[0:nm], nn[0:XS_MATS], dist[0:XS_MATS])
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = kernel_s;
  o->on_device = seen->on_device, o->teams = seen->teams, o->threads = seen->threads;
  if (p->inject_fault) out[0] = (unsigned char)(out[0] % XS_CHANNELS + 1);
  xs_verify(out, n, o);
  free(out);
}

static void xsbench_spmd(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &xs_sizes);
  const struct xs_data *d = xs_data_get();
  double t0 = ok_proxy_now();
  unsigned char *out = xs_enter(d, n, o);
  if (!out) return;
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  const long mn = d->max_nucs, ng = d->n_gridpoints;
  struct xs_seen seen = {0, 0, 0};
  double k0 = ok_proxy_now();
  // EXPECT-MODE: SPMD
  // EXPECT-REMARK: OMP110
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP110
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP110
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams distribute parallel for map(tofrom : seen)
  for (long i = 0; i < n; ++i) {
    if (i == 0) {
      seen.on_device = !omp_is_initial_device();
      seen.teams = omp_get_num_teams();
      seen.threads = omp_get_num_threads();
    }
    out[i] = xs_lookup(i, dist, nn, mats, concs, mn, grid, ng);
  }
  double k1 = ok_proxy_now();
  xs_exit(d, out, n, &seen, p, k1 - k0, t0, o);
}
OK_REGISTER(xsbench, spmd, "spmd", "host clock around the target region (kernel); e2e adds the mapping",
            xsbench_spmd)

static void xsbench_generic(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &xs_sizes);
  const struct xs_data *d = xs_data_get();
  double t0 = ok_proxy_now();
  unsigned char *out = xs_enter(d, n, o);
  if (!out) return;
  const struct xs_point *grid = d->grid;
  const int *mats = d->mats, *nn = d->num_nucs;
  const double *concs = d->concs, *dist = d->dist;
  const long mn = d->max_nucs, ng = d->n_gridpoints, chunks = (n + XS_CHUNK - 1) / XS_CHUNK;
  struct xs_seen seen = {0, 0, 0};
  double k0 = ok_proxy_now();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MODE[target-clang19-nospmd]: Generic
  // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
  // EXPECT-REMARK[target-clang19-nospmd]: OMP131
  // EXPECT-REMARK: OMP110
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP110
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP110
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-nodeglob]: OMP111
  // EXPECT-REMARK[target-clang19-nodeglob]: OMP112
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP111
#pragma omp target teams distribute map(tofrom : seen)
  for (long c = 0; c < chunks; ++c) {
    const long end = (c + 1) * XS_CHUNK < n ? (c + 1) * XS_CHUNK : n;
#pragma omp parallel for
    for (long i = c * XS_CHUNK; i < end; ++i) {
      if (i == 0) {
        seen.on_device = !omp_is_initial_device();
        seen.teams = omp_get_num_teams();
        seen.threads = omp_get_num_threads();
      }
      out[i] = xs_lookup(i, dist, nn, mats, concs, mn, grid, ng);
    }
  }
  double k1 = ok_proxy_now();
  xs_exit(d, out, n, &seen, p, k1 - k0, t0, o);
}
OK_REGISTER(xsbench, generic, "generic", "host clock around the target region (kernel); e2e adds the mapping",
            xsbench_generic)
