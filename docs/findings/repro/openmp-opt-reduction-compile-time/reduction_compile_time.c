/* Compile-time reproducer: N `omp for reduction` worksharing loops in one declare-target function
 * called from a target region. With clang 19's default object compile (the NVPTX device runtime
 * linked into the TU before openmp-opt runs), openmp-opt's time grows much faster than N.
 *   clang-19 -O3 -fopenmp --offload-arch=sm_90 --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib \
 *            -DN_RED=100 -c reduction_compile_time.c -Xarch_device -ftime-report
 * N_RED must be 10, 20, 50, 100 or 200. */
#include <omp.h>
#ifndef N_RED
#define N_RED 100
#endif
#define R1 _Pragma("omp for reduction(+ : a[t:1])") for (int i = 0; i < n; ++i) a[t] += 1;
#define R10 R1 R1 R1 R1 R1 R1 R1 R1 R1 R1
#define R20 R10 R10
#define R50 R10 R10 R10 R10 R10
#define R100 R50 R50
#define R200 R100 R100
#define CAT(a, b) a##b
#define REDS(n) CAT(R, n)

#pragma omp declare target
__attribute__((noinline)) void many_reductions(int *a, int n) {
  const int t = omp_get_team_num();
  REDS(N_RED)
}
#pragma omp end declare target

int main(void) {
  int a[64] = {0}, nth = 0;
#pragma omp target teams num_teams(64) map(tofrom : a, nth)
#pragma omp parallel
  {
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) nth = omp_get_num_threads();
    many_reductions(a, omp_get_num_threads());
  }
  return a[0] == N_RED * nth ? 0 : 1; /* each loop adds nth to the team's element */
}
