/* miniQMC-like proxy: data, host reference and verification (miniqmc_data.h). */
#include "miniqmc_data.h"
#include "miniqmc_kernel.h"

#include <math.h>
#include <stdlib.h>

static double *coefs, w[MQ_SPLINES];
static double *ref, *ref_scale;
static long ref_n;

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

static int reference(long n) {
  if (ref && ref_n == n) return 0;
  free(ref), free(ref_scale);
  ref = malloc((size_t)n * MQ_COMP * sizeof *ref);
  ref_scale = malloc((size_t)n * MQ_COMP * sizeof *ref_scale);
  ref_n = n;
  const double *wr, *cf = mq_coefs_get(&wr);
  if (!ref || !ref_scale || !cf) return -1;
#pragma omp parallel for schedule(static)
  for (long ip = 0; ip < n; ++ip) {
    double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4], vgl[MQ_COMP * MQ_SPLINES];
    int cell[3];
    mq_position(ip, x);
    mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
    for (int s = 0; s < MQ_SPLINES; ++s) mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, cf, vgl);
    for (int k = 0; k < MQ_COMP; ++k) {
      double sum = 0, scale = 0;
      for (int s = 0; s < MQ_SPLINES; ++s) sum += wr[s] * vgl[k * MQ_SPLINES + s], scale += fabs(wr[s] * vgl[k * MQ_SPLINES + s]);
      ref[ip * MQ_COMP + k] = sum, ref_scale[ip * MQ_COMP + k] = scale;
    }
  }
  return 0;
}

void mq_verify(const double *sums, long n, struct ok_outcome *o) {
  o->size = n;
  if (reference(n)) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory for the reference of %ld positions", n);
    return;
  }
  long bad = 0, first = -1;
  double worst = 0;
  for (long i = 0; i < n * MQ_COMP; ++i) {
    double d = fabs(sums[i] - ref[i]), rel = d / (1.0 + ref_scale[i]);
    if (!(rel <= MQ_TOL) && !bad++) first = i;
    if (rel > worst) worst = rel;
  }
  if (bad)
    ok_proxy_verdict(o, 0, "miniqmc: %ld of %ld sums off the host reference by more than %g(1+sum|terms|) (first %ld: %.17g, want %.17g)",
                     bad, n * MQ_COMP, MQ_TOL, first, sums[first], ref[first]);
  else ok_proxy_verdict(o, 1, "miniqmc: %ld positions x %d VGL sums equal the host reference within %g relative, worst %.3g",
                        n, MQ_COMP, MQ_TOL, worst);
}
