/* team_array, OpenMP target: a team-local array of SLOTS 64-bit bins, shared into the team's
 * parallel region: the threads add every element of the team's chunk into bin k % SLOTS
 * (atomically), then reduce the bins weighted by bin+1. Clang globalizes the array and openmp-opt
 * moves it to static shared memory (OMP111 with SLOTS x 8 bytes), whatever its size.
 * Where that runs out: a kernel gets at most 48 KiB of static shared memory, and the device
 * runtime adds 1 to 2.6 KiB of its own (more once any kernel of the image uses
 * __kmpc_alloc_shared, see globalization.c), so 44 KiB is the largest array kept here; the test
 * target_smem_within_static_limit checks every kernel of the image against 48 KiB. nvlink is no
 * guard: it refused 47 KiB when linking a single file but accepted 49744 bytes in this image.
 * libomptarget 19 cannot opt a kernel into more (dynamic) shared memory: it never calls
 * cuFuncSetAttribute. g64k is the fallback a programmer is left with: 64 KiB of bins per team in
 * global memory. p44k asks for team memory explicitly (omp allocate with omp_pteam_mem_alloc)
 * instead of relying on globalization. Few slots mean more atomic contention (b8: every element
 * hits one bin).
 * Under -fopenmp-cuda-mode (target-clang19-cudamode) nothing is globalized: the b* arrays become
 * per-thread stack (nvlink: SLOTS x 8 bytes of stack, no smem), each thread fills its own bins and
 * the sums come out wrong; a verification failure there is the finding, not a kernel bug. */
#include "case_harness.h"

#include <omp.h>

static void team_array_b8(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 1 }; /* 8 B: one team-local variable */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long slots[SLOTS];
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
// EXPECT-FAIL[target-clang19-cudamode]: wrong result (docs/findings/cuda-mode-breaks-generic-kernels.md)
OK_REGISTER(team_array, b8, "generic", "omp_get_wtime around the target region", team_array_b8)

static void team_array_b1k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 128 }; /* 1 KiB */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long slots[SLOTS];
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_array, b1k, "generic", "omp_get_wtime around the target region", team_array_b1k)

static void team_array_b8k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 1024 }; /* 8 KiB */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long slots[SLOTS];
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_array, b8k, "generic", "omp_get_wtime around the target region", team_array_b8k)

static void team_array_b32k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 4096 }; /* 32 KiB */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long slots[SLOTS];
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_array, b32k, "generic", "omp_get_wtime around the target region", team_array_b32k)

static void team_array_b44k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 5632 }; /* 44 KiB: the largest with a margin under 48 KiB */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long slots[SLOTS];
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_array, b44k, "generic", "omp_get_wtime around the target region", team_array_b44k)

#if OK_OT_HAS_OMP_ALLOCATE
static void team_array_p44k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 5632 }; /* 44 KiB, allocated in team memory explicitly: no globalization involved */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    /* Team memory by request: the form meant to stay correct under -fopenmp-cuda-mode, where a
     * plain local is private to each thread. */
    unsigned long long slots[SLOTS];
#pragma omp allocate(slots) allocator(omp_pteam_mem_alloc)
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, omp_get_wtime() - t0, o);
}
OK_REGISTER(team_array, p44k, "generic", "omp_get_wtime around the target region", team_array_p44k)
#else
OK_REGISTER_NOT_BUILT(team_array, p44k, "generic", "compiler limit (#pragma omp allocate: sorry, unimplemented in GCC < 14)")
#endif

static void team_array_g64k(const struct ok_params *p, struct ok_outcome *o) {
  enum { SLOTS = 8192 }; /* 64 KiB per team, in global memory: more than a kernel can get in shared memory */
  const long chunk = ok_case_elements(p) / p->teams;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  unsigned long long *sums = ok_case_alloc(nt, sizeof *sums, o);
  if (!sums) return;
  unsigned long long *bins = ok_case_alloc((long)nt * SLOTS, sizeof *bins, o);
  if (!bins) {
    ok_case_free(sums, (size_t)nt * sizeof *sums);
    return;
  }
  struct ok_case_seen seen = {0};
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-NO-REMARK: OMP112
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : seen)
  {
    unsigned long long *slots = bins + (long)omp_get_team_num() * SLOTS; /* this team's bins */
    if (omp_get_team_num() == 0) {
      seen.on_device = ok_ot_on_device();
      seen.teams = omp_get_num_teams();
    }
    for (long c = omp_get_team_num(); c < nt; c += omp_get_num_teams()) {
      sums[c] = (unsigned long long)(fault && c == 0); /* threads add their parts straight into it */
#pragma omp parallel
      {
#pragma omp for
        for (int s = 0; s < SLOTS; ++s) slots[s] = 0;
#pragma omp for
        for (long k = 0; k < chunk; ++k) {
          if (c == 0 && k == 0) seen.threads = omp_get_num_threads();
#pragma omp atomic update
          slots[k % SLOTS] += ok_case_value((unsigned long long)(c * chunk + k));
        }
        unsigned long long part = 0;
#pragma omp for nowait
        for (int s = 0; s < SLOTS; ++s) part += slots[s] * (unsigned long long)(s + 1);
#pragma omp atomic update
        sums[c] += part;
      }
    }
  }
  double t1 = omp_get_wtime();
  ok_case_free(bins, (size_t)nt * SLOTS * sizeof *bins);
  ok_case_sums_done(sums, nt, chunk, SLOTS, &seen, t1 - t0, o);
}
OK_REGISTER(team_array, g64k, "generic", "omp_get_wtime around the target region", team_array_g64k)
