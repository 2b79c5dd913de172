/* state_machine, OpenMP target: generic kernels that stay generic, each team running two parallel
 * regions per chunk (first and second half of out[i] = ok_case_value(i)), so the worker state
 * machine runs twice per chunk. What differs is what the team's sequential part calls:
 *   known           omp_set_num_threads: not SPMD-able, but every parallel region is known, so
 *                   openmp-opt writes a custom state machine (OMP131). Under GCC 12 the call
 *                   (omp_get_thread_limit() = the clause's 256, but 8 OpenMP threads, one per
 *                   warp) makes libgomp start threads it does not have: a known defect there
 *   fallback        an unknown function that may hold parallel regions: the custom state machine
 *                   needs an indirect-call fallback (OMP132, OMP133)
 *   no_parallelism  the same unknown function declared omp_no_parallelism: no fallback (OMP131) */
#include "case_harness.h"
#include "opaque.h"

#include <omp.h>

static void state_machine_known(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams, half = chunk / 2;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-MAX-REGISTERS: 46 +4
  // EXPECT-REMARK: OMP131
  // EXPECT-NO-REMARK: OMP120
  // EXPECT-NO-REMARK: OMP132
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    /* The parallel regions keep their default size; the call alone keeps the kernel generic. */
    ok_ot_set_num_threads(ok_ot_thread_limit());
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < half; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
#pragma omp parallel for
      for (long k = half; k < chunk; ++k) out[base + k] = ok_case_value((unsigned long long)(base + k));
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
// EXPECT-FAIL[gcc-12]: crashed (omp_set_num_threads(thread limit) starts more threads than the 8 warps: docs/findings/gcc12-thread-limit-past-warps.md)
OK_REGISTER(state_machine, known, "generic", "omp_get_wtime around the target region", state_machine_known)

static void state_machine_fallback(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams, half = chunk / 2;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-MAX-REGISTERS: 78 +4
  // EXPECT-REMARK: OMP121
  // EXPECT-REMARK: OMP132
  // EXPECT-REMARK: OMP133
  // EXPECT-NO-REMARK: OMP131
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    ok_opaque_touch(0); /* may start parallel regions the state machine cannot know */
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < half; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
#pragma omp parallel for
      for (long k = half; k < chunk; ++k) out[base + k] = ok_case_value((unsigned long long)(base + k));
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
OK_REGISTER(state_machine, fallback, "generic", "omp_get_wtime around the target region", state_machine_fallback)

#if OK_OT_CLANG_EXT
static void state_machine_no_parallelism(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p), chunk = n / p->teams, half = chunk / 2;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-MAX-REGISTERS: 48 +4
  // EXPECT-REMARK: OMP121
  // EXPECT-REMARK: OMP131
  // EXPECT-NO-REMARK: OMP132
  // EXPECT-NO-REMARK: OMP133
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    ok_opaque_no_parallelism(0); /* declared omp_no_parallelism */
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < half; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = ok_case_value((unsigned long long)(base + k)) + (unsigned)(fault && base + k == 0);
      }
#pragma omp parallel for
      for (long k = half; k < chunk; ++k) out[base + k] = ok_case_value((unsigned long long)(base + k));
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
OK_REGISTER(state_machine, no_parallelism, "generic", "omp_get_wtime around the target region",
            state_machine_no_parallelism)
#else
OK_REGISTER_NOT_BUILT(state_machine, no_parallelism, "generic", "compiler limit (OpenMP 5.1 `begin assumes no_parallelism`: GCC 12 has no assumes)")
#endif
