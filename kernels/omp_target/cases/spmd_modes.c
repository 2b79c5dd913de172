/* spmd_modes, OpenMP target: one computation (out[i] = ok_case_value(i)) in four forms that differ
 * only in how the compiler can run them: SPMD by construction, generic that openmp-opt SPMDizes,
 * generic kept by an unknown call in the team's sequential part, and the same call declared
 * SPMD-amenable. The teams loop `for (c = team; c < nt; c += num_teams)` keeps every form
 * correct whatever number of teams the runtime grants. */
#include "case_harness.h"
#include "opaque.h"

#include <omp.h>

static void spmd_modes_combined(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-MAX-REGISTERS: 32 +4
  // EXPECT-NO-REMARK: OMP120
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams distribute parallel for num_teams(nt) thread_limit(tl) map(tofrom : seen)
  for (long i = 0; i < n; ++i) {
    if (i == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
      seen.threads = omp_get_num_threads();
    }
    out[i] = ok_case_value((unsigned long long)i) + (unsigned)(fault && i == 0);
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(spmd_modes, combined, "spmd", "omp_get_wtime around the target region", spmd_modes_combined)

static void spmd_modes_spmdized(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MAX-REGISTERS: 48 +4
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < chunk; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(spmd_modes, spmdized, "generic", "omp_get_wtime around the target region", spmd_modes_spmdized)

static void spmd_modes_side_effect(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-MAX-REGISTERS: 78 +4
  // EXPECT-REMARK: OMP121
  // EXPECT-NO-REMARK: OMP120
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    ok_opaque_touch(0); /* unknown side effect in the sequential part */
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < chunk; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
OK_REGISTER(spmd_modes, side_effect, "generic", "omp_get_wtime around the target region", spmd_modes_side_effect)

#if OK_OT_CLANG_EXT
static void spmd_modes_amenable(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MAX-REGISTERS: 38 +4
  // EXPECT-MAX-REGISTERS[target-clang19-cudamode]: 48 +4
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    ok_opaque_amenable(0); /* the same unknown call, declared safe for every thread */
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < chunk; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(spmd_modes, amenable, "generic", "omp_get_wtime around the target region", spmd_modes_amenable)
#else
OK_REGISTER_NOT_BUILT(spmd_modes, amenable, "generic", OK_OT_CLANG_ONLY("begin assumes ext_spmd_amenable"))
#endif
