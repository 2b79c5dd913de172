/* docs/findings/clang16-teams-loop-collapse-writes-nothing.md: a combined `target teams loop`
 * (-DFORM=1: `target parallel loop`; -DFORM=2: `target` with a nested `teams loop`) writes every
 * element; prints how many stayed unwritten, exit 1 if any. clang 16 emits no code for FORM 0/1. */
#include <stdio.h>
#define N 4096
#ifndef FORM
#define FORM 0
#endif
int main(void) {
  static float c[N];
  for (int i = 0; i < N; ++i) c[i] = -1.0f;
#if FORM == 0
#pragma omp target teams loop map(tofrom : c[0 : N])
  for (int i = 0; i < N; ++i) c[i] = (float)i;
#elif FORM == 1
#pragma omp target parallel loop map(tofrom : c[0 : N])
  for (int i = 0; i < N; ++i) c[i] = (float)i;
#else
#pragma omp target map(tofrom : c[0 : N])
#pragma omp teams loop
  for (int i = 0; i < N; ++i) c[i] = (float)i;
#endif
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += c[i] != (float)i;
  printf("%d of %d elements not written\n", bad, N);
  return bad != 0;
}
