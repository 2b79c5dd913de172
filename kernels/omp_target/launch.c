/* launch, OpenMP target: the launch forms of kernels/cuda/launch.cu written as target regions,
 * host-timed by the same repeat-difference method (kernels/common/ok_sync_plan.h). A target region
 * without nowait waits for its kernel, so T(k) is k launches each with its wait; the nowait forms
 * issue k regions and wait once (`taskwait`), like CUDA's back-to-back launches.
 *   target_empty_generic       `target` with an empty body (a bare target region is generic)
 *   target_teams_spmd/generic  `target teams` + `parallel`, 1 team of 32 threads
 *   target_teams_nowait_*      the same with `nowait`, then one `taskwait`
 *   target_map_scalar_generic  `target map(tofrom: x)`, x += 1
 *   target_firstprivate_array_generic  `target firstprivate(arr)` of 64 ints
 * The timed regions get a null counter (empty bodies); the check runs the same regions k times
 * with a device counter, which every region bumps once (and reports whether it ran on the
 * device). libomptarget's per-launch INFO line (LIBOMPTARGET_INFO=16, the driver's) is switched
 * off around the timing with __tgt_set_info_flag and on again for the check, whose launch lines
 * the driver reads: printing a line per launch would be timed too. */
#include "ok_bench.h"
#include "ok_sync_plan.h"
#include "opaque.h"
#include "prim_harness.h"

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if OK_OT_CLANG_EXT
void __tgt_set_info_flag(uint32_t); /* libomptarget */
#else /* libgomp prints no launch lines: nothing to silence */
static void __tgt_set_info_flag(uint32_t f) { (void)f; }
#endif

enum form { EMPTY, SPMD, GENERIC, SPMD_NOWAIT, GENERIC_NOWAIT, MAP_SCALAR, FP_ARRAY };
#define ARR 64

struct tctx {
  enum form f;
  int dev;
  int *cnt;  /* device: [0] regions counted, [1] regions that ran on the host; NULL while timing */
  int *dcnt;
  int x;     /* MAP_SCALAR */
  int arr[ARR];
  struct ok_launch_form *lf; /* verify() marks a region that ran on the host */
};

/* A region's body with the counter: one count, and whether this is the device. */
#pragma omp declare target
static inline void count_once(int *cnt, int add) {
  if (cnt) {
#pragma omp atomic
    cnt[0] += add;
    if (omp_is_initial_device()) {
#pragma omp atomic
      cnt[1] += 1;
    }
  }
}
#pragma omp end declare target

static int launch(void *vc, int n) {
  struct tctx *c = vc;
  int *cnt = c->cnt, dev = c->dev;
  for (int i = 0; i < n; ++i) switch (c->f) {
    case EMPTY:
#pragma omp target device(dev) is_device_ptr(cnt)
      count_once(cnt, 1);
      break;
    case SPMD:
      // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(1) thread_limit(32) device(dev) is_device_ptr(cnt)
#pragma omp parallel
      if (omp_get_thread_num() == 0) count_once(cnt, 1);
      break;
    case GENERIC:
      // EXPECT-MODE: Generic
      // EXPECT-REMARK: OMP121
#pragma omp target teams num_teams(1) thread_limit(32) device(dev) is_device_ptr(cnt)
      {
        ok_opaque_touch(0); /* an unknown side effect before the parallel: the kernel stays generic */
#pragma omp parallel
        if (omp_get_thread_num() == 0) count_once(cnt, 1);
      }
      break;
    case SPMD_NOWAIT:
      // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(1) thread_limit(32) device(dev) is_device_ptr(cnt) nowait
#pragma omp parallel
      if (omp_get_thread_num() == 0) count_once(cnt, 1);
      break;
    case GENERIC_NOWAIT:
      // EXPECT-MODE: Generic
      // EXPECT-REMARK: OMP121
#pragma omp target teams num_teams(1) thread_limit(32) device(dev) is_device_ptr(cnt) nowait
      {
        ok_opaque_touch(0);
#pragma omp parallel
        if (omp_get_thread_num() == 0) count_once(cnt, 1);
      }
      break;
    case MAP_SCALAR: {
      int x = c->x;
#pragma omp target device(dev) is_device_ptr(cnt) map(tofrom : x)
      {
        x += 1;
        count_once(cnt, 1);
      }
      c->x = x;
      break;
    }
    case FP_ARRAY: {
      int arr[ARR];
      memcpy(arr, c->arr, sizeof arr);
#pragma omp target device(dev) is_device_ptr(cnt) firstprivate(arr)
      count_once(cnt, arr[ARR - 1]); /* the array's last element: it must have arrived */
      break;
    }
    }
  if (c->f == SPMD_NOWAIT || c->f == GENERIC_NOWAIT) {
#pragma omp taskwait
  }
  return 0;
}

static int info_level(void) {
  const char *s = getenv("LIBOMPTARGET_INFO");
  return s ? atoi(s) : 0;
}

static int verify(void *vc, char *d, unsigned long n) {
  struct tctx *c = vc;
  int h[2] = {0, 0}, want = OK_LAUNCH_K * (c->f == FP_ARRAY ? c->arr[ARR - 1] : 1);
  __tgt_set_info_flag((uint32_t)info_level()); /* the check's launch lines are the driver's */
  if (omp_target_memcpy(c->dcnt, h, sizeof h, 0, 0, c->dev, omp_get_initial_device())) {
    snprintf(d, n, "omp_target_memcpy to the device failed");
    return 0;
  }
  c->cnt = c->dcnt, c->x = 0;
  launch(c, OK_LAUNCH_K);
  c->cnt = NULL;
  if (omp_target_memcpy(h, c->dcnt, sizeof h, 0, 0, omp_get_initial_device(), c->dev)) {
    snprintf(d, n, "omp_target_memcpy from the device failed");
    return 0;
  }
  if (c->f == MAP_SCALAR && c->x != OK_LAUNCH_K) {
    snprintf(d, n, "mapped scalar %d after %d regions, expected %d", c->x, OK_LAUNCH_K, OK_LAUNCH_K);
    return 0;
  }
  snprintf(d, n, "%d regions counted %d of %d, %d on the host", OK_LAUNCH_K, h[0], want, h[1]);
  if (h[1]) c->lf->on_host = 1;
  return h[0] == want && h[1] == 0;
}

static int run_form(const struct ok_variant *v, const struct ok_params *p, enum form f, const char *param) {
  if (!ok_ot_check_device(v, p)) return 1;
  struct tctx c;
  memset(&c, 0, sizeof c);
  c.f = f;
  c.dev = omp_get_default_device();
  for (int i = 0; i < ARR; ++i) c.arr[i] = i + 1;
  struct ok_launch_form lf = {param, launch, verify, NULL, &c, 32, 1, 0};
  if (f == EMPTY || f == MAP_SCALAR || f == FP_ARRAY) lf.threads = 1;
  c.lf = &lf;
  c.dcnt = omp_target_alloc(2 * sizeof(int), c.dev);
  if (!c.dcnt || omp_get_num_devices() < 1) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.param = param, pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "no offload device (omp_target_alloc failed)");
    ok_emit_point(v, p, &pt);
    return 1;
  }
  __tgt_set_info_flag(0);
  int rc = ok_launch_point(v, p, &lf);
  __tgt_set_info_flag((uint32_t)info_level());
  omp_target_free(c.dcnt, c.dev);
  return rc;
}

#define DEF(NAME, F, PARAM) \
  static int sweep_##NAME(const struct ok_variant *v, const struct ok_params *p) { return run_form(v, p, F, PARAM); }
DEF(empty, EMPTY, "launch=target")
DEF(spmd, SPMD, "launch=target_teams")
DEF(generic, GENERIC, "launch=target_teams")
DEF(spmd_nowait, SPMD_NOWAIT, "launch=target_teams_nowait")
DEF(generic_nowait, GENERIC_NOWAIT, "launch=target_teams_nowait")
DEF(map_scalar, MAP_SCALAR, "launch=target_map_scalar")
DEF(fp_array, FP_ARRAY, "launch=target_firstprivate_array")
#define TIMER "host clock (CLOCK_MONOTONIC) around target regions, repeat difference"
OK_REGISTER_SWEEP(launch, target_empty_generic, "generic", TIMER, sweep_empty)
OK_REGISTER_SWEEP(launch, target_teams_spmd, "spmd", TIMER, sweep_spmd)
OK_REGISTER_SWEEP(launch, target_teams_generic, "generic", TIMER, sweep_generic)
OK_REGISTER_SWEEP(launch, target_teams_nowait_spmd, "spmd", TIMER, sweep_spmd_nowait)
OK_REGISTER_SWEEP(launch, target_teams_nowait_generic, "generic", TIMER, sweep_generic_nowait)
OK_REGISTER_SWEEP(launch, target_map_scalar_generic, "generic", TIMER, sweep_map_scalar)
OK_REGISTER_SWEEP(launch, target_firstprivate_array_generic, "generic", TIMER, sweep_fp_array)
