/* smem_bandwidth, OpenMP target: the CUDA form's read pattern (kernels/common/ok_smem.h) on a
 * team-local array: a 16 KiB local of the `target teams` region that its `parallel` threads
 * share. openmp-opt must globalize it; whether it lands in shared memory (OMP111, a .shared
 * array in the PTX) or in the runtime's global fallback is what docs/microbench.md reads from the
 * remarks and the PTX. 528 teams x 256 threads, omp_get_wtime around the region; GB/s.
 * Under -fopenmp-cuda-mode (target-clang19-cudamode) nothing is globalized: the array becomes
 * per-thread stack, each thread fills only its own words and the sums come out wrong; that
 * verification failure is the finding (as in cases/team_array.c), not a kernel bug. */
#include "ok_smem.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SM_TEAMS 528
#define SM_THREADS 256

/* info: on the device, teams, threads (the shape that ran: GCC's differs, ok_portable.h). */
static void sm_region(unsigned *sink, int stride, int dev, int *info) {
  int on = 0, tms = 0, ths = 0;
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
#pragma omp target teams num_teams(SM_TEAMS) thread_limit(SM_THREADS) device(dev) is_device_ptr(sink) map(from : on, tms, ths)
  {
    unsigned s[OK_SM_WORDS];
#pragma omp parallel
    {
      const int tid = omp_get_thread_num();
      const int nth = omp_get_num_threads();
      if (tid == 0 && omp_get_team_num() == 0)
        on = !omp_is_initial_device(), tms = omp_get_num_teams(), ths = nth;
      for (int j = tid; j < OK_SM_WORDS; j += nth) s[j] = (unsigned)(j & 0xff);
#pragma omp barrier
      volatile unsigned *p = s + (tid & 31) * stride;
      unsigned acc = 0;
      for (int it = 0; it < OK_SM_ITERS; ++it)
#pragma unroll
        for (int u = 0; u < 32; ++u) acc += p[u * 32];
      sink[omp_get_team_num() * SM_THREADS + tid] = acc;
    }
  }
  info[0] = on, info[1] = tms, info[2] = ths;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device(), host = omp_get_initial_device(), nt = SM_TEAMS * SM_THREADS;
  unsigned *sink = omp_target_alloc(nt * sizeof(unsigned), dev), *hs = malloc(nt * sizeof(unsigned));
  int rc = 0, on = sink && hs;
  for (int k = 0; k < OK_SM_NSTRIDES && on; ++k) {
    const int s = ok_sm_strides[k];
    if (!ok_sm_stride_in(p->full, s)) continue;
    double secs[8];
    char param[32];
    snprintf(param, sizeof param, "stride=%d", s);
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.type = "uint", r.threads = SM_THREADS, r.teams = SM_TEAMS, r.stride = s, r.param = param, r.iters = OK_SM_ITERS;
    r.work = (double)nt * OK_SM_ITERS * 32 * sizeof(unsigned);
    r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = p->full ? 5 : 3;
    r.timer = "omp_get_wtime around the target region";
    int info[3] = {1, SM_TEAMS, SM_THREADS}, same = 1;
    for (int i = -1; i < r.runs && info[0] && same; ++i) {
      double t0 = omp_get_wtime();
      const int was[2] = {info[1], info[2]};
      sm_region(sink, s, dev, info);
      if (i >= 0) secs[i] = omp_get_wtime() - t0;
      same = i < 0 || (info[1] == was[0] && info[2] == was[1]);
    }
    char note[96];
    ok_ot_shape_note(note, sizeof note, info[1], info[2], SM_TEAMS, SM_THREADS);
    if (!info[0]) {
      r.ran_on_host = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "the region ran on the host (omp_is_initial_device)");
    } else if (!same || info[1] < 1 || info[1] > SM_TEAMS || info[2] < 1 || info[2] > SM_THREADS) {
      r.error = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "the region's shape changed between runs or is out of range (%d x %d)",
               info[1], info[2]);
    } else if (omp_target_memcpy(hs, sink, nt * sizeof(unsigned), 0, 0, host, dev)) {
      r.error = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "omp_target_memcpy of the sums failed");
    } else {
      r.verified = 1;
      /* The threads that ran (slot team x SM_THREADS + thread); the bytes read are theirs. */
      r.teams = info[1], r.threads = info[2];
      r.work = (double)info[1] * info[2] * OK_SM_ITERS * 32 * sizeof(unsigned);
      snprintf(r.detail, sizeof r.detail, "%s%severy thread's sum equals the host's", note, note[0] ? "; " : "");
      for (int tm = 0; tm < info[1] && r.verified; ++tm)
        for (int i = 0; i < info[2] && r.verified; ++i) {
          const int t = tm * SM_THREADS + i;
          if (hs[t] != ok_sm_lane_sum(t & 31, s, OK_SM_ITERS)) {
            r.verified = 0;
            snprintf(r.detail, sizeof r.detail, "thread %d of team %d summed %u, the host expects %u", i, tm, hs[t],
                     ok_sm_lane_sum(t & 31, s, OK_SM_ITERS));
          }
        }
    }
    if (r.error || !r.verified || r.ran_on_host) rc = 1;
    ok_emit_rate(v, p, &r);
  }
  if (!(sink && hs)) {
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "omp_target_alloc failed");
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  if (sink) omp_target_free(sink, dev);
  free(hs);
  return rc;
}
OK_REGISTER_SWEEP(smem_bandwidth, team_local_generic, "generic", "omp_get_wtime around the target region", sweep)
