/* The primitive sweep engine (kernels/common/ok_prim_sweep.c) with a fake adapter whose samples
 * are exact: the type, stride and calibration rules, the pair, the checks, the floor and what
 * each emitted point holds. Host only. */
#include "ok_prim_sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok_check.h"

/* ---- What the engine emits, kept here in place of bench_main.c's printer ---- */
static struct ok_point pts[64];
static char params[64][64];
static int npts;
void ok_emit_point(const struct ok_variant *v, const struct ok_params *p, const struct ok_point *pt) {
  (void)v, (void)p;
  if (npts < 64) {
    pts[npts] = *pt;
    if (pt->param) snprintf(params[npts], sizeof params[0], "%s", pt->param), pts[npts].param = params[npts];
    ++npts;
  }
}

/* ---- The fake model: a sample of n iterations costs fixed + n x unroll x (base or test) cycles ---- */
struct fake {
  double fixed, cost_base, cost_test;
  double far_test;      /* > 0: the test's cost at an odd placement (the far L2 partition) */
  size_t step;          /* the placements' step the fake checks place_off against */
  size_t room;          /* place_room the engine asked for */
  int offs_seen;        /* bit k: a sample ran at placement k */
  int on_host_at;       /* > 0: that sample (1-based) reports OK_PRIM_ON_HOST */
  int nsamples, nallocs, nreleases, nfetch, pair_starts;
  long first_n[2];      /* n_iter of the first two samples (the calibration) */
  int first_test[2];
  long last_n;
  int sink_ok;          /* 0: the fetched A is wrong (the check must fail) */
  const char *type;     /* of the point being run */
  /* SM placements: the device's SM ids; the test costs sm_test at SM near_sm and far_test elsewhere;
   * no block lands on the SMs of absent_sm (bit per id); wrong_sm: the sample says it ran on
   * another SM than asked. sms_seen: bit per id a sample ran on. */
  const int *smids;
  int nsmids, near_sm, wrong_sm;
  double sm_test;
  unsigned absent_sm, sms_seen;
  int sm_samples, sm_offs_nonzero;
  union { int i[4096]; double d[2048]; } A;
  double sink[64];
  long long cycles[64];
};

static int f_alloc(void *vf, const struct ok_prim *pr, struct ok_prim_run *r, char *err, size_t n) {
  struct fake *f = vf;
  (void)err, (void)n;
  ++f->nallocs;
  f->type = pr->type;
  f->room = r->place_room;
  r->bytes = sizeof f->A;
  return 0;
}

static int f_sample(void *vf, const struct ok_prim *pr, struct ok_prim_run *r, int test, double *value, char *err,
                    size_t n) {
  struct fake *f = vf;
  (void)pr;
  if (f->nsamples < 2) f->first_n[f->nsamples] = r->n_iter, f->first_test[f->nsamples] = test;
  ++f->nsamples;
  f->last_n = r->n_iter;
  r->act_teams = r->teams, r->act_threads = r->threads;
  if (f->on_host_at == f->nsamples) {
    snprintf(err, n, "ran on host");
    return OK_PRIM_ON_HOST;
  }
  double cost = test ? f->cost_test : f->cost_base;
  if (r->place_sm >= 0) {
    ++f->sm_samples;
    if (r->place_off) ++f->sm_offs_nonzero;
    if (f->absent_sm >> r->place_sm & 1) {
      snprintf(err, n, "no block landed on SM %d", r->place_sm);
      return OK_PRIM_NOT_PLACED;
    }
    f->sms_seen |= 1u << r->place_sm;
    r->ran_sm = f->wrong_sm ? r->place_sm + 1 : r->place_sm;
    if (test) cost = r->place_sm == f->near_sm ? f->sm_test : f->far_test;
    *value = f->fixed + (double)r->n_iter * r->unroll * cost;
    return 0;
  }
  if (f->step) {
    size_t k = r->place_off / f->step;
    if (r->place_off % f->step || k >= 32) {
      snprintf(err, n, "placement offset %zu is no multiple of the step", r->place_off);
      return OK_PRIM_ERROR;
    }
    f->offs_seen |= 1 << k;
    if (test && f->far_test > 0 && k % 2) cost = f->far_test;
  }
  *value = f->fixed + (double)r->n_iter * r->unroll * cost;
  return 0;
}

static int f_fetch(void *vf, struct ok_prim_run *r, char *err, size_t n) {
  struct fake *f = vf;
  (void)err, (void)n;
  ++f->nfetch;
  /* A[0] as a shared counter would hold it after the last test run. */
  memset(&f->A, 0, sizeof f->A);
  double a0 = (double)(r->n_iter * r->unroll * 2 * r->act_teams * r->act_threads) + (f->sink_ok ? 0 : 1);
  if (!strcmp(f->type, "double")) f->A.d[0] = a0;
  else f->A.i[0] = (int)a0; /* ull: the low half of a little-endian 64-bit counter */
  for (int i = 0; i < 64; ++i) f->cycles[i] = 1;
  r->A = &f->A, r->B = &f->A, r->sink = f->sink, r->cycles = f->cycles;
  return 0;
}

static void f_pair_start(void *vf) { ++((struct fake *)vf)->pair_starts; }
static void f_cross(void *vf, double ops, char *d, size_t n) {
  size_t len = strlen(d);
  (void)vf;
  snprintf(d + len, n - len, "; cross %g", ops);
}
static void f_annotate(void *vf, const struct ok_prim *pr, const struct ok_prim_run *r, struct ok_point *pt, char *buf,
                       size_t nbuf) {
  (void)vf, (void)pr;
  snprintf(buf, nbuf, "shape=%dx%d", r->teams, r->threads);
  pt->param = buf;
}
static void f_release(void *vf, struct ok_prim_run *r, int failed) {
  (void)r, (void)failed;
  ++((struct fake *)vf)->nreleases;
}

static const struct ok_prim prims[] = {
    {"int", "k_int_test", "atom", 4, 2, 0, ok_check_a0_count, 0, 0},
    {"ull", "k_ull_test", "atom", 8, 2, 0, ok_check_a0_count, 0, 0},
    {"double", "k_double_test", "atom", 8, 2, 0, ok_check_a0_count, 0, 0},
};
static const int shapes[2][2] = {{1, 4}, {2, 8}};

static int unplaced; /* the set's: a body without a shared address */
static int run(struct fake *f, struct ok_params *p, int strided, double resolution, const char *broken) {
  struct ok_variant v = {"k", "v", "spmd", "f.c", 1, "fake", 0, 0, 0, 0};
  struct ok_prim_dev d = {f, "cycles", 1000.0, resolution, 64, 1, 1, broken, f_alloc, f_sample, f_fetch,
                          f_pair_start, f_cross, f_annotate, f_release, f->step ? 8 : 0, f->step, f->smids, f->nsmids};
  struct ok_prim_set s = {prims, sizeof prims[0], 3, strided, 0, shapes, 2, 0, 100, unplaced};
  npts = 0;
  return ok_prim_sweep(&v, p, &s, &d);
}

static void rules(void) {
  struct ok_params q = {0}, full = {0}, typed = {0};
  full.full = 1;
  typed.type = "ull";
  CHECK(ok_prim_type_runs(&q, "int", "int") && ok_prim_type_runs(&q, "int", "double"), "quick: first and double");
  CHECK(!ok_prim_type_runs(&q, "int", "ull") && !ok_prim_type_runs(&q, "int", "float"), "quick: not ull or float");
  CHECK(ok_prim_type_runs(&q, "float", "float"), "quick: a first type that is not int");
  CHECK(ok_prim_type_runs(&full, "int", "float"), "full: every type");
  CHECK(ok_prim_type_runs(&typed, "int", "ull") && !ok_prim_type_runs(&typed, "int", "int"), "--type: only that");
  long st[8];
  CHECK(ok_prim_strides(0, 1, 16, st) == 1 && st[0] == 0, "unstrided: stride 0 only");
  CHECK(ok_prim_strides(1, 0, 16, st) == 2 && st[0] == 1 && st[1] == 16, "quick: 1 and a line");
  int n = ok_prim_strides(1, 1, 16, st);
  CHECK(n == 4 && st[1] == 4 && st[2] == 16 && st[3] == 32, "full, line 16: 1 4 16 32 (got %d)", n);
  n = ok_prim_strides(1, 1, 64, st);
  CHECK(n == 5 && st[4] == 64, "full, line 64: 1 4 16 32 and 64 (got %d)", n);
  double one = 0;
  /* 1 iteration 1.5 us, 11 iterations 11.5 us: 1 us per iteration; a 2-ms budget gives 2000, within 1000. */
  CHECK(ok_prim_iters(1.5e-6, 11.5e-6, 2e-3, 1000, &one) == 1000 && fabs(one - 1e-6) < 1e-15, "within base");
  CHECK(ok_prim_iters(1.5e-5, 11.5e-5, 2e-3, 1000, &one) == 200, "budget-limited: 200");
  CHECK(ok_prim_cal_alone(1e-3, 2e-3) && !ok_prim_cal_alone(1e-4, 2e-3), "a quarter of the budget calibrates alone");
  CHECK(ok_prim_iters(5e-3, 0, 2e-3, 1000, &one) == 1 && one == 5e-3, "alone and over the budget: 1 iteration");
  CHECK(ok_prim_iters(2e-6, 1e-6, 2e-3, 1000, &one) > 0 && one > 0, "noisy difference falls back to t11 / 11");
  CHECK(ok_prim_iters(1e-6, 11e-6, -1, 777, &one) == 777, "no budget: base iterations");
}

static void sweep(void) {
  /* Quick, strided: int and double (not ull) x 2 shapes x strides {1, line}: 8 points. */
  struct fake f;
  memset(&f, 0, sizeof f);
  f.fixed = 500, f.cost_base = 2, f.cost_test = 50, f.sink_ok = 1;
  struct ok_params p = {0};
  p.runs = 9, p.max_retries = 18, p.iters = 1000, p.budget_s = 1e-3;
  CHECK(run(&f, &p, 1, 3, NULL) == 0, "quick sweep failed");
  CHECK(npts == 8, "quick: %d points, want 8", npts);
  CHECK(f.nallocs == 8 && f.nreleases == 8 && f.nfetch == 8 && f.pair_starts == 8, "alloc/release/fetch per point");
  /* Calibration: a 1-iteration then an 11-iteration test sample. */
  CHECK(f.first_n[0] == 1 && f.first_n[1] == 11 && f.first_test[0] && f.first_test[1], "calibration 1 then 11");
  /* Per iteration 100 x 50 cycles = 5 us at 1000 MHz: a 1-ms budget gives 200 iterations. */
  for (int i = 0; i < npts; ++i) {
    const struct ok_point *pt = &pts[i];
    CHECK(pt->measured && pt->verified && !pt->error, "point %d: %s", i, pt->detail);
    CHECK(pt->n_iter == 200, "point %d: n_iter %ld, want 200", i, pt->n_iter);
    CHECK(fabs(pt->st.per_op_median - 48) < 1e-9, "point %d: per op %g, want 48", i, pt->st.per_op_median);
    CHECK(pt->st.runs == 5 && pt->st.early_stop, "point %d: exact pairs stop early at 5 (%d)", i, pt->st.runs);
    CHECK(pt->floor_bound == 0, "point %d: 48 cycles is no floor at resolution 3", i);
    CHECK(!strcmp(pt->unit, "cycles") && pt->clock_mhz == 1000 && pt->unroll == 100, "point %d: unit", i);
    CHECK(strstr(pt->detail, "shared counter") && strstr(pt->detail, "; cross 20000"), "point %d detail: %s", i,
          pt->detail);
    CHECK(!strcmp(pt->code_symbol, !strcmp(pt->type, "int") ? "k_int_test" : "k_double_test"), "symbol");
  }
  CHECK(!strcmp(pts[0].type, "int") && pts[0].stride == 1 && pts[1].stride == 16 && !strcmp(pts[0].param, "shape=1x4"),
        "order: type, shape, stride (%s %ld %ld %s)", pts[0].type, pts[0].stride, pts[1].stride, pts[0].param);
  CHECK(!strcmp(pts[4].type, "double") && pts[5].stride == 8 && pts[6].teams == 2, "double's line is 8");

  /* Full: every type x 2 shapes x strides 1 4 16 32 and the line (int's 16 among them, 8 not):
   * 2 x (4 + 5 + 5) = 28 points. */
  struct fake g = f;
  g.nsamples = g.nallocs = g.nreleases = g.nfetch = g.pair_starts = 0;
  p.full = 1;
  CHECK(run(&g, &p, 1, 3, NULL) == 0 && npts == 28, "full: %d points, want 28", npts);
  p.full = 0;

  /* A wrong result: the check fails, the sweep says so, the point is not verified. */
  struct fake h = f;
  h.sink_ok = 0;
  CHECK(run(&h, &p, 0, 3, NULL) == 1 && npts == 4 && !pts[0].verified && pts[0].measured, "wrong result verified");
  CHECK(strstr(pts[0].detail, "shared counter") != NULL, "the check's detail: %s", pts[0].detail);

  /* A floor: per-op cost (48 cycles) at or below the clock's resolution (50). */
  struct fake k = f;
  CHECK(run(&k, &p, 0, 50, NULL) == 0 && pts[0].floor_bound == 50, "floor not flagged");

  /* A 1-iteration sample of a quarter of the budget or more calibrates alone (no 11). */
  struct fake s = f;
  s.cost_test = 3000; /* 300000 cycles = 0.3 ms >= 1 ms / 4 */
  s.nsamples = 0;
  CHECK(run(&s, &p, 0, 3, NULL) == 0, "slow sweep failed");
  CHECK(s.first_n[1] != 11 && pts[0].n_iter == 3, "calibrated alone: second sample n %ld, n_iter %ld", s.first_n[1],
        pts[0].n_iter);
  CHECK(pts[0].st.runs >= 3, "early stop counted in budgets, never under 3 pairs");

  /* The host fallback on the pair's first sample: an error point marked ran_on_host, no number. */
  struct fake o = f;
  o.on_host_at = 3;
  o.nsamples = 0;
  CHECK(run(&o, &p, 0, 3, NULL) == 1, "on-host sweep reported ok");
  CHECK(pts[0].error && pts[0].ran_on_host && !pts[0].measured && !strcmp(pts[0].detail, "ran on host"),
        "on host: error %d ran_on_host %d detail %s", pts[0].error, pts[0].ran_on_host, pts[0].detail);
  CHECK(o.nreleases == o.nallocs, "released after an error");

  /* A broken model (no SM clock): every point an error with the reason, nothing launched. */
  struct fake b = f;
  b.nsamples = 0;
  CHECK(run(&b, &p, 0, 3, "could not measure the SM clock") == 1 && npts == 4 && b.nsamples == 0, "broken model ran");
  CHECK(pts[1].error && !strcmp(pts[1].detail, "could not measure the SM clock"), "broken: %s", pts[1].detail);
}

/* Address placements (docs/fidelity.md, "Where the address sits"): the test costs 50 cycles a step
 * at even placements and 75 at odd ones (the far partition); the point is the nearest, 48 over
 * the baseline's 2, its far end 73, and measuring 8 placements costs what one did. */
static void placements(void) {
  struct fake f;
  memset(&f, 0, sizeof f);
  f.fixed = 500, f.cost_base = 2, f.cost_test = 50, f.far_test = 75, f.sink_ok = 1, f.step = 4096 + 128;
  struct ok_params p = {0};
  p.runs = 9, p.max_retries = 18, p.iters = 1000, p.budget_s = 1e-3;
  CHECK(run(&f, &p, 0, 3, NULL) == 0 && npts == 4, "placement sweep failed (%d points)", npts);
  CHECK(f.room == 7 * f.step, "room for 8 placements: %zu", f.room);
  CHECK(f.offs_seen == 0xff, "every placement 0..7 sampled: %#x", f.offs_seen);
  for (int i = 0; i < npts; ++i) {
    const struct ok_point *pt = &pts[i];
    CHECK(pt->placements == 8, "point %d: %d placements, want 8", i, pt->placements);
    CHECK(fabs(pt->st.per_op_median - 48) < 1e-9, "point %d: nearest %g, want 48", i, pt->st.per_op_median);
    CHECK(fabs(pt->far_per_op - 73) < 1e-9, "point %d: farthest %g, want 73", i, pt->far_per_op);
    /* 1 ms / 8 per sample at 5 us an iteration: 25 iterations, 8 x 25 = the 200 one placement ran. */
    CHECK(pt->n_iter == 25, "point %d: n_iter %ld, want 25", i, pt->n_iter);
    CHECK(strstr(pt->detail, "; cross 2500"), "point %d: the nearest's cross-check: %s", i, pt->detail);
  }
  /* Screened with 3 pairs each, the nearest measured with the full pair: every point of the sweep
   * (4 of them) costs its calibration (2 samples), 8 x (3 + a warm-up) screening pairs and one
   * measurement of 5 pairs (this fake's pairs agree: early stop) and its warm-up, two samples a
   * pair; measuring each placement with the full pair took 8 x (5 + 1). */
  CHECK(f.nsamples == 4 * (2 + 2 * (8 * 4 + 6)), "screened: %d samples for 4 points", f.nsamples);
  CHECK(f.pair_starts == 4 * 9, "a pair started per placement and one for the nearest: %d", f.pair_starts);
  /* A body without an address (a warp exchange, a barrier): one placement, no room. */
  struct fake u = f;
  u.offs_seen = 0;
  unplaced = 1;
  CHECK(run(&u, &p, 0, 3, NULL) == 0 && pts[0].placements == 1 && u.room == 0 && u.offs_seen == 1 &&
            pts[0].n_iter == 200,
        "unplaced: %d placements, room %zu, offsets %#x", pts[0].placements, u.room, u.offs_seen);
  unplaced = 0;
  /* One iteration of 0.3 ms leaves room for 3 placements of a 1-ms budget, not 8. */
  struct fake s = f;
  s.cost_test = 3000, s.far_test = 4500, s.offs_seen = 0;
  CHECK(run(&s, &p, 0, 3, NULL) == 0 && pts[0].placements == 3 && s.offs_seen == 0x7, "slow: %d placements (%#x)",
        pts[0].placements, s.offs_seen);
  /* No step: one placement, no room, and the figures of before. */
  struct fake h = f;
  h.step = 0, h.far_test = 0;
  CHECK(run(&h, &p, 0, 3, NULL) == 0 && pts[0].placements == 1 && h.room == 0 && pts[0].n_iter == 200,
        "a model that does not place: %d placements, room %zu, n_iter %ld", pts[0].placements, h.room, pts[0].n_iter);
}

/* SM placements of one-block points: placement k of 8 runs on smids[k x n / 8], the point is the
 * nearest SM's and names it; an SM no block landed on is not measured; a sample on another SM is
 * an error; two-block points keep address placements. The fake's 16 SM ids are the even numbers
 * 0..30 (not contiguous), so the targets are 0 4 8 ... 28 and the near one, 12, is placement 3. */
static void sm_rules(void) {
  int ids[132];
  for (int i = 0; i < 132; ++i) ids[i] = i;
  static const int want[8] = {0, 16, 33, 49, 66, 82, 99, 115};
  for (int k = 0; k < 8; ++k)
    CHECK(ok_prim_sm_target(ids, 132, k, 8) == want[k], "132 SMs, placement %d: SM %d, want %d", k,
          ok_prim_sm_target(ids, 132, k, 8), want[k]);
  CHECK(ok_prim_sm_target(NULL, 0, 0, 8) == -1 && ok_prim_sm_target(ids, 132, 0, 0) == -1, "no SMs: -1");
  struct ok_prim_dev d;
  memset(&d, 0, sizeof d);
  d.smids = ids, d.nsmids = 132;
  CHECK(ok_prim_sm_placed(&d, 1, 0, 8) && !ok_prim_sm_placed(&d, 2, 0, 8), "one block placed, two not");
  CHECK(!ok_prim_sm_placed(&d, 1, 1, 8) && !ok_prim_sm_placed(&d, 1, 0, 1), "unplaced or one placement: not");
  d.nsmids = 1;
  CHECK(!ok_prim_sm_placed(&d, 1, 0, 8), "one SM: nothing to place over");
}

static void sm_placements(void) {
  static int ids[16];
  for (int i = 0; i < 16; ++i) ids[i] = 2 * i;
  struct fake f;
  memset(&f, 0, sizeof f);
  f.fixed = 500, f.cost_base = 2, f.cost_test = 50, f.far_test = 75, f.sink_ok = 1, f.step = 4096 + 128;
  f.smids = ids, f.nsmids = 16, f.near_sm = 12, f.sm_test = 50;
  struct ok_params p = {0};
  p.runs = 9, p.max_retries = 18, p.iters = 1000, p.budget_s = 1e-3;
  /* Points 0 and 1: int and double at 1 x 4 (placed over SMs); 2 and 3: 2 x 8 (addresses). */
  const int one[2] = {0, 2}, two[2] = {1, 3};
  CHECK(run(&f, &p, 0, 3, NULL) == 0 && npts == 4, "SM placement sweep failed (%d points)", npts);
  CHECK(f.sms_seen == 0x11111111u, "one-block points ran on SMs 0 4 ... 28: %#x", f.sms_seen);
  CHECK(f.sm_offs_nonzero == 0, "placed over SMs, the arrays stay at offset 0 (%d samples moved)", f.sm_offs_nonzero);
  CHECK(f.offs_seen == 0xff, "the two-block points kept their address placements: %#x", f.offs_seen);
  /* The sweep allocates per point: the last point (two blocks) asked for the room. */
  CHECK(f.room == 7 * f.step, "room for the two-block point's placements: %zu", f.room);
  for (int i = 0; i < 2; ++i) {
    const struct ok_point *a = &pts[one[i]], *b = &pts[two[i]];
    CHECK(a->teams == 1 && a->sm_placed && a->smid == 12 && a->placements == 8, "point %d: placed %d SM %d, %d placements",
          one[i], a->sm_placed, a->smid, a->placements);
    CHECK(fabs(a->st.per_op_median - 48) < 1e-9 && fabs(a->far_per_op - 73) < 1e-9, "point %d: nearest %g far %g",
          one[i], a->st.per_op_median, a->far_per_op);
    CHECK(a->n_iter == 25, "point %d: n_iter %ld, a placement's share of the budget", one[i], a->n_iter);
    CHECK(b->teams == 2 && !b->sm_placed && b->placements == 8, "point %d: two blocks placed over SMs", two[i]);
  }
  /* Each one-block point: 8 x (3 + 1) screening pairs and 5 + 1 for the nearest, on SMs. */
  CHECK(f.sm_samples == 2 * 2 * (8 * 4 + 6), "SM samples: %d", f.sm_samples);

  /* No block lands on SM 12: that placement is not measured, the nearest of the other 7 (all 75,
   * the first: SM 0) is, and never a figure said to be SM 12's. */
  struct fake g = f;
  g.absent_sm = 1u << 12, g.sms_seen = 0;
  CHECK(run(&g, &p, 0, 3, NULL) == 0, "a missing SM failed the sweep");
  CHECK(pts[0].sm_placed && pts[0].placements == 7 && pts[0].smid == 0 && fabs(pts[0].st.per_op_median - 73) < 1e-9,
        "SM 12 absent: %d placements, SM %d, %g", pts[0].placements, pts[0].smid, pts[0].st.per_op_median);
  CHECK(!(g.sms_seen >> 12 & 1), "a sample ran on the absent SM");

  /* No block lands on any target: one launch wherever it goes, no SM named, one placement. */
  struct fake h = f;
  h.absent_sm = 0x55555555u;
  CHECK(run(&h, &p, 0, 3, NULL) == 0, "no SM landed: the sweep failed");
  CHECK(!pts[0].sm_placed && pts[0].placements == 1 && pts[0].measured && strstr(pts[0].detail, "no block landed"),
        "none landed: placed %d, %d placements, %s", pts[0].sm_placed, pts[0].placements, pts[0].detail);

  /* A sample that ran on another SM than asked: an error, no figure. */
  struct fake w = f;
  w.wrong_sm = 1;
  CHECK(run(&w, &p, 0, 3, NULL) == 1 && pts[0].error && !pts[0].measured && strstr(pts[0].detail, "not on SM 0"),
        "wrong SM: error %d, %s", pts[0].error, pts[0].detail);
  CHECK(!pts[1].error && !pts[1].sm_placed, "the two-block point is unaffected");

  /* A body without an address: no placements at all, over SMs neither. */
  struct fake u = f;
  u.sm_samples = 0;
  unplaced = 1;
  CHECK(run(&u, &p, 0, 3, NULL) == 0 && u.sm_samples == 0 && !pts[0].sm_placed && pts[0].placements == 1,
        "unplaced: %d SM samples", u.sm_samples);
  unplaced = 0;

  /* Fewer SMs than placements: each SM once. */
  struct fake t = f;
  t.nsmids = 3, t.sms_seen = 0;
  CHECK(run(&t, &p, 0, 3, NULL) == 0 && pts[0].placements == 3 && t.sms_seen == 0x15u, "3 SMs: %d placements (%#x)",
        pts[0].placements, t.sms_seen);
}

/* OMPKIT_INJECT_SLOWDOWN: the named kernel's per-op cost 10 % up, recorded; others untouched. */
static void injected(void) {
  struct fake f;
  memset(&f, 0, sizeof f);
  f.fixed = 500, f.cost_base = 2, f.cost_test = 50, f.sink_ok = 1;
  struct ok_params p = {0};
  p.runs = 9, p.max_retries = 18, p.iters = 1000, p.budget_s = 1e-3;
  setenv("OMPKIT_INJECT_SLOWDOWN", "other=50,k/v=10", 1);
  CHECK(ok_injected_pct("k", "v") == 10 && ok_injected_pct("k", "w") == 0 && ok_injected_pct("other", "x") == 50,
        "OMPKIT_INJECT_SLOWDOWN parsing");
  CHECK(run(&f, &p, 0, 3, NULL) == 0, "injected sweep failed");
  CHECK(fabs(pts[0].st.per_op_median - 48 * 1.1) < 1e-9 && pts[0].injected_pct == 10, "injected: %g (%g %%)",
        pts[0].st.per_op_median, pts[0].injected_pct);
  unsetenv("OMPKIT_INJECT_SLOWDOWN");
  CHECK(run(&f, &p, 0, 3, NULL) == 0 && fabs(pts[0].st.per_op_median - 48) < 1e-9 && pts[0].injected_pct == 0,
        "without the variable: %g", pts[0].st.per_op_median);
}

int main(void) {
  rules();
  sweep();
  placements();
  sm_rules();
  sm_placements();
  injected();
  if (!failures) printf("prim sweep engine: all checks passed\n");
  return failures != 0;
}
