/* docs/findings/globalization-fallback.md: a device function's local whose address goes to a
 * function of another TU (globalization_opaque.c, which does nothing). Clang globalizes the local
 * (__kmpc_alloc_shared) and openmp-opt cannot move it back to the stack (OMP112, OMP113): one
 * runtime allocation per call. -DNOESCAPE=1 marks the parameter noescape (OMP110, stack again).
 * Prints the loop's time; exit 1 on a wrong result or a host run. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef NOESCAPE
#define NOESCAPE 0
#endif
#define N (1L << 20)

#pragma omp declare target
#if NOESCAPE
void opaque_use(__attribute__((noescape)) unsigned *p);
#else
void opaque_use(unsigned *p);
#endif
static __attribute__((noinline)) unsigned value(long i) {
  unsigned v = (unsigned)i * 2654435761u;
  opaque_use(&v);
  return v;
}
#pragma omp end declare target

int main(void) {
  unsigned *out = malloc(N * sizeof *out);
  int dev = 0;
  double t0 = omp_get_wtime();
#pragma omp target teams distribute parallel for num_teams(128) thread_limit(128) map(from : out[0 : N]) map(tofrom : dev)
  for (long i = 0; i < N; ++i) {
    if (i == 0) dev = !omp_is_initial_device();
    out[i] = value(i);
  }
  double t = omp_get_wtime() - t0;
  for (long i = 0; i < N; ++i)
    if (out[i] != (unsigned)i * 2654435761u) {
      printf("element %ld is %u: wrong\n", i, out[i]);
      return 1;
    }
  printf("%s: %ld elements in %.3f ms (noescape: %d)\n", dev ? "device" : "HOST", N, t * 1e3, NOESCAPE);
  return dev ? 0 : 1;
}
