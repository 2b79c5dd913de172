/* XSBench-like proxy, host OpenMP: the lookups in a parallel for (one lookup per iteration). */
#include "../xsbench_data.h"
#include "../xsbench_kernel.h"

#include <omp.h>
#include <stdlib.h>

static void xsbench_host(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &xs_sizes);
  const struct xs_data *d = xs_data_get();
  unsigned char *out = calloc((size_t)n, 1); /* zeroed: an unwritten lookup fails */
  if (!d || !out) {
    free(out);
    o->error = 1;
    ok_proxy_verdict(o, 0, "xsbench: out of host memory");
    return;
  }
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp for schedule(static)
    for (long i = 0; i < n; ++i)
      out[i] = xs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->grid, d->n_gridpoints);
  }
  o->seconds = o->e2e_seconds = ok_proxy_now() - t0; /* no copies on the host */
  if (p->inject_fault) out[0] = (unsigned char)(out[0] % XS_CHANNELS + 1);
  o->threads = threads, o->teams = 1;
  xs_verify(out, n, o);
  free(out);
}
OK_REGISTER(xsbench, host, "host", "host clock around the parallel lookups", xsbench_host)
