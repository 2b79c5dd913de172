// cxx_lowering, OpenMP target in C++ (issue 21): out[i] = ok_case_value(i) computed through a
// functor template, in three lowerings a porting team meets in C++ code:
//   combined      target teams distribute parallel for: every thread of a team shares the loop (SPMD)
//   distribute    target teams distribute only: one thread per team does the loop's work (clang 19
//                 SPMDizes the kernel, OMP120, and guards the body to the team's main thread)
//   member_call   target teams with a member function that calls an unknown function before the
//                 parallel for: the side effect keeps the kernel generic, with a customized state
//                 machine that needs a fallback (OMP132)
// The C++ idioms (a class template with operator(), a member function, references) are what
// su3_bench-style codes offload; the case shows the kit reads their mangled kernels and remarks.
#include "case_harness.h"
#include "opaque.h"

#include <omp.h>

namespace {
#pragma omp declare target
// A value policy: the functor the loops apply, as a template over its output type.
template <typename T> struct CaseValue {
  unsigned fault_at; // element that gets one extra (the tests' injected fault), or ~0u
  T operator()(unsigned long long i) const { return (T)ok_case_value(i) + (T)(i == fault_at); }
};

// A per-team helper whose member function touches something the compiler cannot see.
struct TeamLog {
  unsigned long long *where;
  void note() const { ok_opaque_touch(where); }
};
#pragma omp end declare target

struct Run {
  long n;
  int nt, tl;
  unsigned *out;
  ok_case_seen seen;
  Run(const ok_params *p, ok_outcome *o)
      : n(ok_case_elements(p)), nt(p->teams), tl(p->threads), out((unsigned *)ok_case_alloc(n, sizeof(unsigned), o)),
        seen() {}
};
} // namespace

static void cxx_lowering_combined(const ok_params *p, ok_outcome *o) {
  Run r(p, o);
  if (!r.out) return;
  const CaseValue<unsigned> f{p->inject_fault ? 0u : ~0u};
  unsigned *out = r.out;
  ok_case_seen &seen = r.seen;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams distribute parallel for num_teams(r.nt) thread_limit(r.tl) map(tofrom : seen)
  for (long i = 0; i < r.n; ++i) {
    if (i == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
      seen.threads = omp_get_num_threads();
    }
    out[i] = f((unsigned long long)i);
  }
  ok_case_values_done(out, r.n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(cxx_lowering, combined, "spmd", "omp_get_wtime around the target region", cxx_lowering_combined)

static void cxx_lowering_distribute(const ok_params *p, ok_outcome *o) {
  Run r(p, o);
  if (!r.out) return;
  const CaseValue<unsigned> f{p->inject_fault ? 0u : ~0u};
  unsigned *out = r.out;
  ok_case_seen &seen = r.seen;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP120
#pragma omp target teams distribute num_teams(r.nt) thread_limit(r.tl) map(tofrom : seen)
  for (long i = 0; i < r.n; ++i) {
    if (i == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
      seen.threads = 1; // one thread per team runs the body: the shape that really works
    }
    out[i] = f((unsigned long long)i);
  }
  ok_case_values_done(out, r.n, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(cxx_lowering, distribute, "generic", "omp_get_wtime around the target region", cxx_lowering_distribute)

static void cxx_lowering_member_call(const ok_params *p, ok_outcome *o) {
  Run r(p, o);
  if (!r.out) return;
  const CaseValue<unsigned> f{p->inject_fault ? 0u : ~0u};
  unsigned *out = r.out;
  ok_case_seen &seen = r.seen;
  const long n = r.n, chunk = n / r.nt;
  const int nt = r.nt;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-REMARK: OMP132
  // EXPECT-NO-REMARK: OMP120
#pragma omp target teams num_teams(r.nt) thread_limit(r.tl) map(tofrom : seen)
  {
    const TeamLog log{nullptr};
    log.note(); // unknown side effect in the sequential part
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      const long base = c * chunk;
#pragma omp parallel for
      for (long k = 0; k < chunk; ++k) {
        if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
        out[base + k] = f((unsigned long long)(base + k));
      }
    }
  }
  ok_case_values_done(out, n, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
OK_REGISTER(cxx_lowering, member_call, "generic", "omp_get_wtime around the target region", cxx_lowering_member_call)
