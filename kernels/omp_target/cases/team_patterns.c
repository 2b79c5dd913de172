/* team_patterns, OpenMP target: out[i] = ok_case_value(i) ^ ok_case_key(chunk of i), one chunk per
 * team; the key costs 4 element values, so where it is computed shows:
 *   once_per_team  the team's sequential part computes the key once per chunk, every thread of the
 *                  following parallel loop reads it (generic in source)
 *   nested_for     the same with `distribute` over chunks and a nested `parallel for`
 *   collapse2      one collapsed loop over (chunk, element): the key is recomputed per element */
#include "case_harness.h"

#include <omp.h>

static void team_patterns_once_per_team(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP120
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
      const unsigned key = ok_case_key((unsigned long long)c); /* once per team and chunk */
#pragma omp parallel for
      for (long k = 0; k < chunk; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = (ok_case_value((unsigned long long)(base + k)) ^ key) + (unsigned)(fault && base + k == 0);
      }
    }
  }
  ok_case_keyed_done(out, n, chunk, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_patterns, once_per_team, "generic", "omp_get_wtime around the target region",
            team_patterns_once_per_team)

static void team_patterns_nested_for(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP120
#pragma omp target teams distribute num_teams(nt) thread_limit(tl) map(tofrom : seen)
  for (long c = 0; c < nt; ++c) {
    if (c == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    const long base = c * chunk;
    const unsigned key = ok_case_key((unsigned long long)c);
#pragma omp parallel for
    for (long k = 0; k < chunk; ++k) {
      if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
      out[base + k] = (ok_case_value((unsigned long long)(base + k)) ^ key) + (unsigned)(fault && base + k == 0);
    }
  }
  ok_case_keyed_done(out, n, chunk, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_patterns, nested_for, "generic", "omp_get_wtime around the target region",
            team_patterns_nested_for)

static void team_patterns_collapse2(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP120
#pragma omp target teams distribute parallel for collapse(2) num_teams(nt) thread_limit(tl) map(tofrom : seen)
  for (long c = 0; c < nt; ++c)
    for (long k = 0; k < chunk; ++k) {
      const long i = c * chunk + k;
      if (i == 0) {
        seen.on_device = ok_ot_on_device();
        seen.teams = omp_get_num_teams();
        seen.threads = omp_get_num_threads();
      }
      const unsigned key = ok_case_key((unsigned long long)c); /* per element: nothing is team-level */
      out[i] = (ok_case_value((unsigned long long)i) ^ key) + (unsigned)(fault && i == 0);
    }
  ok_case_keyed_done(out, n, chunk, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_patterns, collapse2, "spmd", "omp_get_wtime around the target region", team_patterns_collapse2)
