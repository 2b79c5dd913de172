/* mem_bandwidth, OpenMP target: the CUDA form's read / write against stride and the copy
 * (kernels/common/ok_membw.h), as SPMD regions of 1056 teams (8 per SM of a 132-SM H100/H200) x
 * 256 threads with the same grid-stride loops; omp_get_wtime around each region (runs of 0.1 ms
 * or more; the launch's microseconds are in, which CUDA's events mostly leave out: say so when
 * comparing). GB/s of useful data. */
#include "ok_membw.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MB_TEAMS 1056
#define MB_THREADS 256

/* kind 0 read (sums into sink), 1 write, 2 copy A -> B, 3 fill A with OK_MB_FILL over n. */
static int mb_region(int kind, unsigned *A, unsigned *B, unsigned long long *sink, long stride, long n, int dev) {
  int on = 0;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(MB_TEAMS) thread_limit(MB_THREADS) device(dev) is_device_ptr(A, B, sink) \
    map(from : on)
#pragma omp parallel
  {
    const long t = (long)omp_get_team_num() * MB_THREADS + omp_get_thread_num(), nt = (long)MB_TEAMS * MB_THREADS;
    if (t == 0) on = !omp_is_initial_device() && omp_get_num_teams() == MB_TEAMS && omp_get_num_threads() == MB_THREADS;
    if (kind == 0) {
      unsigned long long acc = 0;
      for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
        for (long k = t; k < OK_MB_ACCESSES; k += nt) acc += A[k * stride];
      sink[t] = acc;
    } else if (kind == 1) {
      for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
        for (long k = t; k < OK_MB_ACCESSES; k += nt) A[k * stride] = OK_MB_WORD;
    } else if (kind == 2) {
      for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
        for (long k = t; k < OK_MB_ACCESSES; k += nt) B[k] = A[k];
    } else
      for (long j = t; j < n; j += nt) A[j] = OK_MB_FILL(j);
  }
  return on;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  const long n = OK_MB_ACCESSES * OK_MB_MAX_STRIDE + 1, nt = (long)MB_TEAMS * MB_THREADS;
  unsigned *A = omp_target_alloc(n * sizeof(unsigned), dev), *B = omp_target_alloc(OK_MB_ACCESSES * sizeof(unsigned), dev);
  unsigned long long *sink = omp_target_alloc(nt * sizeof *sink, dev), *hs = malloc(nt * sizeof *hs);
  int rc = 0, emitted = 0, on = A && B && sink && hs && mb_region(3, A, B, sink, 0, n, dev);
  const int runs = p->full ? 5 : 3;
  static const int order[3] = {0, 2, 1}; /* reads, the copy, then writes (they change A) */
  for (int oi = 0; oi < 3 && on; ++oi) {
    const int kind = order[oi];
    for (long s = kind == 2 ? 1 : 0; s <= (kind == 2 ? 1 : OK_MB_MAX_STRIDE) && on; ++s) {
      if (kind != 2 && (!ok_mb_stride_in(p->full, s) || (kind == 1 && !p->full))) continue;
      double secs[8];
      char param[48];
      if (kind == 2) snprintf(param, sizeof param, "op=copy");
      else snprintf(param, sizeof param, "op=%s,stride=%ld", kind ? "write" : "read", s);
      struct ok_rate r;
      memset(&r, 0, sizeof r);
      r.type = "uint", r.threads = MB_THREADS, r.teams = MB_TEAMS, r.stride = kind == 2 ? 0 : s, r.param = param;
      r.iters = OK_MB_REPS;
      r.work = (double)OK_MB_REPS * OK_MB_ACCESSES * sizeof(unsigned) * (kind == 2 ? 2 : 1);
      r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = runs;
      r.timer = "omp_get_wtime around the target region";
      if (kind == 1) on = mb_region(3, A, B, sink, 0, n, dev); /* writes start from the fill */
      for (int i = -1; i < runs && on; ++i) {
        double t0 = omp_get_wtime();
        on = mb_region(kind, A, B, sink, s, n, dev);
        if (i >= 0) secs[i] = omp_get_wtime() - t0;
      }
      unsigned long long tot = 0, want;
      if (kind == 0) want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, s);
      else if (kind == 1) want = OK_MB_ACCESSES * (unsigned long long)OK_MB_WORD * OK_MB_REPS;
      else want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, 1);
      /* The check: one read pass over what the point left (writes: A at the stride; copy: B). */
      if (on && kind) on = mb_region(0, kind == 2 ? B : A, B, sink, kind == 2 ? 1 : s, n, dev);
      if (!on) {
        r.ran_on_host = 1;
        snprintf(r.detail, sizeof r.detail, "a region ran on the host or not as %d x %d", MB_TEAMS, MB_THREADS);
      } else if (omp_target_memcpy(hs, sink, nt * sizeof *hs, 0, 0, host, dev)) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "omp_target_memcpy of the sums failed");
      } else {
        for (long i = 0; i < nt; ++i) tot += hs[i];
        r.verified = tot == want;
        snprintf(r.detail, sizeof r.detail, "%s: read-back sum %llu, the host expects %llu", r.verified ? "ok" : "wrong",
                 tot, want);
      }
      if (r.error || !r.verified || r.ran_on_host) rc = 1;
      ok_emit_rate(v, p, &r);
      ++emitted;
      if (r.error) on = 0;
    }
  }
  if (!emitted) {
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.error = A && B && sink && hs ? 0 : 1;
    r.ran_on_host = !r.error;
    if (r.error) snprintf(r.detail, sizeof r.detail, "omp_target_alloc of %ld MiB failed", (long)(n * 4 >> 20));
    else snprintf(r.detail, sizeof r.detail, "the fill region ran on the host or not as %d x %d", MB_TEAMS, MB_THREADS);
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  if (A) omp_target_free(A, dev);
  if (B) omp_target_free(B, dev);
  if (sink) omp_target_free(sink, dev);
  free(hs);
  return rc;
}
OK_REGISTER_SWEEP(mem_bandwidth, stream_spmd, "spmd", "omp_get_wtime around the target region", sweep)
