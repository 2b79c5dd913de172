/* Launch and sync study planning: see ok_sync_plan.h. */
#define _POSIX_C_SOURCE 200809L
#include "ok_sync_plan.h"
#include "ok_bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

double ok_repeat_difference(double t1, double tk, int k) {
  if (k < 2) return NAN;
  return (tk - t1) / (double)(k - 1);
}

static int quick_shape(int bps, int threads) {
  return (bps == 1 && (threads == 1024 || threads == 128)) || (bps == 2 && threads == 512);
}

int ok_grid_shapes(int sms, int full, ok_occupancy_fn occ, void *ctx, struct ok_grid_shape *out, int max,
                   int *skipped) {
  int n = 0, skip = 0;
  if (sms <= 0) return -1;
  for (int t = 32; t <= 1024; t *= 2) {
    int allowed = occ(ctx, t);
    if (allowed < 0) return -1;
    /* 32 resident blocks per SM is the architectural ceiling on sm_70 .. sm_90. */
    for (int bps = 1; bps <= 32; bps *= 2) {
      if (!full && !quick_shape(bps, t)) continue;
      if (bps > allowed) {
        ++skip;
        continue;
      }
      if (n < max) out[n].blocks_per_sm = bps, out[n].threads = t, out[n].blocks = bps * sms;
      ++n;
    }
  }
  if (skipped) *skipped = skip;
  return n < max ? n : max;
}

int ok_gpu_counts(int visible, int *out, int max) {
  int n = 0;
  for (int g = 1; g <= visible && n < max; g *= 2) {
    out[n++] = g;
    if (g < visible && g * 2 > visible && n < max) out[n++] = visible;
  }
  return n;
}

double ok_host_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double (*ok_launch_clock)(void) = ok_host_now;

struct launch_sampler {
  ok_launch_fn fn;
  void *ctx;
  double (*now)(void);
  int k, reps;
};

static int launch_sample(void *vx, int test, double *value) {
  struct launch_sampler *x = vx;
  double t0 = x->now();
  for (int r = 0; r < x->reps; ++r) {
    int e = x->fn(x->ctx, test ? x->k : 1);
    if (e) return e;
  }
  *value = (x->now() - t0) / x->reps;
  return 0;
}

int ok_launch_measure(ok_launch_fn fn, void *ctx, double (*now)(void), int k, int reps, int runs, int max_retries,
                      struct ok_pair_stats *st) {
  struct launch_sampler x = {fn, ctx, now, k, reps > 0 ? reps : 1};
  struct ok_pair_cfg cfg = {runs > 0 ? runs : 9, max_retries, (double)(k - 1), 0, 0};
  if (k < 2) return -1;
  return ok_measure_pair(launch_sample, &x, &cfg, st);
}

int ok_launch_point(const struct ok_variant *v, const struct ok_params *p, struct ok_launch_form *f) {
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  const int reps = p->full ? 32 : 8;
  pt.type = "";
  pt.threads = f->threads;
  pt.teams = f->teams;
  pt.param = f->param;
  pt.unit = "s";
  pt.n_iter = OK_LAUNCH_K;
  pt.unroll = 1;
  /* A first round outside the timing: module load, first-launch JIT, graph upload. */
  int e = f->fn(f->ctx, OK_LAUNCH_K);
  if (!e) e = ok_launch_measure(f->fn, f->ctx, ok_launch_clock, OK_LAUNCH_K, reps, p->runs, p->max_retries, &pt.st);
  if (e) {
    pt.error = 1;
    if (f->err) f->err(f->ctx, pt.detail, sizeof pt.detail);
    else snprintf(pt.detail, sizeof pt.detail, "launch form failed (%d)", e);
  } else {
    pt.measured = 1;
    pt.verified = f->verify(f->ctx, pt.detail, sizeof pt.detail);
    size_t len = strlen(pt.detail);
    snprintf(pt.detail + len, sizeof pt.detail - len,
             "; host clock, T(1) and T(%d) each the mean of %d repetitions; latency %.3g us, per launch %.3g us",
             OK_LAUNCH_K, reps, pt.st.base_median * 1e6, pt.st.per_op_median * 1e6);
  }
  pt.ran_on_host = f->on_host;
  ok_emit_point(v, p, &pt);
  return pt.error || !pt.verified || f->on_host;
}

void ok_reduce_fill(unsigned *h, long n, unsigned long long *sum, unsigned long long *max) {
  unsigned long long s = 0, m = 0;
  for (long i = 0; i < n; ++i) {
    unsigned x = (unsigned)i * 2654435761u;
    x ^= x >> 15;
    h[i] = x & 0x7fffu;
  }
  if (n > 0) h[(n / 3) | (n > 5 ? 5 : 0)] = (1u << 30) + 12345u;
  for (long i = 0; i < n; ++i) s += h[i], m = h[i] > m ? h[i] : m;
  *sum = s, *max = m;
}

void ok_time_stats(double *t, int runs, double ops, struct ok_pair_stats *st) {
  memset(st, 0, sizeof *st);
  if (runs < 1 || ops <= 0) return;
  double med = ok_median(t, runs); /* sorts t */
  st->test_median = med, st->runs = runs;
  st->per_op_median = med / ops, st->per_op_min = t[0] / ops, st->per_op_max = t[runs - 1] / ops;
  st->spread = med > 0 ? (t[runs - 1] - t[0]) / med : 0;
}
