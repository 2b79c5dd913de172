/* XSBench-like proxy, host OpenMP: the lookups in a parallel for (one lookup per iteration). */
#include "xsbench_data.h"
#include "xsbench_kernel.h"

#include <omp.h>

static void xsbench_host(const struct ok_params *p, struct ok_outcome *o) {
  const struct xs_data *d;
  const long n = xs_setting(p, o, &d);
  unsigned char *out = ok_proxy_lookups_new("xsbench", d, n, o);
  if (!out) return;
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp for schedule(static)
    for (long i = 0; i < n; ++i)
      out[i] = xs_lookup(i, d->lcg, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->grid, d->n_gridpoints,
                         d->n_nuclides, d->grid_type, d->egrid, d->index, d->n_rows);
  }
  o->seconds = ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0; /* no copies on the host */
  o->threads = threads, o->teams = 1;
  ok_proxy_lookups_done(p, out, n, XS_CHANNELS, xs_verify, o);
}
OK_REGISTER(xsbench, host, "host", "host clock around the parallel lookups", xsbench_host)
