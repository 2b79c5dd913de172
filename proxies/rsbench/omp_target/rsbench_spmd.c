/* RSBench-like proxy, OpenMP offload, the public offload version's form: target teams distribute
 * parallel for (rsbench_omp.h). */
#include "rsbench_omp.h"

static void rsbench_spmd(const struct ok_params *p, struct ok_outcome *o) {
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
  double k1 = ok_proxy_now();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP110
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams distribute parallel for map(tofrom : seen[0:1])
  for (long i = 0; i < n; ++i) {
    if (i == 0) OK_PROXY_SEEN(*seen);
    out[i] = rs_lookup(i, dist, nn, mats, concs, mn, poles, windows, k0);
  }
  ok_proxy_omp_exit(&r, ok_proxy_now() - k1, o);
  ok_proxy_lookups_done(p, out, n, RS_CHANNELS, rs_verify, o);
}
OK_REGISTER(rsbench, spmd, "spmd", "host clock around the target region (kernel); e2e adds the mapping",
            rsbench_spmd)
