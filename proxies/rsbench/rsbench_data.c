/* RSBench-like proxy: data, host reference and verification (rsbench_data.h). Own generator
 * (splitmix64); the hash is not RSBench's. */
#include "rsbench_data.h"
#include "rsbench_kernel.h"

#include <stdlib.h>

static struct rs_data rs;
static int rs_ready;

const struct rs_data *rs_data_get(void) {
  if (rs_ready) return &rs;
  rs.max_nucs = 0;
  for (int m = 0; m < OK_PROXY_MATS; ++m) {
    rs.num_nucs[m] = ok_proxy_num_nucs[m], rs.dist[m] = ok_proxy_mat_dist[m];
    if (rs.num_nucs[m] > rs.max_nucs) rs.max_nucs = rs.num_nucs[m];
  }
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
  for (int m = 0; m < OK_PROXY_MATS; ++m)
    for (int j = 0; j < rs.num_nucs[m]; ++j) {
      rs.mats[m * rs.max_nucs + j] = m == 0 ? j : (int)(ok_proxy_u01(&s) * RS_NUCLIDES);
      rs.concs[m * rs.max_nucs + j] = ok_proxy_u01(&s);
    }
  rs_ready = 1;
  return &rs;
}

static unsigned char *ref;
static long ref_n;

static const unsigned char *reference(long n) {
  if (ref && ref_n == n) return ref;
  free(ref);
  ref = malloc((size_t)n);
  ref_n = n;
  const struct rs_data *d = rs_data_get();
  if (!ref || !d) return NULL;
#pragma omp parallel for schedule(dynamic, 256)
  for (long i = 0; i < n; ++i)
    ref[i] = rs_lookup(i, d->dist, d->num_nucs, d->mats, d->concs, d->max_nucs, d->poles, d->windows, d->k0);
  return ref;
}

void rs_verify(const unsigned char *out, long n, struct ok_outcome *o) {
  const unsigned char *r = reference(n);
  o->size = n;
  if (!r) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "rsbench: out of host memory for the reference of %ld lookups", n);
    return;
  }
  unsigned long long hash = 0, want = 0;
  long bad = 0, first = -1;
  for (long i = 0; i < n; ++i) {
    hash += out[i], want += r[i];
    if (out[i] != r[i] && !bad++) first = i;
  }
  hash %= 999983, want %= 999983;
  if (bad)
    ok_proxy_verdict(o, 0, "rsbench: %ld of %ld lookups differ from the host reference (first %ld: %d, want %d); hash %llu, want %llu",
                     bad, n, first, out[first], r[first], hash, want);
  else ok_proxy_verdict(o, 1, "rsbench: %ld lookups equal the host reference; hash %llu", n, hash);
}
