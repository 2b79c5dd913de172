/* SU3-like proxy: data, host reference and verification (su3_data.h). */
#include "su3_data.h"
#include "su3_kernel.h"

#include <math.h>
#include <stdlib.h>

/* Sites (docs/proxies.md): full 2^19 sites (302 MB of A and C) x 1064 launches: CUDA about
 * 0.1 s on an H200 (1.88 ms for 20 launches); the comparison size stays at 20 launches. */
const struct ok_proxy_sizes su3_sizes = {1L << 12, 1L << 16, 1L << 16, 1L << 19};

int su3_reps(long sites) { return sites >= su3_sizes.full ? SU3_FULL_REPS : SU3_REPS; }

static struct su3_matrix *a, b[SU3_LINKS];
static long n_sites;

static void fill(struct su3_matrix *m, long n, unsigned long long seed) {
  float *f = (float *)m;
  for (long i = 0; i < n * 18; ++i) f[i] = (float)(2.0 * ok_proxy_u01(&seed) - 1.0);
}

/* Each block of 4096 sites has its own stream, so a smaller size is a prefix of a larger one:
 * the links are made once, for the largest size asked for. */
const struct su3_matrix *su3_data_get(long sites, const struct su3_matrix **bp) {
  *bp = b;
  if (a && sites <= n_sites) return a;
  free(a);
  n_sites = sites;
  a = malloc((size_t)sites * SU3_LINKS * sizeof *a);
  if (!a) return NULL;
  fill(b, SU3_LINKS, 7);
#pragma omp parallel for schedule(static)
  for (long s0 = 0; s0 < sites; s0 += 4096)
    fill(a + s0 * SU3_LINKS, (sites - s0 < 4096 ? sites - s0 : 4096) * SU3_LINKS, 1000 + (unsigned long long)s0);
  return a;
}

static void ref_one(long s, void *out) {
  struct su3_matrix *c = (struct su3_matrix *)out - s * SU3_LINKS; /* su3_elem_at indexes by site */
  for (int j = 0; j < SU3_LINKS; ++j)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) su3_elem_at(s, j, k, l, a, b, c);
}

void su3_verify(const struct su3_matrix *c, long sites, struct ok_outcome *o) {
  static struct ok_proxy_ref cache;
  ok_proxy_this_run()->size = sites;
  const struct su3_matrix *ref = a && sites <= n_sites ? ok_proxy_ref_get(&cache, sites, sizeof *c * SU3_LINKS, ref_one) : NULL;
  if (!ref) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: no host reference for %ld sites", sites);
    return;
  }
  const float *x = (const float *)c, *r = (const float *)ref;
  const long per = SU3_LINKS * 18, n = sites * per, m = ok_proxy_checked(sites);
  long unwritten = 0, bad = 0, first = -1, fi = 0;
  double worst = 0;
  for (long i = 0; i < n; ++i) unwritten += !isfinite(x[i]);
  for (long k = 0; k < m; ++k)
    for (long e = 0; e < per; ++e) {
      long i = ok_proxy_sample(sites, k) * per + e;
      double d = fabs((double)x[i] - (double)r[k * per + e]), lim = SU3_TOL * (1.0 + fabs((double)r[k * per + e]));
      if (!(d <= lim) && !bad++) first = i, fi = k * per + e;
      if (d > worst) worst = d;
    }
  if (unwritten)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values not written (NaN) or not finite", unwritten, n);
  else if (bad)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values off the host reference by more than %g(1+|ref|) (first %ld: %g, want %g)",
                     bad, m * per, (double)SU3_TOL, first, (double)x[first], (double)r[fi]);
  else ok_proxy_verdict(o, 1, "su3: %ld sites x %d links finite, %ld %s the host reference within %g(1+|ref|), max diff %.3g",
                        sites, SU3_LINKS, m, m == sites ? "(all) equal" : "sampled equal", (double)SU3_TOL, worst);
}
