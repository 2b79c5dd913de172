/* GCC 12 nvptx: omp_set_num_threads(omp_get_thread_limit()) in a `target teams` region with
 * thread_limit(256), then a `parallel`: libgomp's thread_limit ICV says 256 (the clause), but the
 * team has 256 / 32 = 8 OpenMP threads (one per warp), and gomp_team_start starts nthreads from
 * a pool of 8 (docs/findings/gcc12-thread-limit-past-warps.md).
 *   ./a.out N   sets N threads before the parallel region (0: leaves the default)
 * Expected from the libgomp source: N = 0 or 8 prints "8 threads"; N = 256 ends in a device fault
 * (the kit saw "libgomp: device finalization failed"). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* GCC allows only omp_get_num_teams/omp_get_team_num strictly inside `teams`: calls go through
 * functions, as in the kit (kernels/omp_target/ok_portable.h). */
#pragma omp declare target
static int thread_limit(void) { return omp_get_thread_limit(); }
static void set_threads(int n) { omp_set_num_threads(n); }
#pragma omp end declare target

int main(int argc, char **argv) {
  const int want = argc > 1 ? atoi(argv[1]) : 256;
  int limit = 0, got = 0, on = 0;
#pragma omp target teams num_teams(1) thread_limit(256) map(from : limit, got, on)
  {
    limit = thread_limit();
    if (want > 0) set_threads(want);
#pragma omp parallel
    if (omp_get_thread_num() == 0) got = omp_get_num_threads(), on = !omp_is_initial_device();
  }
  printf("omp_get_thread_limit() %d in the team; omp_set_num_threads(%d); the parallel region ran %d threads%s\n",
         limit, want, got, on ? "" : " (on the host)");
  return 0;
}
