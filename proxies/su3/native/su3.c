/* SU3-like proxy, host OpenMP: a parallel for over sites, `iters` sweeps. */
#include "../su3_data.h"
#include "../su3_kernel.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

static void su3_host(const struct ok_params *p, struct ok_outcome *o) {
  const struct su3_setting st = su3_setting(p, o);
  const long sites = st.sites;
  const struct su3_matrix *b;
  const struct su3_site *a = su3_data_get(sites, &b);
  struct su3_site *c = malloc((size_t)sites * sizeof *c);
  if (!a || !c) {
    free(c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return;
  }
  memset(c, 0xff, (size_t)sites * sizeof *c); /* NaN: an unwritten value fails */
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
    for (int it = 0; it < st.iters; ++it) {
#pragma omp for schedule(static)
      for (long i = 0; i < sites; ++i)
        for (int j = 0; j < SU3_LINKS; ++j)
          for (int k = 0; k < 3; ++k)
            for (int l = 0; l < 3; ++l) SU3_ELEM_AT(i, j, k, l, a, b, c);
    }
  }
  o->seconds = ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0;
  if (p->inject_fault) c[0].link[0].e[0][0].re += 1;
  o->threads = threads, o->teams = 1;
  o->ops = (double)sites * SU3_LINKS * st.iters;
  su3_verify(c, sites, o);
  free(c);
}
OK_REGISTER(su3, host, "host", "host clock around the iterations' parallel sweeps", su3_host)
