/* XSBench's grid types (issue 22, proxies/xsbench/xsbench_data.c) on tiny problems: the index
 * rows hold what the lookups rely on (each nuclide's last point at or below the row's energy,
 * clamped), the three grid types give every lookup the same result (they find the same interval,
 * so the hash of a study does not depend on the grid), XSBench's own data (its LCG stream, lists
 * and concentrations) is what the public settings build, the public settings are three distinct
 * point dimensions that only the public forms run under --full, --setting reaches all six
 * problems, and a hash other than the public checksum fails the run. */
#include "ok_proxy.h"
#include "../proxies/xsbench/xsbench_data.h"
#include "../proxies/xsbench/xsbench_kernel.h"

#include <stdio.h>
#include <stdlib.h>
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

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* XSBench's data (xsbench = 1): nuclide 0's energies are draws 0, 6, 12, ... of its LCG from 42
 * (a point's energy, then its five channels), sorted; its lists; concentrations from 1070^2. */
static void xsbench_data(const struct xs_data *d) {
  const long ng = d->n_gridpoints;
  double e[64];
  unsigned long long s = 42;
  for (long i = 0; i < ng && i < 64; ++i) {
    e[i] = xs_lcg_u01(&s);
    for (int k = 0; k < XS_CHANNELS; ++k) xs_lcg_u01(&s);
  }
  qsort(e, (size_t)ng, sizeof *e, cmp_d);
  long off = 0;
  for (long i = 0; i < ng && i < 64; ++i) off += d->grid[i].energy != e[i];
  CHECK(ng <= 64 && !off, "%ld nuclides: %ld of nuclide 0's energies are not XSBench's draws", d->n_nuclides, off);
  const int *m = d->mats;
  const long mx = d->max_nucs, large = d->n_nuclides != OK_PROXY_NUCLIDES_SMALL;
  CHECK(m[0] == 58 && m[33] == 41 && (!large || (m[34] == 68 && m[320] == 354)), "%ld nuclides: XSBench's fuel",
        d->n_nuclides);
  long outside = 0;
  for (int k = 1; k < XS_MATS; ++k)
    for (int j = 0; j < d->num_nucs[k]; ++j) outside += m[k * mx + j] >= OK_PROXY_NUCLIDES_SMALL;
  CHECK(!outside && m[mx] == 63 && m[4 * mx + 26] == 17 && m[11 * mx + 8] == 67,
        "%ld nuclides: XSBench's other materials (%ld nuclides past 67)", d->n_nuclides, outside);
  s = XS_LCG_SEED * XS_LCG_SEED;
  const double c0 = xs_lcg_u01(&s);
  CHECK(d->concs[0] == c0 && d->lcg, "%ld nuclides: concentrations and sampling are XSBench's", d->n_nuclides);
}

static void same_lookups(long nuclides, long points, long bins, int lcg) {
  struct xs_data g[3];
  const char *name[3] = {"nuclide", "unionized", "hash"};
  for (int t = 0; t < 3; ++t)
    CHECK(!xs_data_build(&g[t], nuclides, points, t, bins, lcg), "%ld nuclides: %s grid built", nuclides, name[t]);
  if (failures) return;
  if (lcg) xsbench_data(&g[0]);
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
  struct ok_outcome o = {0};
  CHECK(xs_setting(&own, &o, &d) == 1000 && !ok_proxy_this_run()->param && d && d->grid_type == XS_GRID_NUCLIDE &&
            d->n_nuclides == OK_PROXY_NUCLIDES_SMALL && !d->lcg,
        "own size: small nuclide grid, no param");
  /* --setting: a problem without a public pass, at XSBench's lookups or --size's; a bad one refused */
  struct ok_params set = {0};
  set.setting = "problem=small,grid=hash";
  CHECK(xs_setting(&set, &o, &d) == XS_PUBLIC_LOOKUPS && d && d->grid_type == XS_GRID_HASH && d->lcg &&
            !strcmp(ok_proxy_this_run()->param, "setting=public,problem=small,grid=hash") && !o.error,
        "--setting problem=small,grid=hash");
  set.size = 4096;
  CHECK(xs_setting(&set, &o, &d) == 4096 && !o.error, "--setting with --size: 4096 lookups");
  set.setting = "problem=huge,grid=hash";
  CHECK(xs_setting(&set, &o, &d) == -1 && !d && o.error && strstr(o.detail, "problem=small|large") &&
            !ok_proxy_lookups_new("xsbench", d, -1, &o) && strstr(o.detail, "--setting problem=huge"),
        "a bad --setting is refused: %s", o.detail);
  /* the public checksum covers every lookup: a hash that differs fails the run */
  static unsigned char out[1000], ref[1000];
  memset(out, 2, sizeof out), memset(ref, 2, sizeof ref);
  struct ok_outcome good = {0}, bad = {0};
  ok_proxy_lookup_verify("xsbench", out, 1000, ref, XS_CHANNELS, 2000, &good);
  ok_proxy_lookup_verify("xsbench", out, 1000, ref, XS_CHANNELS, 2001, &bad);
  CHECK(good.verified && strstr(good.detail, "public app's checksum"), "hash 2000 = checksum: %s", good.detail);
  CHECK(!bad.verified && strstr(bad.detail, "not the public app's checksum 2001"), "hash 2000 != 2001: %s", bad.detail);
  if (failures) return 1;
  puts("xsbench grids: ok");
  return 0;
}
