/* miniQMC-like B-spline evaluation, host and device (omp_target includes it inside
 * `declare target`, CUDA compiles it __host__ __device__). */
#ifndef MINIQMC_KERNEL_H
#define MINIQMC_KERNEL_H
#include "miniqmc_data.h"

/* Position ip of the batch: three coordinates in [0, 1) from ip alone. */
static inline OK_HD void mq_position(long ip, double *x) {
  unsigned long long s = (unsigned long long)ip * 0xd1342543de82ef95ull + 17;
  for (int d = 0; d < 3; ++d) x[d] = ok_proxy_u01(&s);
}

/* Cubic B-spline basis at fractional t, with first and second derivatives scaled to the grid. */
static inline OK_HD void mq_basis(double t, double *a, double *da, double *d2a) {
  const double g = MQ_GRID, t2 = t * t, t3 = t2 * t, u = 1.0 - t;
  a[0] = u * u * u / 6.0, a[1] = (3 * t3 - 6 * t2 + 4) / 6.0, a[2] = (-3 * t3 + 3 * t2 + 3 * t + 1) / 6.0, a[3] = t3 / 6.0;
  da[0] = -0.5 * u * u * g, da[1] = (1.5 * t2 - 2 * t) * g, da[2] = (-1.5 * t2 + t + 0.5) * g, da[3] = 0.5 * t2 * g;
  d2a[0] = u * g * g, d2a[1] = (3 * t - 2) * g * g, d2a[2] = (-3 * t + 1) * g * g, d2a[3] = t * g * g;
}

/* The team-level setup: grid cell and the 36 basis weights of position x. */
static inline OK_HD void mq_weights(const double *x, int *cell, double *a, double *b, double *c, double *da, double *db,
                                    double *dc, double *d2a, double *d2b, double *d2c) {
  double f[3];
  for (int d = 0; d < 3; ++d) {
    double s = x[d] * MQ_GRID;
    int i = (int)s;
    if (i > MQ_GRID - 1) i = MQ_GRID - 1;
    cell[d] = i, f[d] = s - i;
  }
  mq_basis(f[0], a, da, d2a);
  mq_basis(f[1], b, db, d2b);
  mq_basis(f[2], c, dc, d2c);
}

/* VGL of orbital s from the weights; out holds MQ_COMP rows of MQ_SPLINES. */
static inline OK_HD void mq_vgl(int s, const int *cell, const double *a, const double *b, const double *c,
                                const double *da, const double *db, const double *dc, const double *d2a,
                                const double *d2b, const double *d2c, const double *coefs, double *out) {
  double v = 0, gx = 0, gy = 0, gz = 0, l = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const double *row = coefs + ((long)((cell[0] + i) * MQ_G + cell[1] + j) * MQ_G + cell[2]) * MQ_SPLINES + s;
      double pv = 0, pdz = 0, pd2z = 0;
      for (int k = 0; k < 4; ++k) {
        double q = row[k * MQ_SPLINES];
        pv += c[k] * q, pdz += dc[k] * q, pd2z += d2c[k] * q;
      }
      v += a[i] * b[j] * pv;
      gx += da[i] * b[j] * pv;
      gy += a[i] * db[j] * pv;
      gz += a[i] * b[j] * pdz;
      l += (d2a[i] * b[j] + a[i] * d2b[j]) * pv + a[i] * b[j] * pd2z;
    }
  out[0 * MQ_SPLINES + s] = v, out[1 * MQ_SPLINES + s] = gx, out[2 * MQ_SPLINES + s] = gy;
  out[3 * MQ_SPLINES + s] = gz, out[4 * MQ_SPLINES + s] = l;
}
#endif
