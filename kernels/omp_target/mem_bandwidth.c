/* mem_bandwidth, OpenMP target: the CUDA form's read / write against stride, the reference copy
 * and the scalar copy_u32 (record/ok_membw.h), as SPMD regions of 1056 teams (8 per SM of
 * a 132-SM H100/H200) x 256 threads with the same grid-stride loops (the reference copy: SMs x 8
 * teams); omp_get_wtime around each region (runs of 0.1 ms or more; the launch's microseconds are
 * in, which CUDA's events mostly leave out: say so when comparing). GB/s of useful data.
 * The reference copy was half CUDA's (1876 against 3741 GB/s on the H200) as `B[k] = A[k]` in the
 * shared region: 32-bit ld/st only, and A and B may alias, so the unrolled iterations keep each
 * load behind the previous store: one load in flight per thread. It now loads four 16-byte
 * vectors (vector_size(16): ld.global.v4.u32 in the PTX, checked) before storing any.
 * The loops index by the shape that ran (omp_get_num_teams x omp_get_num_threads, read in the
 * region): GCC 12's libgomp runs one OpenMP thread per warp (1056 x 8 where 1056 x 256 was asked),
 * and the same bytes are then moved by fewer threads; the record says the shape. Only
 * omp_is_initial_device() says "ran on host" (ok_ot_shape_verdict). */
#include "ok_membw.h"
#include "prim_harness.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned ok_v4u __attribute__((vector_size(16)));

/* The reference copy: n4 vectors in -> out, `passes` times, four loads in flight per thread.
 * info: on the device, teams, threads (the shape that ran). */
static void copy_ref_region(const ok_v4u *in, ok_v4u *out, long n4, int passes, int teams, int dev, int *info) {
  int on = 0, tms = 0, ths = 0;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(teams) thread_limit(OK_COPY_REF_THREADS) device(dev) is_device_ptr(in, out) \
    map(from : on, tms, ths)
#pragma omp parallel
  {
    const long nth = omp_get_num_threads(), t = (long)omp_get_team_num() * nth + omp_get_thread_num(),
               nt = (long)omp_get_num_teams() * nth;
    if (t == 0) on = !omp_is_initial_device(), tms = omp_get_num_teams(), ths = (int)nth;
    for (int r = 0; r < passes; ++r) {
      long k = t;
      for (; k + 3 * nt < n4; k += 4 * nt) {
        const ok_v4u a = in[k], b = in[k + nt], c = in[k + 2 * nt], d = in[k + 3 * nt];
        out[k] = a, out[k + nt] = b, out[k + 2 * nt] = c, out[k + 3 * nt] = d;
      }
      for (; k < n4; k += nt) out[k] = in[k];
    }
  }
  info[0] = on, info[1] = tms, info[2] = ths;
}

/* The device's name from the CUDA driver (dlopen: the offload build does not link it), for the
 * data-sheet peak; "" when unknown. */
static const char *device_name(int dev) {
  static char name[128];
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  int (*init)(unsigned) = h ? (int (*)(unsigned))dlsym(h, "cuInit") : NULL;
  int (*get)(int *, int) = h ? (int (*)(int *, int))dlsym(h, "cuDeviceGet") : NULL;
  int (*nm)(char *, int, int) = h ? (int (*)(char *, int, int))dlsym(h, "cuDeviceGetName") : NULL;
  int d = 0;
  name[0] = 0;
  if (!(init && get && nm && !init(0) && !get(&d, dev) && !nm(name, (int)sizeof name, d))) name[0] = 0;
  return name;
}

#define MB_TEAMS 1056
#define MB_THREADS 256

/* kind 0 read (sums into sink[t], t < the threads that ran), 1 write, 2 copy A -> B, 3 fill A with
 * OK_MB_FILL over n. info: on the device, teams, threads (the shape that ran). */
static void mb_region(int kind, unsigned *A, unsigned *B, unsigned long long *sink, long stride, long n, int dev, int *info) {
  int on = 0, tms = 0, ths = 0;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(MB_TEAMS) thread_limit(MB_THREADS) device(dev) is_device_ptr(A, B, sink) \
    map(from : on, tms, ths)
#pragma omp parallel
  {
    const long nth = omp_get_num_threads(), t = (long)omp_get_team_num() * nth + omp_get_thread_num(),
               nt = (long)omp_get_num_teams() * nth;
    if (t == 0) on = !omp_is_initial_device(), tms = omp_get_num_teams(), ths = (int)nth;
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
  info[0] = on, info[1] = tms, info[2] = ths;
}

/* Whether a region's shape is the fill's (fs): 1 yes; else the reason in d (ran on the host, or
 * another shape: the read-back would then cover other threads' sums). */
static int mb_same(const int *info, const int *fs, char *d, size_t n) {
  if (!info[0]) return snprintf(d, n, "a region ran on the host (omp_is_initial_device)"), 0;
  if (info[1] != fs[1] || info[2] != fs[2])
    return snprintf(d, n, "a region ran as %d x %d, the fill as %d x %d", info[1], info[2], fs[1], fs[2]), 0;
  return 1;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  const long n = OK_MB_ACCESSES * OK_MB_MAX_STRIDE + 1, nt = (long)MB_TEAMS * MB_THREADS;
  unsigned *A = omp_target_alloc(n * sizeof(unsigned), dev), *B = omp_target_alloc(OK_MB_ACCESSES * sizeof(unsigned), dev);
  unsigned long long *sink = omp_target_alloc(nt * sizeof *sink, dev), *hs = malloc(nt * sizeof *hs);
  /* fs: the fill's shape, which every other mb_region must repeat; bad: why not (one line). */
  int rc = 0, emitted = 0, fs[3] = {0, 0, 0}, info[3], verdict = -1;
  char bad[160] = "", note[96] = "";
  if (A && B && sink && hs) {
    mb_region(3, A, B, sink, 0, n, dev, fs);
    verdict = ok_ot_shape_verdict(bad, sizeof bad, fs, MB_TEAMS, MB_THREADS);
    if (verdict == 0) snprintf(note, sizeof note, "%s", bad), bad[0] = 0;
  }
  int on = verdict == 0;
  const int runs = p->full ? 5 : 3;
  const int sms = ok_ot_sm_count(dev), ref_teams = (sms > 0 ? sms : MB_TEAMS / OK_COPY_REF_PER_SM) * OK_COPY_REF_PER_SM;
  /* kind 0 read, 1 write, 2 copy_u32, 3 the reference copy: reads, the copies, then writes (they
   * change A). */
  static const int order[4] = {0, 3, 2, 1};
  for (int oi = 0; oi < 4 && on; ++oi) {
    const int kind = order[oi], copy = kind >= 2;
    for (long s = copy ? 1 : 0; s <= (copy ? 1 : OK_MB_MAX_STRIDE) && on; ++s) {
      if (!copy && (!ok_mb_stride_in(p->full, s) || (kind == 1 && !p->full))) continue;
      double secs[8];
      char param[48], pnote[96] = "";
      if (copy) snprintf(param, sizeof param, "op=%s", kind == 3 ? "copy" : "copy_u32");
      else snprintf(param, sizeof param, "op=%s,stride=%ld", kind ? "write" : "read", s);
      struct ok_rate r;
      memset(&r, 0, sizeof r);
      r.type = "uint", r.threads = fs[2], r.teams = fs[1], r.stride = copy ? 0 : s;
      r.param = param, r.iters = OK_MB_REPS;
      r.work = (double)OK_MB_REPS * OK_MB_ACCESSES * sizeof(unsigned) * (copy ? 2 : 1);
      r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = runs;
      r.timer = "omp_get_wtime around the target region";
      snprintf(pnote, sizeof pnote, "%s", note);
      if (kind == 1) mb_region(3, A, B, sink, 0, n, dev, info), on = mb_same(info, fs, bad, sizeof bad); /* writes start from the fill */
      /* Each copy starts from B full of OK_MB_WORD (the write kind), so the check reads this point's
       * copy only (omp_target_memset is not in every runtime here: GCC 12's libgomp). */
      if (copy) mb_region(1, B, B, sink, 1, n, dev, info), on = mb_same(info, fs, bad, sizeof bad);
      int rs[3] = {0, 0, 0}; /* the reference copy's shape (its own teams), the same in every run */
      for (int i = -1; i < runs && on; ++i) {
        double t0 = omp_get_wtime();
        if (kind == 3) copy_ref_region((const ok_v4u *)A, (ok_v4u *)B, OK_MB_ACCESSES / 4, OK_MB_REPS, ref_teams, dev, info);
        else mb_region(kind == 2 ? 2 : kind, A, B, sink, s, n, dev, info);
        if (i >= 0) secs[i] = omp_get_wtime() - t0;
        if (kind != 3) on = mb_same(info, fs, bad, sizeof bad);
        else if (i < 0) {
          memcpy(rs, info, sizeof rs);
          on = ok_ot_shape_verdict(bad, sizeof bad, rs, ref_teams, OK_COPY_REF_THREADS) == 0;
          if (on) snprintf(pnote, sizeof pnote, "%s", bad), bad[0] = 0;
          r.teams = rs[1], r.threads = rs[2];
        } else on = mb_same(info, rs, bad, sizeof bad);
      }
      unsigned long long tot = 0, want;
      if (kind == 0) want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, s);
      else if (kind == 1) want = OK_MB_ACCESSES * (unsigned long long)OK_MB_WORD * OK_MB_REPS;
      else want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, 1);
      /* The check: one read pass over what the point left (writes: A at the stride; copies: B). */
      if (on && kind) mb_region(0, copy ? B : A, B, sink, copy ? 1 : s, n, dev, info), on = mb_same(info, fs, bad, sizeof bad);
      const long ran = (long)fs[1] * fs[2]; /* the read pass's threads: sink[0, ran) */
      if (!on) {
        /* "ran on host" only when a region said so; another shape mid-sweep is an error. */
        if (info[0]) r.error = 1;
        else r.ran_on_host = 1;
        snprintf(r.detail, sizeof r.detail, "%s", bad);
      } else if (omp_target_memcpy(hs, sink, ran * sizeof *hs, 0, 0, host, dev)) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "omp_target_memcpy of the sums failed");
      } else {
        for (long i = 0; i < ran; ++i) tot += hs[i];
        r.verified = tot == want;
        snprintf(r.detail, sizeof r.detail, "%s: read-back sum %llu, the host expects %llu%s%s", r.verified ? "ok" : "wrong",
                 tot, want, pnote[0] ? "; " : "", pnote);
        if (copy && r.verified) { /* against the data sheet: the median run */
          double m[8];
          memcpy(m, secs, runs * sizeof *m);
          const double gbs = r.work / ok_median(m, runs) * 1e-9;
          const char *which = "";
          const double peak = ok_dram_peak_gbs(device_name(dev), &which);
          size_t len = strlen(r.detail);
          if (peak > 0)
            snprintf(r.detail + len, sizeof r.detail - len, "; %s%.4g GB/s = %.0f %% of the data-sheet peak %.0f GB/s (%s)",
                     kind == 3 ? "the reference copy: " : "", gbs, 100 * gbs / peak, peak, which);
          else
            snprintf(r.detail + len, sizeof r.detail - len, "; %.4g GB/s; data-sheet peak unknown (%s)", gbs, which);
        }
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
    r.error = verdict != 1;
    r.ran_on_host = verdict == 1;
    if (!(A && B && sink && hs)) snprintf(r.detail, sizeof r.detail, "omp_target_alloc of %ld MiB failed", (long)(n * 4 >> 20));
    else snprintf(r.detail, sizeof r.detail, "the fill region: %s", bad[0] ? bad : "no point ran");
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
