/* A clause-free `target teams distribute parallel for` over n iterations. For a low trip count the
 * LLVM offload runtime launches smaller blocks, down to 32 threads (n = 128: 4 x 32), so that more
 * blocks share the loop; openmp-opt has folded the team size the distribute chunk uses to the
 * kernel's thread limit (128), so a team takes 128 iterations and at 32 threads a block three
 * blocks in four get none.
 * Usage: low_trip_count [n [work]]: work = xorshift rounds per iteration (0: none). Prints the
 * launch, how many teams ran iterations, the kernel time (median of 9 after a warm-up), and exits 1
 * when a result differs from the host's. -DTHREAD_LIMIT=128 adds thread_limit(128). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef THREAD_LIMIT
#define PRAGMA_TL(x) _Pragma("omp target teams distribute parallel for thread_limit(128) map(tofrom : nteams, nthreads)")
#else
#define PRAGMA_TL(x) _Pragma("omp target teams distribute parallel for map(tofrom : nteams, nthreads)")
#endif

#pragma omp declare target
static unsigned long long work(long i, int rounds) {
  unsigned long long x = (unsigned long long)i + 1;
  for (int r = 0; r < rounds; ++r) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return x;
}
#pragma omp end declare target

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 128;
  const int rounds = argc > 2 ? atoi(argv[2]) : 0;
  int *team = malloc(n * sizeof *team);
  unsigned long long *out = malloc(n * sizeof *out);
  int *per = calloc(65536, sizeof *per);
  if (n < 1 || !team || !out || !per) return 2;
  int nteams = 0, nthreads = 0;
  double t[10];
#pragma omp target data map(from : team[0:n], out[0:n])
  for (int r = 0; r < 10; ++r) {
    double t0 = omp_get_wtime();
    PRAGMA_TL()
    for (long i = 0; i < n; ++i) {
      team[i] = omp_get_team_num();
      out[i] = work(i, rounds);
      if (i == 0) nteams = omp_get_num_teams(), nthreads = omp_get_num_threads();
    }
    t[r] = omp_get_wtime() - t0;
  }
  long bad = 0, most = 0;
  int busy = 0;
  for (long i = 0; i < n; ++i) {
    bad += out[i] != work(i, rounds);
    if (team[i] >= 0 && team[i] < 65536 && per[team[i]]++ == 0) ++busy;
  }
  for (int k = 0; k < 65536; ++k) most = per[k] > most ? per[k] : most;
  qsort(t + 1, 9, sizeof *t, cmp);
  printf("n=%ld work=%d: launched %d teams x %d threads; %d teams ran iterations, at most %ld each; "
         "kernel %.1f us [%.1f, %.1f]; %s\n",
         n, rounds, nteams, nthreads, busy, most, t[5] * 1e6, t[1] * 1e6, t[9] * 1e6,
         bad ? "WRONG results" : "results equal the host's");
  return bad != 0;
}
