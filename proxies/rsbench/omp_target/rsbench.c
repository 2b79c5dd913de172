/* RSBench-like proxy, OpenMP offload (compute-bound: the Faddeeva evaluations).
 *   spmd     the public offload version's form: target teams distribute parallel for
 *   generic  teams distribute over chunks + nested parallel for (SPMDized by openmp-opt)
 * The local arrays (macro[], xs[], the sigT factors) have their address taken: globalized by
 * clang, moved back to the stack by openmp-opt (OMP110). */
#include "../rsbench_data.h"

#include <omp.h>
#include <stdlib.h>

#pragma omp declare target
#include "../rsbench_kernel.h"
#pragma omp end declare target

#define RS_CHUNK 128

struct rs_seen {
  int on_device, teams, threads;
};

static unsigned char *rs_enter(const struct rs_data *d, long n, struct ok_outcome *o) {
  unsigned char *out = calloc((size_t)n, 1); /* zeroed: an unwritten lookup fails */
  if (!d || !out) {
    free(out);
    o->error = 1;
    ok_proxy_verdict(o, 0, "rsbench: out of host memory");
    return NULL;
  }
  const struct rs_pole *poles = d->poles;
  const struct rs_window *windows = d->windows;
  const double *k0 = d->k0, *concs = d->concs, *dist = d->dist;
  const int *mats = d->mats, *nn = d->num_nucs;
  long nm = OK_PROXY_MATS * d->max_nucs;
#pragma omp target enter data map(to : poles[0:RS_NUCLIDES * RS_POLES], windows[0:RS_NUCLIDES * RS_WINDOWS], \
                                      k0[0:RS_NUCLIDES * RS_L], mats[0:nm], concs[0:nm], nn[0:OK_PROXY_MATS],  \
                                      dist[0:OK_PROXY_MATS]) map(to : out[0:n])
  return out;
}

static void rs_exit(const struct rs_data *d, unsigned char *out, long n, const struct rs_seen *seen,
                    const struct ok_params *p, double kernel_s, double t0, struct ok_outcome *o) {
  const struct rs_pole *poles = d->poles;
  const struct rs_window *windows = d->windows;
  const double *k0 = d->k0, *concs = d->concs, *dist = d->dist;
  const int *mats = d->mats, *nn = d->num_nucs;
  long nm = OK_PROXY_MATS * d->max_nucs;
#pragma omp target exit data map(from : out[0:n])                                                              \
    map(release : poles[0:RS_NUCLIDES * RS_POLES], windows[0:RS_NUCLIDES * RS_WINDOWS], k0[0:RS_NUCLIDES * RS_L], \
            mats[0:nm], concs[0:nm], nn[0:OK_PROXY_MATS], dist[0:OK_PROXY_MATS])
  o->e2e_seconds = ok_proxy_now() - t0;
  o->seconds = kernel_s;
  o->on_device = seen->on_device, o->teams = seen->teams, o->threads = seen->threads;
  if (p->inject_fault) out[0] = (unsigned char)(out[0] % RS_CHANNELS + 1);
  rs_verify(out, n, o);
  free(out);
}

static void rsbench_spmd(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &rs_sizes);
  const struct rs_data *d = rs_data_get();
  double t0 = ok_proxy_now();
  unsigned char *out = rs_enter(d, n, o);
  if (!out) return;
  const struct rs_pole *poles = d->poles;
  const struct rs_window *windows = d->windows;
  const double *k0 = d->k0, *concs = d->concs, *dist = d->dist;
  const int *mats = d->mats, *nn = d->num_nucs, mn = d->max_nucs;
  struct rs_seen seen = {0, 0, 0};
  double k1 = ok_proxy_now();
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
    out[i] = rs_lookup(i, dist, nn, mats, concs, mn, poles, windows, k0);
  }
  double k2 = ok_proxy_now();
  rs_exit(d, out, n, &seen, p, k2 - k1, t0, o);
}
OK_REGISTER(rsbench, spmd, "spmd", "host clock around the target region (kernel); e2e adds the mapping",
            rsbench_spmd)

static void rsbench_generic(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &rs_sizes);
  const struct rs_data *d = rs_data_get();
  double t0 = ok_proxy_now();
  unsigned char *out = rs_enter(d, n, o);
  if (!out) return;
  const struct rs_pole *poles = d->poles;
  const struct rs_window *windows = d->windows;
  const double *k0 = d->k0, *concs = d->concs, *dist = d->dist;
  const int *mats = d->mats, *nn = d->num_nucs, mn = d->max_nucs;
  const long chunks = (n + RS_CHUNK - 1) / RS_CHUNK;
  struct rs_seen seen = {0, 0, 0};
  double k1 = ok_proxy_now();
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
    const long end = (c + 1) * RS_CHUNK < n ? (c + 1) * RS_CHUNK : n;
#pragma omp parallel for
    for (long i = c * RS_CHUNK; i < end; ++i) {
      if (i == 0) {
        seen.on_device = !omp_is_initial_device();
        seen.teams = omp_get_num_teams();
        seen.threads = omp_get_num_threads();
      }
      out[i] = rs_lookup(i, dist, nn, mats, concs, mn, poles, windows, k0);
    }
  }
  double k2 = ok_proxy_now();
  rs_exit(d, out, n, &seen, p, k2 - k1, t0, o);
}
OK_REGISTER(rsbench, generic, "generic", "host clock around the target region (kernel); e2e adds the mapping",
            rsbench_generic)
