/* The proxies' size rule and sample (proxies/common/ok_proxy.c): which size each configuration
 * runs in the quick and full study, the second pass only where the GPU-filling size runs, and a
 * sample that stays in range, covers every stride and keeps item 0; miniqmc's walker batch and
 * steps (proxies/miniqmc/miniqmc_data.c). */
#include "ok_proxy.h"
#include "../proxies/miniqmc/miniqmc_data.h"

#include <stdio.h>
#include <string.h>

int ok_model_needs_gpu(void) { return 1; }

#include "ok_check.h"

int main(void) {
  const struct ok_proxy_sizes s = {1, 10, 100, 1000};
  struct ok_params q = {0}, f = {0}, f2 = {0}, given = {0};
  f.full = f2.full = 1, f2.pass = 1, given.size = 7, given.full = 1;
  /* host models and runs without a GPU: the host size, whatever the sweep */
  CHECK(ok_proxy_size_rule(&q, &s, 0, "native-gcc", 0) == 1, "host quick");
  CHECK(ok_proxy_size_rule(&f, &s, 0, "native-gcc", 0) == 1, "host full");
  /* --size wins everywhere */
  CHECK(ok_proxy_size_rule(&given, &s, 1, "target-clang19", 0) == 7, "--size");
  CHECK(ok_proxy_passes_rule(&given, 1, "target-clang19", "rsbench", "spmd") == 1, "--size: one pass");
  /* quick: the quick size, the host size in an ablation configuration */
  CHECK(ok_proxy_size_rule(&q, &s, 1, "target-clang19", 0) == 10, "quick");
  CHECK(ok_proxy_size_rule(&q, &s, 1, "target-clang19-nospmd", 1) == 1, "ablation quick");
  CHECK(ok_proxy_passes_rule(&q, 1, "target-clang19", "rsbench", "spmd") == 1, "quick: one pass");
  /* full: target-clang19 and CUDA fill the GPU, then run the comparison size */
  for (const char **c = (const char *[]){"target-clang19", "cuda-nvcc", NULL}; *c; ++c) {
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "miniqmc", "generic") == 2, "%s: two passes", *c);
    /* and each public setting of the public forms after them (issue 22): rsbench small and large */
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "rsbench", "spmd") == 4, "%s: rsbench spmd: four passes", *c);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "rsbench", "cuda") == 4, "%s: rsbench cuda: four passes", *c);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "rsbench", "generic") == 2, "%s: rsbench generic: two", *c);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "su3", "v1_manual") == 3 && ok_proxy_passes_rule(&f, 1, *c, "su3_cxx", "cuda") == 3,
          "%s: su3, su3_cxx: a third pass (float)", *c);
    CHECK(ok_proxy_size_rule(&f, &s, 1, *c, 0) == 1000, "%s: pass 0 full", *c);
    CHECK(ok_proxy_size_rule(&f2, &s, 1, *c, 0) == 100, "%s: pass 1 cmp", *c);
  }
  /* every other GPU configuration: the comparison size, once */
  for (const char **c = (const char *[]){"target-clang19-cudamode", "target-clang19-noopenmpopt", "target-gcc12", NULL}; *c;
       ++c) {
    int abl = !strncmp(*c, "target-clang19-no", 17);
    CHECK(ok_proxy_passes_rule(&f, 1, *c, "rsbench", "spmd") == 1, "%s: one pass", *c);
    CHECK(ok_proxy_size_rule(&f, &s, 1, *c, abl) == 100, "%s: cmp", *c);
  }
  /* which public setting a pass runs: none for passes 0 and 1 */
  struct ok_params pp = {0};
  for (int pass = 0; pass < 5; ++pass) {
    pp.pass = pass;
    CHECK(ok_proxy_public(&pp) == (pass < 2 ? -1 : pass - 2), "pass %d: public setting %d", pass, ok_proxy_public(&pp));
  }
  /* the sample: all items up to OK_PROXY_REF_MAX, else one per stride, in range, item 0 and n-1 */
  CHECK(ok_proxy_checked(5) == 5 && ok_proxy_sample(5, 4) == 4, "small n: every item");
  const long ns[] = {OK_PROXY_REF_MAX + 1, 3 * OK_PROXY_REF_MAX + 7, 1L << 26};
  for (int t = 0; t < 3; ++t) {
    long n = ns[t], m = ok_proxy_checked(n), stride = n / OK_PROXY_REF_MAX, prev = -1, bad = 0;
    CHECK(m == OK_PROXY_REF_MAX, "n %ld: %ld checked", n, m);
    CHECK(ok_proxy_sample(n, 0) == 0 && ok_proxy_sample(n, m - 1) == n - 1, "n %ld: ends", n);
    for (long k = 0; k < m - 1; ++k) {
      long i = ok_proxy_sample(n, k);
      bad += i <= prev || i < k * stride || i >= (k + 1) * stride;
      prev = i;
    }
    CHECK(!bad, "n %ld: %ld samples outside their stride or not increasing", n, bad);
  }
  /* miniqmc: the steps tile 0..n exactly, one VGL buffer (at most MQ_WALKERS_MAX walkers), at
   * least MQ_MIN_STEPS steps where there are that many positions; the full size is 80 steps of
   * 2^16 walkers (docs/proxies.md). */
  const long mq_n[] = {1, 3, 16, 1001, mq_sizes.host, mq_sizes.quick, mq_sizes.cmp, mq_sizes.full, mq_sizes.full + 5};
  for (int t = 0; t < (int)(sizeof mq_n / sizeof *mq_n); ++t) {
    long n = mq_n[t], nw = mq_walkers(n), steps = 0, covered = 0;
    for (long first = 0; first < n; first += nw, ++steps) covered += n - first < nw ? n - first : nw;
    CHECK(nw >= 1 && nw <= MQ_WALKERS_MAX, "miniqmc %ld: %ld walkers", n, nw);
    CHECK(covered == n, "miniqmc %ld: steps cover %ld positions", n, covered);
    CHECK(steps >= (n < MQ_MIN_STEPS ? n : MQ_MIN_STEPS), "miniqmc %ld: %ld steps", n, steps);
  }
  CHECK(mq_walkers(mq_sizes.full) == 1L << 16 && mq_sizes.full / mq_walkers(mq_sizes.full) == 80, "miniqmc full: 80 x 2^16");
  CHECK(mq_walkers(mq_sizes.host) * MQ_MIN_STEPS == mq_sizes.host, "miniqmc host: %d steps", MQ_MIN_STEPS);
  if (failures) return 1;
  puts("proxy sizes: ok");
  return 0;
}
