/* docs/findings/globalization-malloc-heap-exhausted.md: address-taken locals of a chain of
 * noinline declare-target functions (as in XSBench's lookup), called once per iteration of an
 * SPMD loop that fills the GPU. Without openmp-opt (-mllvm -openmp-opt-disable) each such local
 * is a __kmpc_alloc_shared that falls to device malloc; the program's argument is the iteration
 * count. Prints the checksum; exit 0 when it equals the host's, 1 otherwise. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#pragma omp declare target
__attribute__((noinline)) static void fill(double *x, long i) {
  for (int k = 0; k < 5; ++k) x[k] = (double)((i * 7 + k) % 13);
}
__attribute__((noinline)) static double level3(long i) {
  double xs[5];
  fill(xs, i);
  return xs[0] + xs[4];
}
__attribute__((noinline)) static double level2(long i) {
  double m[5];
  for (int k = 0; k < 5; ++k) m[k] = level3(i + k);
  fill(m, i + m[0]);
  return m[1] + m[3];
}
__attribute__((noinline)) static double level1(long i) {
  double a[5];
  fill(a, i);
  a[2] += level2(i);
  return a[2];
}
#pragma omp end declare target
static double host_level1(long i) { /* the same arithmetic on the host, for the check */
  double a[5], m[5], xs[5];
  for (int k = 0; k < 5; ++k) a[k] = (double)((i * 7 + k) % 13);
  for (int k = 0; k < 5; ++k) {
    for (int q = 0; q < 5; ++q) xs[q] = (double)(((i + k) * 7 + q) % 13);
    m[k] = xs[0] + xs[4];
  }
  long j = (long)(i + m[0]);
  for (int k = 0; k < 5; ++k) m[k] = (double)((j * 7 + k) % 13);
  return a[2] + m[1] + m[3];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  double dev_sum = 0, host_sum = 0;
  int on_dev = 0;
#pragma omp target teams distribute parallel for thread_limit(128) reduction(+ : dev_sum) map(tofrom : on_dev)
  for (long i = 0; i < n; ++i) {
    if (i == 0) on_dev = !omp_is_initial_device();
    dev_sum += level1(i);
  }
  for (long i = 0; i < n; ++i) host_sum += host_level1(i);
  printf("%s: %ld iterations, checksum %.0f, host %.0f: %s\n", on_dev ? "device" : "HOST", n, dev_sum, host_sum,
         dev_sum == host_sum ? "ok" : "WRONG");
  return on_dev && dev_sum == host_sum ? 0 : 1;
}
