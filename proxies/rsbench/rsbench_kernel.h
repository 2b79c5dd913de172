/* RSBench-like lookup, host and device (omp_target includes it inside `declare target`, CUDA
 * compiles it __host__ __device__). */
#ifndef RSBENCH_KERNEL_H
#define RSBENCH_KERNEL_H
#include "rsbench_data.h"

#include <math.h>

struct rs_c {
  double re, im;
};
static inline OK_HD struct rs_c rs_c_mul(struct rs_c a, struct rs_c b) {
  struct rs_c r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return r;
}
static inline OK_HD struct rs_c rs_c_div(struct rs_c a, struct rs_c b) {
  double d = b.re * b.re + b.im * b.im;
  struct rs_c r = {(a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d};
  return r;
}

/* e^x as (1 + x/4096)^4096, twelve squarings: RSBench's approximation inside its Faddeeva series
 * (accurate enough for |x| of a few units, which is all the series gives it). */
static inline OK_HD double rs_exp_approx(double x) {
  double y = 1.0 + x * (1.0 / 4096.0);
  for (int k = 0; k < 12; ++k) y *= y;
  return y;
}
/* e^{i tau z} for tau = 12, with that approximation for the modulus. */
static inline OK_HD struct rs_c rs_e_itz(struct rs_c z) {
  double m = rs_exp_approx(-12.0 * z.im);
  struct rs_c r = {m * cos(12.0 * z.re), m * sin(12.0 * z.re)};
  return r;
}

/* Faddeeva function w(z) = exp(-z^2) erfc(-iz), in RSBench's formulation, so that a lookup costs
 * in each compiler what RSBench's costs (issue 22: the kit's earlier form, a_n from exp at run
 * time, took 74.3 ms in CUDA and 85.0 in omp at RSBench's small setting, this one 59.7 and 104.0;
 * docs/proxies.md "RSBench's CUDA form, measured beside the kit's"). For |z| < 6 the
 * Abrarov-Quine series with tau = 12 and 10 terms,
 *   w = i (1 - e^{i tau z}) / (tau z) + i tau^2/sqrt(pi) z sum_n a_n ((-1)^n e^{i tau z} - 1) / (n^2 pi^2 - tau^2 z^2),
 * a_n = 2 sqrt(pi)/tau exp(-n^2 pi^2/tau^2), with the constants as RSBench tabulates them (7
 * digits) and e^{i tau z} evaluated in every term, as RSBench does: nvcc unrolls the loop and
 * folds the repeats, clang's offload loop keeps them, and that difference is part of what the
 * public omp/CUDA ratio measures (docs/findings/clang-recomputes-repeated-libdevice-trig.md).
 * Beyond |z| = 6, a two-pole rational approximation (RSBench's). */
static inline OK_HD struct rs_c rs_faddeeva(struct rs_c z) {
  const double a[10] = {2.758402e-01, 2.245740e-01, 1.594149e-01, 9.866577e-02, 5.324414e-02,
                        2.505215e-02, 1.027747e-02, 3.676164e-03, 1.146494e-03, 3.117570e-04};
  const double n2pi2[10] = {9.869604e+00, 3.947842e+01, 8.882644e+01, 1.579137e+02, 2.467401e+02,
                            3.553058e+02, 4.836106e+02, 6.316547e+02, 7.994380e+02, 9.869604e+02};
  /* local tables, as RSBench's (they cost a stack copy where the loop stays rolled) */
  if (z.re * z.re + z.im * z.im < 36.0) {
    struct rs_c e = rs_e_itz(z), one_m = {1.0 - e.re, -e.im}, tz = {12.0 * z.re, 12.0 * z.im};
    struct rs_c q = rs_c_div(one_m, tz);
    struct rs_c w = {-q.im, q.re}; /* i (1 - e^{i tau z}) / (tau z) */
    struct rs_c z2 = rs_c_mul(z, z), sum = {0, 0};
    for (int n = 0; n < 10; ++n) {
      struct rs_c en = rs_e_itz(z); /* again in every term: see above */
      double sgn = n % 2 ? 1.0 : -1.0; /* (-1)^(n+1), the table starting at n = 1 */
      struct rs_c num = {sgn * en.re - 1.0, sgn * en.im}, den = {n2pi2[n] - 144.0 * z2.re, -144.0 * z2.im};
      struct rs_c t = rs_c_div(num, den);
      sum.re += a[n] * t.re, sum.im += a[n] * t.im;
    }
    struct rs_c f = rs_c_mul(z, sum); /* times i tau^2/sqrt(pi) = 81.24330 i */
    w.re -= 8.124330e+01 * f.im, w.im += 8.124330e+01 * f.re;
    return w;
  }
  const double a1 = 0.512424224754768462984202823134979415014943561548661637413182,
               b1 = 0.275255128608410950901357962647054304017026259671664935783653,
               c1 = 0.051765358792987823963876628425793170829107067780337219430904,
               d1 = 2.724744871391589049098642037352945695982973740328335064216346;
  struct rs_c z2 = rs_c_mul(z, z), zb = {z2.re - b1, z2.im}, zd = {z2.re - d1, z2.im};
  struct rs_c t1 = rs_c_div((struct rs_c){a1, 0}, zb), t2 = rs_c_div((struct rs_c){c1, 0}, zd);
  struct rs_c s = {t1.re + t2.re, t1.im + t2.im}, zs = rs_c_mul(z, s);
  struct rs_c w = {-zs.im, zs.re}; /* i z (a/(z^2-b) + c/(z^2-d)) */
  return w;
}

/* The phase factors exp(-2 i phi_l), written to a local array by pointer: phi_l = k0_l sqrt(E)
 * with RSBench's hard-sphere phase shifts per l (its l = 1 term adds atan(phi), as RSBench's
 * `phi -= -atan(phi)` does). */
static inline OK_HD void rs_sig_t_factors(double e, const double *k0, struct rs_c *f) {
  for (int l = 0; l < RS_L; ++l) {
    double phi = k0[l] * sqrt(e);
    if (l == 1) phi += atan(phi);
    else if (l == 2) phi -= atan(3.0 * phi / (3.0 - phi * phi));
    else if (l == 3) phi -= atan(phi * (15.0 - phi * phi) / (15.0 - 6.0 * phi * phi));
    f[l].re = cos(2.0 * phi), f[l].im = -sin(2.0 * phi);
  }
}

/* Micro cross sections of one nuclide at energy e: window background plus its poles. */
static inline OK_HD void rs_micro(double e, const struct rs_pole *poles, const struct rs_window *win,
                                  const double *k0, double *xs) {
  struct rs_c sigtf[RS_L];
  rs_sig_t_factors(e, k0, sigtf);
  int w = (int)(e * RS_WINDOWS);
  if (w >= RS_WINDOWS) w = RS_WINDOWS - 1;
  double st = e * win[w].t, sa = e * win[w].a, sf = e * win[w].f;
  for (int p = win[w].start; p < win[w].end; ++p) {
    /* the whole pole first, as RSBench copies it: read through a pointer after the divergent
     * branch of rs_faddeeva, its residues' loads waited there (10 % of CUDA's time) */
    const struct rs_pole q = poles[p];
    struct rs_c z = {(e - q.ea_re) * RS_DOPPLER, -q.ea_im * RS_DOPPLER};
    struct rs_c fd = rs_faddeeva(z);
    struct rs_c rt = {q.rt_re, q.rt_im}, ra = {q.ra_re, q.ra_im}, rf = {q.rf_re, q.rf_im};
    st += rs_c_mul(rs_c_mul(rt, fd), sigtf[q.l]).re;
    sa += rs_c_mul(ra, fd).re;
    sf += rs_c_mul(rf, fd).re;
  }
  xs[0] = st, xs[1] = sa, xs[2] = sf, xs[3] = st - sa;
}

/* Macro cross sections of material mat, accumulated into macro[] over its nuclides. Inline, as
 * RSBench's calculate_macro_xs: kept out of line (OK_NOINLINE, until issue 22's last change) the
 * linked SPMD kernel needed 221 registers and 224 B of stack (clang 19; 109 registers in its
 * translation unit inline), as xs_macro did in XSBench (docs/proxies.md). */
static inline OK_HD void rs_macro(double e, int mat, const int *num_nucs, const int *mats, const double *concs,
                                  int max_nucs, const struct rs_pole *poles, const struct rs_window *windows,
                                  const double *k0, double *macro) {
  for (int k = 0; k < RS_CHANNELS; ++k) macro[k] = 0;
  for (int j = 0; j < num_nucs[mat]; ++j) {
    double xs[RS_CHANNELS];
    long nuc = mats[mat * max_nucs + j];
    rs_micro(e, poles + nuc * RS_POLES, windows + nuc * RS_WINDOWS, k0 + nuc * RS_L, xs);
    for (int k = 0; k < RS_CHANNELS; ++k) macro[k] += xs[k] * concs[mat * max_nucs + j];
  }
}

/* Lookup i: energy and material from i alone; the result is the largest channel + 1. */
static inline OK_HD unsigned char rs_lookup(long i, const double *dist, const int *num_nucs, const int *mats,
                                            const double *concs, int max_nucs, const struct rs_pole *poles,
                                            const struct rs_window *windows, const double *k0) {
  unsigned long long s = (unsigned long long)i * 0x9e3779b97f4a7c15ull + 0x2545f491ull;
  double e = ok_proxy_u01(&s);
  int mat = ok_proxy_pick_mat(dist, ok_proxy_u01(&s));
  double macro[RS_CHANNELS];
  rs_macro(e, mat, num_nucs, mats, concs, max_nucs, poles, windows, k0, macro);
  int best = 0;
  for (int k = 1; k < RS_CHANNELS; ++k)
    if (macro[k] > macro[best]) best = k;
  return (unsigned char)(best + 1);
}
#endif
