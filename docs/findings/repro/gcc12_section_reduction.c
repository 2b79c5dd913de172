/* GCC 12 nvptx offload: a worksharing-loop reduction over an array section fails at the offload
 * link with "unresolved symbol __atomic_compare_exchange_16" (docs/findings/gcc12-array-section-reduction.md).
 *   gcc-12 -O2 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80 gcc12_section_reduction.c */
#include <omp.h>
#include <stdio.h>

int main(void) {
  unsigned long long a[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(4) map(tofrom : a)
  {
    const int t = omp_get_team_num();
#pragma omp parallel
#pragma omp for reduction(+ : a[t : 1])
    for (int i = 0; i < 128; ++i) a[t] += 1;
  }
  printf("%llu %llu %llu %llu (want 128 each)\n", a[0], a[1], a[2], a[3]);
  return !(a[0] == 128 && a[3] == 128);
}
