/* docs/findings/clang19-teams-loop-check-depends-on-statement-order.md: the same two statements in a
 * combined `target teams loop`, in either order. clang 19 and 22 lower the first order to
 * `distribute parallel for` (SPMD) and the swapped one to `teams distribute` (Generic, one thread
 * per team runs the body): the check that decides keeps the verdict of the last call it visits.
 *   -DSWAP             the two statements swapped
 *   -DNESTED_PARALLEL  work() opens a `parallel for` itself (the nested parallelism the check is
 *                      there to find)
 * Prints whether every row was updated once and every team id recorded; exit 1 when not. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define M 64

#pragma omp declare target
void work(int *row, int m) {
#ifdef NESTED_PARALLEL
#pragma omp parallel for
#endif
  for (int j = 0; j < m; ++j) row[j] = 3 * row[j] + 1;
}
#pragma omp end declare target

void step(int *a, int *team, int n) {
#pragma omp target teams loop map(tofrom : a[0 : n * M], team[0 : n])
  for (int i = 0; i < n; ++i) {
#ifndef SWAP
    work(&a[i * M], M);
    team[i] = omp_get_team_num();
#else
    team[i] = omp_get_team_num();
    work(&a[i * M], M);
#endif
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int *a = calloc((size_t)n * M, sizeof *a), *team = malloc((size_t)n * sizeof *team);
  for (int i = 0; i < n; ++i) team[i] = -1;
  step(a, team, n);
  long bad = 0;
  for (long k = 0; k < (long)n * M; ++k) bad += a[k] != 1;
  for (int i = 0; i < n; ++i) bad += team[i] < 0;
  printf("teams loop, %s order: %ld of %ld values wrong\n",
#ifndef SWAP
         "call-first",
#else
         "api-first",
#endif
         bad, (long)n * M + n);
  free(a), free(team);
  return bad != 0;
}
