/* The rank test compare judges host points with (ranktest.c). */
#ifndef OK_RANKTEST_H
#define OK_RANKTEST_H
/* One-sided Mann-Whitney U: the probability that values drawn from one distribution put B at
 * least as far above A as b[0..m-1] sits above a[0..n-1]. Small means B is really higher: with 3
 * repeats a side the smallest it can be is 1/20 = 0.05, every B above every A. */
double rank_p_greater(const double *a, int n, const double *b, int m);
#endif
