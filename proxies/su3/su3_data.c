/* SU3-like proxy: data, host reference and verification (su3_data.h). */
#include "su3_data.h"
#include "su3_kernel.h"

#include <math.h>
#include <stdlib.h>

static struct su3_matrix *a, *ref, b[SU3_LINKS];
static long n_sites;

static void fill(struct su3_matrix *m, long n, unsigned long long seed) {
  float *f = (float *)m;
  for (long i = 0; i < n * 18; ++i) f[i] = (float)(2.0 * ok_proxy_u01(&seed) - 1.0);
}

const struct su3_matrix *su3_data_get(long sites, const struct su3_matrix **bp) {
  *bp = b;
  if (a && n_sites == sites) return a;
  free(a), free(ref);
  n_sites = sites;
  a = malloc((size_t)sites * SU3_LINKS * sizeof *a);
  ref = malloc((size_t)sites * SU3_LINKS * sizeof *ref);
  if (!a || !ref) {
    free(a), free(ref);
    a = ref = NULL;
    return NULL;
  }
  fill(b, SU3_LINKS, 7);
  /* Each block of sites has its own stream: the fill runs on every core. */
#pragma omp parallel for schedule(static)
  for (long s0 = 0; s0 < sites; s0 += 4096)
    fill(a + s0 * SU3_LINKS, (sites - s0 < 4096 ? sites - s0 : 4096) * SU3_LINKS, 1000 + (unsigned long long)s0);
#pragma omp parallel for schedule(static)
  for (long s = 0; s < sites; ++s)
    for (int j = 0; j < SU3_LINKS; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) su3_elem_at(s, j, k, l, a, b, ref);
  return a;
}

void su3_verify(const struct su3_matrix *c, long sites, struct ok_outcome *o) {
  o->size = sites;
  if (!ref || sites != n_sites) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: no host reference for %ld sites", sites);
    return;
  }
  const float *x = (const float *)c, *r = (const float *)ref;
  long n = sites * SU3_LINKS * 18, bad = 0, first = -1;
  double worst = 0;
  for (long i = 0; i < n; ++i) {
    double d = fabs((double)x[i] - (double)r[i]), lim = SU3_TOL * (1.0 + fabs((double)r[i]));
    if (!(d <= lim) && !bad++) first = i;
    if (d > worst) worst = d;
  }
  if (bad)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values off the host reference by more than %g(1+|ref|) (first %ld: %g, want %g)",
                     bad, n, (double)SU3_TOL, first, (double)x[first], (double)r[first]);
  else ok_proxy_verdict(o, 1, "su3: %ld sites x %d links equal the host reference within %g(1+|ref|), max diff %.3g",
                        sites, SU3_LINKS, (double)SU3_TOL, worst);
}
