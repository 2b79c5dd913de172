/* The CUDA model's adapter of the primitive sweep engine (kernels/common/ok_prim_sweep.c): the
 * shapes, the SM clock and its resolution, device arrays, one launch per sample, clock64 per
 * thread and the events cross-check. */
#include "prim_harness.cuh"

#include <algorithm>
#include <array>
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

/* Which %smid numbers the device's SMs have: they need not run 0..SMs-1 (PTX: %smid is not
 * contiguous), and an SM placement aimed at a number no SM has would never be measured. */
#define OK_MAX_SMID 1024
static __global__ void ok_smid_seen(int *seen) {
  const long long t0 = clock64();
  if (threadIdx.x == 0) {
    const unsigned sm = ok_smid();
    if (sm < OK_MAX_SMID) seen[sm] = 1;
  }
  /* Held a few microseconds, so that the grid spreads over every SM rather than reusing the
   * first ones as they finish. */
  while (clock64() - t0 < 20000) {
  }
}

/* The SM ids seen by a few grids of 4 x SMs blocks, sorted, into ids; how many (0 on failure). */
static int sm_ids(int sms, std::vector<int> &ids) {
  int *d = nullptr, h[OK_MAX_SMID];
  ids.clear();
  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 0;
  bool ok = cudaMemset(d, 0, sizeof h) == cudaSuccess;
  for (int rep = 0; ok && rep < 4; ++rep) ok_smid_seen<<<4 * sms, 256>>>(d);
  ok = ok && cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess;
  cudaFree(d);
  for (int i = 0; ok && i < OK_MAX_SMID; ++i)
    if (h[i]) ids.push_back(i);
  return (int)ids.size();
}

/* The adapter (ok_prim_dev): device arrays, one kernel launch per sample, clock64 per thread;
 * every launch also timed with events, the cross-check. */
struct cuda_dev {
  ok_cctx c;
  const ok_csweep *s;
  int sms;
  double res;
  std::vector<double> ev_base, ev_test;
  std::vector<int> smids; /* the device's %smid numbers, sorted (ok_prim_dev.smids) */
  int *dplace;            /* the SM placement's control block (ok_sm_claim), OK_PL_WORDS ints */
};

static int c_alloc(void *vd, const ok_prim *pr, ok_prim_run *r, char *err, size_t n) {
  cuda_dev *o = (cuda_dev *)vd;
  ok_cctx *c = &o->c;
  memset(c, 0, sizeof *c);
  c->blocks = r->teams, c->threads = r->threads, c->stride = r->stride;
  const int nt = c->blocks * c->threads;
  c->bytes = ((size_t)nt * (c->stride > 0 ? c->stride : 1) + OK_GPU_LINE_BYTES) * pr->elem;
  r->bytes = c->bytes;
  bool okmem = cudaMalloc(&c->baseA, c->bytes + r->place_room) == cudaSuccess &&
               cudaMalloc(&c->baseB, c->bytes + r->place_room) == cudaSuccess &&
               cudaMalloc(&c->dcycles, nt * sizeof(long long)) == cudaSuccess &&
               cudaMalloc(&c->dsink, nt * sizeof(double)) == cudaSuccess;
  c->hcycles = (long long *)malloc(nt * sizeof(long long));
  c->hsink = (double *)malloc(nt * sizeof(double));
  c->hA = malloc(c->bytes);
  c->hB = malloc(c->bytes);
  if (okmem && c->hcycles && c->hsink && c->hA && c->hB) return 0;
  snprintf(err, n, "out of memory");
  return OK_PRIM_ERROR;
}

/* One timed launch of fn. Placed on an SM (r->place_sm >= 0): a grid of OK_PL_GRID_PER_SM blocks
 * per SM of which only a block on that SM runs the body, tried up to OK_PL_TRIES times; a try no
 * block of which landed there leaves the arrays untouched, so it needs no reset. *placed: 0 when
 * no try landed; r->ran_sm: the claimer's %smid. */
static cudaError_t timed_launch(cuda_dev *o, ok_claunch fn, ok_prim_run *r, double *s, int *placed) {
  ok_cctx *c = &o->c;
  cudaError_t e;
  *placed = 1;
  if (r->place_sm < 0)
    return ok_time_events([&] { fn(c->blocks, c->threads, c->dA, c->dB, c->n_iter, c->stride, c->dcycles, c->dsink, nullptr); },
                          s);
  const int grid = OK_PL_GRID_PER_SM * o->sms;
  for (int t = 0; t < OK_PL_TRIES; ++t) {
    int h[OK_PL_WORDS] = {r->place_sm, 0, 0, -1};
    if ((e = cudaMemcpy(o->dplace, h, sizeof h, cudaMemcpyHostToDevice)) != cudaSuccess ||
        (e = ok_time_events([&] { fn(grid, c->threads, c->dA, c->dB, c->n_iter, c->stride, c->dcycles, c->dsink, o->dplace); },
                            s)) != cudaSuccess ||
        (e = cudaMemcpy(h, o->dplace, sizeof h, cudaMemcpyDeviceToHost)) != cudaSuccess)
      return e;
    if (h[OK_PL_CLAIMED]) {
      r->ran_sm = h[OK_PL_SMID];
      return cudaSuccess;
    }
  }
  *placed = 0;
  return cudaSuccess;
}

static int c_sample(void *vd, const ok_prim *pr, ok_prim_run *r, int test, double *value, char *err, size_t n) {
  cuda_dev *o = (cuda_dev *)vd;
  ok_cctx *c = &o->c;
  const int nt = c->blocks * c->threads;
  c->n_iter = r->n_iter;
  c->dA = (char *)c->baseA + r->place_off, c->dB = (char *)c->baseB + r->place_off;
  cudaError_t e;
  if ((e = cudaMemset(c->dA, 0, c->bytes)) != cudaSuccess || (e = cudaMemset(c->dB, 0, c->bytes)) != cudaSuccess ||
      (e = cudaMemset(c->dcycles, 0xff, nt * sizeof(long long))) != cudaSuccess) {
    snprintf(err, n, "cudaMemset: %s", cudaGetErrorString(e));
    return OK_PRIM_ERROR;
  }
  const ok_cprim *cp = (const ok_cprim *)pr;
  double s = 0;
  int placed = 1;
  e = timed_launch(o, test ? cp->test : cp->base, r, &s, &placed);
  if (e == cudaSuccess && !placed) {
    snprintf(err, n, "no block of %d launches landed on SM %d", OK_PL_TRIES, r->place_sm);
    return OK_PRIM_NOT_PLACED;
  }
  if (e == cudaSuccess) e = cudaMemcpy(c->hcycles, c->dcycles, nt * sizeof(long long), cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    snprintf(err, n, "%s kernel: %s", test ? "test" : "baseline", cudaGetErrorString(e));
    return OK_PRIM_ERROR;
  }
  long long m = 0;
  for (int i = 0; i < nt; ++i) m = std::max(m, c->hcycles[i]);
  (test ? o->ev_test : o->ev_base).push_back(s);
  r->act_teams = c->blocks, r->act_threads = c->threads;
  *value = (double)m;
  return 0;
}

static int c_fetch(void *vd, ok_prim_run *r, char *err, size_t n) {
  ok_cctx *c = &((cuda_dev *)vd)->c;
  const int nt = c->blocks * c->threads;
  (void)err, (void)n;
  cudaMemcpy(c->hA, c->dA, c->bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(c->hB, c->dB, c->bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(c->hsink, c->dsink, nt * sizeof(double), cudaMemcpyDeviceToHost);
  r->A = c->hA, r->B = c->hB, r->sink = c->hsink, r->cycles = c->hcycles;
  return 0;
}

static void c_pair_start(void *vd) {
  cuda_dev *o = (cuda_dev *)vd;
  o->ev_base.clear();
  o->ev_test.clear();
}

static double median(std::vector<double> v) { return ok_median(v.data(), (int)v.size()); }

/* The same difference from CUDA events (launch costs cancel out). */
static void c_cross_check(void *vd, double ops, char *detail, size_t n) {
  cuda_dev *o = (cuda_dev *)vd;
  double evns = (median(o->ev_test) - median(o->ev_base)) / ops * 1e9;
  size_t len = strlen(detail);
  snprintf(detail + len, n - len, "; events: %.4g ns/op; clock resolution %g cycles", evns, o->res);
}

/* A sweep with its own shapes: blocks per SM beside the primitive's parameter. */
static void c_annotate(void *vd, const ok_prim *pr, const ok_prim_run *r, ok_point *pt, char *buf, size_t nbuf) {
  cuda_dev *o = (cuda_dev *)vd;
  pt->param = pr->param;
  if (o->s->shapes && r->teams % o->sms == 0) {
    snprintf(buf, nbuf, "blocks_per_sm=%d%s%s", r->teams / o->sms, pr->param ? "," : "", pr->param ? pr->param : "");
    pt->param = buf;
  }
}

static void c_release(void *vd, ok_prim_run *r, int failed) {
  ok_cctx *c = &((cuda_dev *)vd)->c;
  (void)r;
  cudaFree(c->baseA), cudaFree(c->baseB), cudaFree(c->dcycles), cudaFree(c->dsink);
  free(c->hcycles), free(c->hsink), free(c->hA), free(c->hB);
  memset(c, 0, sizeof *c);
  if (failed) cudaGetLastError(); /* clear a sticky launch error before the next point */
}

static void error_point(const struct ok_variant *v, const struct ok_params *p, const char *why) {
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  pt.error = 1;
  snprintf(pt.detail, sizeof pt.detail, "%s", why);
  ok_emit_point(v, p, &pt);
}

int ok_cuda_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_csweep *s) {
  cudaDeviceProp prop;
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&prop, dev) != cudaSuccess) {
    error_point(v, p, "no CUDA device");
    return 1;
  }
  const int sms = prop.multiProcessorCount;
  std::vector<std::array<int, 2>> shape; /* (blocks, threads per block) */
  if (p->threads_given || p->teams_given) shape.push_back({p->teams, p->threads});
  else if (s->shapes) {
    int sh[64][2];
    char why[160] = "", msg[192];
    int n = s->shapes(p, sms, sh, 64, why, sizeof why);
    if (n < 0) {
      snprintf(msg, sizeof msg, "no shapes: %s", why);
      error_point(v, p, msg);
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
  cuda_dev o;
  memset(&o.c, 0, sizeof o.c); /* released after every point, allocated or not */
  o.s = s;
  o.sms = sms;
  o.dplace = nullptr;
  const double mhz = ok_cuda_sm_clock_mhz();
  o.res = ok_cuda_clock_resolution(); /* floors: docs/fidelity.md */
  /* SM placements need the control block and the SM ids; without them, for a body that syncs the
   * grid or one without an address, one-block points are measured wherever the launch puts them. */
  if (!s->grid_wide && !s->unplaced && cudaMalloc(&o.dplace, OK_PL_WORDS * sizeof(int)) == cudaSuccess) sm_ids(sms, o.smids);
  ok_prim_dev d = {&o, "cycles", mhz, o.res, OK_GPU_LINE_BYTES, 1, 1,
                   mhz > 0 ? nullptr : "could not measure the SM clock", c_alloc, c_sample, c_fetch, c_pair_start,
                   c_cross_check, c_annotate, c_release, OK_GPU_PLACEMENTS, OK_GPU_PLACE_STEP,
                   o.dplace ? o.smids.data() : nullptr, o.dplace ? (int)o.smids.size() : 0};
  ok_prim_set set = {s->prims, sizeof *s->prims, s->nprims, s->strided, 0, (const int(*)[2])shape.data(),
                     (int)shape.size(), 0, OK_UNROLL, s->unplaced};
  const int rc = ok_prim_sweep(v, p, &set, &d);
  cudaFree(o.dplace);
  return rc;
}
