/* reduce_study, host OpenMP: the reduction case study's data (ok_reduce_fill; 2^24 quick, 2^26
 * full) summed and maxed on the host, three ways:
 *   reduction  `parallel for reduction(+|max: r)`
 *   atomic     each thread accumulates privately, then one `omp atomic` (max: `atomic compare`)
 *   critical   the same, combined in an `omp critical`
 * (a per-element atomic or critical on the host would time the lock, not the reduction).
 * omp_get_wtime around the parallel region; every run is checked exactly. */
#include "ok_bench.h"
#include "ok_sync_plan.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long ull;
enum form { REDUCTION, ATOMIC, CRITICAL };

static unsigned *g_in;
static long g_n;
static ull ref_sum, ref_max;

static ull run(enum form f, int is_max, long n, int nth) {
  const unsigned *in = g_in;
  ull r = 0;
  if (f == REDUCTION && !is_max) {
#pragma omp parallel for reduction(+ : r) num_threads(nth)
    for (long i = 0; i < n; ++i) r += in[i];
  } else if (f == REDUCTION) {
#pragma omp parallel for reduction(max : r) num_threads(nth)
    for (long i = 0; i < n; ++i) r = in[i] > r ? in[i] : r;
  } else {
#pragma omp parallel num_threads(nth)
    {
      ull mine = 0;
#pragma omp for nowait
      for (long i = 0; i < n; ++i) mine = is_max ? (in[i] > mine ? in[i] : mine) : mine + in[i];
      if (f == ATOMIC && !is_max) {
#pragma omp atomic
        r += mine;
      } else if (f == ATOMIC) {
#pragma omp atomic compare
        if (r < mine) { r = mine; }
      } else {
#pragma omp critical
        r = is_max ? (mine > r ? mine : r) : r + mine;
      }
    }
  }
  return r;
}

static int measure(const struct ok_variant *v, const struct ok_params *p, enum form f, int is_max) {
  const long n = p->full ? (1L << 26) : (1L << 24);
  const int runs = p->full ? (p->runs > 0 ? p->runs : 9) : 5;
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  char aff[96];
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  snprintf(aff, sizeof aff, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  pt.affinity = aff;
  pt.type = "uint", pt.param = is_max ? "op=max" : "op=sum", pt.unit = "s", pt.n_iter = n, pt.unroll = 1;
  pt.threads = p->threads_given ? p->threads : omp_get_max_threads(), pt.teams = 1;
  if (g_n != n) {
    free(g_in);
    g_n = 0;
    if (!(g_in = malloc((size_t)n * sizeof *g_in))) {
      pt.error = 1;
      snprintf(pt.detail, sizeof pt.detail, "out of memory");
      ok_emit_point(v, p, &pt);
      return 1;
    }
    ok_reduce_fill(g_in, n, &ref_sum, &ref_max);
    g_n = n;
  }
  const ull want = is_max ? ref_max : ref_sum;
  double t[64];
  int r;
  for (r = 0; r < runs + 1 && r < 64; ++r) { /* run 0: warm-up */
    double t0 = omp_get_wtime();
    ull got = run(f, is_max, n, pt.threads);
    double s = omp_get_wtime() - t0;
    if (got != want) {
      snprintf(pt.detail, sizeof pt.detail, "run %d: %s %llu, the host's %llu", r, pt.param, got, want);
      break;
    }
    if (r) t[r - 1] = s;
  }
  if (r == runs + 1) {
    pt.verified = pt.measured = 1;
    ok_time_stats(t, runs, (double)n, &pt.st);
    snprintf(pt.detail, sizeof pt.detail, "%s = host's %llu every run; %.4g GB/s read, %d threads", pt.param, want,
             4.0 * n / pt.st.test_median * 1e-9, pt.threads);
  }
  ok_emit_point(v, p, &pt);
  return !pt.verified;
}

#define DEF(NAME, F) \
  static int sweep_##NAME(const struct ok_variant *v, const struct ok_params *p) { return measure(v, p, F, 0) | measure(v, p, F, 1); }
DEF(reduction, REDUCTION)
DEF(atomic, ATOMIC)
DEF(critical, CRITICAL)
#define TIMER "omp_get_wtime around the parallel region; per op = s per element"
OK_REGISTER_SWEEP(reduce_study, reduction, "host", TIMER, sweep_reduction)
OK_REGISTER_SWEEP(reduce_study, atomic, "host", TIMER, sweep_atomic)
OK_REGISTER_SWEEP(reduce_study, critical, "host", TIMER, sweep_critical)
