/* RSBench-like proxy, host OpenMP: the lookups in a parallel for. */
#include "rsbench_data.h"
#include "rsbench_kernel.h"

#include <omp.h>

static void rsbench_host(const struct ok_params *p, struct ok_outcome *o) {
  const struct rs_data *d;
  const long n = rs_setting(p, o, &d);
  unsigned char *out = ok_proxy_lookups_new("rsbench", d, n, o);
  if (!out) return;
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 256)
    for (long i = 0; i < n; ++i)
      out[i] = rs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->poles, d->windows, d->k0);
  }
  o->seconds = ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0;
  o->threads = threads, o->teams = 1;
  ok_proxy_lookups_done(p, out, n, RS_CHANNELS, rs_verify, o);
}
OK_REGISTER(rsbench, host, "host", "host clock around the parallel lookups", rsbench_host)
