/* The baseline/test method on synthetic timings: subtraction and medians, a pair that must be
 * retried, and a pair that never separates and must be flagged. */
#include "ok_measure.h"

#include <math.h>
#include <stdio.h>

static int failures;
#define CHECK(c, ...)                                                   \
  do {                                                                  \
    if (!(c)) {                                                         \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
      fprintf(stderr, __VA_ARGS__);                                     \
      fputc('\n', stderr);                                              \
      ++failures;                                                       \
    }                                                                   \
  } while (0)

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
    struct ok_pair_cfg cfg = {3, 5, 10};
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
    struct ok_pair_cfg cfg = {3, 5, 10};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "retry run failed");
    CHECK(st.retries == 1 && !st.flagged, "retries %d flagged %d, want 1/0", st.retries, st.flagged);
    CHECK(fabs(st.per_op_median - 10.0) < 1e-9, "per-op %g after retry", st.per_op_median);
  }
  /* Never separates: retries run out, the measurement is flagged and its per-op cost is not positive. */
  {
    const double b[] = {1000}, t[] = {1000};
    struct script s = {b, t, 1, 1, 0, 0};
    struct ok_pair_cfg cfg = {9, 4, 10};
    CHECK(ok_measure_pair(next, &s, &cfg, &st) == 0, "flag run failed");
    CHECK(st.flagged && st.retries == 4, "flagged %d retries %d, want 1/4", st.flagged, st.retries);
    CHECK(st.per_op_median <= 0, "per-op %g should not be positive", st.per_op_median);
  }
  /* Median, even count. */
  {
    double v[] = {4, 1, 3, 2};
    CHECK(ok_median(v, 4) == 2.5, "median");
  }
  if (!failures) printf("all measurement-method checks passed\n");
  return failures ? 1 : 0;
}
