/* The primitive sweep engine (ok_prim_sweep.h), one for every model: which types and strides a
 * sweep runs, the calibration, the measured pair, the checks, the floor and the point's line. The
 * model's adapter allocates, launches one sample and reads its clock. */
#include "ok_prim_sweep.h"
#include "ok_unroll.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ok_prim_type_runs(const struct ok_params *p, const char *first_type, const char *type) {
  if (p->type) return !strcmp(p->type, type);
  /* Quick: the first listed type (int wherever there is one) and double; docs/fidelity.md,
   * "One sweep engine". */
  return p->full || !strcmp(type, first_type) || !strcmp(type, "double");
}

static void add_unique(long *v, int *n, long x) {
  for (int i = 0; i < *n; ++i)
    if (v[i] == x) return;
  v[(*n)++] = x;
}

int ok_prim_strides(int strided, int full, long line, long *out) {
  int n = 0;
  if (!strided) {
    out[0] = 0;
    return 1;
  }
  add_unique(out, &n, 1);
  /* Full: 1 4 16 32 and a line. The union of the three old lists (1 2 4 8 16 32) cost about 30 s
   * more of a full study that has none to give; 4 and 16 keep its shape, 32 the old GPU point. */
  static const long full_st[] = {4, 16, 32};
  for (int i = 0; full && i < 3; ++i) add_unique(out, &n, full_st[i]);
  add_unique(out, &n, line > 0 ? line : 1);
  return n;
}

int ok_prim_cal_alone(double t1_s, double budget_s) { return budget_s > 0 && t1_s >= budget_s / 4; }

long ok_prim_iters(double t1_s, double t11_s, double budget_s, long base, double *one_s) {
  /* A 1-iteration sample of a quarter of the budget or more leaves fixed costs (a launch) under
   * 2 %: it alone calibrates (an 11-iteration one would cost 3 budgets or more). */
  double one = t11_s > 0 ? (t11_s - t1_s) / 10 : t1_s;
  if (one <= 0) one = t11_s / 11;
  long n = budget_s > 0 && one > 0 ? (long)(budget_s / one) : base;
  *one_s = one;
  return n < 1 ? 1 : n > base ? base : n;
}

/* The most placements one point screens: the screening keeps each one's median. */
#define OK_MAX_PLACEMENTS 64

int ok_prim_max_placements(int dev_placements, size_t dev_step) {
  const char *e = getenv("OK_PLACEMENTS");
  if (!dev_step) return 1; /* a model that does not place (the host) */
  int p = e && atoi(e) > 0 ? atoi(e) : dev_placements;
  return p > OK_MAX_PLACEMENTS ? OK_MAX_PLACEMENTS : p > 1 ? p : 1;
}

int ok_prim_sm_target(const int *smids, int n, int k, int np) {
  if (!smids || n <= 0 || np <= 0) return -1;
  return smids[(long)(k % np) * n / np];
}

int ok_prim_sm_placed(const struct ok_prim_dev *d, int teams, int unplaced, int max_placements) {
  return teams == 1 && !unplaced && max_placements > 1 && d->smids && d->nsmids >= 2;
}

int ok_prim_placements(int max_placements, double one_s, double budget_s) {
  int p = max_placements;
  if (p <= 1) return 1;
  /* Each placement gets budget / p: a point whose one iteration takes longer than that measures
   * fewer placements rather than costing more (a contended atomic over the whole GPU, whose
   * threads touch every partition anyway). */
  if (budget_s > 0 && one_s > 0 && one_s * p > budget_s) p = (int)(budget_s / one_s);
  return p < 1 ? 1 : p;
}

size_t ok_prim_place_step(size_t dev_step) {
  const char *e = getenv("OK_PLACE_STEP");
  return e && atol(e) > 0 ? (size_t)atol(e) : dev_step;
}

struct point_ctx {
  const struct ok_params *p;
  const struct ok_prim_dev *d;
  const struct ok_prim *pr;
  struct ok_prim_run *r;
  struct ok_point *pt;
  char err[192];
  double last_base; /* the pair's baseline sample, for an injected slowdown */
  char xc[160];     /* the nearest placement's cross-check */
  int max_place;    /* placements this point may measure: 1 for a sweep whose body has no address */
  int sm_placed;    /* 1: the placements are SMs (ok_prim_sm_placed), the address stays at offset 0 */
  int not_placed;   /* the last pair stopped at a sample no block of which ran on its SM */
};

static int sample(void *vx, int test, double *value) {
  struct point_ctx *x = vx;
  x->r->ran_sm = -1;
  int rc = x->d->sample(x->d->ctx, x->pr, x->r, test, value, x->err, sizeof x->err);
  if (rc == OK_PRIM_ON_HOST) x->pt->ran_on_host = 1;
  if (rc == OK_PRIM_NOT_PLACED) x->not_placed = 1;
  /* A figure is the SM's it claims to be, or none: both sides of a pair on the one SM asked for. */
  if (!rc && x->r->place_sm >= 0 && x->r->ran_sm != x->r->place_sm) {
    snprintf(x->err, sizeof x->err, "%s sample ran on SM %d, not on SM %d", test ? "test" : "baseline", x->r->ran_sm,
             x->r->place_sm);
    rc = OK_PRIM_ERROR;
  }
  /* An injected slowdown stretches the test's time over its baseline: the per-op cost, the
   * difference, grows by the percentage; a calibration sample (no baseline yet) is left alone. */
  if (!rc && !test) x->last_base = *value;
  else if (!rc && x->pt->injected_pct > 0 && x->last_base > 0)
    *value = x->last_base + (*value - x->last_base) * (1 + x->pt->injected_pct / 100);
  return rc;
}

/* Placements screened with OK_SCREEN_RUNS pairs each: enough for the median to tell the near L2
 * partition from the far one (1.5x apart), a third of a full pair's samples. */
#define OK_SCREEN_RUNS 3

/* The pair at placement k of np into st; 0 when measured. An SM placement moves the block and
 * leaves the arrays at offset 0: the SMs spread over the die already put the block near and far
 * from where the address sits, and moving both at once would hide which of the two decided. */
static int pair_at(struct point_ctx *x, int k, int np, const struct ok_pair_cfg *cfg, struct ok_pair_stats *st) {
  if (x->sm_placed) x->r->place_off = 0, x->r->place_sm = ok_prim_sm_target(x->d->smids, x->d->nsmids, k, np);
  else x->r->place_off = (size_t)k * ok_prim_place_step(x->d->place_step);
  x->last_base = 0;
  x->not_placed = 0;
  if (x->d->pair_start) x->d->pair_start(x->d->ctx);
  return ok_measure_pair(sample, x, cfg, st);
}

/* A pair that stopped because no block landed on its SM: the placement is not measured and the
 * point goes on with the others. Any other failure ends it. */
static int skip_not_placed(struct point_ctx *x, int rc) {
  if (!rc || !x->not_placed) return 0;
  x->err[0] = 0;
  return 1;
}

/* The placement of lowest screened median among those left (left[k]), or -1. */
static int nearest_left(const double *med, const char *left, int np) {
  int near = -1;
  for (int k = 0; k < np; ++k)
    if (left[k] && (near < 0 || med[k] < med[near])) near = k;
  return near;
}

/* Screens every placement with a short pair at n_iter: med[k], and left[k] 0 where no block landed
 * on placement k's SM; far_per_op the farthest median. How many were measured, -1 on error. */
static int screen_placements(struct point_ctx *x, int np, const struct ok_pair_cfg *cfg, double *med, char *left) {
  struct ok_pair_cfg screen = *cfg;
  struct ok_pair_stats st;
  int measured = 0;
  screen.runs = OK_SCREEN_RUNS;
  screen.min_runs = 0;
  for (int k = 0; k < np; ++k) {
    int rc = pair_at(x, k, np, &screen, &st);
    if ((left[k] = !skip_not_placed(x, rc)) && rc) return -1;
    if (!left[k]) continue;
    med[k] = st.per_op_median;
    if (!measured++ || st.per_op_median > x->pt->far_per_op) x->pt->far_per_op = st.per_op_median;
  }
  return measured;
}

/* The point's figures from the full pair at placement k (measured: how many were). */
static void keep_nearest(struct point_ctx *x, int np, int measured, const struct ok_pair_cfg *cfg) {
  if (np <= 1 || x->pt->st.per_op_median > x->pt->far_per_op) x->pt->far_per_op = x->pt->st.per_op_median;
  x->xc[0] = 0;
  if (x->d->cross_check) x->d->cross_check(x->d->ctx, cfg->ops, x->xc, sizeof x->xc);
  x->pt->placements = measured;
  x->pt->sm_placed = x->sm_placed;
  x->pt->smid = x->sm_placed ? x->r->ran_sm : -1;
}

/* Screens every placement with a short pair at n_iter, then measures the nearest (lowest median
 * per-op cost) with the full pair: its statistics are the point's, the farthest screened median
 * its far_per_op. Measuring every placement with the full pair cost the quick study 13 s on an
 * H100 (61.9 s against 48.6), for figures that only pick the placement. Where no block landed on
 * the nearest's SM for the full pair, the next nearest is measured. 0 when measured. */
static int measure_placements(struct point_ctx *x, int np, const struct ok_pair_cfg *cfg) {
  double med[OK_MAX_PLACEMENTS] = {0}; /* one placement: measured without screening */
  char left[OK_MAX_PLACEMENTS] = {1};
  int measured = np;
  if (np > 1 && (measured = screen_placements(x, np, cfg, med, left)) < 0) return -1;
  for (int near; (near = nearest_left(med, left, np)) >= 0; left[near] = 0) {
    int rc = pair_at(x, near, np, cfg, &x->pt->st);
    if (skip_not_placed(x, rc)) continue;
    if (rc) return -1;
    keep_nearest(x, np, measured, cfg);
    return 0;
  }
  /* No block landed on any placement's SM (SMs another context holds, say): one pair wherever the
   * launch puts the block, as before SM placements. It carries no smid and counts one placement,
   * so compare does not judge it against a placed figure; the detail says why. */
  x->sm_placed = 0;
  x->r->place_sm = -1;
  if (pair_at(x, 0, 1, cfg, &x->pt->st)) return -1;
  keep_nearest(x, 1, 1, cfg);
  size_t len = strlen(x->xc);
  snprintf(x->xc + len, sizeof x->xc - len, "; no block landed on the %d SMs placed at: one launch, SM unknown", np);
  return 0;
}

/* Calibration, then the pair at each placement; 0 when the pairs were measured. */
static int measure(struct point_ctx *x, long base, struct ok_pair_cfg *cfg) {
  const double to_s = !strcmp(x->d->unit, "cycles") ? 1 / (x->d->clock_mhz * 1e6) : 1;
  const double budget = x->p->budget_s;
  double t1 = 0, t11 = 0, one_s = 0;
  x->r->n_iter = 1;
  x->r->place_off = 0;
  x->r->place_sm = -1; /* calibrated wherever the launch puts the block: it only sizes n_iter */
  if (sample(x, 1, &t1)) return -1;
  if (!ok_prim_cal_alone(t1 * to_s, budget)) {
    x->r->n_iter = 11;
    if (sample(x, 1, &t11)) return -1;
  }
  ok_prim_iters(t1 * to_s, t11 * to_s, budget, base, &one_s);
  int np = ok_prim_placements(x->max_place, one_s, budget);
  if (x->sm_placed && np > x->d->nsmids) np = x->d->nsmids; /* each SM once */
  x->r->n_iter = ok_prim_iters(t1 * to_s, t11 * to_s, budget > 0 ? budget / np : budget, base, &one_s);
  /* Early stop counted in budgets: a long 1-iteration sample may stop at 3 pairs. */
  struct ok_pair_cfg c = {x->p->runs, x->p->max_retries, (double)x->r->n_iter * x->r->unroll,
                          ok_early_min_runs(one_s * (double)x->r->n_iter, budget), OK_EARLY_TIGHT};
  *cfg = c;
  return measure_placements(x, np, cfg);
}

/* Measures and checks one point into pt. */
static void run_point(struct point_ctx *x, long base) {
  const struct ok_prim_dev *d = x->d;
  struct ok_point *pt = x->pt;
  struct ok_pair_cfg cfg;
  x->err[0] = 0;
  /* Room for every placement the device may measure; measure() decides how many fit. Placed over
   * SMs, the arrays stay at offset 0. */
  x->r->place_room = x->sm_placed ? 0 : (size_t)(x->max_place - 1) * ok_prim_place_step(d->place_step);
  if (d->broken) {
    pt->error = 1;
    snprintf(x->err, sizeof x->err, "%s", d->broken);
  } else if (d->alloc(d->ctx, x->pr, x->r, x->err, sizeof x->err) || measure(x, base, &cfg)) {
    pt->error = 1;
  } else {
    pt->measured = 1;
    /* The last sample was a test run: check what it left. */
    if (d->fetch(d->ctx, x->r, x->err, sizeof x->err)) {
      pt->error = 1;
    } else {
      pt->verified = ok_check_ran(x->r, x->pr, pt->detail, sizeof pt->detail) &&
                     x->pr->check(x->r, x->pr, pt->detail, sizeof pt->detail);
      if (ok_is_floor(&pt->st, d->resolution)) pt->floor_bound = d->resolution;
      size_t len = strlen(pt->detail);
      snprintf(pt->detail + len, sizeof pt->detail - len, "%s", x->xc);
    }
  }
  if (pt->error && x->err[0]) snprintf(pt->detail, sizeof pt->detail, "%s", x->err);
  pt->n_iter = x->r->n_iter;
}

static int sweep_point(const struct ok_variant *v, const struct ok_params *p, const struct ok_prim_dev *d,
                       const struct ok_prim *pr, struct ok_prim_run *r, int max_place, int unplaced) {
  const long base = p->iters > 0 ? p->iters : 1000;
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  r->n_iter = base;
  pt.type = pr->type;
  pt.threads = r->threads;
  pt.teams = r->teams;
  pt.stride = r->stride;
  pt.unroll = r->unroll;
  pt.unit = d->unit;
  pt.clock_mhz = d->clock_mhz;
  snprintf(pt.code_symbol, sizeof pt.code_symbol, "%s", pr->symbol);
  pt.code_family = pr->family;
  pt.injected_pct = ok_injected_pct(v->kernel, v->variant);
  struct point_ctx x = {p, d, pr, r, &pt, "", 0, "", max_place, ok_prim_sm_placed(d, r->teams, unplaced, max_place), 0};
  run_point(&x, base);
  char buf[160] = "";
  d->annotate(d->ctx, pr, r, &pt, buf, sizeof buf);
  ok_emit_point(v, p, &pt);
  d->release(d->ctx, r, pt.error);
  return pt.error || !pt.verified;
}

int ok_prim_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_prim_set *s,
                  const struct ok_prim_dev *d) {
  const char *first = ((const struct ok_prim *)s->prims)->type;
  const int unroll = s->unroll > 0 ? s->unroll : OK_UNROLL;
  const int max_place = s->unplaced ? 1 : ok_prim_max_placements(d->placements, d->place_step);
  int rc = 0;
  for (int k = 0; k < s->nprims; ++k) {
    const struct ok_prim *pr = (const struct ok_prim *)((const char *)s->prims + (size_t)k * s->prim_size);
    if (!ok_prim_type_runs(p, first, pr->type)) continue;
    long strides[8];
    const long line = (long)(d->line_bytes / pr->elem);
    const int nstrides = ok_prim_strides(s->strided, p->full, line, strides);
    const int nloc = s->locations ? 2 : 1;
    for (int si = 0; si < s->nshape; ++si) {
      if (s->max_total > 0 && (long)s->shape[si][0] * s->shape[si][1] > s->max_total) continue;
      for (int di = 0; di < nstrides; ++di)
        for (int li = 1; li <= nloc; ++li) {
          struct ok_prim_run r;
          memset(&r, 0, sizeof r);
          r.teams = s->shape[si][0];
          r.threads = s->shape[si][1];
          r.stride = strides[di];
          r.locations = li;
          r.unroll = unroll;
          r.line = line;
          r.lane_acc = d->lane_acc;
          r.read_add = d->read_add;
          r.place_sm = r.ran_sm = -1;
          rc |= sweep_point(v, p, d, pr, &r, max_place, s->unplaced);
        }
    }
  }
  return rc;
}
