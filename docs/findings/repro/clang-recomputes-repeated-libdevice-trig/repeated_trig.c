/* RSBench's Faddeeva series reduced: e^{i tau z}'s cos and sin evaluated before a 10-term loop and
 * again in every term with the same argument (RSBench writes it so). nvcc computes them once;
 * clang's offload build evaluates them again in every term (docs/findings/<this folder>.md).
 * -DHOISTED reuses the first evaluation by hand. Usage: repeated_trig [n [span]]: prints the kernel time
 * (median of 9 after a warm-up) and exits 1 when a result differs from the host's by more than
 * 1e-12 relative. The same series is in repeated_trig.cu for nvcc. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
static double series(double x) {
  const double a[10] = {2.758402e-01, 2.245740e-01, 1.594149e-01, 9.866577e-02, 5.324414e-02,
                        2.505215e-02, 1.027747e-02, 3.676164e-03, 1.146494e-03, 3.117570e-04};
  const double n2[10] = {9.869604, 39.47842, 88.82644, 157.9137, 246.7401,
                         355.3058, 483.6106, 631.6547, 799.4380, 986.9604};
  const double c0 = cos(12.0 * x), s0 = sin(12.0 * x);
  double s = (1.0 - c0) / (12.0 * x) + s0;
  for (int n = 0; n < 10; ++n) {
#ifdef HOISTED
    const double c = c0, si = s0;
#else
    const double c = cos(12.0 * x), si = sin(12.0 * x); /* the same value again, in every term */
#endif
    const double den = n2[n] - 144.0 * x * x;
    s += a[n] * ((n % 2 ? 1.0 : -1.0) * c - 1.0 + si) / den;
  }
  return s;
}
#pragma omp end declare target

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1 << 22;
  const double span = argc > 2 ? atof(argv[2]) : 0.15; /* x in [0.05, 0.05 + span]: 144 x^2 < n2[0] */
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), t[10];
  if (n < 1 || !x || !y) return 2;
  for (long i = 0; i < n; ++i) x[i] = 0.05 + span * (double)((i * 2654435761u) % 1000003) / 1000003.0;
#pragma omp target data map(to : x[0:n]) map(from : y[0:n])
  for (int r = 0; r < 10; ++r) {
    double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i) y[i] = series(x[i]);
    t[r] = omp_get_wtime() - t0;
  }
  long bad = 0;
  double worst = 0;
  for (long i = 0; i < n; ++i) {
    const double r = series(x[i]), e = fabs(y[i] - r) / fabs(r);
    bad += e > 1e-12;
    worst = e > worst ? e : worst;
  }
  qsort(t + 1, 9, sizeof *t, cmp);
  printf("omp %s n=%ld: kernel %.1f us [%.1f, %.1f]; %s (largest relative difference %.1e)\n",
#ifdef HOISTED
         "hoisted by hand",
#else
         "as written     ",
#endif
         n, t[5] * 1e6, t[1] * 1e6, t[9] * 1e6, bad ? "WRONG results" : "results equal the host's", worst);
  return bad != 0;
}
