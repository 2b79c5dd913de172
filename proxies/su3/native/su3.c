/* SU3-like proxy, host OpenMP: a parallel for over sites, `iters` sweeps. Built for float and
 * double as the offload forms are (omp_target/su3_omp.h): this file includes itself once with
 * SU3_R f, then goes on with SU3_R d and registers the variant, which runs the run's precision. */
#ifndef SU3_R
#include "su3_data.h"
#include "su3_kernel.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define SU3_CAT_(x, r) x##_##r
#define SU3_CAT(x, r) SU3_CAT_(x, r)
#define SU3_T(x) SU3_CAT(x, SU3_R) /* x_f or x_d */
#define SU3_R f
#include __FILE__ /* the float pass */
#undef SU3_R
#define SU3_R d
#define SU3_OUTER
#endif

static void SU3_T(su3_host)(const struct ok_params *p, struct ok_outcome *o) {
  const struct su3_setting st = su3_setting(p, o);
  const long sites = st.sites;
  if (sites <= 0) return; /* a bad --type: the outcome says so */
  const void *bv;
  const struct SU3_T(su3_site) *a = su3_data_get(&st, &bv);
  const struct SU3_T(su3_matrix) *b = bv;
  struct SU3_T(su3_site) *c = malloc((size_t)sites * sizeof *c);
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
  su3_verify(c, &st, o);
  free(c);
}

#ifdef SU3_OUTER
static void su3_host(const struct ok_params *p, struct ok_outcome *o) {
  struct ok_outcome probe = *o;
  (su3_single(p, &probe) == 1 ? su3_host_f : su3_host_d)(p, o);
}
OK_REGISTER(su3, host, "host", "host clock around the iterations' parallel sweeps", su3_host)
#endif
