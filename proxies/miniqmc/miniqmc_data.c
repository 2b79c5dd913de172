/* miniQMC-like proxy: data, host reference and verification (miniqmc_data.h). */
#include "miniqmc_data.h"
#include "miniqmc_kernel.h"

#include <math.h>
#include <stdlib.h>

static double *coefs, w[MQ_SPLINES];

const double *mq_coefs_get(const double **wp) {
  *wp = w;
  if (coefs) return coefs;
  size_t n = (size_t)MQ_G * MQ_G * MQ_G * MQ_SPLINES;
  coefs = malloc(n * sizeof *coefs);
  if (!coefs) return NULL;
  unsigned long long s = 99;
  for (size_t i = 0; i < n; ++i) coefs[i] = 2 * ok_proxy_u01(&s) - 1;
  for (int i = 0; i < MQ_SPLINES; ++i) w[i] = 2 * ok_proxy_u01(&s) - 1;
  return coefs;
}

/* Positions over all steps (docs/proxies.md). Full: 80 steps of 2^16 walkers (one 671 MB VGL
 * buffer), CUDA about 0.1 s on an H200 (0.32 ms for 2^14 positions, linear: an estimate). */
const struct ok_proxy_sizes mq_sizes = {1L << 9, 1L << 11, 1L << 14, 80L << 16};

long mq_walkers(long n) {
  long w = (n + MQ_MIN_STEPS - 1) / MQ_MIN_STEPS;
  return w > MQ_WALKERS_MAX ? MQ_WALKERS_MAX : w < 1 ? 1 : w;
}

/* One position's reference: per VGL component the weighted sum and the sum of |terms|. */
static void ref_one(long ip, void *out) {
  double *r = out, x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4], vgl[MQ_COMP * MQ_SPLINES];
  int cell[3];
  mq_position(ip, x);
  mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
  for (int s = 0; s < MQ_SPLINES; ++s) mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, vgl);
  for (int k = 0; k < MQ_COMP; ++k) {
    double sum = 0, scale = 0;
    for (int s = 0; s < MQ_SPLINES; ++s) sum += w[s] * vgl[k * MQ_SPLINES + s], scale += fabs(w[s] * vgl[k * MQ_SPLINES + s]);
    r[k] = sum, r[MQ_COMP + k] = scale;
  }
}

void mq_verify(const double *sums, long n, struct ok_outcome *o) {
  static struct ok_proxy_ref cache;
  const double *wr;
  const double *ref = mq_coefs_get(&wr) ? ok_proxy_ref_get(&cache, n, 2 * MQ_COMP * sizeof *ref, ref_one) : NULL;
  ok_proxy_this_run()->size = n;
  if (!ref) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory for the reference of %ld positions", n);
    return;
  }
  /* Every sum written: the sums start at 0 and a sum of 256 random terms is never exactly 0. */
  long unwritten = 0, m = ok_proxy_checked(n), bad = 0, first = -1, fi = 0;
  for (long i = 0; i < n * MQ_COMP; ++i) unwritten += !(sums[i] != 0 && isfinite(sums[i]));
  double worst = 0;
  for (long k = 0; k < m; ++k)
    for (int c = 0; c < MQ_COMP; ++c) {
      long i = ok_proxy_sample(n, k) * MQ_COMP + c;
      const double *r = ref + k * 2 * MQ_COMP;
      double rel = fabs(sums[i] - r[c]) / (1.0 + r[MQ_COMP + c]);
      if (!(rel <= MQ_TOL) && !bad++) first = i, fi = k * 2 * MQ_COMP + c;
      if (rel > worst) worst = rel;
    }
  if (unwritten)
    ok_proxy_verdict(o, 0, "miniqmc: %ld of %ld sums not written (0) or not finite", unwritten, n * MQ_COMP);
  else if (bad)
    ok_proxy_verdict(o, 0, "miniqmc: %ld of %ld sums off the host reference by more than %g(1+sum|terms|) (first %ld: %.17g, want %.17g)",
                     bad, m * MQ_COMP, MQ_TOL, first, sums[first], ref[fi]);
  else ok_proxy_verdict(o, 1, "miniqmc: %ld steps x %ld walkers: %ld positions x %d VGL sums written, %ld %s the host reference within %g relative, worst %.3g",
                        (n + mq_walkers(n) - 1) / mq_walkers(n), mq_walkers(n), n, MQ_COMP, m,
                        m == n ? "(all) equal" : "sampled equal", MQ_TOL, worst);
}
