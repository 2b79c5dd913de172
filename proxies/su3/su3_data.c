/* SU3-like proxy: settings, data, host reference and verification (su3_data.h). */
#include "su3_data.h"
#include "su3_kernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Sites (docs/proxies.md): the full size is su3_bench's default, 32^4 sites (1.34 GB of A and C
 * in double) x 100 iterations: CUDA about 45 ms on an H100; below it 20 launches. */
const struct ok_proxy_sizes su3_sizes = {1L << 12, 1L << 16, 1L << 16, 1L << 20};

struct su3_setting su3_setting(const struct ok_params *p, struct ok_outcome *o) {
  static char param[64];
  struct su3_setting s;
  s.sites = ok_proxy_size(p, &su3_sizes);
  const int pub = s.sites == (long)SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L;
  s.iters = pub ? SU3_PUBLIC_ITERS : SU3_REPS;
  snprintf(param, sizeof param, "%sprecision=" SU3_PRECISION ",iters=%d", pub ? "setting=public," : "", s.iters);
  s.param = param;
  (void)o; /* the run's size and setting go on its line through the proxies' hooks */
  ok_proxy_this_run()->size = s.sites, ok_proxy_this_run()->param = param;
  return s;
}

static struct su3_site *a;
static struct su3_matrix b[SU3_LINKS];
static long n_sites;

static void fill(struct su3_matrix *m, unsigned long long seed) {
  su3_real *f = (su3_real *)m;
  for (int i = 0; i < 18; ++i) f[i] = (su3_real)(2.0 * ok_proxy_u01(&seed) - 1.0);
}

/* Each site's links have their own stream (seeded by the site), so a smaller size is a prefix of
 * a larger one: the sites are made once, for the largest size asked for. */
const struct su3_site *su3_data_get(long sites, const struct su3_matrix **bp) {
  *bp = b;
  if (a && sites <= n_sites) return a;
  free(a);
  n_sites = sites;
  a = aligned_alloc(64, ((size_t)sites * sizeof *a + 63) / 64 * 64);
  if (!a) return NULL;
  for (int j = 0; j < SU3_LINKS; ++j) fill(&b[j], 7 + (unsigned long long)j);
#pragma omp parallel for schedule(static)
  for (long s = 0; s < sites; ++s) {
    struct su3_site *x = &a[s];
    for (int j = 0; j < SU3_LINKS; ++j) fill(&x->link[j], 1000 + (unsigned long long)s * SU3_LINKS + j);
    x->x = (int)(s % SU3_PUBLIC_L), x->y = (int)(s / SU3_PUBLIC_L % SU3_PUBLIC_L);
    x->z = (int)(s / (SU3_PUBLIC_L * SU3_PUBLIC_L) % SU3_PUBLIC_L), x->t = (int)(s / (SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L));
    x->index = (int)s, x->parity = (char)((x->x + x->y + x->z + x->t) % 2 ? 1 : 2);
    for (int k = 0; k < SU3_PAD; ++k) x->pad[k] = 0;
  }
  return a;
}

static void ref_one(long s, void *out) {
  struct su3_site *c = (struct su3_site *)out - s; /* SU3_ELEM_AT indexes by site */
  for (int j = 0; j < SU3_LINKS; ++j)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) SU3_ELEM_AT(s, j, k, l, a, b, c);
}

void su3_verify(const struct su3_site *c, long sites, struct ok_outcome *o) {
  static struct ok_proxy_ref cache;
  ok_proxy_this_run()->size = sites;
  const struct su3_site *ref = a && sites <= n_sites ? ok_proxy_ref_get(&cache, sites, sizeof *c, ref_one) : NULL;
  if (!ref) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: no host reference for %ld sites", sites);
    return;
  }
  const long per = SU3_LINKS * 18, m = ok_proxy_checked(sites);
  long unwritten = 0, bad = 0, first = -1, fk = 0, fe = 0;
  double worst = 0;
  for (long s = 0; s < sites; ++s) {
    const su3_real *x = (const su3_real *)c[s].link;
    for (long e = 0; e < per; ++e) unwritten += !isfinite(x[e]);
  }
  for (long k = 0; k < m; ++k) {
    const su3_real *x = (const su3_real *)c[ok_proxy_sample(sites, k)].link, *r = (const su3_real *)ref[k].link;
    for (long e = 0; e < per; ++e) {
      double d = fabs((double)x[e] - (double)r[e]), lim = SU3_TOL * (1.0 + fabs((double)r[e]));
      if (!(d <= lim) && !bad++) first = ok_proxy_sample(sites, k), fk = k, fe = e;
      if (d > worst) worst = d;
    }
  }
  if (unwritten)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values not written (NaN) or not finite", unwritten, sites * per);
  else if (bad)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values off the host reference by more than %g(1+|ref|) (first: site %ld value %ld: %g, want %g)",
                     bad, m * per, (double)SU3_TOL, first, fe, (double)((const su3_real *)c[first].link)[fe],
                     (double)((const su3_real *)ref[fk].link)[fe]);
  else ok_proxy_verdict(o, 1, "su3: %ld sites x %d links (" SU3_PRECISION ") finite, %ld %s the host reference within %g(1+|ref|), max diff %.3g",
                        sites, SU3_LINKS, m, m == sites ? "(all) equal" : "sampled equal", (double)SU3_TOL, worst);
}
