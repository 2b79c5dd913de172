/* RSBench-like proxy: data, host reference and verification (rsbench_data.h). Own generator
 * (splitmix64); the hash is not RSBench's. */
#include "rsbench_data.h"
#include "rsbench_kernel.h"

#include <stdlib.h>

static struct rs_data rs;
static int rs_ready;

const struct rs_data *rs_data_get(void) {
  if (rs_ready) return &rs;
  rs.max_nucs = ok_proxy_mat_counts(rs.num_nucs, rs.dist);
  size_t nm = (size_t)OK_PROXY_MATS * (size_t)rs.max_nucs;
  rs.poles = malloc((size_t)RS_NUCLIDES * RS_POLES * sizeof *rs.poles);
  rs.windows = malloc((size_t)RS_NUCLIDES * RS_WINDOWS * sizeof *rs.windows);
  rs.k0 = malloc((size_t)RS_NUCLIDES * RS_L * sizeof *rs.k0);
  rs.mats = calloc(nm, sizeof *rs.mats);
  rs.concs = calloc(nm, sizeof *rs.concs);
  if (!rs.poles || !rs.windows || !rs.k0 || !rs.mats || !rs.concs) {
    free(rs.poles), free(rs.windows), free(rs.k0), free(rs.mats), free(rs.concs);
    return NULL;
  }
  unsigned long long s = 4242;
  const int per = RS_POLES / RS_WINDOWS;
  for (int n = 0; n < RS_NUCLIDES; ++n) {
    for (int w = 0; w < RS_WINDOWS; ++w) {
      struct rs_window *x = &rs.windows[n * RS_WINDOWS + w];
      x->t = ok_proxy_u01(&s), x->a = ok_proxy_u01(&s), x->f = ok_proxy_u01(&s);
      x->start = w * per, x->end = (w + 1) * per;
      /* Poles sit in or near their window's energy range. */
      for (int p = x->start; p < x->end; ++p) {
        struct rs_pole *q = &rs.poles[n * RS_POLES + p];
        q->ea_re = ((double)w + ok_proxy_u01(&s)) / RS_WINDOWS;
        q->ea_im = 0.001 + 0.05 * ok_proxy_u01(&s);
        q->rt_re = 2 * ok_proxy_u01(&s) - 1, q->rt_im = 2 * ok_proxy_u01(&s) - 1;
        q->ra_re = 2 * ok_proxy_u01(&s) - 1, q->ra_im = 2 * ok_proxy_u01(&s) - 1;
        q->rf_re = 2 * ok_proxy_u01(&s) - 1, q->rf_im = 2 * ok_proxy_u01(&s) - 1;
        q->l = (int)(ok_proxy_u01(&s) * RS_L);
      }
    }
    for (int l = 0; l < RS_L; ++l) rs.k0[n * RS_L + l] = 1.0 + 10.0 * ok_proxy_u01(&s);
  }
  ok_proxy_mat_fill(rs.num_nucs, rs.max_nucs, RS_NUCLIDES, &s, rs.mats, rs.concs);
  rs_ready = 1;
  return &rs;
}

/* Sizes in lookups (docs/proxies.md): full: CUDA about 0.1 s on an H200 (3.36 ms at 2^17). */
const struct ok_proxy_sizes rs_sizes = {1L << 12, 1L << 15, 1L << 16, 1L << 22};

static void ref_one(long i, void *out) {
  const struct rs_data *d = &rs;
  *(unsigned char *)out = rs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->poles, d->windows, d->k0);
}

void rs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  static struct ok_proxy_ref ref;
  ok_proxy_lookup_verify("rsbench", out, n, rs_data_get() ? ok_proxy_ref_get(&ref, n, 1, ref_one) : NULL, RS_CHANNELS,
                         o);
}
