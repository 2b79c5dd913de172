/* CUDA primitive sweep: points, SM clock, calibration, the baseline/test method, checks. */
#include "ok_values.h"
#include "prim_harness.cuh"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

static __global__ void ok_spin(long long cycles, long long *out) {
  const long long t0 = clock64();
  long long t;
  while ((t = clock64()) - t0 < cycles) {}
  *out = t - t0;
}

/* SM clock in MHz: a spin of known clock64 cycles timed with events (not the nominal clockRate). */
double ok_cuda_sm_clock_mhz(void) {
  long long *d = nullptr, spun = 0;
  if (cudaMalloc(&d, sizeof *d) != cudaSuccess) return 0;
  ok_spin<<<1, 1>>>(20000000LL, d); /* warm the clocks up */
  double s = 0;
  if (ok_time_events([&] { ok_spin<<<1, 1>>>(50000000LL, d); }, &s) != cudaSuccess ||
      cudaMemcpy(&spun, d, sizeof spun, cudaMemcpyDeviceToHost) != cudaSuccess || s <= 0) {
    cudaFree(d);
    return 0;
  }
  cudaFree(d);
  return (double)spun / s * 1e-6;
}

/* clock64's resolution in cycles: the smallest step between back-to-back reads in one thread. */
static __global__ void ok_clock_reads(long long *out) {
  long long r[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) r[i] = clock64();
#pragma unroll
  for (int i = 0; i < 32; ++i) out[i] = r[i];
}

double ok_cuda_clock_resolution(void) {
  long long *d = nullptr, h[32];
  double best = 0;
  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 0;
  for (int rep = 0; rep < 8; ++rep) {
    ok_clock_reads<<<1, 1>>>(d);
    if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) break;
    double v[32];
    for (int i = 0; i < 32; ++i) v[i] = (double)h[i];
    double r = ok_clock_resolution(v, 32);
    if (r > 0 && (best == 0 || r < best)) best = r;
  }
  cudaFree(d);
  return best;
}

struct sampler {
  ok_cctx *c;
  const ok_cprim *pr;
  std::vector<double> ev_base, ev_test;
  char err[160];
};

static int sample(void *vx, int test, double *value) {
  sampler *x = (sampler *)vx;
  ok_cctx *c = x->c;
  int nt = c->blocks * c->threads;
  cudaError_t e;
  if ((e = cudaMemset(c->dA, 0, c->bytes)) != cudaSuccess || (e = cudaMemset(c->dB, 0, c->bytes)) != cudaSuccess ||
      (e = cudaMemset(c->dcycles, 0xff, nt * sizeof(long long))) != cudaSuccess) {
    snprintf(x->err, sizeof x->err, "cudaMemset: %s", cudaGetErrorString(e));
    return -1;
  }
  ok_claunch fn = test ? x->pr->test : x->pr->base;
  double s = 0;
  e = ok_time_events([&] { fn(c->blocks, c->threads, c->dA, c->dB, c->n_iter, c->stride, c->dcycles, c->dsink); }, &s);
  if (e == cudaSuccess) e = cudaMemcpy(c->hcycles, c->dcycles, nt * sizeof(long long), cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    snprintf(x->err, sizeof x->err, "%s kernel: %s", test ? "test" : "baseline", cudaGetErrorString(e));
    return -1;
  }
  long long m = 0;
  for (int i = 0; i < nt; ++i) m = std::max(m, c->hcycles[i]);
  (test ? x->ev_test : x->ev_base).push_back(s);
  *value = (double)m;
  return 0;
}

static double median(std::vector<double> v) { return ok_median(v.data(), (int)v.size()); }

int ok_cuda_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_csweep *s) {
  cudaDeviceProp prop;
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&prop, dev) != cudaSuccess) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "no CUDA device");
    ok_emit_point(v, p, &pt);
    return 1;
  }
  const int sms = prop.multiProcessorCount;
  std::vector<std::pair<int, int>> shape; /* (blocks, threads per block) */
  if (p->threads_given || p->teams_given) shape.push_back({p->teams, p->threads});
  else if (s->shapes) {
    int sh[64][2];
    char why[160] = "";
    int n = s->shapes(p, sms, sh, 64, why, sizeof why);
    if (n < 0) {
      struct ok_point pt;
      memset(&pt, 0, sizeof pt);
      pt.error = 1;
      snprintf(pt.detail, sizeof pt.detail, "no shapes: %s", why);
      ok_emit_point(v, p, &pt);
      return 1;
    }
    for (int i = 0; i < n; ++i) shape.push_back({sh[i][0], sh[i][1]});
  } else if (p->full) {
    /* Threads per block 1 4 16 32 128 512 1024: the counts between (2 8 64 256) sat on the
     * log-log line of their neighbours (median 0-2 %, docs/fidelity.md "Full study, second cut"). */
    for (int b : {1, 2, sms / 2, sms, 2 * sms})
      for (int t : {1, 4, 16, 32, 128, 512, 1024}) shape.push_back({b, t});
  } else
    shape = {{1, 1}, {1, 32}, {1, 1024}, {sms, 1024}};
  const double mhz = ok_cuda_sm_clock_mhz();
  const double res = ok_cuda_clock_resolution(); /* floors: docs/fidelity.md */
  const long base_iters = p->iters > 0 && p->iters != 1000 ? p->iters : 1000;
  int rc = 0;
  for (int k = 0; k < s->nprims; ++k) {
    const ok_cprim *pr = &s->prims[k];
    if (p->type && strcmp(p->type, pr->type)) continue;
    /* Quick: the first listed type only (int where there is one). */
    if (!p->type && !p->full && strcmp(pr->type, s->prims[0].type)) continue;
    std::vector<long> strides = {0};
    if (s->strided) {
      strides = {1, 32};
      long line = OK_GPU_LINE_BYTES / (long)pr->elem;
      if (p->full && line != 32) strides.push_back(line);
    }
    for (auto sh : shape)
      for (long stride : strides) {
        ok_cctx c;
        memset(&c, 0, sizeof c);
        c.blocks = sh.first;
        c.threads = sh.second;
        c.stride = stride;
        c.n_iter = base_iters;
        const int nt = c.blocks * c.threads;
        c.bytes = ((size_t)nt * (stride > 0 ? stride : 1) + OK_GPU_LINE_BYTES) * pr->elem;
        struct ok_point pt;
        memset(&pt, 0, sizeof pt);
        pt.type = pr->type;
        pt.threads = c.threads;
        pt.teams = c.blocks;
        pt.stride = stride;
        pt.param = pr->param;
        char shape_param[96];
        if (s->shapes && sh.first % sms == 0) {
          snprintf(shape_param, sizeof shape_param, "blocks_per_sm=%d%s%s", sh.first / sms, pr->param ? "," : "",
                   pr->param ? pr->param : "");
          pt.param = shape_param;
        }
        pt.unroll = OK_UNROLL;
        pt.unit = "cycles";
        pt.clock_mhz = mhz;
        snprintf(pt.code_symbol, sizeof pt.code_symbol, "%s", pr->symbol);
        pt.code_family = pr->family;
        sampler x;
        x.c = &c;
        x.pr = pr;
        x.err[0] = 0;
        bool okmem = cudaMalloc(&c.dA, c.bytes) == cudaSuccess && cudaMalloc(&c.dB, c.bytes) == cudaSuccess &&
                     cudaMalloc(&c.dcycles, nt * sizeof(long long)) == cudaSuccess &&
                     cudaMalloc(&c.dsink, nt * sizeof(double)) == cudaSuccess;
        c.hcycles = (long long *)malloc(nt * sizeof(long long));
        c.hsink = (double *)malloc(nt * sizeof(double));
        c.hA = malloc(c.bytes);
        c.hB = malloc(c.bytes);
        double t;
        if (!okmem || !c.hcycles || !c.hsink || !c.hA || !c.hB || mhz <= 0) {
          pt.error = 1;
          snprintf(pt.detail, sizeof pt.detail, "%s", mhz <= 0 ? "could not measure the SM clock" : "out of memory");
        } else {
          /* Calibrate from runs of 1 and 11 iterations (their difference leaves the launch cost
           * out), then keep a test sample within the budget; n_iter is recorded. */
          c.n_iter = 1;
          double t11 = 0;
          /* A 1-iteration run of a quarter of the budget or more leaves launch costs under 2 %:
           * it alone calibrates (an 11-iteration run would cost 3 budgets or more). */
          int cal1 = 0;
          if (sample(&x, 1, &t) || (!(cal1 = p->budget_s > 0 && x.ev_test[0] >= p->budget_s / 4) &&
                                    (c.n_iter = 11, sample(&x, 1, &t11)))) {
            pt.error = 1;
          } else {
            double one = cal1 ? x.ev_test[0] : (x.ev_test[1] - x.ev_test[0]) / 10;
            if (one <= 0) one = x.ev_test[1] / 11;
            long n = p->budget_s > 0 && one > 0 ? (long)(p->budget_s / one) : base_iters;
            c.n_iter = std::max(1L, std::min(base_iters, n));
            x.ev_base.clear();
            x.ev_test.clear();
            /* Early stop counted in budgets: a long 1-iteration sample may stop at 3 pairs. */
            struct ok_pair_cfg cfg = {p->runs, p->max_retries, (double)c.n_iter * OK_UNROLL,
                                      ok_early_min_runs(one * (double)c.n_iter, p->budget_s), OK_EARLY_TIGHT};
            if (ok_measure_pair(sample, &x, &cfg, &pt.st)) {
              pt.error = 1;
            } else {
              pt.measured = 1;
              cudaMemcpy(c.hA, c.dA, c.bytes, cudaMemcpyDeviceToHost);
              cudaMemcpy(c.hB, c.dB, c.bytes, cudaMemcpyDeviceToHost);
              cudaMemcpy(c.hsink, c.dsink, nt * sizeof(double), cudaMemcpyDeviceToHost);
              pt.verified = ok_ccheck_ran(&c, pr, pt.detail, sizeof pt.detail) &&
                            pr->check(&c, pr, pt.detail, sizeof pt.detail);
              if (ok_is_floor(&pt.st, res)) pt.floor_bound = res;
              /* Cross-check: the same difference from CUDA events (launch costs cancel out). */
              double evns = (median(x.ev_test) - median(x.ev_base)) / cfg.ops * 1e9;
              size_t len = strlen(pt.detail);
              snprintf(pt.detail + len, sizeof pt.detail - len, "; events: %.4g ns/op; clock resolution %g cycles", evns,
                       res);
            }
          }
          if (pt.error && x.err[0]) snprintf(pt.detail, sizeof pt.detail, "%s", x.err);
        }
        pt.n_iter = c.n_iter;
        if (pt.error || !pt.verified) rc = 1;
        ok_emit_point(v, p, &pt);
        cudaFree(c.dA), cudaFree(c.dB), cudaFree(c.dcycles), cudaFree(c.dsink);
        free(c.hcycles), free(c.hsink), free(c.hA), free(c.hB);
        if (pt.error) cudaGetLastError(); /* clear a sticky launch error before the next point */
      }
  }
  return rc;
}

static double per_thread(const ok_cctx *c, const ok_cprim *pr) { return (double)c->n_iter * OK_UNROLL * pr->per_step; }

int ok_ccheck_ran(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  (void)pr;
  int nt = c->blocks * c->threads;
  for (int i = 0; i < nt; ++i)
    if (c->hcycles[i] <= 0) {
      snprintf(d, n, "thread %d did not run (cycles %lld)", i, c->hcycles[i]);
      return 0;
    }
  snprintf(d, n, "%d x %d threads ran", c->blocks, c->threads);
  return 1;
}

int ok_ccheck_a0_count(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * c->blocks * c->threads, got = ok_value_at(c->hA, pr->type, 0);
  snprintf(d, n, "shared counter %.17g, expected %.17g", got, want);
  return ok_counter_equal(got, want, pr->type);
}

int ok_ccheck_strided(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->blocks * c->threads; ++t) {
    double got = ok_value_at(c->hA, pr->type, t * c->stride);
    if (!ok_counter_equal(got, want, pr->type)) {
      snprintf(d, n, "thread %d's element %.17g, expected %.17g", t, got, want);
      return 0;
    }
  }
  snprintf(d, n, "every thread's element %.17g", want);
  return 1;
}

int ok_ccheck_written(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double got = ok_value_at(c->hA, pr->type, 0);
  int nt = c->blocks * c->threads;
  snprintf(d, n, "location holds %.17g (threads write their id + 1)", got);
  return got >= 1 && got <= nt && got == floor(got);
}

int ok_ccheck_untouched(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  long elems = (long)(c->bytes / pr->elem);
  for (long i = 0; i < elems; ++i)
    if (ok_value_at(c->hA, pr->type, i) != 0) {
      snprintf(d, n, "element %ld is %.17g; a CAS that swaps 0 for 0 or never matches must leave 0", i,
               ok_value_at(c->hA, pr->type, i));
      return 0;
    }
  for (int t = 0; t < c->blocks * c->threads; ++t)
    if (c->hsink[t] != (double)((t % c->threads) & 31)) {
      snprintf(d, n, "thread %d saw an old value other than 0", t);
      return 0;
    }
  snprintf(d, n, "array unchanged, every CAS returned 0");
  return 1;
}

int ok_ccheck_two_arrays(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->blocks * c->threads; ++t) {
    double a = ok_value_at(c->hA, pr->type, t), b = ok_value_at(c->hB, pr->type, t);
    if (!ok_counter_equal(a, want, pr->type) || !ok_counter_equal(b, want, pr->type)) {
      snprintf(d, n, "thread %d: a %.17g b %.17g, expected %.17g each", t, a, b, want);
      return 0;
    }
  }
  snprintf(d, n, "both arrays %.17g per thread", want);
  return 1;
}

int ok_ccheck_warp_sim(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  int w = c->threads < 32 ? c->threads : 32;
  double want[32];
  /* The baseline and test bodies run from the same start, so only the test's count matters. */
  pr->sim(w, (long)per_thread(c, pr), want);
  for (int t = 0; t < c->blocks * c->threads; ++t) {
    int lane = (t % c->threads) & 31;
    if (c->hsink[t] != want[lane]) {
      snprintf(d, n, "thread %d (lane %d) ended with %.17g, the host's warp simulation says %.17g", t, lane,
               c->hsink[t], want[lane]);
      return 0;
    }
  }
  snprintf(d, n, "all lanes match the host's warp simulation");
  return 1;
}

int ok_ccheck_block_sums(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * c->threads;
  for (int b = 0; b < c->blocks; ++b) {
    double got = ok_value_at(c->hA, pr->type, b);
    if (!ok_counter_equal(got, want, pr->type)) {
      snprintf(d, n, "block %d's sum %.17g, expected %.17g", b, got, want);
      return 0;
    }
  }
  snprintf(d, n, "every block's sum %.17g", want);
  return 1;
}

int ok_ccheck_stores(const ok_cctx *c, const ok_cprim *pr, char *d, size_t n) {
  double want_n = per_thread(c, pr);
  for (int t = 0; t < c->blocks * c->threads; ++t) {
    double want = ((t % c->threads) & 31) + want_n, got = ok_value_at(c->hA, pr->type, t);
    if (got != want || c->hsink[t] != want) {
      snprintf(d, n, "thread %d's element %.17g (count %.17g), expected %.17g", t, got, c->hsink[t], want);
      return 0;
    }
  }
  snprintf(d, n, "every thread's element holds its last store (%.17g stores)", want_n);
  return 1;
}
