/* docs/findings/openmp-opt-disable-deglobalization-keeps-heap-to-stack.md: a declare-target
 * function's local whose address is taken; clang globalizes it (__kmpc_alloc_shared) and
 * openmp-opt's deglobalization moves it back to the stack (OMP110). Compiled with and without
 * -mllvm -openmp-opt-disable-deglobalization; exit 0 when every element is right. */
#include <stdio.h>
#define N 4096
#pragma omp declare target
static __attribute__((noinline)) void bump(unsigned *p) { *p = *p * 3u + 1u; }
static __attribute__((noinline)) unsigned value(long i) {
  unsigned v = (unsigned)i;
  bump(&v); /* the address is taken: a globalization candidate */
  return v;
}
#pragma omp end declare target
int main(void) {
  static unsigned out[N];
#pragma omp target teams distribute parallel for map(from : out[0 : N])
  for (long i = 0; i < N; ++i) out[i] = value(i);
  for (long i = 0; i < N; ++i)
    if (out[i] != (unsigned)i * 3u + 1u) return printf("element %ld wrong\n", i), 1;
  return 0;
}
