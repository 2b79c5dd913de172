/* The baseline/test method on synthetic timings: subtraction and medians, a pair that must be
 * retried, and a pair that never separates and must be flagged. */
#include "ok_measure.h"

#include <math.h>
#include <stdio.h>

#include "ok_check.h"

struct script {
  const double *base, *test; /* values returned in order (warm-up first) */
  int nb, nt, ib, it;
};

static int next(void *ctx, int test, double *v) {
  struct script *s = ctx;
  if (test) *v = s->test[s->it < s->nt ? s->it++ : s->nt - 1];
  else *v = s->base[s->ib < s->nb ? s->ib++ : s->nb - 1];
  return 0;
}

int main(void) {
  struct ok_pair_stats st;
  /* Clean: test - base = 100, 110, 90 per 10 ops -> medians 1000/1100 -> 10 per op. */
  {
    const double b[] = {0, 1000, 1010, 990}, t[] = {0, 1100, 1120, 1080};
    struct script s = {b, t, 4, 4, 0, 0};
    struct ok_pair_cfg cfg = {3, 5, 10, 0, 0};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "clean run failed");
    CHECK(fabs(st.per_op_median - 10.0) < 1e-9, "per-op %g, want 10", st.per_op_median);
    CHECK(fabs(st.per_op_min - 9.0) < 1e-9 && fabs(st.per_op_max - 11.0) < 1e-9, "min/max %g/%g", st.per_op_min,
          st.per_op_max);
    CHECK(fabs(st.spread - 0.2) < 1e-9, "spread %g", st.spread);
    CHECK(st.retries == 0 && !st.flagged, "retries %d flagged %d", st.retries, st.flagged);
    CHECK(s.ib == 4 && s.it == 4, "warm-up pair not taken first (%d, %d samples)", s.ib, s.it);
  }
  /* The second pair's test is not slower (a hiccup in the baseline would look the same): retried once. */
  {
    const double b[] = {0, 1000, 1000, 1000, 1000}, t[] = {0, 1100, 900, 1100, 1100};
    struct script s = {b, t, 5, 5, 0, 0};
    struct ok_pair_cfg cfg = {3, 5, 10, 0, 0};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "retry run failed");
    CHECK(st.retries == 1 && !st.flagged, "retries %d flagged %d, want 1/0", st.retries, st.flagged);
    CHECK(fabs(st.per_op_median - 10.0) < 1e-9, "per-op %g after retry", st.per_op_median);
  }
  /* Never separates: retries run out, the measurement is flagged and its per-op cost is not positive. */
  {
    const double b[] = {1000}, t[] = {1000};
    struct script s = {b, t, 1, 1, 0, 0};
    struct ok_pair_cfg cfg = {9, 4, 10, 0, 0};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "flag run failed");
    CHECK(st.flagged && st.retries == 4, "flagged %d retries %d, want 1/4", st.flagged, st.retries);
    CHECK(st.per_op_median <= 0, "per-op %g should not be positive", st.per_op_median);
  }
  /* Early stop: 9 pairs planned, the first 5 agree within 1 % -> stop there, and say so. */
  {
    const double b[] = {0, 1000, 1000, 1000, 1000, 1000, 1000}, t[] = {0, 1100, 1100, 1101, 1100, 1100, 1100};
    struct script s = {b, t, 7, 7, 0, 0};
    struct ok_pair_cfg cfg = {9, 5, 10, OK_EARLY_MIN_RUNS, OK_EARLY_TIGHT};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "early-stop run failed");
    CHECK(st.runs == 5 && st.early_stop, "runs %d early_stop %d, want 5/1", st.runs, st.early_stop);
    CHECK(s.ib == 6 && s.it == 6, "took %d/%d samples, want warm-up + 5 pairs", s.ib, s.it);
    CHECK(fabs(st.per_op_median - 10.0) < 1e-9, "per-op %g after early stop", st.per_op_median);
  }
  /* No early stop when the pairs disagree by more than 1 %: all 9 are kept. */
  {
    const double b[] = {0, 1000}, t[] = {0, 1100, 1120, 1100, 1120, 1100, 1120, 1100, 1120, 1100};
    struct script s = {b, t, 2, 10, 0, 0};
    struct ok_pair_cfg cfg = {9, 5, 10, OK_EARLY_MIN_RUNS, OK_EARLY_TIGHT};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "wide run failed");
    CHECK(st.runs == 9 && !st.early_stop, "runs %d early_stop %d, want 9/0", st.runs, st.early_stop);
  }
  /* Without the rule (min_runs 0) tight pairs still run to the end. */
  {
    const double b[] = {0, 1000}, t[] = {0, 1100};
    struct script s = {b, t, 2, 2, 0, 0};
    struct ok_pair_cfg cfg = {9, 5, 10, 0, 0};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0 && st.runs == 9 && !st.early_stop, "runs %d without the rule",
          st.runs);
  }
  /* Clock resolution: the smallest positive step between consecutive reads; equal reads and a
   * backwards step (a wrapped or other-SM clock) do not count. */
  {
    const double r[] = {100, 102, 102, 104, 107, 90, 92, 96};
    CHECK(ok_clock_resolution(r, 8) == 2, "resolution %g, want 2", ok_clock_resolution(r, 8));
    const double same[] = {5, 5, 5};
    CHECK(ok_clock_resolution(same, 3) == 0, "resolution of equal reads %g", ok_clock_resolution(same, 3));
  }
  /* Floors on synthetic timings: a NOP-like primitive adding 1 cycle per op over 100 000 ops is a
   * floor when the clock's resolution is 2 cycles; a 14-cycle barrier is not; nothing is a floor
   * when the resolution is unknown. */
  {
    const double reads[] = {1000, 1002, 1004, 1006};
    const double res = ok_clock_resolution(reads, 4);
    const double b[] = {1.4e6}, nop[] = {1.5e6}, bar[] = {2.8e6};
    struct ok_pair_cfg cfg = {9, 5, 1e5, OK_EARLY_MIN_RUNS, OK_EARLY_TIGHT};
    struct script s = {b, nop, 1, 1, 0, 0};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0 && fabs(st.per_op_median - 1) < 1e-9, "nop per-op %g",
          st.per_op_median);
    CHECK(ok_is_floor(&st, res), "1 cycle/op with a 2-cycle clock should be a floor");
    CHECK(!ok_is_floor(&st, 0), "no floor without a resolution");
    struct script s2 = {b, bar, 1, 1, 0, 0};
    CHECK(ok_measure_pair(next, &s2, &cfg, &st) == 0 && fabs(st.per_op_median - 14) < 1e-9, "barrier per-op %g",
          st.per_op_median);
    CHECK(!ok_is_floor(&st, res), "14 cycles/op with a 2-cycle clock is a latency, not a floor");
  }
  /* Early stop counted in budgets: a sample within the budget needs 5 tight pairs; one of 2.5
   * budgets holds 5 budgets in 2 pairs but stops at no fewer than 3; pairs still have to agree. */
  {
    CHECK(ok_early_min_runs(0.0009, 0.001) == 5, "in budget: %d", ok_early_min_runs(0.0009, 0.001));
    CHECK(ok_early_min_runs(0.0012, 0.001) == 5, "1.2 budgets: %d", ok_early_min_runs(0.0012, 0.001));
    CHECK(ok_early_min_runs(0.0020, 0.001) == 3, "2 budgets: %d", ok_early_min_runs(0.0020, 0.001));
    CHECK(ok_early_min_runs(0.0015, 0.001) == 4, "1.5 budgets: %d", ok_early_min_runs(0.0015, 0.001));
    CHECK(ok_early_min_runs(0.05, 0.001) == 3, "50 budgets: %d", ok_early_min_runs(0.05, 0.001));
    CHECK(ok_early_min_runs(0.05, 0) == OK_EARLY_MIN_RUNS, "no budget: %d", ok_early_min_runs(0.05, 0));
    const double b[] = {0, 1000, 1000, 1000, 1000}, t[] = {0, 2000, 2001, 2002, 2000};
    struct script s = {b, t, 5, 5, 0, 0};
    struct ok_pair_cfg cfg = {9, 5, 10, ok_early_min_runs(0.01, 0.001), OK_EARLY_TIGHT};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0 && st.early_stop && st.runs == 3, "long tight: runs %d stop %d",
          st.runs, st.early_stop);
    const double t2[] = {0, 2000, 2300, 1800, 2000, 2100, 2000, 1900, 2000, 2050};
    struct script s2 = {b, t2, 5, 10, 0, 0};
    CHECK(ok_measure_pair(next, &s2, &cfg, &st) == 0 && !st.early_stop && st.runs == 9, "long loose: runs %d stop %d",
          st.runs, st.early_stop);
  }
  /* The slow-run rule of whole kernels: 5 runs under 0.5 s, 3 from 0.5 s, 1 from 2 s; never more
   * than asked. */
  {
    CHECK(ok_slow_runs(0.1, 5) == 5 && ok_slow_runs(0.499, 5) == 5, "fast kernels keep their runs");
    CHECK(ok_slow_runs(0.5, 5) == 3 && ok_slow_runs(1.9, 5) == 3, "0.5-2 s: 3 runs");
    CHECK(ok_slow_runs(2.0, 5) == 1 && ok_slow_runs(7.0, 5) == 1, "from 2 s: 1 run");
    CHECK(ok_slow_runs(0.7, 2) == 2, "never more runs than asked: %d", ok_slow_runs(0.7, 2));
  }
  /* Median, even count. */
  {
    double v[] = {4, 1, 3, 2};
    CHECK(ok_median(v, 4) == 2.5, "median");
  }
  if (!failures) printf("all measurement-method checks passed\n");
  return failures ? 1 : 0;
}
