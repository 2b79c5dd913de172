/* The launch/sync study's host-side planning (kernels/common/ok_sync_plan.c): the repeat-difference
 * arithmetic, its agreement with the pair method the launch sweeps use, and the grid-sync sweep's
 * occupancy filter on synthetic occupancy tables. */
#include "ok_bench.h"
#include "ok_measure.h"
#include "ok_membw.h"
#include "ok_sync_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ok_check.h"

/* An H100-like SM: 2048 threads, 32 blocks; `regs_cap` caps 1024-thread blocks (register-heavy). */
struct fake_sm {
  int max_threads, max_blocks, cap_1024, calls, fail_at;
};
static int occ(void *ctx, int t) {
  struct fake_sm *s = ctx;
  if (++s->calls == s->fail_at) return -1;
  int n = s->max_threads / t;
  if (n > s->max_blocks) n = s->max_blocks;
  if (t == 1024 && s->cap_1024 >= 0 && n > s->cap_1024) n = s->cap_1024;
  return n;
}

/* Launch samples: T(1) = latency, T(k) = latency + (k-1) x overhead, with noise. */
struct launches {
  double lat, over;
  int k, i;
};
static int launch_sample(void *ctx, int test, double *v) {
  struct launches *l = ctx;
  double noise = 1e-7 * ((l->i++ % 3) - 1);
  *v = test ? l->lat + (l->k - 1) * l->over + noise : l->lat + noise;
  return 0;
}

/* ok_launch_point emits through the bench's ok_emit_point: capture it here. */
static struct ok_point last;
static int emitted;
void ok_emit_point(const struct ok_variant *v, const struct ok_params *p, const struct ok_point *pt) {
  (void)v, (void)p;
  last = *pt;
  ++emitted;
}
/* A launch form on a fake clock: 5 us of latency and 20 us per launch, exactly. */
static double fake_now_s;
static double fake_now(void) { return fake_now_s; }
static int spin_launch(void *ctx, int n) {
  int *calls = ctx;
  ++*calls;
  fake_now_s += 5e-6 + n * 20e-6;
  return 0;
}
static int verify_yes(void *ctx, char *d, unsigned long n) {
  (void)ctx;
  snprintf(d, n, "ran");
  return 1;
}
static int failing_launch(void *ctx, int n) {
  (void)ctx, (void)n;
  return 3;
}
static void say_err(void *ctx, char *d, unsigned long n) {
  (void)ctx;
  snprintf(d, n, "launch refused");
}

int main(void) {
  /* Repeat difference: (T(k) - T(1)) / (k - 1). */
  CHECK(fabs(ok_repeat_difference(10e-6, 10e-6 + 31 * 2.5e-6, 32) - 2.5e-6) < 1e-15, "32 launches");
  CHECK(fabs(ok_repeat_difference(5.0, 7.0, 3) - 1.0) < 1e-12, "3 launches");
  CHECK(ok_repeat_difference(5.0, 4.0, 2) < 0, "noise may make it negative, and it must show");
  CHECK(isnan(ok_repeat_difference(5.0, 5.0, 1)), "k = 1 has no difference");
  /* The pair method with ops = k - 1 gives the same overhead, and the latency as base median. */
  {
    struct launches l = {12e-6, 3e-6, OK_LAUNCH_K, 0};
    struct ok_pair_cfg cfg = {9, 4, OK_LAUNCH_K - 1, 0, 0};
    struct ok_pair_stats st;
    CHECK(ok_measure_pair(launch_sample, &l, &cfg, &st) == 0, "pair method failed");
    CHECK(fabs(st.per_op_median - 3e-6) < 1e-8, "overhead %g, want 3e-6", st.per_op_median);
    CHECK(fabs(st.base_median - 12e-6) < 2e-7, "latency %g, want 12e-6", st.base_median);
    CHECK(fabs(st.per_op_median - ok_repeat_difference(st.base_median, st.test_median, OK_LAUNCH_K)) < 1e-15,
          "pair method and repeat difference disagree");
  }

  struct ok_grid_shape sh[64];
  int skipped = -1;
  /* Full sweep on an unconstrained SM: every blocks/SM up to 2048 / threads and 32 blocks. */
  {
    struct fake_sm s = {2048, 32, -1, 0, 0};
    int n = ok_grid_shapes(132, 1, occ, &s, sh, 64, &skipped);
    int want = 0, bad = 0;
    for (int t = 32; t <= 1024; t *= 2)
      for (int b = 1; b <= 32; b *= 2) want += b * t <= 2048;
    CHECK(n == want, "full sweep kept %d shapes, want %d", n, want);
    CHECK(skipped == 6 * 6 - want, "skipped %d, want %d", skipped, 36 - want);
    for (int i = 0; i < n; ++i) {
      bad += sh[i].blocks_per_sm * sh[i].threads > 2048 || sh[i].blocks != sh[i].blocks_per_sm * 132;
      bad += sh[i].threads < 32 || sh[i].threads > 1024 || (sh[i].blocks_per_sm & (sh[i].blocks_per_sm - 1));
    }
    CHECK(!bad, "a kept shape breaks the occupancy or the grid");
    int has_1x1024 = 0, has_2x1024 = 0, has_32x64 = 0;
    for (int i = 0; i < n; ++i) {
      has_1x1024 |= sh[i].blocks_per_sm == 1 && sh[i].threads == 1024;
      has_2x1024 |= sh[i].blocks_per_sm == 2 && sh[i].threads == 1024;
      has_32x64 |= sh[i].blocks_per_sm == 32 && sh[i].threads == 64;
    }
    CHECK(has_1x1024 && has_2x1024 && has_32x64, "1x1024, 2x1024 and 32x64 must be kept");
  }
  /* A register-heavy kernel: one 1024-thread block per SM only; 2 x 1024 must go. */
  {
    struct fake_sm s = {2048, 32, 1, 0, 0};
    int n = ok_grid_shapes(132, 1, occ, &s, sh, 64, &skipped);
    for (int i = 0; i < n; ++i)
      CHECK(!(sh[i].threads == 1024 && sh[i].blocks_per_sm > 1), "2x1024 kept though the occupancy allows 1");
  }
  /* No 1024-thread block fits at all: the quick sweep drops 1x1024 and keeps the others. */
  {
    struct fake_sm s = {2048, 32, 0, 0, 0};
    int n = ok_grid_shapes(8, 0, occ, &s, sh, 64, &skipped);
    CHECK(n == 2 && skipped == 1, "quick: %d kept, %d skipped; want 2 and 1", n, skipped);
    for (int i = 0; i < n; ++i) CHECK(sh[i].threads != 1024, "a 1024-thread shape survived occupancy 0");
  }
  /* Quick on a normal SM: exactly the three representative shapes. */
  {
    struct fake_sm s = {2048, 32, -1, 0, 0};
    int n = ok_grid_shapes(132, 0, occ, &s, sh, 64, &skipped);
    CHECK(n == 3 && skipped == 0, "quick kept %d (skipped %d), want 3 (0)", n, skipped);
  }
  /* The occupancy query fails: no sweep, an error. And a short output array is not overrun. */
  {
    struct fake_sm s = {2048, 32, -1, 0, 3};
    CHECK(ok_grid_shapes(132, 1, occ, &s, sh, 64, &skipped) == -1, "a failed query must fail the plan");
    struct fake_sm s2 = {2048, 32, -1, 0, 0};
    struct ok_grid_shape two[3] = {{0, 0, 0}, {0, 0, 0}, {-7, -7, -7}};
    CHECK(ok_grid_shapes(132, 1, occ, &s2, two, 2, &skipped) == 2 && two[2].blocks == -7, "overran max");
    CHECK(ok_grid_shapes(0, 1, occ, &s2, sh, 64, &skipped) == -1, "0 SMs is an error");
  }
  /* ok_launch_point on a fake clock: 20 us per launch comes back as the overhead, 25 us as T(1). */
  {
    int calls = 0;
    struct ok_variant v = {"launch", "host_standin", "host", __FILE__, __LINE__, "host clock", 0, 0, 0};
    struct ok_params p = {0};
    p.runs = 5, p.max_retries = 10;
    struct ok_launch_form f = {"launch=fake", spin_launch, verify_yes, say_err, &calls, 1, 1, 0};
    ok_launch_clock = fake_now;
    CHECK(ok_launch_point(&v, &p, &f) == 0 && emitted == 1, "launch point failed");
    CHECK(last.measured && last.verified && !strcmp(last.unit, "s") && last.n_iter == OK_LAUNCH_K, "point fields");
    CHECK(fabs(last.st.per_op_median - 20e-6) < 1e-12, "per launch %g s, want 20e-6", last.st.per_op_median);
    CHECK(fabs(last.st.base_median - 25e-6) < 1e-12, "T(1) %g s, want 25e-6", last.st.base_median);
    CHECK(calls > 2 * 5 * 8, "only %d rounds of launches", calls);
    struct ok_launch_form bad = {"launch=broken", failing_launch, verify_yes, say_err, &calls, 1, 1, 0};
    CHECK(ok_launch_point(&v, &p, &bad) == 1 && last.error && !last.measured && strstr(last.detail, "refused"),
          "a failing launch must give an error point");
  }
  /* The multi-GPU barrier's GPU counts: powers of two, then every visible GPU. */
  {
    static const struct {
      int visible, n, want[6];
    } g[] = {{0, 0, {0}}, {1, 1, {1}}, {2, 2, {1, 2}}, {3, 3, {1, 2, 3}}, {6, 4, {1, 2, 4, 6}}, {8, 4, {1, 2, 4, 8}}};
    for (unsigned i = 0; i < sizeof g / sizeof g[0]; ++i) {
      int out[8] = {0}, n = ok_gpu_counts(g[i].visible, out, 8);
      CHECK(n == g[i].n, "%d GPUs: %d counts, want %d", g[i].visible, n, g[i].n);
      for (int k = 0; k < n && k < g[i].n; ++k)
        CHECK(out[k] == g[i].want[k], "%d GPUs: count %d is %d, want %d", g[i].visible, k, out[k], g[i].want[k]);
    }
    int two[2] = {0, 0}, guard[3] = {0, 0, -7};
    CHECK(ok_gpu_counts(8, two, 2) == 2 && two[1] == 2, "max 2 of 8 GPUs");
    CHECK(ok_gpu_counts(3, guard, 2) == 2 && guard[2] == -7, "overran max");
  }
  /* The data-sheet DRAM peak by device name (the copy reference's fraction of it). */
  {
    static const struct {
      const char *name;
      double gbs;
    } dev[] = {{"NVIDIA H200", 4800},           {"NVIDIA H200 NVL", 4800},     {"NVIDIA H100 80GB HBM3", 3350},
               {"NVIDIA H100 PCIe", 2000},      {"NVIDIA H100 NVL", 3900},     {"NVIDIA GH200 480GB", 0},
               {"NVIDIA A100-SXM4-80GB", 2039}, {"NVIDIA A100-SXM4-40GB", 1555}, {"NVIDIA A100 80GB PCIe", 1935},
               {"Tesla V100S-PCIE-32GB", 1134}, {"Tesla V100-SXM2-16GB", 900},  {"NVIDIA GeForce RTX 4090", 0},
               {"", 0}};
    for (unsigned i = 0; i < sizeof dev / sizeof dev[0]; ++i) {
      const char *which = NULL;
      double g = ok_dram_peak_gbs(dev[i].name, &which);
      CHECK(g == dev[i].gbs, "%s: peak %g GB/s, want %g", dev[i].name, g, dev[i].gbs);
      CHECK(which && (g > 0) == (strstr(which, "data sheet (") != NULL), "%s: source '%s'", dev[i].name, which);
    }
    CHECK(ok_dram_peak_gbs(NULL, NULL) == 0, "no name: no peak");
  }
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  else printf("sync plan: all checks passed\n");
  return failures != 0;
}
