/* OpenMP offload primitive sweep: points, SM clock, calibration, the baseline/test method, checks
 * (the CUDA harness's, kernels/cuda/prim_harness.cu, with OpenMP device memory and regions). */
#include "ok_values.h"
#include "prim_harness.h"

#include <dlfcn.h>
#include <math.h>
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

struct sampler {
  struct ok_tctx *c;
  const struct ok_tprim *pr;
  const struct ok_tsweep *s;
  char err[160];
  /* Wall time of each region (omp_get_wtime around it, launch included): a cross-check. */
  double wall[2][256];
  int nwall[2];
};

static int sample(void *vx, int test, double *value) {
  struct sampler *x = vx;
  struct ok_tctx *c = x->c;
  const int slots = c->teams * c->threads;
  memset(c->hcycles, 0xff, (size_t)slots * sizeof *c->hcycles);
  memset(c->info, 0, sizeof c->info);
  if (omp_target_memcpy(c->dA, c->hzero, c->bytes, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dB, c->hzero, c->bytes, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dcycles, c->hcycles, (size_t)slots * sizeof *c->hcycles, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->dinfo, c->info, sizeof c->info, 0, 0, c->dev, c->host)) {
    snprintf(x->err, sizeof x->err, "omp_target_memcpy to the device failed");
    return -1;
  }
  const double w0 = omp_get_wtime();
  x->s->launch(c, 2 * x->pr->id + (test ? 1 : 0));
  const double w1 = omp_get_wtime();
  if (x->nwall[test ? 1 : 0] < 256) x->wall[test ? 1 : 0][x->nwall[test ? 1 : 0]++] = w1 - w0;
  if (omp_target_memcpy(c->hcycles, c->dcycles, (size_t)slots * sizeof *c->hcycles, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(c->info, c->dinfo, sizeof c->info, 0, 0, c->host, c->dev)) {
    snprintf(x->err, sizeof x->err, "omp_target_memcpy from the device failed");
    return -1;
  }
  if (!c->info[0]) {
    snprintf(x->err, sizeof x->err, "ran on host");
    return -1;
  }
  c->act_teams = c->info[1];
  c->act_threads = c->info[2];
  if (c->act_teams < 1 || c->act_teams > c->teams || c->act_threads < 1 || c->act_threads > c->threads) {
    snprintf(x->err, sizeof x->err, "region ran %d teams x %d threads for %d x %d requested", c->act_teams,
             c->act_threads, c->teams, c->threads);
    return -1;
  }
  long long m = 0;
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i)
      if (c->hcycles[t * c->threads + i] > m) m = c->hcycles[t * c->threads + i];
  *value = (double)m;
  return 0;
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

int ok_ot_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_tsweep *s) {
  /* The device check comes first: a host fallback gives one `ran on host` point, no numbers. */
  if (!runs_on_device()) {
    error_point(v, p, "the target region ran on the host (no device, or OMP_TARGET_OFFLOAD=DISABLED)", 1);
    return 1;
  }
  int shape[64][2], nshape = 0; /* (teams, threads) */
  if (p->threads_given || p->teams_given) {
    shape[0][0] = p->teams, shape[0][1] = p->threads, nshape = 1;
  } else if (s->shapes) {
    char why[160] = "no shapes";
    if ((nshape = s->shapes(p, shape, 64, why, sizeof why)) <= 0) {
      error_point(v, p, why, 0);
      return 1;
    }
  } else if (p->full) {
    /* Threads 32 128 512 1024: 64 and 256 sat on the log-log line of their neighbours (median
     * under 1 %, docs/fidelity.md "Full study, second cut"). */
    static const int teams[] = {1, 2, 64, 128, 256}, threads[] = {32, 128, 512, 1024};
    for (int b = 0; b < 5; ++b)
      for (int t = 0; t < 4; ++t) shape[nshape][0] = teams[b], shape[nshape][1] = threads[t], ++nshape;
  } else {
    static const int q[3][2] = {{1, 32}, {1, 1024}, {128, 1024}};
    for (int i = 0; i < 3; ++i) shape[i][0] = q[i][0], shape[i][1] = q[i][1];
    nshape = 3;
  }
  const double mhz = sm_clock_mhz();
  const double res = clock_resolution(); /* floors: docs/fidelity.md */
  const int unroll = s->unroll > 0 ? s->unroll : OK_UNROLL;
  const long base_iters = p->iters > 0 && p->iters != 1000 ? p->iters : 1000;
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  int rc = 0;
  for (int k = 0; k < s->nprims; ++k) {
    const struct ok_tprim *pr = &s->prims[k];
    if (p->type && strcmp(p->type, pr->type)) continue;
    if (!p->type && !p->full && strcmp(pr->type, s->prims[0].type)) continue; /* quick: first type */
    long strides[2] = {0, 0};
    int nstrides = 1;
    if (s->strided) strides[0] = 1, strides[1] = 32, nstrides = 2;
    for (int si = 0; si < nshape; ++si)
      for (int di = 0; di < nstrides; ++di) {
        struct ok_tctx c;
        memset(&c, 0, sizeof c);
        c.teams = shape[si][0];
        c.threads = shape[si][1];
        if (s->max_total > 0 && c.teams * c.threads > s->max_total) continue;
        c.stride = strides[di];
        c.n_iter = base_iters;
        c.unroll = unroll;
        c.dev = dev;
        c.host = host;
        const int slots = c.teams * c.threads;
        c.bytes = ((size_t)slots * (size_t)(c.stride > 0 ? c.stride : 1) + OK_OT_LINE_BYTES) * pr->elem;
        struct ok_point pt;
        memset(&pt, 0, sizeof pt);
        pt.type = pr->type;
        pt.threads = c.threads;
        pt.teams = c.teams;
        pt.stride = c.stride;
        pt.unroll = unroll;
        pt.unit = "cycles";
        pt.clock_mhz = mhz;
        snprintf(pt.code_symbol, sizeof pt.code_symbol, "%s", pr->symbol);
        pt.code_family = pr->family;
        char param[128];
        static struct sampler x;
        memset(&x, 0, sizeof x);
        x.c = &c, x.pr = pr, x.s = s;
        c.dA = omp_target_alloc(c.bytes, dev);
        c.dB = omp_target_alloc(c.bytes, dev);
        c.dcycles = omp_target_alloc((size_t)slots * sizeof(long long), dev);
        c.dsink = omp_target_alloc((size_t)slots * sizeof(double), dev);
        c.dinfo = omp_target_alloc(sizeof c.info, dev);
        c.hA = malloc(c.bytes);
        c.hB = malloc(c.bytes);
        c.hzero = calloc(1, c.bytes);
        c.hcycles = malloc((size_t)slots * sizeof(long long));
        c.hsink = malloc((size_t)slots * sizeof(double));
        double t1 = 0, t11 = 0;
        if (!c.dA || !c.dB || !c.dcycles || !c.dsink || !c.dinfo || !c.hA || !c.hB || !c.hzero || !c.hcycles ||
            !c.hsink || mhz <= 0) {
          pt.error = 1;
          snprintf(pt.detail, sizeof pt.detail, "%s", mhz <= 0 ? "could not measure the SM clock" : "out of memory");
        } else if ((c.n_iter = 1, sample(&x, 1, &t1)) ||
                   (!(p->budget_s > 0 && t1 / (mhz * 1e6) >= p->budget_s / 4) && (c.n_iter = 11, sample(&x, 1, &t11)))) {
          pt.error = 1;
        } else {
          /* Calibrate from test runs of 1 and 11 iterations (in-kernel cycles), then keep a test
           * sample within the budget; n_iter is recorded. A 1-iteration run of a quarter of the
           * budget or more calibrates alone (the 11-iteration one would cost 3 budgets or more). */
          double one = t11 > 0 ? (t11 - t1) / 10 : t1;
          if (one <= 0) one = t11 / 11;
          double one_s = one / (mhz * 1e6);
          long n = p->budget_s > 0 && one_s > 0 ? (long)(p->budget_s / one_s) : base_iters;
          c.n_iter = n < 1 ? 1 : n > base_iters ? base_iters : n;
          /* Early stop counted in budgets: a long 1-iteration sample may stop at 3 pairs. */
          struct ok_pair_cfg cfg = {p->runs, p->max_retries, (double)c.n_iter * unroll,
                                    ok_early_min_runs(one_s * (double)c.n_iter, p->budget_s), OK_EARLY_TIGHT};
          x.nwall[0] = x.nwall[1] = 0;
          if (ok_measure_pair(sample, &x, &cfg, &pt.st)) {
            pt.error = 1;
          } else {
            pt.measured = 1;
            /* The last sample was a test run: check what it left. */
            if (omp_target_memcpy(c.hA, c.dA, c.bytes, 0, 0, host, dev) ||
                omp_target_memcpy(c.hB, c.dB, c.bytes, 0, 0, host, dev) ||
                omp_target_memcpy(c.hsink, c.dsink, (size_t)slots * sizeof(double), 0, 0, host, dev)) {
              pt.error = 1;
              snprintf(x.err, sizeof x.err, "omp_target_memcpy of the results failed");
            } else {
              pt.verified = ok_tcheck_ran(&c, pr, pt.detail, sizeof pt.detail) &&
                            pr->check(&c, pr, pt.detail, sizeof pt.detail);
              if (ok_is_floor(&pt.st, res)) pt.floor_bound = res;
              /* Cross-check: the same difference from wall times (launch costs cancel out). */
              if (x.nwall[0] > 0 && x.nwall[1] > 0) {
                double wns = (ok_median(x.wall[1], x.nwall[1]) - ok_median(x.wall[0], x.nwall[0])) / cfg.ops * 1e9;
                size_t len = strlen(pt.detail);
                snprintf(pt.detail + len, sizeof pt.detail - len, "; wall: %.4g ns/op; clock resolution %g cycles", wns,
                         res);
              }
            }
          }
        }
        if (pt.error && x.err[0]) {
          snprintf(pt.detail, sizeof pt.detail, "%s", x.err);
          pt.ran_on_host = !strcmp(x.err, "ran on host");
        }
        /* Requested shape in teams/threads; what the region actually ran in the parameter. */
        snprintf(param, sizeof param, "%s%sran=%dx%d", pr->param ? pr->param : "", pr->param ? "," : "", c.act_teams,
                 c.act_threads);
        pt.param = param;
        pt.n_iter = c.n_iter;
        if (pt.error || !pt.verified) rc = 1;
        ok_emit_point(v, p, &pt);
        omp_target_free(c.dA, dev), omp_target_free(c.dB, dev), omp_target_free(c.dcycles, dev);
        omp_target_free(c.dsink, dev), omp_target_free(c.dinfo, dev);
        free(c.hA), free(c.hB), free(c.hzero), free(c.hcycles), free(c.hsink);
      }
  }
  return rc;
}

static double per_thread(const struct ok_tctx *c, const struct ok_tprim *pr) {
  return (double)c->n_iter * c->unroll * pr->per_step;
}

int ok_tcheck_ran(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  (void)pr;
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i)
      if (c->hcycles[t * c->threads + i] <= 0) {
        snprintf(d, n, "team %d thread %d did not run (cycles %lld)", t, i, c->hcycles[t * c->threads + i]);
        return 0;
      }
  snprintf(d, n, "%d x %d threads ran", c->act_teams, c->act_threads);
  return 1;
}

int ok_tcheck_a0_count(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * c->act_teams * c->act_threads, got = ok_value_at(c->hA, pr->type, 0);
  snprintf(d, n, "shared counter %.17g, expected %.17g", got, want);
  return ok_counter_equal(got, want, pr->type);
}

int ok_tcheck_strided(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i) {
      double got = ok_value_at(c->hA, pr->type, (long)(t * c->threads + i) * c->stride);
      if (!ok_counter_equal(got, want, pr->type)) {
        snprintf(d, n, "team %d thread %d's element %.17g, expected %.17g", t, i, got, want);
        return 0;
      }
    }
  snprintf(d, n, "every thread's element %.17g", want);
  return 1;
}

int ok_tcheck_two_arrays(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i) {
      long g = (long)t * c->threads + i;
      double a = ok_value_at(c->hA, pr->type, g), b = ok_value_at(c->hB, pr->type, g);
      if (!ok_counter_equal(a, want, pr->type) || !ok_counter_equal(b, want, pr->type)) {
        snprintf(d, n, "team %d thread %d: a %.17g b %.17g, expected %.17g each", t, i, a, b, want);
        return 0;
      }
    }
  snprintf(d, n, "both arrays %.17g per thread", want);
  return 1;
}

int ok_tcheck_warp_sim(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  int w = c->act_threads < 32 ? c->act_threads : 32;
  double want[32];
  pr->sim(w, (long)per_thread(c, pr), want);
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i) {
      double got = c->hsink[(long)t * c->threads + i];
      if (got != want[i & 31]) {
        snprintf(d, n, "team %d thread %d (lane %d) ended with %.17g, the host's warp simulation says %.17g", t, i,
                 i & 31, got, want[i & 31]);
        return 0;
      }
    }
  snprintf(d, n, "all lanes match the host's warp simulation");
  return 1;
}

int ok_tcheck_reads(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  /* Each read of the zeroed variable adds value + 1 to an accumulator that starts at the lane. */
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i) {
      double want = (i & 31) + per_thread(c, pr), got = c->hsink[t * c->threads + i];
      if (!ok_counter_equal(got, want, pr->type)) {
        snprintf(d, n, "team %d thread %d summed %.17g over its reads, expected %.17g", t, i, got, want);
        return 0;
      }
    }
  snprintf(d, n, "every thread read 0 %.17g times", per_thread(c, pr));
  return 1;
}

int ok_tcheck_written(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double got = ok_value_at(c->hA, pr->type, 0);
  long slots = (long)c->teams * c->threads;
  snprintf(d, n, "location holds %.17g (threads write their slot + 1)", got);
  return got >= 1 && got <= slots && got == floor(got);
}

int ok_tcheck_team_sums(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * c->act_threads;
  for (int t = 0; t < c->act_teams; ++t) {
    double got = ok_value_at(c->hA, pr->type, t);
    if (!ok_counter_equal(got, want, pr->type)) {
      snprintf(d, n, "team %d's sum %.17g, expected %.17g", t, got, want);
      return 0;
    }
  }
  snprintf(d, n, "every team's sum %.17g", want);
  return 1;
}

int ok_tcheck_stores(const struct ok_tctx *c, const struct ok_tprim *pr, char *d, size_t n) {
  double want_n = per_thread(c, pr);
  for (int t = 0; t < c->act_teams; ++t)
    for (int i = 0; i < c->act_threads; ++i) {
      int g = t * c->threads + i;
      double want = (i & 31) + want_n, got = ok_value_at(c->hA, pr->type, g);
      if (got != want || c->hsink[g] != want) {
        snprintf(d, n, "thread %d's element %.17g (count %.17g), expected %.17g", g, got, c->hsink[g], want);
        return 0;
      }
    }
  snprintf(d, n, "every thread's element holds its last store (%.17g stores)", want_n);
  return 1;
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
