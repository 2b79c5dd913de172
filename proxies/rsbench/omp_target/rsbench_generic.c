/* RSBench-like proxy, OpenMP offload: teams distribute over chunks of RS_CHUNK lookups + a nested
 * parallel for (SPMDized by openmp-opt; rsbench_omp.h). */
#include "rsbench_omp.h"

#define RS_CHUNK 128 /* lookups per distribute iteration of the generic form */

static void rsbench_generic(const struct ok_params *p, struct ok_outcome *o) {
  const struct rs_data *d;
  const long n = rs_setting(p, o, &d);
  unsigned char *out = ok_proxy_lookups_new("rsbench", d, n, o);
  if (!out) return;
  struct ok_proxy_omp r = rs_run(d, out, n);
  ok_proxy_omp_enter(&r);
  struct ok_proxy_seen *seen = &r.seen; /* a pointer: ok_proxy_omp.h */
  const struct rs_pole *poles = d->poles;
  const struct rs_window *windows = d->windows;
  const double *k0 = d->k0, *concs = d->concs, *dist = d->dist;
  const int *mats = d->mats, *nn = d->num_nucs, mn = d->max_nucs;
  const long chunks = (n + RS_CHUNK - 1) / RS_CHUNK;
  double k1 = ok_proxy_now();
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
    const long end = (c + 1) * RS_CHUNK < n ? (c + 1) * RS_CHUNK : n;
#pragma omp parallel for
    for (long i = c * RS_CHUNK; i < end; ++i) {
      if (i == 0) OK_PROXY_SEEN(*seen);
      out[i] = rs_lookup(i, dist, nn, mats, concs, mn, poles, windows, k0);
    }
  }
  ok_proxy_omp_exit(&r, ok_proxy_now() - k1, o);
  ok_proxy_lookups_done(p, out, n, RS_CHANNELS, rs_verify, o);
}
OK_REGISTER(rsbench, generic, "generic", "host clock around the target region (kernel); e2e adds the mapping",
            rsbench_generic)
