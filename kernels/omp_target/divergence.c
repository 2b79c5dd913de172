/* divergence, OpenMP target: the CUDA form's 1..32 distinct paths per warp
 * (kernels/common/ok_divergence.h), 528 teams x 256 threads (SPMD), omp_get_wtime around the
 * region; calls per second. Host reference: the same functions compiled for the host. */
#include <math.h>

#include "ok_divergence.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DV_TEAMS 528
#define DV_THREADS 256

#pragma omp declare target
#define DEV_FN(k) OK_DIV_FN(__attribute__((noinline)), k)
OK_DIV_X(DEV_FN)
#pragma omp end declare target

/* info: on the device, teams, threads (the shape that ran: GCC's differs, ok_portable.h). */
static void dv_region(float *out, int paths, int dev, int *info) {
  int on = 0, tms = 0, ths = 0;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(DV_TEAMS) thread_limit(DV_THREADS) device(dev) is_device_ptr(out) map(from : on, tms, ths)
#pragma omp parallel
  {
    const int tid = omp_get_thread_num(), t = omp_get_team_num() * DV_THREADS + tid, lane = tid & 31,
              path = lane % paths;
    if (t == 0) on = !omp_is_initial_device(), tms = omp_get_num_teams(), ths = omp_get_num_threads();
    float x = (float)lane;
    for (int i = 0; i < OK_DIV_ITERS; ++i) OK_DIV_SWITCH(path, x)
    out[t] = x;
  }
  info[0] = on, info[1] = tms, info[2] = ths;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device(), host = omp_get_initial_device(), nt = DV_TEAMS * DV_THREADS;
  float *out = omp_target_alloc(nt * sizeof(float), dev), *h = malloc(nt * sizeof(float));
  int rc = 0, on = out && h;
  for (int k = 0; k < OK_DIV_NPATHS && on; ++k) {
    const int P = ok_div_paths[k];
    if (!ok_div_paths_in(p->full, P)) continue;
    double secs[8];
    char param[32];
    snprintf(param, sizeof param, "paths=%d", P);
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.type = "float", r.threads = DV_THREADS, r.teams = DV_TEAMS, r.param = param, r.iters = OK_DIV_ITERS;
    r.work = (double)nt * OK_DIV_ITERS, r.scale = 1e-9, r.unit = "Gcalls/s", r.seconds = secs;
    r.runs = p->full ? 5 : 3;
    r.timer = "omp_get_wtime around the target region";
    int info[3] = {1, DV_TEAMS, DV_THREADS}, same = 1;
    for (int i = -1; i < r.runs && info[0] && same; ++i) {
      double t0 = omp_get_wtime();
      const int was[2] = {info[1], info[2]};
      dv_region(out, P, dev, info);
      if (i >= 0) secs[i] = omp_get_wtime() - t0;
      same = i < 0 || (info[1] == was[0] && info[2] == was[1]);
    }
    char note[96];
    ok_ot_shape_note(note, sizeof note, info[1], info[2], DV_TEAMS, DV_THREADS);
    if (!info[0]) {
      r.ran_on_host = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "the region ran on the host (omp_is_initial_device)");
    } else if (!same || info[1] < 1 || info[1] > DV_TEAMS || info[2] < 1 || info[2] > DV_THREADS) {
      r.error = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "the region's shape changed between runs or is out of range (%d x %d)",
               info[1], info[2]);
    } else if (omp_target_memcpy(h, out, nt * sizeof(float), 0, 0, host, dev)) {
      r.error = 1, on = 0;
      snprintf(r.detail, sizeof r.detail, "omp_target_memcpy of the results failed");
    } else {
      float want[32];
      for (int l = 0; l < 32; ++l) {
        float x = (float)l;
        const int path = l % P;
        /* the host copies of the same functions (declare target compiles them for both) */
        for (int i = 0; i < OK_DIV_ITERS; ++i) OK_DIV_SWITCH(path, x)
        want[l] = x;
      }
      r.verified = 1;
      /* The threads that ran (slot team x DV_THREADS + thread); the work is theirs. */
      r.teams = info[1], r.threads = info[2], r.work = (double)info[1] * info[2] * OK_DIV_ITERS;
      if (note[0])
        snprintf(r.detail, sizeof r.detail, "%s%s; every thread matches the host's run of its path", note,
                 info[2] < 32 && !OK_OT_CLANG_EXT ? ", so no two paths share a warp" : "");
      else
        snprintf(r.detail, sizeof r.detail, "every thread matches the host's run of its path (1e-6 relative)");
      for (int tm = 0; tm < info[1] && r.verified; ++tm)
        for (int i = 0; i < info[2] && r.verified; ++i) {
          const int t = tm * DV_THREADS + i;
          if (!(fabsf(h[t] - want[t & 31]) <= 1e-6f * fmaxf(1.f, fabsf(want[t & 31])))) {
            r.verified = 0;
            snprintf(r.detail, sizeof r.detail, "thread %d of team %d: %.9g, the host's %.9g", i, tm, h[t],
                     want[t & 31]);
          }
        }
    }
    if (r.error || !r.verified || r.ran_on_host) rc = 1;
    ok_emit_rate(v, p, &r);
  }
  if (!(out && h)) {
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "allocation failed");
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  if (out) omp_target_free(out, dev);
  free(h);
  return rc;
}
OK_REGISTER_SWEEP(divergence, paths_spmd, "spmd", "omp_get_wtime around the target region", sweep)
