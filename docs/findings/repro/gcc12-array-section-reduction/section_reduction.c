/* GCC 12 nvptx offload: a worksharing-loop reduction over an array section fails at the offload
 * link with "unresolved symbol __atomic_compare_exchange_16" (docs/findings/gcc12-array-section-reduction.md).
 * -DELEM=unsigned: 4-byte elements fail the same way; -DSCALAR=1: a scalar reduction, which links.
 *   gcc-12 -O2 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80 section_reduction.c */
#include <omp.h>
#include <stdio.h>

#ifndef ELEM
#define ELEM unsigned long long
#endif
int main(void) {
  ELEM a[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(4) map(tofrom : a)
  {
    const int t = omp_get_team_num();
#if SCALAR
    ELEM s = 0;
#pragma omp parallel
#pragma omp for reduction(+ : s)
    for (int i = 0; i < 128; ++i) s += 1;
    a[t] = s;
#else
#pragma omp parallel
#pragma omp for reduction(+ : a[t : 1])
    for (int i = 0; i < 128; ++i) a[t] += 1;
#endif
  }
  printf("%llu %llu %llu %llu (want 128 each)\n", (unsigned long long)a[0], (unsigned long long)a[1],
         (unsigned long long)a[2], (unsigned long long)a[3]);
  return !(a[0] == 128 && a[3] == 128);
}
