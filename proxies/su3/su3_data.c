/* SU3-like proxy: settings, data, host reference and verification (su3_data.h). */
#include "su3_data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sites (docs/proxies.md): the full size is su3_bench's default, 32^4 sites (1.34 GB of A and C
 * in double) x 100 iterations: CUDA about 45 ms on an H100; below it 20 launches. */
const struct ok_proxy_sizes su3_sizes = {1L << 12, 1L << 16, 1L << 16, 1L << 20};

int su3_single(const struct ok_params *p, struct ok_outcome *o) {
  if (!p->type) return ok_proxy_public(p) == 0; /* the --full GPU study's float pass */
  if (!strcmp(p->type, "float")) return 1;
  if (!strcmp(p->type, "double")) return 0;
  o->error = 1;
  ok_proxy_verdict(o, 0, "su3: --type %s: the precision is float or double", p->type);
  return -1;
}

struct su3_setting su3_setting(const struct ok_params *p, struct ok_outcome *o) {
  static char param[80];
  struct su3_setting s = {0, 0, 0, NULL};
  s.single = su3_single(p, o);
  if (s.single < 0) return s;
  s.sites = ok_proxy_size(p, &su3_sizes);
  /* The float pass of the --full GPU study runs the comparison size (docs/proxies.md, "Time"). */
  if (!p->type && ok_proxy_public(p) == 0) s.sites = su3_sizes.cmp;
  const int pub = s.sites == (long)SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L;
  s.iters = p->iters_given ? (int)p->iters : pub ? SU3_PUBLIC_ITERS : SU3_REPS; /* --iters: the axis */
  snprintf(param, sizeof param, "%sprecision=%s,iters=%d", pub ? "setting=public," : "", s.single ? "float" : "double",
           s.iters);
  s.param = param;
  ok_proxy_this_run()->size = s.sites, ok_proxy_this_run()->param = param;
  return s;
}

size_t su3_site_bytes(const struct su3_setting *s) {
  return s->single ? sizeof(struct su3_site_f) : sizeof(struct su3_site_d);
}

static struct su3_site_d *a_d;
static struct su3_matrix_d b_d[SU3_LINKS];
static long n_d;
static struct su3_site_f *a_f; /* a_d rounded to float, made when a float run asks */
static struct su3_matrix_f b_f[SU3_LINKS];
static long n_f;

static void fill(struct su3_matrix_d *m, unsigned long long seed) {
  double *f = (double *)m;
  for (int i = 0; i < 18; ++i) f[i] = 2.0 * ok_proxy_u01(&seed) - 1.0;
}

/* Each site's links have their own stream (seeded by the site), so a smaller size is a prefix of
 * a larger one: the sites are made once, for the largest size asked for. */
static const struct su3_site_d *data_d(long sites) {
  if (a_d && sites <= n_d) return a_d;
  free(a_d);
  n_d = sites;
  a_d = aligned_alloc(64, ((size_t)sites * sizeof *a_d + 63) / 64 * 64);
  if (!a_d) return NULL;
  for (int j = 0; j < SU3_LINKS; ++j) fill(&b_d[j], 7 + (unsigned long long)j);
#pragma omp parallel for schedule(static)
  for (long s = 0; s < sites; ++s) {
    struct su3_site_d *x = &a_d[s];
    for (int j = 0; j < SU3_LINKS; ++j) fill(&x->link[j], 1000 + (unsigned long long)s * SU3_LINKS + j);
    x->x = (int)(s % SU3_PUBLIC_L), x->y = (int)(s / SU3_PUBLIC_L % SU3_PUBLIC_L);
    x->z = (int)(s / (SU3_PUBLIC_L * SU3_PUBLIC_L) % SU3_PUBLIC_L), x->t = (int)(s / (SU3_PUBLIC_L * SU3_PUBLIC_L * SU3_PUBLIC_L));
    x->index = (int)s, x->parity = (char)((x->x + x->y + x->z + x->t) % 2 ? 1 : 2);
    memset(x->pad, 0, sizeof x->pad);
  }
  return a_d;
}

static const struct su3_site_f *data_f(long sites) {
  if (a_f && sites <= n_f) return a_f;
  const struct su3_site_d *d = data_d(sites);
  free(a_f);
  n_f = sites;
  a_f = d ? aligned_alloc(64, ((size_t)sites * sizeof *a_f + 63) / 64 * 64) : NULL;
  if (!a_f) return NULL;
  for (int e = 0; e < SU3_LINKS * 18; ++e) ((float *)b_f)[e] = (float)((const double *)b_d)[e];
#pragma omp parallel for schedule(static)
  for (long s = 0; s < sites; ++s) {
    struct su3_site_f *x = &a_f[s];
    memset(x, 0, sizeof *x);
    for (int e = 0; e < SU3_LINKS * 18; ++e) ((float *)x->link)[e] = (float)((const double *)d[s].link)[e];
    x->x = d[s].x, x->y = d[s].y, x->z = d[s].z, x->t = d[s].t, x->index = d[s].index, x->parity = d[s].parity;
  }
  return a_f;
}

const void *su3_data_get(const struct su3_setting *s, const void **b) {
  *b = s->single ? (const void *)b_f : (const void *)b_d;
  return s->single ? (const void *)data_f(s->sites) : (const void *)data_d(s->sites);
}

/* Component e (link, row, column, re/im: 0..71) of site s's links and of the B matrices, in
 * double, from the precision the reference is computed for. */
static int ref_single;
static double a_at(long s, int e) {
  return ref_single ? (double)((const float *)a_f[s].link)[e] : ((const double *)a_d[s].link)[e];
}
static double b_at(int e) { return ref_single ? (double)((const float *)b_f)[e] : ((const double *)b_d)[e]; }

/* One site's 4 products in double (72 values): the same sums as su3_kernel.h. */
static void ref_one(long s, void *out) {
  double *r = out;
  for (int j = 0; j < SU3_LINKS; ++j)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) {
        double re = 0, im = 0;
        for (int m = 0; m < 3; ++m) {
          const int x = ((j * 3 + k) * 3 + m) * 2, y = ((j * 3 + m) * 3 + l) * 2;
          re += a_at(s, x) * b_at(y) - a_at(s, x + 1) * b_at(y + 1);
          im += a_at(s, x) * b_at(y + 1) + a_at(s, x + 1) * b_at(y);
        }
        r[((j * 3 + k) * 3 + l) * 2] = re, r[((j * 3 + k) * 3 + l) * 2 + 1] = im;
      }
}

/* Component e of site s's product links in c, in double. */
static double c_at(const void *c, int single, long s, int e) {
  return single ? (double)((const float *)((const struct su3_site_f *)c)[s].link)[e]
                : ((const double *)((const struct su3_site_d *)c)[s].link)[e];
}

void su3_verify(const void *c, const struct su3_setting *st, struct ok_outcome *o) {
  static struct ok_proxy_ref cache[2]; /* per precision: the full study runs both at one size */
  const long sites = st->sites, per = SU3_LINKS * 18, m = ok_proxy_checked(sites);
  const int sg = st->single;
  const double tol = sg ? SU3_TOL_F : SU3_TOL_D;
  ok_proxy_this_run()->size = sites;
  ref_single = sg;
  const int have = sg ? a_f && sites <= n_f : a_d && sites <= n_d;
  const double *ref = have ? ok_proxy_ref_get(&cache[sg], sites, (size_t)per * sizeof(double), ref_one) : NULL;
  if (!ref) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: no host reference for %ld sites", sites);
    return;
  }
  long unwritten = 0, bad = 0, first = -1, fk = 0, fe = 0;
  double worst = 0;
  for (long s = 0; s < sites; ++s)
    for (int e = 0; e < per; ++e) unwritten += !isfinite(c_at(c, sg, s, e));
  for (long k = 0; k < m; ++k)
    for (int e = 0; e < per; ++e) {
      const double r = ref[k * per + e], d = fabs(c_at(c, sg, ok_proxy_sample(sites, k), e) - r);
      if (!(d <= tol * (1.0 + fabs(r))) && !bad++) first = ok_proxy_sample(sites, k), fk = k, fe = e;
      if (d > worst) worst = d;
    }
  const char *prec = sg ? "float" : "double";
  if (unwritten)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values not written (NaN) or not finite", unwritten, sites * per);
  else if (bad)
    ok_proxy_verdict(o, 0, "su3: %ld of %ld values (%s) off the host reference by more than %g(1+|ref|) (first: site %ld value %ld: %g, want %g)",
                     bad, m * per, prec, tol, first, fe, c_at(c, sg, first, (int)fe), ref[fk * per + fe]);
  else ok_proxy_verdict(o, 1, "su3: %ld sites x %d links (%s) finite, %ld %s the host reference within %g(1+|ref|), max diff %.3g",
                        sites, SU3_LINKS, prec, m, m == sites ? "(all) equal" : "sampled equal", tol, worst);
}
