/* libomp 19: `target teams ... nowait` regions whose body is a `parallel`, then `taskwait`, repeated
 * outside any parallel region, on libomptarget's x86_64 host plugin: intermittent abort
 * "Assertion failure at kmp_tasking.cpp(4368): task_team != __null" inside __kmpc_omp_task.
 * Build and run (see docs/findings/nowait-taskwait-host-plugin.md; run.sh beside this file):
 *   clang-19 -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -DROUNDS=200 nowait_taskwait.c \
 *            -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib -o nw && OMP_NUM_THREADS=2 ./nw */
#include <omp.h>
#include <stdio.h>
static void go(int *cnt, int n) {
  for (int i = 0; i < n; ++i) {
#pragma omp target teams num_teams(1) thread_limit(32) is_device_ptr(cnt) nowait
#pragma omp parallel
    if (omp_get_thread_num() == 0 && cnt) { }
  }
#pragma omp taskwait
}
int main(void) {
  int *cnt = omp_target_alloc(sizeof(int), 0);
  for (int r = 0; r < ROUNDS; ++r) { go(cnt, 32); go(cnt, 1); }
  printf("ok\n");
  return 0;
}
