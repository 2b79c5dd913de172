/* The OpenMP offload model's adapter of the primitive sweep engine (kernels/common/ok_prim_sweep.c):
 * the device check, the shapes, the SM clock and its resolution, device arrays, one target region
 * per sample and clock64 per thread. */
#include "prim_harness.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when a target region runs on a device (not the host fallback). */
static int runs_on_device(void) {
  int on = 0;
#pragma omp target map(from : on)
  { on = !omp_is_initial_device(); }
  return on;
}

int ok_ot_device_available(void) { return runs_on_device(); }

int ok_ot_rate_on_host(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_rate r;
  memset(&r, 0, sizeof r);
  r.ran_on_host = 1;
  snprintf(r.detail, sizeof r.detail, "the target region ran on the host (no device, or OMP_TARGET_OFFLOAD=DISABLED)");
  ok_emit_rate(v, p, &r);
  return 1;
}

/* SM clock in MHz: a spin of known clock64 cycles timed with omp_get_wtime around the region; 50 M
 * cycles (about 25 ms) make the launch cost negligible. */
static double sm_clock_mhz(void) {
  double best = 0;
  for (int rep = 0; rep < 3; ++rep) {
    long long spun = 0, cycles = rep == 0 ? 20000000LL : 50000000LL; /* the first warms the clocks up */
    int on = 0;
    double t0 = omp_get_wtime();
#pragma omp target map(from : spun, on)
    {
      on = !omp_is_initial_device();
      const long long a = ok_ot_clock();
      long long t;
      while ((t = ok_ot_clock()) - a < cycles) {}
      spun = t - a;
    }
    double s = omp_get_wtime() - t0;
    if (!on || s <= 0) return 0;
    /* Launch costs only add time: the highest rate is the closest. */
    if (rep > 0 && (double)spun / s * 1e-6 > best) best = (double)spun / s * 1e-6;
  }
  return best;
}

/* clock64's resolution in cycles: the smallest step between back-to-back reads in one device
 * thread (ok_clock_resolution); 0 when the region did not run on the device. */
static double clock_resolution(void) {
  double best = 0;
  for (int rep = 0; rep < 8; ++rep) {
    long long r[32];
    int on = 0;
#pragma omp target map(from : r[0 : 32], on)
    {
      on = !omp_is_initial_device();
      long long v[32];
#pragma unroll
      for (int i = 0; i < 32; ++i) v[i] = ok_ot_clock();
      for (int i = 0; i < 32; ++i) r[i] = v[i];
    }
    if (!on) return 0;
    double d[32];
    for (int i = 0; i < 32; ++i) d[i] = (double)r[i];
    double x = ok_clock_resolution(d, 32);
    if (x > 0 && (best == 0 || x < best)) best = x;
  }
  return best;
}

/* The adapter (ok_prim_dev): device arrays, one target region per sample, clock64 per thread. */
struct ot_dev {
  struct ok_tctx c;
  const struct ok_tsweep *s;
  int dev, host;
  /* Wall time of each region (omp_get_wtime around it, launch included): a cross-check. */
  double wall[2][256];
  int nwall[2];
  double res;
  char param[128];
};

static int t_alloc(void *vd, const struct ok_prim *pr, struct ok_prim_run *r, char *err, size_t n) {
  struct ot_dev *o = vd;
  struct ok_tctx *c = &o->c;
  memset(c, 0, sizeof *c);
  c->teams = r->teams, c->threads = r->threads, c->stride = r->stride, c->unroll = r->unroll;
  c->dev = o->dev, c->host = o->host;
  const int slots = c->teams * c->threads;
  c->bytes = ((size_t)slots * (size_t)(c->stride > 0 ? c->stride : 1) + OK_OT_LINE_BYTES) * pr->elem;
  c->baseA = omp_target_alloc(c->bytes + r->place_room, c->dev);
  c->baseB = omp_target_alloc(c->bytes + r->place_room, c->dev);
  c->dA = c->baseA, c->dB = c->baseB;
  c->dcycles = omp_target_alloc((size_t)slots * sizeof(long long), c->dev);
  c->dsink = omp_target_alloc((size_t)slots * sizeof(double), c->dev);
  c->dinfo = omp_target_alloc(sizeof c->info, c->dev);
  c->hA = malloc(c->bytes);
  c->hB = malloc(c->bytes);
  c->hzero = calloc(1, c->bytes);
  c->hcycles = malloc((size_t)slots * sizeof(long long));
  c->hsink = malloc((size_t)slots * sizeof(double));
  r->bytes = c->bytes;
  if (c->baseA && c->baseB && c->dcycles && c->dsink && c->dinfo && c->hA && c->hB && c->hzero && c->hcycles && c->hsink)
    return 0;
  snprintf(err, n, "out of memory");
  return OK_PRIM_ERROR;
}

/* The region's shape and the maximum of its threads' cycles. */
static int t_read(struct ok_tctx *c, struct ok_prim_run *r, double *value, char *err, size_t n) {
  if (!c->info[0]) {
    snprintf(err, n, "ran on host");
    return OK_PRIM_ON_HOST;
  }
  r->act_teams = c->act_teams = c->info[1];
  r->act_threads = c->act_threads = c->info[2];
  if (c->act_teams < 1 || c->act_teams > c->teams || c->act_threads < 1 || c->act_threads > c->threads) {
    snprintf(err, n, "region ran %d teams x %d threads for %d x %d requested", c->act_teams, c->act_threads, c->teams,
             c->threads);
    return OK_PRIM_ERROR;
  }
  long long m = 0;
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i)
      if (c->hcycles[t * c->threads + i] > m) m = c->hcycles[t * c->threads + i];
  *value = (double)m;
  return 0;
}

static int t_sample(void *vd, const struct ok_prim *pr, struct ok_prim_run *r, int test, double *value, char *err,
                    size_t n) {
  struct ot_dev *o = vd;
  struct ok_tctx *c = &o->c;
  const int slots = c->teams * c->threads;
  c->n_iter = r->n_iter;
  c->dA = (char *)c->baseA + r->place_off, c->dB = (char *)c->baseB + r->place_off;
  memset(c->hcycles, 0xff, (size_t)slots * sizeof *c->hcycles);
  memset(c->info, 0, sizeof c->info);
  if (omp_target_memcpy(c->dA, c->hzero, c->bytes, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dB, c->hzero, c->bytes, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dcycles, c->hcycles, (size_t)slots * sizeof *c->hcycles, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dinfo, c->info, sizeof c->info, 0, 0, c->dev, c->host)) {
    snprintf(err, n, "omp_target_memcpy to the device failed");
    return OK_PRIM_ERROR;
  }
  const double w0 = omp_get_wtime();
  o->s->launch(c, 2 * ((const struct ok_tprim *)pr)->id + (test ? 1 : 0));
  const double w1 = omp_get_wtime();
  if (o->nwall[test ? 1 : 0] < 256) o->wall[test ? 1 : 0][o->nwall[test ? 1 : 0]++] = w1 - w0;
  if (omp_target_memcpy(c->hcycles, c->dcycles, (size_t)slots * sizeof *c->hcycles, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(c->info, c->dinfo, sizeof c->info, 0, 0, c->host, c->dev)) {
    snprintf(err, n, "omp_target_memcpy from the device failed");
    return OK_PRIM_ERROR;
  }
  return t_read(c, r, value, err, n);
}

static int t_fetch(void *vd, struct ok_prim_run *r, char *err, size_t n) {
  struct ok_tctx *c = &((struct ot_dev *)vd)->c;
  const int slots = c->teams * c->threads;
  if (omp_target_memcpy(c->hA, c->dA, c->bytes, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(c->hB, c->dB, c->bytes, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(c->hsink, c->dsink, (size_t)slots * sizeof(double), 0, 0, c->host, c->dev)) {
    snprintf(err, n, "omp_target_memcpy of the results failed");
    return OK_PRIM_ERROR;
  }
  r->A = c->hA, r->B = c->hB, r->sink = c->hsink, r->cycles = c->hcycles;
  return 0;
}

static void t_pair_start(void *vd) { ((struct ot_dev *)vd)->nwall[0] = ((struct ot_dev *)vd)->nwall[1] = 0; }

/* The same difference from wall times (launch costs cancel out). */
static void t_cross_check(void *vd, double ops, char *detail, size_t n) {
  struct ot_dev *o = vd;
  if (o->nwall[0] <= 0 || o->nwall[1] <= 0) return;
  double wns = (ok_median(o->wall[1], o->nwall[1]) - ok_median(o->wall[0], o->nwall[0])) / ops * 1e9;
  size_t len = strlen(detail);
  snprintf(detail + len, n - len, "; wall: %.4g ns/op; clock resolution %g cycles", wns, o->res);
}
/* Requested shape in teams/threads; what the region actually ran in the parameter. */
static void t_annotate(void *vd, const struct ok_prim *pr, const struct ok_prim_run *r, struct ok_point *pt, char *buf,
                       size_t nbuf) {
  (void)vd;
  snprintf(buf, nbuf, "%s%sran=%dx%d", pr->param ? pr->param : "", pr->param ? "," : "", r->act_teams, r->act_threads);
  pt->param = buf;
}

static void t_release(void *vd, struct ok_prim_run *r, int failed) {
  struct ok_tctx *c = &((struct ot_dev *)vd)->c;
  (void)r, (void)failed;
  omp_target_free(c->baseA, c->dev), omp_target_free(c->baseB, c->dev), omp_target_free(c->dcycles, c->dev);
  omp_target_free(c->dsink, c->dev), omp_target_free(c->dinfo, c->dev);
  free(c->hA), free(c->hB), free(c->hzero), free(c->hcycles), free(c->hsink);
  memset(c, 0, sizeof *c);
}

static void error_point(const struct ok_variant *v, const struct ok_params *p, const char *why, int on_host) {
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  pt.error = 1;
  pt.ran_on_host = on_host;
  pt.unit = "cycles";
  pt.unroll = OK_UNROLL;
  snprintf(pt.detail, sizeof pt.detail, "%s", why);
  ok_emit_point(v, p, &pt);
}

/* The sweep's shapes, {teams, threads}: given, the sweep's own, or the model's; <= 0 with why. */
static int ot_shapes(const struct ok_params *p, const struct ok_tsweep *s, int (*shape)[2], char *why, size_t nwhy) {
  int nshape = 0;
  if (p->threads_given || p->teams_given) {
    shape[0][0] = p->teams, shape[0][1] = p->threads;
    return 1;
  }
  if (s->shapes) return s->shapes(p, shape, 64, why, nwhy);
  if (p->full) {
    /* Threads 32 128 512 1024: 64 and 256 sat on the log-log line of their neighbours (median
     * under 1 %, docs/fidelity.md "Full study, second cut"). */
    static const int teams[] = {1, 2, 64, 128, 256}, threads[] = {32, 128, 512, 1024};
    for (int b = 0; b < 5; ++b)
      for (int t = 0; t < 4; ++t) shape[nshape][0] = teams[b], shape[nshape][1] = threads[t], ++nshape;
    return nshape;
  }
  static const int q[3][2] = {{1, 32}, {1, 1024}, {128, 1024}};
  for (int i = 0; i < 3; ++i) shape[i][0] = q[i][0], shape[i][1] = q[i][1];
  return 3;
}

int ok_ot_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_tsweep *s) {
  /* The device check comes first: a host fallback gives one `ran on host` point, no numbers. */
  if (!runs_on_device()) {
    error_point(v, p, "the target region ran on the host (no device, or OMP_TARGET_OFFLOAD=DISABLED)", 1);
    return 1;
  }
  int shape[64][2];
  char why[160] = "no shapes";
  const int nshape = ot_shapes(p, s, shape, why, sizeof why);
  if (nshape <= 0) {
    error_point(v, p, why, 0);
    return 1;
  }
  static struct ot_dev o; /* the wall-time arrays: off the stack */
  memset(&o, 0, sizeof o);
  o.s = s;
  o.dev = omp_get_default_device(), o.host = omp_get_initial_device();
  const double mhz = sm_clock_mhz();
  o.res = clock_resolution(); /* floors: docs/fidelity.md */
  struct ok_prim_dev d = {&o, "cycles", mhz, o.res, OK_OT_LINE_BYTES, 1, 1,
                          mhz > 0 ? NULL : "could not measure the SM clock", t_alloc, t_sample, t_fetch,
                          t_pair_start, t_cross_check, t_annotate, t_release, OK_OT_PLACEMENTS, OK_OT_PLACE_STEP};
  struct ok_prim_set set = {s->prims, sizeof *s->prims, s->nprims, s->strided, 0, (const int(*)[2])shape, nshape,
                            s->max_total, s->unroll, s->unplaced};
  return ok_prim_sweep(v, p, &set, &d);
}

/* cuDeviceGetAttribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT) through dlopen: the offload
 * build does not link the CUDA driver, and only sweeps that must keep every team resident ask. */
int ok_ot_sm_count(int dev) {
  static int cached = -1;
  if (cached >= 0) return cached;
  cached = 0;
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
  int (*init)(unsigned) = (int (*)(unsigned))dlsym(h, "cuInit");
  int (*get)(int *, int) = (int (*)(int *, int))dlsym(h, "cuDeviceGet");
  int (*attr)(int *, int, int) = (int (*)(int *, int, int))dlsym(h, "cuDeviceGetAttribute");
  int d = 0, n = 0;
  if (init && get && attr && !init(0) && !get(&d, dev) && !attr(&n, 16 /* MULTIPROCESSOR_COUNT */, d)) cached = n;
  return cached;
}

/* For sweeps that time whole regions (launch, grid_sync's split, multi_gpu_sync, reduce_study):
 * 1 when target regions run on a device; otherwise they emit one `ran on host` point and stop. */
int ok_ot_check_device(const struct ok_variant *v, const struct ok_params *p) {
  if (omp_get_num_devices() > 0 && runs_on_device()) return 1;
  error_point(v, p, "the target region ran on the host (no device, or OMP_TARGET_OFFLOAD=DISABLED)", 1);
  return 0;
}
