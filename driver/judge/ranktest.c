/* The Mann-Whitney U rank test compare uses for host points (README "Comparing two runs"): the
 * repeats of a point in A against its repeats in B. A rank test, not a t-test, because a many-core
 * node's repeats are not normal: one repeat that met a busy neighbour is an outlier, and ranks
 * give it no more weight than any other repeat (LNT judges its runs the same way). */
#include "ranktest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* U of B over A: pairs (a, b) with b > a, ties counting one half. */
static double u_stat(const double *a, int n, const double *b, int m) {
  double u = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) u += b[j] > a[i] ? 1 : b[j] == a[i] ? 0.5 : 0;
  return u;
}

/* P(U >= u) when A and B come from one distribution, for more than 20 values (ties left to the
 * approximation): every interleaving of n A's and m B's is equally likely. With i A's, cnt[j][v] counts the interleavings with j B's and U = v: one that
 * ends in an A has U of the same with i - 1 A's, one that ends in a B has i more than the same
 * with j - 1 B's. Exact up to 40 values a side, then the normal approximation with a continuity
 * correction. */
static double p_at_least(int n, int m, double u) {
  if (n > 40 || m > 40) {
    double mu = n * m / 2.0, sd = sqrt(n * m * (n + m + 1) / 12.0);
    return 0.5 * erfc((u - 0.5 - mu) / sd / sqrt(2.0));
  }
  const int nu = n * m + 1;
  double *cnt = calloc((size_t)(m + 1) * (size_t)nu, sizeof *cnt);
  if (!cnt) return 1;
  cnt[0] = 1;
  for (int j = 1; j <= m; ++j) cnt[(size_t)j * nu] = 1; /* the B's before every A: U = 0 */
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= m; ++j)
      for (int v = nu - 1; v >= 0; --v) cnt[(size_t)j * nu + v] += v >= i ? cnt[(size_t)(j - 1) * nu + v - i] : 0;
  double all = 0, tail = 0;
  for (int v = 0; v < nu; ++v) {
    all += cnt[(size_t)m * nu + v];
    if (v >= u - 1e-9) tail += cnt[(size_t)m * nu + v];
  }
  free(cnt);
  return all > 0 ? tail / all : 1;
}

/* The exact permutation test on midranks (ties too) for up to 20 values: every way to choose which
 * m of the pooled values are B, counting those whose rank sum reaches B's own. */
static double p_exact(const double *a, int n, const double *b, int m) {
  const int N = n + m;
  double v[20], rank[20], obs = 0;
  for (int i = 0; i < N; ++i) v[i] = i < n ? a[i] : b[i - n];
  for (int i = 0; i < N; ++i) { /* midrank: 1 + below + (equal - 1) / 2 */
    int below = 0, equal = 0;
    for (int k = 0; k < N; ++k) below += v[k] < v[i], equal += v[k] == v[i];
    rank[i] = 1 + below + (equal - 1) / 2.0;
    if (i >= n) obs += rank[i];
  }
  double all = 0, tail = 0;
  for (unsigned s = (1u << m) - 1; s < 1u << N;) {
    double r = 0;
    for (int i = 0; i < N; ++i) r += s >> i & 1 ? rank[i] : 0;
    all += 1, tail += r >= obs - 1e-9;
    unsigned c = s & -s, nx = s + c; /* the next set of m bits (Gosper) */
    s = (((nx ^ s) >> 2) / c) | nx;
  }
  return tail / all;
}

double rank_p_greater(const double *a, int n, const double *b, int m) {
  if (n < 1 || m < 1) return 1;
  if (n + m <= 20) return p_exact(a, n, b, m);
  return p_at_least(n, m, u_stat(a, n, b, m));
}
