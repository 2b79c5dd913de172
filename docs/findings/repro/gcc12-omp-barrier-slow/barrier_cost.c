/* docs/findings/gcc12-omp-barrier-slow.md: the cost of `omp barrier` in one team, timed on the
 * device with omp_get_wtime around ITERS barriers (thread 0's view). The argument is the
 * thread_limit (default 32). Prints threads, the team's thread limit and microseconds per barrier. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define ITERS 2000
int main(int argc, char **argv) {
  int tl = argc > 1 ? atoi(argv[1]) : 32;
  double per = -1;
  int nth = -1, lim = -1, dev = 0;
#pragma omp target teams num_teams(1) thread_limit(tl) map(tofrom : per, nth, lim, dev)
  {
#pragma omp parallel
    {
      double t0 = omp_get_wtime();
      for (int i = 0; i < ITERS; ++i) {
#pragma omp barrier
      }
      double t1 = omp_get_wtime();
      if (omp_get_thread_num() == 0) {
        per = (t1 - t0) / ITERS;
        nth = omp_get_num_threads();
        lim = omp_get_thread_limit();
        dev = !omp_is_initial_device();
      }
    }
  }
  printf("%s: thread_limit(%d): %d threads in the parallel region, omp_get_thread_limit() %d, %.3f us per omp barrier\n",
         dev ? "device" : "HOST", tl, nth, lim, per * 1e6);
  return dev && per > 0 ? 0 : 1;
}
