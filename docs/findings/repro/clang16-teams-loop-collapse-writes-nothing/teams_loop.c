#include <stdio.h>
#define N 4096
int main(void) {
  static float c[N];
  for (int i = 0; i < N; ++i) c[i] = -1.0f;
#pragma omp target teams loop map(tofrom : c[0:N])
  for (int i = 0; i < N; ++i) c[i] = (float)i;
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += c[i] != (float)i;
  printf("%d of %d elements not written\n", bad, N);
  return bad != 0;
}
