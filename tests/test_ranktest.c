/* compare's rank test for host points (driver/judge/ranktest.c) against a brute force: every way of
 * splitting the pooled values between A and B, counted. */
#include "ranktest.h"

#include <math.h>
#include <stdio.h>

#include "ok_check.h"

/* P(U >= observed) by enumerating every subset of the pooled n + m values that could be A. */
static double brute(const double *a, int n, const double *b, int m) {
  double pool[16], u_obs = 0;
  int N = n + m;
  for (int i = 0; i < n; ++i) pool[i] = a[i];
  for (int j = 0; j < m; ++j) pool[n + j] = b[j];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) u_obs += b[j] > a[i] ? 1 : b[j] == a[i] ? 0.5 : 0;
  double all = 0, tail = 0;
  for (unsigned s = 0; s < 1u << N; ++s) {
    if (__builtin_popcount(s) != n) continue;
    double u = 0;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        if ((s >> i & 1) && !(s >> j & 1)) u += pool[j] > pool[i] ? 1 : pool[j] == pool[i] ? 0.5 : 0;
    all += 1;
    tail += u >= u_obs - 1e-9;
  }
  return tail / all;
}

int main(void) {
  const double a3[] = {1.00, 1.02, 0.99}, b3[] = {1.10, 1.12, 1.09}, mix[] = {1.01, 1.12, 0.98};
  /* Three repeats a side, every B above every A: 1/20, the smallest three repeats allow. */
  CHECK(fabs(rank_p_greater(a3, 3, b3, 3) - 0.05) < 1e-12, "3 vs 3 separated: %g", rank_p_greater(a3, 3, b3, 3));
  CHECK(fabs(rank_p_greater(b3, 3, a3, 3) - 1) < 1e-12, "the other direction: 1");
  CHECK(rank_p_greater(a3, 3, mix, 3) > 0.05, "interleaved repeats are not significant");
  CHECK(rank_p_greater(a3, 3, a3, 3) >= 0.5, "A against itself: %g", rank_p_greater(a3, 3, a3, 3));
  const double a5[] = {10, 12, 11, 13, 9}, b5[] = {12.5, 14, 15, 11.5, 16}, c6[] = {3, 1, 4, 1, 5, 9};
  const struct { const double *a, *b; int n, m; } cases[] = {
      {a3, b3, 3, 3}, {a3, mix, 3, 3}, {a5, b5, 5, 5}, {b5, a5, 5, 5}, {a5, c6, 5, 6}, {c6, a3, 6, 3}, {mix, c6, 3, 6}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    double p = rank_p_greater(cases[k].a, cases[k].n, cases[k].b, cases[k].m);
    double q = brute(cases[k].a, cases[k].n, cases[k].b, cases[k].m);
    CHECK(fabs(p - q) < 1e-12, "case %zu: %g, brute force %g", k, p, q);
  }
  /* Past 40 a side: the normal approximation, B shifted well above A is tiny, equal is about half. */
  double x[60], y[60];
  for (int i = 0; i < 60; ++i) x[i] = i, y[i] = i + 30;
  CHECK(rank_p_greater(x, 60, y, 60) < 1e-6, "60 vs 60 shifted: %g", rank_p_greater(x, 60, y, 60));
  CHECK(fabs(rank_p_greater(x, 60, x, 60) - 0.5) < 0.05, "60 vs itself: %g", rank_p_greater(x, 60, x, 60));
  if (!failures) printf("rank test: all checks passed\n");
  return failures != 0;
}
