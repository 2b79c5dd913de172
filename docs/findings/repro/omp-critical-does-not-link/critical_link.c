/* docs/findings/omp-critical-does-not-link.md: `omp critical` in a target region. With clang 19
 * (NVPTX) it compiles (-c) and fails at the device link; where it links, it prints 64, exit 0. */
#include <stdio.h>
int main(void) {
  int s = 0;
#pragma omp target teams num_teams(2) thread_limit(32) map(tofrom : s)
#pragma omp parallel
  {
#pragma omp critical
    s += 1;
  }
  printf("%d\n", s);
  return s == 64 ? 0 : 1;
}
