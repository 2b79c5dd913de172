#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : (1L << 20);
  int *hits = calloc((size_t)n, sizeof *hits);
#pragma omp target teams loop map(tofrom : hits[0:n])
  for (long i = 0; i < n; ++i) {
#pragma omp atomic
    hits[i]++;
  }
  long ones = 0, maxh = 0;
  for (long i = 0; i < n; ++i) { ones += hits[i] == 1; if (hits[i] > maxh) maxh = hits[i]; }
  printf("combined target teams loop: n=%ld ones=%ld max=%ld\n", n, ones, maxh);
  free(hits);
  return !(ones == n);
}
