/* atomic_add_scalar, OpenMP target: every device thread atomically adds 1 to one counter.
 * Two forms: SPMD by construction (combined construct) and generic (an unknown call in the
 * sequential team part blocks SPMDization). */
#include "ok_bench.h"
#include "ok_portable.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#pragma omp declare target
void ok_opaque_touch(unsigned long long *p); /* opaque.c: body unknown here */
#pragma omp end declare target

static void finish(const struct ok_params *p, struct ok_outcome *o, unsigned long long counter, int teams,
                   int threads, int on_device, double t0) {
  o->seconds = omp_get_wtime() - t0;
  o->teams = teams;
  o->threads = threads;
  o->on_device = on_device;
  unsigned long long expect = (unsigned long long)teams * (unsigned long long)threads * (unsigned long long)p->iters;
  o->verified = counter == expect;
  snprintf(o->detail, sizeof o->detail, "counter %llu, expected %llu (%d teams x %d threads x %ld)", counter,
           expect, teams, threads, p->iters);
}

static void atomic_add_scalar_spmd(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long counter = 0;
  int on_device = 0, teams = 0, threads = 0;
  const long iters = p->iters;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams distribute parallel for num_teams(nt) thread_limit(tl) \
    map(tofrom : counter, on_device, teams, threads)
  for (int j = 0; j < nt * tl; ++j) {
    if (j == 0) {
      on_device = ok_ot_on_device();
      teams = omp_get_num_teams();
      threads = omp_get_num_threads();
    }
    for (long i = 0; i < iters; ++i) {
#pragma omp atomic update
      counter += 1;
    }
    if (fault && j == 0) {
#pragma omp atomic update
      counter += 1;
    }
  }
  /* Every iteration is one "thread" of work here: the loop spans nt * tl iterations. */
  finish(p, o, counter, nt, tl, on_device, t0);
  snprintf(o->detail + strlen(o->detail), sizeof o->detail - strlen(o->detail), "; launched %d teams x %d threads",
           teams, threads);
}
OK_REGISTER(atomic_add_scalar, spmd, "spmd", "omp_get_wtime around the target region", atomic_add_scalar_spmd)

static void atomic_add_scalar_generic(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long counter = 0;
  int on_device = 0, teams = 0, threads = 0;
  const long iters = p->iters;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-REMARK: OMP121
  // EXPECT-NO-REMARK: OMP120
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : counter, on_device, teams, threads)
  {
    ok_opaque_touch(&counter); /* unknown side effect: the kernel stays generic */
    if (omp_get_team_num() == 0) {
      on_device = ok_ot_on_device();
      teams = omp_get_num_teams();
    }
#pragma omp parallel
    {
      if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) threads = omp_get_num_threads();
      for (long i = 0; i < iters; ++i) {
#pragma omp atomic update
        counter += 1;
      }
      /* The injected fault inside the parallel region: an atomic strictly inside `teams` is not
       * standard OpenMP 5.1 (GCC rejects it). */
      if (fault && omp_get_team_num() == 0 && omp_get_thread_num() == 0) {
#pragma omp atomic update
        counter += 1;
      }
    }
  }
  finish(p, o, counter, teams, threads, on_device, t0);
}
OK_REGISTER(atomic_add_scalar, generic, "generic", "omp_get_wtime around the target region",
            atomic_add_scalar_generic)
