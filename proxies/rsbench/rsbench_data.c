/* RSBench-like proxy: data, host reference and verification (rsbench_data.h). Own generator
 * (splitmix64); the hash is not RSBench's. */
#include "rsbench_data.h"
#include "rsbench_kernel.h"

#include <stdlib.h>
#include <string.h>

static struct rs_data sets[2]; /* small, large */
static int ready[2], cur;       /* cur: the set rs_verify checks against */

static const struct rs_data *make(int large) {
  struct rs_data *d = &sets[large];
  if (ready[large]) return d;
  const long nn = large ? OK_PROXY_NUCLIDES_LARGE : OK_PROXY_NUCLIDES_SMALL;
  d->n_nuclides = nn;
  d->max_nucs = ok_proxy_mat_counts_for(nn, d->num_nucs, d->dist);
  size_t nm = (size_t)OK_PROXY_MATS * (size_t)d->max_nucs;
  d->poles = malloc((size_t)nn * RS_POLES * sizeof *d->poles);
  d->windows = malloc((size_t)nn * RS_WINDOWS * sizeof *d->windows);
  d->k0 = malloc((size_t)nn * RS_L * sizeof *d->k0);
  d->mats = calloc(nm, sizeof *d->mats);
  d->concs = calloc(nm, sizeof *d->concs);
  if (!d->poles || !d->windows || !d->k0 || !d->mats || !d->concs) {
    free(d->poles), free(d->windows), free(d->k0), free(d->mats), free(d->concs);
    return NULL;
  }
  unsigned long long s = 4242;
  const int per = RS_POLES / RS_WINDOWS;
  for (long n = 0; n < nn; ++n) {
    for (int w = 0; w < RS_WINDOWS; ++w) {
      struct rs_window *x = &d->windows[n * RS_WINDOWS + w];
      x->t = ok_proxy_u01(&s), x->a = ok_proxy_u01(&s), x->f = ok_proxy_u01(&s);
      /* RSBench's windows end one pole short of the next window's start (its `end = start +
       * space - 1` with a `p < end` loop), so a lookup evaluates 9 of each window's 10 poles */
      x->start = w * per, x->end = (w + 1) * per - 1;
      /* RSBench's pole distribution: the pole and the residues' real parts uniform in
       * [0, 152.5), their imaginary parts in [0, 1) (the pole's too scaled by 152.5), so a pole
       * is rarely within |z| < 6 of an energy in [0, 1). */
      for (int p = x->start; p < x->end; ++p) {
        struct rs_pole *q = &d->poles[n * RS_POLES + p];
        q->ea_re = RS_POLE_SCALE * ok_proxy_u01(&s), q->ea_im = RS_POLE_SCALE * ok_proxy_u01(&s);
        q->rt_re = RS_POLE_SCALE * ok_proxy_u01(&s), q->rt_im = ok_proxy_u01(&s);
        q->ra_re = RS_POLE_SCALE * ok_proxy_u01(&s), q->ra_im = ok_proxy_u01(&s);
        q->rf_re = RS_POLE_SCALE * ok_proxy_u01(&s), q->rf_im = ok_proxy_u01(&s);
        q->l = (int)(ok_proxy_u01(&s) * RS_L);
      }
    }
    for (int l = 0; l < RS_L; ++l) d->k0[n * RS_L + l] = ok_proxy_u01(&s); /* RSBench: [0, 1) */
  }
  ok_proxy_mat_fill(d->num_nucs, d->max_nucs, nn, &s, d->mats, d->concs);
  ready[large] = 1;
  return d;
}

const struct rs_data *rs_data_get(void) { return make(0); }

long rs_setting(const struct ok_params *p, struct ok_outcome *o, const struct rs_data **d) {
  int pub = ok_proxy_public(p);
  if (p->setting) { /* --setting: a public problem outside --full, at RSBench's lookups or --size's */
    pub = !strcmp(p->setting, "problem=small") ? 0 : !strcmp(p->setting, "problem=large") ? 1 : -2;
    if (pub == -2) {
      *d = NULL, o->error = 1;
      ok_proxy_verdict(o, 0, "rsbench: --setting %s: RSBench's problems are problem=small|large", p->setting);
      return -1;
    }
  }
  cur = pub == 1;
  *d = make(cur);
  const long n = pub < 0 ? ok_proxy_size(p, &rs_sizes) : p->size > 0 ? p->size : RS_PUBLIC_LOOKUPS;
  ok_proxy_this_run()->size = n;
  ok_proxy_this_run()->param = pub < 0 ? NULL : cur ? "setting=public,problem=large" : "setting=public,problem=small";
  return n;
}

/* Sizes in lookups (docs/proxies.md): full: CUDA about 0.1 s on an H200 (3.36 ms at 2^17). */
const struct ok_proxy_sizes rs_sizes = {1L << 12, 1L << 15, 1L << 16, 1L << 22};

static void ref_one(long i, void *out) {
  const struct rs_data *d = &sets[cur];
  *(unsigned char *)out = rs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->poles, d->windows, d->k0);
}

void rs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  static struct ok_proxy_ref ref[2]; /* per data set: small and large runs may share a size */
  ok_proxy_lookup_verify("rsbench", out, n, make(cur) ? ok_proxy_ref_get(&ref[cur], n, 1, ref_one) : NULL, RS_CHANNELS,
                         0, o);
}
