/* GCC 12 nvptx offload: `omp atomic update` on a double in a target region. Prints the sum each
 * kernel reached; the kit saw the int kernel verify and the process end at the double one. */
#include <stdio.h>
#ifndef TYPE
#define TYPE double
#endif
#define N (1 << 16)
static TYPE sum_atomic(void) {
  TYPE s = 0;
#pragma omp target teams distribute parallel for map(tofrom : s)
  for (int k = 0; k < N; ++k) {
#pragma omp atomic update
    s += 1;
  }
  return s;
}
static int sum_int(void) {
  int s = 0;
#pragma omp target teams distribute parallel for map(tofrom : s)
  for (int k = 0; k < N; ++k) {
#pragma omp atomic update
    s += 1;
  }
  return s;
}
int main(void) {
  int si = sum_int();
  printf("int: %d of %d\n", si, N);
  fflush(stdout);
  TYPE sd = sum_atomic();
  printf("%s: %.0f of %d\n", TYPE_NAME, (double)sd, N);
  return !(si == N && sd == N);
}
