/* docs/findings/omp-atomic-no-warp-aggregation.md: every thread adds 1 to one counter with
 * `omp atomic` (relaxed), the same as atomic_add.cu does with CUDA's atomicAdd. Prints the
 * counter; exit 0 when it is n. */
#include <stdio.h>
void add_all(unsigned *A, int n) {
#pragma omp target teams distribute parallel for map(tofrom : A[0 : 1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic update relaxed
    A[0] += 1u;
  }
}
int main(void) {
  unsigned a = 0;
  add_all(&a, 1 << 20);
  printf("%u (want %u)\n", a, 1u << 20);
  return a != 1u << 20;
}
