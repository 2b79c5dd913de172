/* docs/findings/clang16-barrier-thread-state.md: `omp barrier` in a noinline device function that
 * an SPMD kernel (1 team, 32 threads) calls and, with -DGENERIC=1, a generic kernel too; no inline
 * asm, no ICV changes. Timed on the device with omp_get_wtime around ITERS barriers; prints ns per
 * barrier, exit 0 when it ran on the GPU. */
#include <omp.h>
#include <stdio.h>
#define ITERS 2000
#ifndef GENERIC
#define GENERIC 1
#endif
#pragma omp declare target
__attribute__((noinline)) double body(int n) {
  double t0 = omp_get_wtime();
  for (int i = 0; i < n; ++i) {
#pragma omp barrier
  }
  return (omp_get_wtime() - t0) / n;
}
#pragma omp end declare target
int main(void) {
  double per = -1;
  int dev = 0;
#pragma omp target teams num_teams(1) thread_limit(32) map(tofrom : per, dev)
#pragma omp parallel num_threads(32)
  {
    double p = body(ITERS);
    if (omp_get_thread_num() == 0) {
      per = p;
      dev = !omp_is_initial_device();
    }
  }
#if GENERIC
  double pg = -1; /* the same body from a generic kernel (a sequential team part before the parallel) */
#pragma omp target teams num_teams(1) thread_limit(64) map(tofrom : pg)
  {
    pg = -2;
#pragma omp parallel num_threads(32)
    {
      double p = body(ITERS);
      if (omp_get_thread_num() == 0) pg = p;
    }
  }
  printf("generic: %.1f ns per omp barrier (1 x 32)\n", pg * 1e9);
#endif
  printf("%s: spmd: %.1f ns per omp barrier (1 x 32)\n", dev ? "device" : "HOST", per * 1e9);
  return dev ? 0 : 1;
}
