#include "ok_measure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double ok_median(double *v, int n) {
  if (n <= 0) return 0;
  qsort(v, (size_t)n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* (max - min) / |median| of the first n per-op differences (not reordered). */
static double pair_spread(const double *d, int n) {
  double v[64], mn = d[0], mx = d[0];
  if (n > 64) return 1e300;
  for (int i = 0; i < n; ++i) v[i] = d[i], mn = d[i] < mn ? d[i] : mn, mx = d[i] > mx ? d[i] : mx;
  double m = ok_median(v, n);
  return m != 0 ? (mx - mn) / (m < 0 ? -m : m) : 1e300;
}

int ok_measure_pair(ok_sample_fn fn, void *ctx, const struct ok_pair_cfg *cfg, struct ok_pair_stats *out) {
  int runs = cfg->runs > 0 ? cfg->runs : 1;
  double *b = calloc((size_t)runs, sizeof *b), *t = calloc((size_t)runs, sizeof *t), *d = calloc((size_t)runs, sizeof *d);
  int rc = 0;
  double w;
  out->retries = out->flagged = out->early_stop = 0;
  out->runs = runs;
  if (!b || !t || !d) {
    rc = -1;
    goto done;
  }
  /* Warm-up: caches, page faults, thread pools, clocks. */
  if ((rc = fn(ctx, 0, &w)) || (rc = fn(ctx, 1, &w))) goto done;
  for (int r = 0; r < runs; ++r) {
    for (;;) {
      if ((rc = fn(ctx, 0, &b[r])) || (rc = fn(ctx, 1, &t[r]))) goto done;
      if (t[r] > b[r]) break;
      if (out->retries >= cfg->max_retries) {
        out->flagged = 1;
        break;
      }
      ++out->retries;
    }
    d[r] = (t[r] - b[r]) / cfg->ops;
    if (cfg->min_runs >= 3 && r + 1 >= cfg->min_runs && r + 1 < runs && !out->flagged &&
        pair_spread(d, r + 1) <= cfg->tight) {
      runs = out->runs = r + 1;
      out->early_stop = 1;
      break;
    }
  }
  out->base_median = ok_median(b, runs);
  out->test_median = ok_median(t, runs);
  out->per_op_median = (out->test_median - out->base_median) / cfg->ops;
  qsort(d, (size_t)runs, sizeof *d, cmp);
  out->per_op_min = d[0];
  out->per_op_max = d[runs - 1];
  out->spread = out->per_op_median != 0 ? (out->per_op_max - out->per_op_min) / (out->per_op_median < 0 ? -out->per_op_median : out->per_op_median) : 0;
done:
  free(b);
  free(t);
  free(d);
  return rc;
}

double ok_clock_resolution(const double *reads, int n) {
  double best = 0;
  for (int i = 1; i < n; ++i) {
    double d = reads[i] - reads[i - 1];
    if (d > 0 && (best == 0 || d < best)) best = d;
  }
  return best;
}

int ok_is_floor(const struct ok_pair_stats *st, double resolution) {
  return resolution > 0 && st->per_op_median > 0 && st->per_op_median <= resolution;
}

int ok_early_min_runs(double sample_s, double budget_s) {
  if (!(budget_s > 0) || !(sample_s > budget_s)) return OK_EARLY_MIN_RUNS;
  double n = OK_EARLY_MIN_RUNS * budget_s / sample_s;
  int k = (int)n + (n > (int)n);
  return k < OK_EARLY_FLOOR_RUNS ? OK_EARLY_FLOOR_RUNS : k;
}

int ok_slow_runs(double run_s, int runs) {
  if (run_s >= OK_VERY_SLOW_RUN_S) return 1;
  if (run_s >= OK_SLOW_RUN_S && runs > 3) return 3;
  return runs;
}

double ok_injected_pct(const char *kernel, const char *variant) {
  const char *e = getenv("OMPKIT_INJECT_SLOWDOWN");
  if (!e || !kernel) return 0;
  char kv[256];
  snprintf(kv, sizeof kv, "%s/%s", kernel, variant ? variant : "");
  while (*e) {
    size_t n = strcspn(e, ","), eq = strcspn(e, "=");
    if (eq < n) {
      /* KERNEL names every variant of it, KERNEL/VARIANT one. */
      int hit = (eq == strlen(kernel) && !strncmp(e, kernel, eq)) || (eq == strlen(kv) && !strncmp(e, kv, eq));
      if (hit) return atof(e + eq + 1);
    }
    e += n + (e[n] == ',');
  }
  return 0;
}
