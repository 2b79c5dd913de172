// Build: clang-19 -O3 -fopenmp --offload-arch=sm_90 nested_teams_loop.c; run: ./a.out [n] (exit 1 when wrong).
// Does the nested `target` + `teams loop` form give every iteration exactly one execution?
// hits[i] counts executions of iteration i with an atomic; a correct loop leaves every count 1.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : (1L << 20);
  int *hits = calloc((size_t)n, sizeof *hits);
  int dev = -1;
#pragma omp target map(tofrom : hits[0:n])
#pragma omp teams loop
  for (long i = 0; i < n; ++i) {
#ifndef NO_ATOMIC /* GCC 12 allows no atomic inside loop (OpenMP 5.0); its compile check drops it */
#pragma omp atomic
#endif
    hits[i]++;
  }
  long ones = 0, zero = 0, more = 0, maxh = 0;
  for (long i = 0; i < n; ++i) {
    ones += hits[i] == 1, zero += hits[i] == 0, more += hits[i] > 1;
    if (hits[i] > maxh) maxh = hits[i];
  }
  printf("nested target + teams loop: n=%ld initial_device=%d ones=%ld zero=%ld more=%ld max=%ld\n", n, dev, ones, zero,
         more, maxh);
  free(hits);
  return !(ones == n);
}
