/* SU3-like proxy, host OpenMP: a parallel for over sites, SU3_REPS times. */
#include "../su3_data.h"
#include "../su3_kernel.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

static void su3_host(const struct ok_params *p, struct ok_outcome *o) {
  const long sites = ok_proxy_size(p, &su3_sizes);
  const int reps = su3_reps(sites);
  const struct su3_matrix *b, *a = su3_data_get(sites, &b);
  struct su3_matrix *c = malloc((size_t)sites * SU3_LINKS * sizeof *c);
  if (!a || !c) {
    free(c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return;
  }
  memset(c, 0xff, (size_t)sites * SU3_LINKS * sizeof *c); /* NaN: an unwritten value fails */
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
    for (int rep = 0; rep < reps; ++rep) {
#pragma omp for schedule(static)
      for (long s = 0; s < sites; ++s)
        for (int j = 0; j < SU3_LINKS; ++j)
          for (int k = 0; k < 3; ++k)
            for (int l = 0; l < 3; ++l) su3_elem_at(s, j, k, l, a, b, c);
    }
  }
  o->seconds = ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0;
  if (p->inject_fault) c[0].e[0][0].re += 1.0f;
  o->threads = threads, o->teams = 1;
  o->ops = (double)sites * SU3_LINKS * reps;
  su3_verify(c, sites, o);
  free(c);
}
OK_REGISTER(su3, host, "host", "host clock around SU3_REPS parallel sweeps", su3_host)
