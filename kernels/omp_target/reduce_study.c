/* reduce_study, OpenMP target: the reduction case study of kernels/cuda/reduce_study.cu on the same
 * data (ok_reduce_fill: 2^25 quick, 2^26 full unsigned ints), sum and max into 64 bits:
 *   clause_spmd     `target teams distribute parallel for reduction(+|max: r)`
 *   clause_generic  `target teams distribute reduction` over chunks, an unknown call, then a
 *                   `parallel for reduction` per chunk into the team's slot of a device array
 *                   (generic mode; a team-local reduction variable is refused in cuda mode)
 *   atomic_spmd     the combined construct with `omp atomic` (sum) / `atomic compare` (max) per
 *                   element into one device word
 *   ompx_shfl_spmd  persistent threads (8 teams of 256 per SM) accumulate privately, then
 *                   ompx_shfl_down_sync_l per warp and one atomic per warp (LLVM's extension)
 * Timed with omp_get_wtime around the target region: unlike CUDA's events this includes the
 * launch (a few us, see `launch`) and the result's copy back. Every run is checked exactly. */

#include "ok_bench.h"
#include "ok_sync_plan.h"
#include "opaque.h"
#include "prim_harness.h"
#if OK_OT_OMPX
#include <ompx.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long ull;
enum form { CLAUSE, GENERIC, ATOMIC, OMPX };
#define CHUNK 65536

static unsigned *d_in;
static ull *d_parts; /* clause_generic: one partial per team (num_teams <= MAXTEAMS) */
#define MAXTEAMS 4096
static long g_n;
static ull ref_sum, ref_max;
static int g_dev;

#define MAXOP(a, b) ((a) > (b) ? (a) : (b))
#define SUM_INTO(v, x) v += x
#define MAX_INTO(v, x) v = MAXOP(v, x)

/* ompx_shfl_spmd's thread body, one for sum and max: INTO (SUM_INTO, MAX_INTO) over the thread's
 * elements (a grid stride), then down the warp by shuffles; lane 0's v is the warp's. */
#define OMPX_WARP_VALUE(v, INTO)                                                                  \
  const long stride = (long)omp_get_num_teams() * omp_get_num_threads();                        \
  ull v = 0;                                                                                    \
  for (long i = (long)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num(); i < n; \
       i += stride)                                                                             \
    INTO(v, (ull)in[i]);                                                                        \
  for (int o = 16; o > 0; o >>= 1) {                                                            \
    const ull u = (ull)ompx_shfl_down_sync_l(~0ull, (long)v, o, 32);                            \
    INTO(v, u);                                                                                 \
  }

/* clause_generic's chunk: a `parallel for reduction` into the team's slot. In a function, not the
 * teams region: -fopenmp-cuda-mode refuses a reduction on the region's own locals ("threadprivate
 * or thread local variable cannot be reduction"), the team's partial or the pointer alike. */
#if OK_OT_HAS_SECTION_REDUCTION
#pragma omp declare target
static ull chunk_sum(const unsigned *in, ull *parts, int tm, long c, long end) {
  parts[tm] = 0;
#pragma omp parallel for reduction(+ : parts[tm : 1])
  for (long i = c; i < end; ++i) parts[tm] += in[i];
  return parts[tm];
}
static ull chunk_max(const unsigned *in, ull *parts, int tm, long c, long end) {
  parts[tm] = 0;
#pragma omp parallel for reduction(max : parts[tm : 1])
  for (long i = c; i < end; ++i) parts[tm] = MAXOP(parts[tm], (ull)in[i]);
  return parts[tm];
}
#pragma omp end declare target
#endif

/* One region per form and op; `r` is the result (mapped or, for atomics, a device word). */
static ull run_sum(enum form f, long n, int nt, ull *dword) {
  const unsigned *in = d_in;
  ull *parts = d_parts;
  const int dev = g_dev;
  ull r = 0;
  switch (f) {
  case CLAUSE:
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for reduction(+ : r) is_device_ptr(in) device(dev) map(tofrom : r)
    for (long i = 0; i < n; ++i) r += in[i];
    break;
  case GENERIC:
#if OK_OT_HAS_SECTION_REDUCTION
    // EXPECT-MODE: Generic
#pragma omp target teams distribute num_teams(nt) reduction(+ : r) is_device_ptr(in, parts) device(dev) map(tofrom : r)
    for (long c = 0; c < n; c += CHUNK) {
      const int tm = omp_get_team_num();
      const long end = c + CHUNK < n ? c + CHUNK : n;
      ok_opaque_touch(0); /* unknown side effect in the team's sequential part: stays generic */
      r += chunk_sum(in, parts, tm, c, end);
    }
#endif
    break;
  case ATOMIC:
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for is_device_ptr(in, dword) device(dev)
    for (long i = 0; i < n; ++i) {
#pragma omp atomic
      dword[0] += in[i];
    }
    break;
  case OMPX:
#if OK_OT_OMPX
    // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(256) is_device_ptr(in, dword) device(dev)
#pragma omp parallel
    {
      OMPX_WARP_VALUE(v, SUM_INTO);
      if ((omp_get_thread_num() & 31) == 0) {
#pragma omp atomic
        dword[0] += v;
      }
    }
#endif
    break;
  }
  return r;
}

static ull run_max(enum form f, long n, int nt, ull *dword) {
  const unsigned *in = d_in;
  ull *parts = d_parts;
  const int dev = g_dev;
  ull r = 0;
  switch (f) {
  case CLAUSE:
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for reduction(max : r) is_device_ptr(in) device(dev) map(tofrom : r)
    for (long i = 0; i < n; ++i) r = MAXOP(r, (ull)in[i]);
    break;
  case GENERIC:
#if OK_OT_HAS_SECTION_REDUCTION
    // EXPECT-MODE: Generic
#pragma omp target teams distribute num_teams(nt) reduction(max : r) is_device_ptr(in, parts) device(dev) map(tofrom : r)
    for (long c = 0; c < n; c += CHUNK) {
      const int tm = omp_get_team_num();
      const long end = c + CHUNK < n ? c + CHUNK : n;
      ok_opaque_touch(0);
      const ull m = chunk_max(in, parts, tm, c, end);
      r = MAXOP(r, m);
    }
#endif
    break;
  case ATOMIC:
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for is_device_ptr(in, dword) device(dev)
    for (long i = 0; i < n; ++i) {
      const ull x = in[i];
#if OK_OT_HAS_ATOMIC_COMPARE
#pragma omp atomic compare
      if (dword[0] < x) { dword[0] = x; }
#endif
    }
    break;
  case OMPX:
#if OK_OT_OMPX
    // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(256) is_device_ptr(in, dword) device(dev)
#pragma omp parallel
    {
      OMPX_WARP_VALUE(v, MAX_INTO);
      if ((omp_get_thread_num() & 31) == 0) {
#pragma omp atomic compare
        if (dword[0] < v) { dword[0] = v; }
      }
    }
#endif
    break;
  }
  return r;
}

static int on_device(void) {
  int on = 0;
  const int dev = g_dev;
#pragma omp target device(dev) map(from : on)
  on = !omp_is_initial_device();
  return on;
}

static int setup(long n, char *why, size_t nw) {
  if (g_n == n) return 0;
  g_dev = omp_get_default_device();
  if (d_in) omp_target_free(d_in, g_dev);
  g_n = 0;
  unsigned *h = malloc((size_t)n * sizeof *h);
  d_in = omp_target_alloc((size_t)n * sizeof *h, g_dev);
  if (!d_parts) d_parts = omp_target_alloc(MAXTEAMS * sizeof *d_parts, g_dev);
  if (!h || !d_in || !d_parts) return free(h), snprintf(why, nw, "out of memory"), -1;
  ok_reduce_fill(h, n, &ref_sum, &ref_max);
  int e = omp_target_memcpy(d_in, h, (size_t)n * sizeof *h, 0, 0, g_dev, omp_get_initial_device());
  free(h);
  if (e) return snprintf(why, nw, "omp_target_memcpy failed"), -1;
  g_n = n;
  return 0;
}

static int measure(const struct ok_variant *v, const struct ok_params *p, enum form f, int is_max) {
  const long n = p->full ? (1L << 26) : (1L << 25);
  const int runs = p->full ? (p->runs > 0 ? p->runs : 9) : 5;
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  pt.type = "uint", pt.param = is_max ? "op=max" : "op=sum", pt.unit = "s", pt.n_iter = n, pt.unroll = 1;
  pt.threads = f == OMPX ? 256 : 0;
  int sms = ok_ot_sm_count(omp_get_default_device());
  int nt = 8 * (sms > 0 ? sms : 132); /* 2048 threads per SM in 256-thread teams */
  if (nt > MAXTEAMS) nt = MAXTEAMS;
  pt.teams = f == OMPX ? nt : 0;
  double t[64];
  ull *dword = NULL;
  if (setup(n, pt.detail, sizeof pt.detail) || !(dword = omp_target_alloc(sizeof(ull), g_dev))) {
    pt.error = 1;
    if (!pt.detail[0]) snprintf(pt.detail, sizeof pt.detail, "omp_target_alloc failed");
  } else if (!on_device()) {
    pt.ran_on_host = 1;
    snprintf(pt.detail, sizeof pt.detail, "the target region ran on the host");
  } else {
    const ull want = is_max ? ref_max : ref_sum, zero = 0;
    int r;
    for (r = 0; r < runs + 1 && r < 64; ++r) { /* run 0: warm-up */
      omp_target_memcpy(dword, &zero, sizeof zero, 0, 0, g_dev, omp_get_initial_device());
      double t0 = omp_get_wtime();
      ull got = is_max ? run_max(f, n, nt, dword) : run_sum(f, n, nt, dword);
      double s = omp_get_wtime() - t0;
      if (f == ATOMIC || f == OMPX) omp_target_memcpy(&got, dword, sizeof got, 0, 0, omp_get_initial_device(), g_dev);
      if (got != want) {
        snprintf(pt.detail, sizeof pt.detail, "run %d: %s %llu, the host's %llu", r, pt.param, got, want);
        break;
      }
      if (r) t[r - 1] = s;
    }
    if (r == runs + 1) {
      pt.verified = pt.measured = 1;
      ok_time_stats(t, runs, (double)n, &pt.st);
      snprintf(pt.detail, sizeof pt.detail, "%s = host's %llu every run; %.4g GB/s read (launch and copy-back included)",
               pt.param, want, 4.0 * n / pt.st.test_median * 1e-9);
    }
  }
  if (dword) omp_target_free(dword, g_dev);
  ok_emit_point(v, p, &pt);
  return pt.error || !pt.verified || pt.ran_on_host;
}

#define DEF(NAME, F) \
  static int sweep_##NAME(const struct ok_variant *v, const struct ok_params *p) {                     \
    return !ok_ot_check_device(v, p) || (measure(v, p, F, 0) | measure(v, p, F, 1));                  \
  }
DEF(clause, CLAUSE)
#if OK_OT_HAS_SECTION_REDUCTION
DEF(generic, GENERIC)
#endif
#if OK_OT_HAS_ATOMIC_COMPARE
DEF(atomic, ATOMIC)
#endif
#if OK_OT_OMPX
DEF(ompx, OMPX)
#endif
#define TIMER "omp_get_wtime around the target region (launch and result copy included); per op = s per element"
OK_REGISTER_SWEEP(reduce_study, clause_spmd, "spmd", TIMER, sweep_clause)
#if OK_OT_HAS_SECTION_REDUCTION
OK_REGISTER_SWEEP(reduce_study, clause_generic, "generic", TIMER, sweep_generic)
#else
OK_REGISTER_NOT_BUILT(reduce_study, clause_generic, "generic", OK_OT_NO_SECTION_REDUCTION_WHY)
#endif
#if OK_OT_HAS_ATOMIC_COMPARE
OK_REGISTER_SWEEP(reduce_study, atomic_spmd, "spmd", TIMER, sweep_atomic)
#else
OK_REGISTER_NOT_BUILT(reduce_study, atomic_spmd, "spmd", OK_OT_NO_ATOMIC_COMPARE_WHY)
#endif
#if OK_OT_OMPX
OK_REGISTER_SWEEP(reduce_study, ompx_shfl_spmd, "spmd", TIMER, sweep_ompx)
#else
OK_REGISTER_NOT_BUILT(reduce_study, ompx_shfl_spmd, "spmd", OK_OT_NO_OMPX_WHY("ompx_shfl_down_sync_l"))
#endif
