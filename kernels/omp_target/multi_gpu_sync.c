/* multi_gpu_sync, OpenMP target: the CPU-side barrier across GPUs, in OpenMP's own terms: a host
 * `parallel` with one thread per offload device; each step runs an empty `target` region on the
 * thread's device (which waits for it) and then `omp barrier`; the region is `target teams` +
 * `parallel` (spmd) or a bare `target` (generic). Repeat difference over steps, as in
 * kernels/cuda/multi_gpu_sync.cu; param gpus=N (N = 1 when one device is visible). */
#include "ok_bench.h"
#include "ok_sync_plan.h"
#include "prim_harness.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXDEV 64
struct mctx {
  int ndev;
  int *cnt[MAXDEV]; /* per device: [0] steps counted, [1] steps on the host */
  int counting, spmd;
  struct ok_launch_form *lf;
};

#pragma omp declare target
static inline void count_step(int *cnt) {
#pragma omp atomic
  cnt[0] += 1;
  if (omp_is_initial_device()) {
#pragma omp atomic
    cnt[1] += 1;
  }
}
#pragma omp end declare target

static int steps(void *vc, int n) {
  struct mctx *c = vc;
#pragma omp parallel num_threads(c->ndev)
  {
    const int d = omp_get_thread_num();
    int *cnt = c->counting ? c->cnt[d] : NULL;
    for (int s = 0; s < n; ++s) {
      if (c->spmd) {
        // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(1) thread_limit(32) device(d) is_device_ptr(cnt)
#pragma omp parallel
        if (cnt && omp_get_thread_num() == 0) count_step(cnt);
      } else {
#pragma omp target device(d) is_device_ptr(cnt)
        if (cnt) count_step(cnt);
      }
#pragma omp barrier
    }
  }
  return 0;
}

static int verify(void *vc, char *d, unsigned long n) {
  struct mctx *c = vc;
  const int host = omp_get_initial_device();
  int zero[2] = {0, 0}, h[2];
  for (int g = 0; g < c->ndev; ++g) omp_target_memcpy(c->cnt[g], zero, sizeof zero, 0, 0, g, host);
  c->counting = 1;
  steps(c, OK_LAUNCH_K);
  c->counting = 0;
  for (int g = 0; g < c->ndev; ++g) {
    if (omp_target_memcpy(h, c->cnt[g], sizeof h, 0, 0, host, g)) return snprintf(d, n, "memcpy failed"), 0;
    if (h[1]) c->lf->on_host = 1;
    if (h[0] != OK_LAUNCH_K || h[1]) {
      snprintf(d, n, "device %d counted %d of %d steps, %d on the host", g, h[0], OK_LAUNCH_K, h[1]);
      return 0;
    }
  }
  snprintf(d, n, "%d device(s)%s: each counted %d steps", c->ndev, c->ndev == 1 ? " (only one visible: N = 1)" : "",
           OK_LAUNCH_K);
  return 1;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p, int spmd) {
  if (!ok_ot_check_device(v, p)) return 1;
  struct mctx c;
  memset(&c, 0, sizeof c);
  c.spmd = spmd;
  c.ndev = omp_get_num_devices();
  if (c.ndev > MAXDEV) c.ndev = MAXDEV;
  char param[32];
  snprintf(param, sizeof param, "gpus=%d", c.ndev);
  int ok = c.ndev > 0;
  for (int g = 0; g < c.ndev; ++g) ok &= (c.cnt[g] = omp_target_alloc(2 * sizeof(int), g)) != NULL;
  int rc;
  if (!ok) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.param = param, pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", c.ndev ? "omp_target_alloc failed" : "no offload device");
    ok_emit_point(v, p, &pt);
    rc = 1;
  } else {
    fprintf(stderr, "multi_gpu_sync: %d device(s) visible%s\n", c.ndev, c.ndev == 1 ? ", measuring N = 1" : "");
    struct ok_launch_form f = {param, steps, verify, NULL, &c, 1, c.ndev, 0};
    c.lf = &f;
    rc = ok_launch_point(v, p, &f);
  }
  for (int g = 0; g < c.ndev; ++g)
    if (c.cnt[g]) omp_target_free(c.cnt[g], g);
  return rc;
}
static int sweep_spmd(const struct ok_variant *v, const struct ok_params *p) { return sweep(v, p, 1); }
static int sweep_generic(const struct ok_variant *v, const struct ok_params *p) { return sweep(v, p, 0); }
#define TIMER "host clock, repeat difference over steps of a target region + omp barrier, one host thread per device"
OK_REGISTER_SWEEP(multi_gpu_sync, omp_host_barrier_spmd, "spmd", TIMER, sweep_spmd)
OK_REGISTER_SWEEP(multi_gpu_sync, omp_host_barrier_generic, "generic", TIMER, sweep_generic)
