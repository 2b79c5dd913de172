/* launch_bounds, OpenMP target: out[i] = ok_case_value(i) in a grid-stride loop indexed by team
 * and thread numbers, with the launch size as compile-time constants (num_teams(128)
 * thread_limit(128): the kernel carries launch bounds and openmp-opt can fold the
 * omp_get_num_teams/omp_get_num_threads calls) or as values known only at run time (--teams,
 * --threads). `teams` directly followed by `parallel` is SPMD by construction. */
#include "case_harness.h"

#include <omp.h>

enum { OK_LB_TEAMS = 128, OK_LB_THREADS = 128 }; /* the model's default launch size */

static void launch_bounds_constant(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  const int fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-MAX-REGISTERS: 20 +4
#pragma omp target teams num_teams(OK_LB_TEAMS) thread_limit(OK_LB_THREADS) map(tofrom : seen)
#pragma omp parallel
  {
    const long stride = (long)omp_get_num_teams() * omp_get_num_threads();
    const long first = (long)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
    if (first == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
      seen.threads = omp_get_num_threads();
    }
    for (long i = first; i < n; i += stride)
      out[i] = ok_case_value((unsigned long long)i) + (unsigned)(fault && i == 0);
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(launch_bounds, constant, "spmd", "omp_get_wtime around the target region", launch_bounds_constant)

static void launch_bounds_runtime(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-MAX-REGISTERS: 20 +4
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
#pragma omp parallel
  {
    const long stride = (long)omp_get_num_teams() * omp_get_num_threads();
    const long first = (long)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
    if (first == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
      seen.threads = omp_get_num_threads();
    }
    for (long i = first; i < n; i += stride)
      out[i] = ok_case_value((unsigned long long)i) + (unsigned)(fault && i == 0);
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(launch_bounds, runtime, "spmd", "omp_get_wtime around the target region", launch_bounds_runtime)

/* No num_teams/thread_limit at all: the runtime picks the launch shape of a combined loop. LLVM 16's
 * two CUDA plugins chose differently for the same loop (3200 vs 8192 blocks of 128 threads): the
 * record's teams/threads and the LIBOMPTARGET_INFO launch line show each configuration's choice. */
static void launch_bounds_default(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_case_elements(p);
  const int fault = p->inject_fault;
  unsigned *out = ok_case_alloc(n, sizeof *out, o);
  if (!out) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for map(tofrom : seen)
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
OK_REGISTER(launch_bounds, runtime_default, "spmd", "omp_get_wtime around the target region", launch_bounds_default)
