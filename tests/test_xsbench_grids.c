/* XSBench's grid types (issue 22, proxies/xsbench/xsbench_data.c) on tiny problems: the index
 * rows hold what the lookups rely on (each nuclide's last point at or below the row's energy,
 * clamped), the three grid types give every lookup the same result (they find the same interval,
 * so the hash of a study does not depend on the grid), and the public settings are three distinct
 * point dimensions that only the public forms run under --full. */
#include "ok_proxy.h"
#include "../proxies/xsbench/xsbench_data.h"
#include "../proxies/xsbench/xsbench_kernel.h"

#include <stdio.h>
#include <string.h>

int ok_model_needs_gpu(void) { return 1; }

#include "ok_check.h"

/* Row r's entry for nuclide n is the clamped last point at or below the row's energy. */
static long bad_rows(const struct xs_data *d, long bins) {
  long bad = 0;
  const long ng = d->n_gridpoints;
  for (long r = 0; r < d->n_rows; ++r) {
    const double er = d->egrid ? d->egrid[r] : (double)r * (1.0 / (double)bins);
    if (d->egrid && r && d->egrid[r] < d->egrid[r - 1]) ++bad;
    for (long n = 0; n < d->n_nuclides; ++n) {
      const struct xs_point *g = d->grid + n * ng;
      long want = -1;
      while (want + 1 < ng && g[want + 1].energy <= er) ++want;
      want = want < 0 ? 0 : want > ng - 2 ? ng - 2 : want;
      bad += d->index[r * d->n_nuclides + n] != want;
    }
  }
  return bad;
}

static void same_lookups(long nuclides, long points, long bins, int lcg) {
  struct xs_data g[3];
  const char *name[3] = {"nuclide", "unionized", "hash"};
  for (int t = 0; t < 3; ++t)
    CHECK(!xs_data_build(&g[t], nuclides, points, t, bins), "%ld nuclides: %s grid built", nuclides, name[t]);
  if (failures) return;
  for (int t = 0; t < 3; ++t) g[t].lcg = lcg;
  CHECK(g[1].n_rows == nuclides * points && g[2].n_rows == bins && !g[0].index, "%ld nuclides: index rows", nuclides);
  CHECK(!bad_rows(&g[1], bins), "%ld nuclides: unionized index rows: %ld wrong", nuclides, bad_rows(&g[1], bins));
  CHECK(!bad_rows(&g[2], bins), "%ld nuclides: hash index rows: %ld wrong", nuclides, bad_rows(&g[2], bins));
  long differ[3] = {0}, hist[XS_CHANNELS + 1] = {0};
  const long lookups = 50000;
  for (long i = 0; i < lookups; ++i) {
    unsigned char v = xs_lookup_host(&g[0], i);
    hist[v <= XS_CHANNELS ? v : 0]++;
    for (int t = 1; t < 3; ++t) differ[t] += xs_lookup_host(&g[t], i) != v;
  }
  CHECK(!differ[1] && !differ[2], "%ld nuclides: unionized %ld, hash %ld of %ld lookups differ from the nuclide grid",
        nuclides, differ[1], differ[2], lookups);
  CHECK(!hist[0], "%ld nuclides: %ld lookups out of 1..%d", nuclides, hist[0], XS_CHANNELS);
  int seen = 0;
  for (int k = 1; k <= XS_CHANNELS; ++k) seen += hist[k] > 0;
  CHECK(seen >= 2, "%ld nuclides: lookups take %d distinct results (a constant would pass the comparison)", nuclides,
        seen);
  for (int t = 0; t < 3; ++t) xs_data_free(&g[t]);
}

int main(void) {
  /* small (fuel 34 nuclides) and large (fuel 321) on 48 points per nuclide, 37 hash bins */
  same_lookups(OK_PROXY_NUCLIDES_SMALL, 48, 37, 0);
  same_lookups(OK_PROXY_NUCLIDES_LARGE, 24, 37, 0);
  same_lookups(OK_PROXY_NUCLIDES_SMALL, 48, 37, 1); /* XSBench's sampling (the public settings) */
  same_lookups(OK_PROXY_NUCLIDES_LARGE, 24, 37, 1);
  /* XSBench's LCG: the skip-ahead equals that many steps, and its pick gives fuel about 14 % */
  unsigned long long s = XS_LCG_SEED;
  long off = 0, fuel = 0;
  double dist[XS_MATS];
  int nn[XS_MATS];
  ok_proxy_mat_counts(nn, dist);
  for (unsigned long long n = 1; n <= 20000; ++n) {
    double u = xs_lcg_u01(&s);
    off += s != xs_lcg_skip(XS_LCG_SEED, n) || u < 0 || u >= 1;
    fuel += n % 2 == 0 && xs_lcg_mat(dist, u) == 0;
  }
  CHECK(!off, "LCG skip-ahead: %ld of 20000 differ from stepping", off);
  CHECK(fuel > 1200 && fuel < 1600, "LCG pick: fuel %ld of 10000 (want about 1400)", fuel);
  /* the public settings: distinct params, small unionized first, three of them */
  for (int k = 0; k < 3; ++k) {
    CHECK(xs_public_param(k) && !strncmp(xs_public_param(k), "setting=public,", 15), "public param %d", k);
    for (int j = 0; j < k; ++j)
      CHECK(xs_public_param(j) && xs_public_param(k) && strcmp(xs_public_param(j), xs_public_param(k)),
            "params %d and %d equal", j, k);
  }
  CHECK(!xs_public_param(3) && !xs_public_param(-1), "only three public settings");
  CHECK(xs_public_param(0) && !strcmp(xs_public_param(0), "setting=public,problem=small,grid=unionized"), "pass 2");
  /* run by the public forms only, in target-clang19 and CUDA under --full, after full and cmp */
  struct ok_params f = {0}, q = {0};
  f.full = 1;
  for (const char **c = (const char *[]){"target-clang19", "cuda-nvcc", NULL}; *c; ++c) {
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "xsbench", "spmd") == 5, "%s: xsbench spmd: five passes", *c);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "xsbench", "cuda") == 5, "%s: xsbench cuda: five passes", *c);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "xsbench", "generic") == 2, "%s: xsbench generic: two", *c);
    CHECK(ok_proxy_passes_rule(&q, 1, *c, "xsbench", "spmd") == 1, "%s: quick: one pass", *c);
  }
  CHECK(ok_proxy_passes_rule(&f, 1, "target-clang19-cudamode", "xsbench", "spmd") == 1, "cudamode: one pass");
  /* xs_setting: the public passes run 17 x 10^6 lookups under their param, the others none */
  const struct xs_data *d;
  struct ok_params own = {0};
  own.size = 1000;
  CHECK(xs_setting(&own, &d) == 1000 && !ok_proxy_this_run()->param && d && d->grid_type == XS_GRID_NUCLIDE &&
            d->n_nuclides == OK_PROXY_NUCLIDES_SMALL,
        "own size: small nuclide grid, no param");
  if (failures) return 1;
  puts("xsbench grids: ok");
  return 0;
}
