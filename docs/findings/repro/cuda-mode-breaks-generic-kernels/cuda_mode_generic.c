/* docs/findings/cuda-mode-breaks-generic-kernels.md: a generic kernel (its team code calls
 * omp_set_num_threads, so it cannot become SPMD) whose parallel region writes through a pointer
 * the team code holds. Built with and without -fopenmp-cuda-mode; prints the first wrong element
 * and exits 1 when the output is wrong. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define TEAMS 8
#define CHUNK 1024

int main(void) {
  unsigned *out = calloc(TEAMS * CHUNK, sizeof *out);
  int threads = -1;
#pragma omp target teams num_teams(TEAMS) thread_limit(128) map(tofrom : out[0 : TEAMS * CHUNK], threads)
  {
    omp_set_num_threads(omp_get_thread_limit()); /* keeps the kernel generic */
    const long base = (long)omp_get_team_num() * CHUNK; /* a team-code local the workers read */
#pragma omp parallel for
    for (long k = 0; k < CHUNK; ++k) {
      if (base == 0 && k == 0) threads = omp_get_num_threads();
      out[base + k] = (unsigned)(base + k) * 2654435761u;
    }
  }
  for (long i = 0; i < TEAMS * CHUNK; ++i)
    if (out[i] != (unsigned)i * 2654435761u) {
      printf("element %ld is %u, expected %u (parallel region had %d threads)\n", i, out[i], (unsigned)i * 2654435761u,
             threads);
      return 1;
    }
  printf("ok: %d elements (parallel region had %d threads)\n", TEAMS * CHUNK, threads);
  return 0;
}
