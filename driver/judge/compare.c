/* ompkit compare A B: what changed between two result folders, and is any of it a regression.
 * Points are matched by config, kernel, variant and the point fields present (resultset.h).
 * Rules (README "Comparing two runs"): time slower by more than --time-threshold percent AND
 * outside the recorded spread (B's fastest run slower than A's slowest); registers (an AMD
 * kernel's VGPRs, SGPRs, AGPRs) up by more than --reg-threshold; shared memory, local memory,
 * LDS, scratch or spills up at all; a good remark lost or
 * a bad one gained; the observed mode demoted (SPMD > Generic-SPMD > Generic); status ok -> a
 * failure. Exit 1 when any regression is found, 0 otherwise, 2 on bad input. */
#define _GNU_SOURCE
#include "resultset.h"
#include "provenance.h"
#include "compare.h"

#include "ok_record.h"
#include "ok_modes.h"
#include "ranktest.h"
#include "status.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cmp_opts {
  double time_pct;
  double gpu_pct;    /* the time threshold between two physical GPUs */
  long reg;
  int json;
  double alpha;      /* host points: the rank test's significance */
  int min_repeats;   /* host points: repeats a side before their time is judged */
  double host_spread; /* host points: the change must exceed this many times the repeats' spread */
  double wall_pct;   /* a wall-timed GPU point from fewer than min_repeats processes a side */
  /* --history: earlier studies of A's build whose repeats join A's. A point whose cost takes one
   * of two values per bench process (docs/nightly.md, "A baseline of several studies") can land
   * in one value for all three repeats of one study and the other for all of the next. */
  const char *history[16];
  int nhistory;
};

/* Losing one of these is a regression (the optimization stopped happening). */
static const char *const good_remarks[] = {"OMP120", "OMP130", NULL};
/* Gaining one of these is a regression (globalization kept, SPMD blocked, state-machine fallback). */
static const char *const bad_remarks[] = {"OMP112", "OMP113", "OMP121", "OMP132", "OMP133", NULL};

static int in_set(const char *const *set, const char *s) {
  for (int i = 0; set[i]; ++i)
    if (!strcmp(set[i], s)) return 1;
  return 0;
}

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit compare A B [--json] [--time-threshold PCT] [--gpu-threshold PCT] [--reg-threshold N]\n"
             "                           [--min-repeats N] [--alpha P] [--host-spread K] [--wall-threshold PCT]\n"
             "                           [--history DIR]...\n"
             "       ompkit compare RUN --configs X,Y [options]    (two configurations of one run)\n"
             "       ompkit compare A B --configs X,Y [options]    (configuration X of A, Y of B)\n"
             "Compares two result folders (each with results.jsonl and provenance.json) point by point.\n"
             "With --configs the points of configuration X are matched with the same kernel, variant\n"
             "and point of Y (mode, remark IDs, registers, time; the same rules, Y judged against X).\n"
             "Time: a GPU primitive point in cycles (per_op_cycles, the nearest of its address\n"
             "placements), others in time_s or per_op_ns. A change within PCT percent (--time-threshold,\n"
             "default 5; --gpu-threshold, default 8, when A and B ran on different physical GPUs) is the\n"
             "same. Beyond it: when both sides have N repeats or more (ompkit run --repeat N;\n"
             "--min-repeats, default 3) a regression needs a Mann-Whitney rank test at P (--alpha,\n"
             "default 0.05: with 3 repeats, every B repeat slower than every A repeat) and a change over K\n"
             "(--host-spread, default 2) times the wider side's spread of repeat medians. With fewer\n"
             "repeats a host (native) point is not judged, nor a GPU point measured at one address\n"
             "placement on another GPU; a wall-timed GPU point (time_s, per_op_ns: its level is its bench\n"
             "process's) counts only beyond PCT (--wall-threshold, default 100); the rest are regressions\n"
             "outside the recorded min..max spread.\n"
             "Registers growing by more than N (default 0), any growth of shared/local memory or spills,\n"
             "losing OMP120/OMP130, gaining OMP112/OMP113/OMP121/OMP132/OMP133, a demoted execution mode\n"
             "and ok -> failure are regressions.\n"
             "--history DIR (up to 16): an earlier study of A's build and sweep; its repeats join A's, so\n"
             "that a point taking one of two values per bench process has both in the baseline.\n"
             "Exit: 0 none, 1 regression found, 2 bad input.\n");
}

/* Skipped, disabled, not built, not runnable: B says nothing about the point. */
static int not_run(enum ok_status s) {
  return ok_status_class(s) == OK_SC_SKIP || ok_status_class(s) == OK_SC_LIMIT;
}

/* The line that stands for a point a folder has no line for: a failure of its whole variant
 * (the bench hung or crashed before printing it) or of its whole configuration (skipped). */
static json_t *fallback(const struct resultset *rs, json_t *idx, json_t *j) {
  char key[1024];
  const char *c = rs_str(j, OKF_config), *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
  snprintf(key, sizeof key, "%s|%s|%s", c ? c : "", k ? k : "", v ? v : "");
  json_t *f = json_object_get(idx, key);
  if (!f) {
    snprintf(key, sizeof key, "%s||", c ? c : "");
    f = json_object_get(idx, key);
  }
  (void)rs;
  return f && !rs_is_ok(f) ? f : NULL;
}

static json_t *index_of(const struct resultset *rs) {
  json_t *idx = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) json_object_set(idx, ok_jstr(j, RS_KEY), j);
  return idx;
}

static json_t *stats(json_t *j, const char **metric) {
  double med, mn, mx;
  *metric = rs_compare_metric(j, &med, &mn, &mx);
  if (!*metric) return json_null();
  json_t *o = json_pack("{s:f}", "median", med);
  if (!isnan(mn)) json_object_set_new(o, "min", json_real(mn));
  if (!isnan(mx)) json_object_set_new(o, "max", json_real(mx));
  return o;
}

/* A host point: timed on the CPU, whose run-to-run offsets on a many-core node (thread placement,
 * a busy neighbour) no single study's spread holds. */
/* Not measured because its test never separated from its baseline (bench_main.c): a cost at the
 * method's noise floor, which one study separates and the next not; not a change of the code, as
 * "eliminated by compiler" is. */
static int unseparated(json_t *j) {
  const char *e = rs_str(j, OKF_error);
  return ok_line_status(j) == OK_ST_NOT_MEASURED && e && !strncmp(e, "test not slower than baseline", 29);
}

static int host_point(json_t *j) {
  const char *m = rs_str(j, OKF_model);
  return m && !strcmp(m, "native");
}

/* A GPU point timed on the wall (time_s or per_op_ns: a whole kernel with its launch, a launch,
 * a transfer), not in the SM's cycles: its level is its bench process's. On one 4xH100 node the
 * same bundle's quick study twice on GPU 0 (--host after) moved such points by -27 % to +57 %,
 * every run of a process on one side of every run of the other (13 "regressions", 26
 * "improvements"); with the host benches beside, 25 and 22; on a 2xH200 node, launch-bound points
 * +94 % (docs/results/2026-11-27-multi-gpu). One process a side cannot tell that from a change:
 * it is judged over repeats (the rank test), and from fewer only beyond --wall-threshold. */
static int wall_timed_gpu_point(json_t *j, const char *metric) {
  /* Its timer says so: a line without one (a folder from before timers were recorded) keeps the
   * min..max rule, and a clock64 point reported in ns (before per_op_cycles) is no wall time. */
  const char *t = rs_str(j, OKF_timer);
  return !host_point(j) && metric && strcmp(metric, OK_FNAME(per_op_cycles)) && t && strncmp(t, "clock64", 7);
}

static int dcmp(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* (max - min) / median of n values (sorted in place); 0 for fewer than 2. */
static double rel_spread(double *v, int n) {
  if (n < 2) return 0;
  qsort(v, (size_t)n, sizeof *v, dcmp);
  double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return med > 0 ? (v[n - 1] - v[0]) / med : 0;
}

/* Over the repeats of each side (ompkit run --repeat N, docs/nightly.md "Comparing two runs"): a
 * rank test (B slower than A at --alpha) and a change beyond the threshold, beyond --host-spread
 * times the wider side's spread of repeat medians, and beyond the wider side's run spread (the
 * median over its repeats of each one's own runs' (max - min) / median). The last because three
 * repeats of a point whose runs scatter by 40 % can all land on one side of three others by
 * chance (1 in 20 at alpha 0.05), and a quick study has hundreds of such points: on a 2xH100
 * node, A/A pairs of three repeats gave 1 to 4 such "regressions" without it (issue 29).
 * Returns the verdict word. */
static const char *repeat_time(json_t *t, const double *ra, int na, const double *rb, int nb, const char *metric,
                               double pct, double thr, double run, const struct cmp_opts *o, json_t *reg, json_t *imp,
                               json_t *notes) {
  double sa[1024], sb[1024];
  memcpy(sa, ra, (size_t)na * sizeof *ra);
  memcpy(sb, rb, (size_t)nb * sizeof *rb);
  double p = pct > 0 ? rank_p_greater(ra, na, rb, nb) : rank_p_greater(rb, nb, ra, na);
  double wa = rel_spread(sa, na), wb = rel_spread(sb, nb), spread = wa > wb ? wa : wb;
  json_object_set_new(t, "rank_p", json_real(p));
  json_object_set_new(t, "repeat_spread", json_real(spread));
  if (!isnan(run)) json_object_set_new(t, "run_spread", json_real(run));
  if (p > o->alpha || fabs(pct) / 100 <= o->host_spread * spread || (!isnan(run) && fabs(pct) / 100 <= run)) {
    ok_json_appendf(notes, "%s %+.1f%% not significant over %d and %d repeats (rank test p %.3g, alpha %g; repeat spread %.1f%%, run spread %.1f%%)",
        metric, pct, na, nb, p, o->alpha, spread * 100, isnan(run) ? 0 : run * 100);
    return "noise";
  }
  ok_json_appendf(pct > 0 ? reg : imp, "%s %+.1f%% over %d and %d repeats (threshold %g%%, rank test p %.3g; repeat spread %.1f%%, run spread %.1f%%)",
      metric, pct, na, nb, thr, p, spread * 100, isnan(run) ? 0 : run * 100);
  return pct > 0 ? "regression" : "improved";
}

/* The physical GPUs of two lines, when both are known and differ. */
static int other_gpu(json_t *a, json_t *b) {
  const char *ua = rs_str(a, OKF_gpu_uuid), *ub = rs_str(b, OKF_gpu_uuid);
  return ua && ub && strcmp(ua, ub);
}

/* A clock-timed point measured at one address placement on some side, on another card: where the
 * address sits decides its cost on each card (docs/fidelity.md, "Where the address sits"). */
static int one_placement(json_t *a, json_t *b, const char *metric) {
  return !strcmp(metric, OK_FNAME(per_op_cycles)) &&
         (rs_int(a, OKF_placements) < 2 || rs_int(b, OKF_placements) < 2);
}

/* The verdict of a time change pct of metric (README "Comparing two runs"), in this order: over
 * the repeats when both sides have --min-repeats; a host point with fewer, not judged; a clock-
 * timed point placed on one side only, or at one placement on another card, not judged; else
 * beyond the threshold and outside the recorded spreads.
 * Between two cards the threshold is --gpu-threshold. */
static const char *time_rule(json_t *t, json_t *a, json_t *b, const char *ma, double pct, const struct cmp_opts *o,
                             json_t *reg, json_t *imp, json_t *notes) {
  const int card = other_gpu(a, b);
  const double thr = card ? o->gpu_pct : o->time_pct;
  double ra[1024], rb[1024], am, an, ax, bm, bn, bx;
  int na = rs_repeat_medians(a, ma, ra, 1024), nb = rs_repeat_medians(b, ma, rb, 1024);
  /* Only what differs from one study a side at --time-threshold: a full study's --json is read
   * back whole by nightly, through a 16-MiB capture. */
  if (na > 1 || nb > 1) json_object_set_new(t, "repeats", json_pack("[i,i]", na, nb));
  if (card) json_object_set_new(t, "threshold_pct", json_real(thr));
  if (fabs(pct) <= thr) return "same";
  if (na >= o->min_repeats && nb >= o->min_repeats) {
    double wa = rs_run_spread(a, ma), wb = rs_run_spread(b, ma);
    double run = isnan(wa) ? wb : isnan(wb) ? wa : wa > wb ? wa : wb;
    rs_compare_metric(a, &am, &an, &ax);
    rs_compare_metric(b, &bm, &bn, &bx);
    /* A host point's runs are multi-modal (which cores, which frequency a study's threads get):
     * its repeats must not overlap at all, every run of B beyond every run of A. On a 32-core
     * node, omp_flush's medians moved +45 % to +150 % between A/A studies, all three repeats of
     * each at once, with the ranges overlapping. */
    if ((host_point(a) || host_point(b)) && !isnan(an) && !isnan(ax) && !isnan(bn) && !isnan(bx) &&
        (pct > 0 ? bn <= ax : bx >= an)) {
      ok_json_appendf(notes, "host %s %+.1f%% over %d and %d repeats: the runs overlap (A %.4g..%.4g, B %.4g..%.4g)", ma, pct, na,
          nb, an, ax, bn, bx);
      return "noise";
    }
    return repeat_time(t, ra, na, rb, nb, ma, pct, thr, run, o, reg, imp, notes);
  }
  if (host_point(a) || host_point(b)) {
    ok_json_appendf(notes, "host %s %+.1f%% from %d and %d repeat(s): not judged (host points need --repeat %d on both sides)",
        ma, pct, na, nb, o->min_repeats);
    return "not judged";
  }
  if (wall_timed_gpu_point(a, ma) && fabs(pct) <= o->wall_pct) {
    ok_json_appendf(notes, "GPU %s %+.1f%% from %d and %d process(es): within --wall-threshold %g%% (a wall-timed GPU "
        "point's level is its process's; --repeat %d on both sides judges it by the rank test)", ma, pct, na, nb, o->wall_pct,
        o->min_repeats);
    return "noise";
  }
  const long pa = rs_int(a, OKF_placements), pb = rs_int(b, OKF_placements);
  if (!strcmp(ma, OK_FNAME(per_op_cycles)) && (pa >= 2) != (pb >= 2)) {
    /* One side is the nearest of several addresses, the other one address (a folder from before
     * placements, or a point whose sample then overran budget / 2): not the same measurement. */
    ok_json_appendf(notes, "%s %+.1f%% measured at %ld address placement(s) in A, %ld in B: not judged", ma, pct, pa > 0 ? pa : 1,
        pb > 0 ? pb : 1);
    return "not judged";
  }
  if (!strcmp(ma, OK_FNAME(per_op_cycles)) && !rs_get(a, OKF_smid) != !rs_get(b, OKF_smid)) {
    /* One side is the nearest of several SMs, the other of several addresses from wherever its
     * launch put the block (a folder from before SM placements): not the same measurement. */
    ok_json_appendf(notes, "%s %+.1f%% placed over SMs in %s only: not judged", ma, pct, rs_get(a, OKF_smid) ? "A" : "B");
    return "not judged";
  }
  if (card && one_placement(a, b, ma)) {
    ok_json_appendf(notes, "%s %+.1f%% on another GPU (%s -> %s) at one address placement: not judged", ma, pct,
        rs_str(a, OKF_gpu_uuid), rs_str(b, OKF_gpu_uuid));
    return "not judged";
  }
  rs_compare_metric(a, &am, &an, &ax);
  rs_compare_metric(b, &bm, &bn, &bx);
  int spread = !isnan(an) && !isnan(ax) && !isnan(bn) && !isnan(bx);
  if (spread && bn <= ax && an <= bx) {
    ok_json_appendf(notes, "%s %+.1f%% within the recorded spread", ma, pct);
    return "noise";
  }
  if (pct < 0) {
    ok_json_appendf(imp, "%s %+.1f%%", ma, pct);
    return "improved";
  }
  if (spread) ok_json_appendf(reg, "%s %+.1f%% (B min %.4g > A max %.4g)", ma, pct, bn, ax);
  else ok_json_appendf(reg, "%s %+.1f%% (no spread recorded)", ma, pct);
  return "regression";
}

/* The time of two measured points: the metric (a clock-timed GPU point in cycles) and its
 * verdict (time_rule). 1 when the change is noise. */
static int compare_time(json_t *row, json_t *a, json_t *b, const struct cmp_opts *o, json_t *reg, json_t *imp,
                      json_t *notes) {
  const char *ma, *mb, *v = NULL;
  json_t *ta = stats(a, &ma), *tb = stats(b, &mb);
  json_t *t = json_pack("{s:s?,s:o,s:o}", "metric", ma, "a", ta, "b", tb);
  if (ma && mb && !strcmp(ma, mb)) {
    double am, an, ax, bm, bn, bx;
    rs_compare_metric(a, &am, &an, &ax);
    rs_compare_metric(b, &bm, &bn, &bx);
    if (am > 0) {
      double pct = (bm - am) / am * 100;
      json_object_set_new(t, "change_pct", json_real(pct));
      v = time_rule(t, a, b, ma, pct, o, reg, imp, notes);
      json_object_set_new(t, "verdict", json_string(v));
    }
  } else if (ma || mb) {
    ok_json_appendf(notes, "timed as %s in A, %s in B", ma ? ma : "nothing", mb ? mb : "nothing");
  }
  json_object_set_new(row, "time", t);
  return v && !strcmp(v, "noise");
}

/* The compile data of two points (a run's, or compile.jsonl's when nothing ran): resources,
 * remark IDs, the static and the runtime mode, by the same rules. */
static void compare_compile(json_t *row, json_t *a, json_t *b, const struct cmp_opts *o, json_t *reg, json_t *imp,
                          json_t *notes) {
  /* AMD kernels (docs/amdgpu.md): VGPRs, SGPRs and AGPRs as registers (--reg-threshold), LDS,
   * scratch and spills up at all; the occupancy they give is a note (its causes are the rows). */
  static const enum ok_field_id res[] = {OKF_registers,         OKF_smem_bytes,        OKF_lmem_bytes,
                                         OKF_spill_stores_bytes, OKF_spill_loads_bytes, OKF_stack_bytes,
                                         OKF_vgprs,             OKF_sgprs,             OKF_agprs,
                                         OKF_lds_bytes,         OKF_scratch_bytes,     OKF_vgpr_spills,
                                         OKF_sgpr_spills,       OKF_waves_per_simd};
  json_t *rj = json_object();
  for (size_t k = 0; k < sizeof res / sizeof res[0]; ++k) {
    const char *f = ok_fields[res[k]].name;
    long x = rs_int(a, res[k]), y = rs_int(b, res[k]);
    if (x < 0 || y < 0) continue;
    json_object_set_new(rj, f, json_pack("{s:I,s:I}", "a", (json_int_t)x, "b", (json_int_t)y));
    if (x == y) continue;
    int regs = res[k] == OKF_registers || res[k] == OKF_vgprs || res[k] == OKF_sgprs || res[k] == OKF_agprs;
    long limit = regs ? o->reg : 0;
    if (res[k] == OKF_stack_bytes || res[k] == OKF_waves_per_simd) ok_json_appendf(notes, "%s %ld -> %ld", f, x, y);
    else if (y - x > limit) ok_json_appendf(reg, "%s %ld -> %ld", f, x, y);
    else if (y < x) ok_json_appendf(imp, "%s %ld -> %ld", f, x, y);
    else ok_json_appendf(notes, "%s %ld -> %ld (within --reg-threshold)", f, x, y);
  }
  json_object_set_new(row, "resources", rj);

  json_t *ra = rs_get(a, OKF_remarks), *rb = rs_get(b, OKF_remarks);
  if (json_is_array(ra) && json_is_array(rb)) {
    json_t *gained = json_array(), *lost = json_array();
    for (int side = 0; side < 2; ++side) {
      json_t *from = side ? ra : rb, *other = side ? rb : ra;
      size_t i, k;
      json_t *x, *y;
      json_array_foreach(from, i, x) {
        const char *id = json_string_value(x);
        int found = 0;
        json_array_foreach(other, k, y) found |= id && json_string_value(y) && !strcmp(id, json_string_value(y));
        if (!id || found) continue;
        json_array_append_new(side ? lost : gained, json_string(id));
        if (side && in_set(good_remarks, id)) ok_json_appendf(reg, "lost %s", id);
        else if (!side && in_set(bad_remarks, id)) ok_json_appendf(reg, "gained %s", id);
        else if (side && in_set(bad_remarks, id)) ok_json_appendf(imp, "lost %s", id);
        else if (!side && in_set(good_remarks, id)) ok_json_appendf(imp, "gained %s", id);
        else ok_json_appendf(notes, "%s %s", side ? "lost" : "gained", id);
      }
    }
    json_object_set_new(row, OK_FNAME(remarks), json_pack("{s:o,s:o}", "gained", gained, "lost", lost));
  }

  const char *xa = rs_str(a, OKF_static_mode), *xb = rs_str(b, OKF_static_mode);
  const char *oa = rs_str(a, OKF_observed_mode), *ob = rs_str(b, OKF_observed_mode);
  if (xa && xb && strcmp(xa, xb)) { /* with a run, the runtime's mode below judges; without, the compiler's */
    int x = ok_mode_rank(xa), y = ok_mode_rank(xb);
    if (!(oa && ob) && y < x) ok_json_appendf(reg, "static mode %s -> %s", xa, xb);
    else if (!(oa && ob) && y > x && x >= 0) ok_json_appendf(imp, "static mode %s -> %s", xa, xb);
    else ok_json_appendf(notes, "static mode %s -> %s", xa, xb);
  }
  if (oa && ob) {
    json_object_set_new(row, "mode", json_pack("{s:s,s:s}", "a", oa, "b", ob));
    if (strcmp(oa, ob)) {
      int x = ok_mode_rank(oa), y = ok_mode_rank(ob);
      if (y < x) ok_json_appendf(reg, "mode %s -> %s", oa, ob);
      else if (y > x && x >= 0) ok_json_appendf(imp, "mode %s -> %s", oa, ob);
      else ok_json_appendf(notes, "mode %s -> %s", oa, ob);
    }
  }
}

/* Compares one point; fills the row's regressions / improvements / notes. */
static void compare_point(json_t *row, json_t *a, json_t *b, const struct cmp_opts *o) {
  json_t *reg = json_array(), *imp = json_array(), *notes = json_array();
  const char *sa = a ? rs_str(a, OKF_status) : NULL, *sb = b ? rs_str(b, OKF_status) : NULL;
  json_object_set_new(row, OK_FNAME(status), json_pack("{s:s?,s:s?}", "a", sa, "b", sb));
  int noise = 0;
  if (!a) ok_json_appendf(notes, "new in B");
  else if (!b) ok_json_appendf(notes, "missing in B");
  else if (ok_line_status(a) != ok_line_status(b)) { /* measured -> not measured is a regression */
    enum ok_status xa = ok_line_status(a), xb = ok_line_status(b);
    const char *na = ok_status_name(xa), *nb = ok_status_name(xb);
    if (ok_status_measured(xa) && not_run(xb)) ok_json_appendf(notes, "not run in B (%s)", nb);
    else if ((ok_status_measured(xa) && unseparated(b)) || (ok_status_measured(xb) && unseparated(a))) {
      ok_json_appendf(notes, "status %s -> %s: the test did not separate from its baseline in %s (a cost at the noise floor)", na,
          nb, unseparated(b) ? "B" : "A");
      noise = 1;
    } else if (ok_status_measured(xa) && !ok_status_measured(xb)) ok_json_appendf(reg, "status %s -> %s", na, nb);
    else if (ok_status_measured(xb) && !ok_status_measured(xa)) ok_json_appendf(imp, "status %s -> %s", na, nb);
    else ok_json_appendf(notes, "status %s -> %s", na, nb);
  }
  const char *pa = a ? rs_str(a, OKF_param) : NULL, *pb = b ? rs_str(b, OKF_param) : NULL;
  if (pa && pb && strcmp(pa, pb)) ok_json_appendf(notes, "param %s -> %s", pa, pb); /* same point, another ran=TxN */
  const char *ua = a ? rs_str(a, OKF_gpu_uuid) : NULL, *ub = b ? rs_str(b, OKF_gpu_uuid) : NULL;
  if (ua && ub && strcmp(ua, ub)) json_object_set_new(row, CMP_GPU, json_pack("{s:s,s:s}", "a", ua, "b", ub));
  if (a && b && rs_is_ok(a) && rs_is_ok(b)) noise = compare_time(row, a, b, o, reg, imp, notes);
  if (a && b) compare_compile(row, a, b, o, reg, imp, notes);
  const char *verdict = json_array_size(reg) ? "regression"
                        : json_array_size(imp) ? "improved"
                        : noise                ? "noise"
                        : json_array_size(notes) ? "changed"
                                                 : "same";
  if (!a) verdict = "new";
  else if (!b) verdict = "missing";
  json_object_set_new(row, "verdict", json_string(verdict));
  json_object_set_new(row, "regressions", reg);
  json_object_set_new(row, "improvements", imp);
  json_object_set_new(row, "notes", notes);
}

static int verdict_order(const char *v) {
  static const char *const order[] = {"regression", "improved", "noise", "changed", "missing", "new", "same", NULL};
  for (int i = 0; order[i]; ++i)
    if (!strcmp(order[i], v)) return i;
  return 99;
}

static int row_cmp(const void *x, const void *y) {
  json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
  int d = verdict_order(ok_jstr(a, "verdict")) - verdict_order(ok_jstr(b, "verdict"));
  return d ? d : (int)(ok_jint(a, "_order") - ok_jint(b, "_order"));
}

static void join(json_t *arr, char *buf, size_t n) {
  size_t len = 0, i;
  json_t *x;
  buf[0] = 0;
  json_array_foreach(arr, i, x) if (len < n) len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "; " : "",
                                                                     json_string_value(x));
}

static const char *pstr(json_t *prov, const char *k) {
  const char *s = ok_jstr(prov, k);
  return s ? s : "?";
}

/* Provenance differences worth a line: the compiler, GPU, git SHA, flags. */
static json_t *prov_diff(json_t *pa, json_t *pb) {
  json_t *d = json_array();
  static const char *const keys[] = {"git_sha", PROV_HOST, "cpu", "offload_arch", NULL};
  for (int i = 0; keys[i]; ++i)
    if (strcmp(pstr(pa, keys[i]), pstr(pb, keys[i])))
      ok_json_appendf(d, "%s: %s -> %s", keys[i], pstr(pa, keys[i]), pstr(pb, keys[i]));
  const char *ga = ok_jstr(json_object_get(pa, PROV_GPU), "device_name"), *gb = ok_jstr(json_object_get(pb, PROV_GPU), "device_name");
  if ((ga || gb) && (!ga || !gb || strcmp(ga, gb))) ok_json_appendf(d, "gpu: %s -> %s", ga ? ga : "none", gb ? gb : "none");
  /* The host configurations size their thread counts by the CPUs they ran on (run --host): on
   * other counts their points are other points, listed as only in A or only in B. */
  json_t *ha = json_object_get(pa, "host_cores"), *hb = json_object_get(pb, "host_cores");
  json_int_t na = json_integer_value(json_object_get(ha, "count")), nb = json_integer_value(json_object_get(hb, "count"));
  if (ha && hb && na != nb)
    ok_json_appendf(d, "host CPUs: %lld%s -> %lld%s (host points at other thread counts do not pair)", (long long)na,
                    json_is_true(json_object_get(ha, "beside_gpu_work")) ? " beside the GPU work" : "", (long long)nb,
                    json_is_true(json_object_get(hb, "beside_gpu_work")) ? " beside the GPU work" : "");
  size_t i, k;
  json_t *ca, *cb;
  json_array_foreach(json_object_get(pa, "configs"), i, ca) {
    json_array_foreach(json_object_get(pb, "configs"), k, cb) {
      const char *na = ok_jstr(ca, "name"), *nb = ok_jstr(cb, "name");
      if (!na || !nb || strcmp(na, nb)) continue;
      static const char *const ck[] = {"compiler_version", "flags", NULL};
      for (int c = 0; ck[c]; ++c) {
        const char *x = ok_jstr(ca, ck[c]), *y = ok_jstr(cb, ck[c]);
        if (x && y && strcmp(x, y)) ok_json_appendf(d, "%s %s: %s -> %s", na, ck[c], x, y);
      }
    }
  }
  return d;
}

/* The physical GPUs a folder's lines ran on, distinct, in order, ", "-joined ("" for none). */
static void gpus_of(const struct resultset *rs, char *buf, size_t n) {
  size_t i, len = 0;
  json_t *j;
  buf[0] = 0;
  json_array_foreach(rs->lines, i, j) {
    const char *u = rs_str(j, OKF_gpu_uuid);
    if (u && !strstr(buf, u) && len < n) len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? ", " : "", u);
  }
}

/* compare says when A and B ran on different physical GPUs: two cards of one node measure some
 * points differently (docs/fidelity.md, "Where the address sits"). */
static void gpu_diff(json_t *d, const struct resultset *A, const struct resultset *B) {
  char ga[1024], gb[1024];
  gpus_of(A, ga, sizeof ga);
  gpus_of(B, gb, sizeof gb);
  if (ga[0] && gb[0] && strcmp(ga, gb))
    ok_json_appendf(d, "physical GPU: %s -> %s (GPU points are compared in cycles at their nearest address placement; one "
           "measured at a single placement is not judged)", ga, gb);
}

/* --configs: keeps configuration `keep` of rs, renamed to `label`, so that the points of two
 * configurations meet under one key and every rule above applies unchanged. */
static size_t retarget(struct resultset *rs, const char *keep, const char *label) {
  json_t *kept = json_array();
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) {
    const char *c = rs_str(j, OKF_config);
    if (!c || strcmp(c, keep)) continue;
    json_object_set_new(j, OK_FNAME(config), json_string(label));
    char key[2048];
    rs_key(j, 1, key, sizeof key);
    json_object_set_new(j, RS_KEY, json_string(key));
    json_array_append(kept, j);
  }
  json_decref(rs->lines);
  rs->lines = kept;
  return json_array_size(kept);
}

/* Whether every compile.jsonl record of a folder carries its kernel identity (folders written
 * before record/ok_kernel_id.h do not). */
static int has_kernel_ids(const struct resultset *rs) {
  size_t i;
  json_t *j;
  json_array_foreach(rs->compile, i, j) if (!rs_str(j, OKF_kernel_id)) return 0;
  return 1;
}

/* compile.jsonl's kernels as points of variant "compile": a build machine without a GPU still
 * compares modes, remark IDs and resources per kernel, by compare_compile's rules. A point is
 * named by its kernel identity; two points of one folder with one identity are an error (never a
 * silent pairing). by_name (a folder from before identities): the name less the offload prefix,
 * and a name that occurs twice in a configuration is left out of both folders, said in a note.
 * Returns 0, or -1 after the one-line error. */
static int add_compile_points(struct resultset *rs, int by_name, json_t *dup_names) {
  json_t *seen = json_object();
  size_t i;
  json_t *j;
  int rc = 0;
  json_array_foreach(rs->compile, i, j) {
    const char *name = rs_str(j, by_name ? OKF_kernel : OKF_kernel_id);
    char key[2048];
    snprintf(key, sizeof key, "%s|%s", rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "", name ? name : "");
    if (by_name && json_object_get(dup_names, key)) continue;
    if (json_object_get(seen, key)) {
      ok_err("compare: %s: kernel identity '%s' occurs twice in configuration %s (compile.jsonl): cannot pair it",
             rs->dir, name ? name : "", rs_str(j, OKF_config));
      rc = -1;
      break;
    }
    json_object_set_new(seen, key, json_true());
    json_t *c = json_deep_copy(j);
    json_object_set_new(c, OK_FNAME(kernel), json_string(name ? name : ""));
    json_object_set_new(c, OK_FNAME(variant), json_string("compile"));
    rs_key(c, 1, key, sizeof key);
    json_object_set_new(c, RS_KEY, json_string(key));
    json_array_append_new(rs->lines, c);
  }
  json_decref(seen);
  return rc;
}

/* Folders from before kernel identities: the names that occur more than once in a configuration
 * of either folder (two files, one function name and line), which compare cannot pair. */
static json_t *duplicate_names(const struct resultset *A, const struct resultset *B) {
  json_t *dup = json_object();
  for (int side = 0; side < 2; ++side) {
    json_t *per = json_object();
    size_t i;
    json_t *j;
    json_array_foreach((side ? B : A)->compile, i, j) {
      char key[2048];
      snprintf(key, sizeof key, "%s|%s", rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "",
               rs_str(j, OKF_kernel) ? rs_str(j, OKF_kernel) : "");
      if (json_object_get(per, key)) json_object_set_new(dup, key, json_true());
      json_object_set_new(per, key, json_true());
    }
    json_decref(per);
  }
  return dup;
}

/* Both folders' compile data as points: by identity, or by name with a note when either folder
 * predates identities. 0, or -1 after the one-line error. */
static int compile_points(struct resultset *A, struct resultset *B) {
  if (!json_array_size(A->compile) || !json_array_size(B->compile)) return 0;
  int by_name = !has_kernel_ids(A) || !has_kernel_ids(B);
  json_t *dup = by_name ? duplicate_names(A, B) : json_object();
  if (by_name)
    fprintf(stderr,
            "ompkit: compare: note: %s was written before kernel identities: compile points are compared by name, "
            "and the %zu name(s) that occur twice in a configuration are left out\n",
            !has_kernel_ids(A) ? A->dir : B->dir, json_object_size(dup));
  int rc = add_compile_points(A, by_name, dup) || add_compile_points(B, by_name, dup) ? -1 : 0;
  json_decref(dup);
  return rc;
}

/* The two configurations' compilers and flags, from the provenance, when they differ. */
static void config_diff(json_t *d, json_t *pa, const char *x, json_t *pb, const char *y) {
  json_t *ca = NULL, *cb = NULL, *c;
  size_t i;
  json_array_foreach(json_object_get(pa, "configs"), i, c) if (ok_jstr(c, "name") && !strcmp(ok_jstr(c, "name"), x)) ca = c;
  json_array_foreach(json_object_get(pb, "configs"), i, c) if (ok_jstr(c, "name") && !strcmp(ok_jstr(c, "name"), y)) cb = c;
  static const char *const ck[] = {"compiler_version", "flags", NULL};
  for (int k = 0; ck[k]; ++k) {
    const char *u = ca ? ok_jstr(ca, ck[k]) : NULL, *v = cb ? ok_jstr(cb, ck[k]) : NULL;
    if (u && v && strcmp(u, v)) ok_json_appendf(d, "%s: %s (%s) -> %s (%s)", ck[k], u, x, v, y);
  }
}

/* A percentage option's value into *out; 0, or -1 after its one-line error. */
static int pct_opt(const char *name, const char *arg, double *out) {
  char *end;
  double v = strtod(arg, &end);
  if (end == arg || *end || !(v >= 0)) {
    ok_err("compare: --%s wants a percentage >= 0, got '%s'", name, arg);
    return -1;
  }
  *out = v;
  return 0;
}

/* compare's options into o and, with --configs X,Y, cx and cy. Returns an exit status, or -1 to go on. */
static int compare_opts(int argc, char **argv, struct cmp_opts *o, char *cx, size_t ncx, char *cy, size_t ncy) {
  static const struct option lo[] = {{"json", 0, 0, 'j'},          {"time-threshold", 1, 0, 't'},
                                     {"reg-threshold", 1, 0, 'r'}, {"help", 0, 0, 'h'},
                                     {"configs", 1, 0, 'c'},       {"alpha", 1, 0, 'a'},
                                     {"min-repeats", 1, 0, 'm'},   {"host-spread", 1, 0, 's'},
                                     {"gpu-threshold", 1, 0, 'g'}, {"history", 1, 0, 'H'},
                                     {"wall-threshold", 1, 0, 'w'},
                                     {0, 0, 0, 0}};
  opterr = 0;
  optind = 1;
  int ch;
  while ((ch = getopt_long(argc, argv, "hj", lo, NULL)) != -1) {
    char *end;
    switch (ch) {
    case 'h': usage(stdout); return OK_EXIT_OK;
    case 'j': o->json = 1; break;
    case 'H':
      if (o->nhistory >= (int)(sizeof o->history / sizeof o->history[0])) {
        ok_err("compare: at most %zu --history folders", sizeof o->history / sizeof o->history[0]);
        return OK_EXIT_USAGE;
      }
      o->history[o->nhistory++] = optarg;
      break;
    case 'c': {
      const char *comma = strchr(optarg, ',');
      if (!comma || comma == optarg || !comma[1] || strchr(comma + 1, ',') || (size_t)(comma - optarg) >= ncx ||
          strlen(comma + 1) >= ncy) {
        ok_err("compare: --configs wants two configuration names, X,Y; got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      snprintf(cx, ncx, "%.*s", (int)(comma - optarg), optarg);
      snprintf(cy, ncy, "%s", comma + 1);
      break;
    }
    case 't':
      if (pct_opt("time-threshold", optarg, &o->time_pct)) return OK_EXIT_USAGE;
      break;
    case 'g':
      if (pct_opt("gpu-threshold", optarg, &o->gpu_pct)) return OK_EXIT_USAGE;
      break;
    case 'w':
      if (pct_opt("wall-threshold", optarg, &o->wall_pct)) return OK_EXIT_USAGE;
      break;
    case 'a':
      o->alpha = strtod(optarg, &end);
      if (end == optarg || *end || !(o->alpha > 0 && o->alpha <= 1)) {
        ok_err("compare: --alpha wants a probability in (0, 1], got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      break;
    case 'm':
      o->min_repeats = (int)strtol(optarg, &end, 10);
      if (end == optarg || *end || o->min_repeats < 2 || o->min_repeats > 1000) {
        ok_err("compare: --min-repeats wants 2..1000, got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      break;
    case 's':
      o->host_spread = strtod(optarg, &end);
      if (end == optarg || *end || !(o->host_spread >= 0)) {
        ok_err("compare: --host-spread wants a factor >= 0, got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      break;
    case 'r':
      o->reg = strtol(optarg, &end, 10);
      if (end == optarg || *end || o->reg < 0) {
        ok_err("compare: --reg-threshold wants an integer >= 0, got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      break;
    default: return ok_bad_option("compare", argv);
    }
  }
  int nf = argc - optind;
  if (nf != 2 && !(nf == 1 && cx[0])) {
    ok_err("compare: want two result folders (or one with --configs X,Y), got %d (see ompkit compare --help)", nf);
    return OK_EXIT_USAGE;
  }
  return -1;
}

/* The two sides: folders fa and fb (the same folder with --configs X,Y, each side then narrowed
 * to its configuration, whose flag differences go to cfg_diff). 0, or 1 after the error. */
static int load_sides(struct resultset *A, struct resultset *B, const char *fa, const char *fb, const char *cx,
                      const char *cy, json_t *cfg_diff) {
  if (rs_load(A, fa, "compare", 1)) return 1;
  if (rs_load(B, fb, "compare", 1)) {
    rs_free(A);
    return 1;
  }
  if (compile_points(A, B)) {
    rs_free(A), rs_free(B);
    return 1;
  }
  if (cx[0]) {
    char label[600];
    snprintf(label, sizeof label, "%s vs %s", cx, cy);
    const char *missing = !retarget(A, cx, label) ? cx : !retarget(B, cy, label) ? cy : NULL;
    if (missing) {
      ok_err("compare: no results of configuration '%s' in %s", missing, missing == cx ? A->dir : B->dir);
      rs_free(A), rs_free(B);
      return 1;
    }
    config_diff(cfg_diff, A->prov, cx, B->prov, cy);
  }
  /* Quick and full runs differ in points and in whole-kernel work (iters 100 vs 1000): their
   * times are not comparable. Folders from before "sweep" was recorded pass, and a compile-only
   * folder (ompkit run --compile-only) compares its compile data with any. */
  const char *sa = ok_jstr(A->prov, "sweep"), *sb = ok_jstr(B->prov, "sweep");
  if (sa && sb && strcmp(sa, sb) && strcmp(sa, "compile-only") && strcmp(sb, "compile-only")) {
    ok_err("compare: %s is a %s run and %s a %s run; compare runs of the same sweep", A->dir, sa, B->dir, sb);
    rs_free(A), rs_free(B);
    return 1;
  }
  return 0;
}

/* One compared row per point: points of A, then points only B has. Lines standing for a whole
 * variant/config are used as fallbacks for missing points and not listed again. */
static json_t *compare_rows(const struct resultset *A, const struct resultset *B, const struct cmp_opts *o) {
  json_t *ia = index_of(A), *ib = index_of(B), *used = json_object(), *rows = json_array();
  for (int side = 0; side < 2; ++side) {
    size_t i;
    json_t *j;
    json_array_foreach(side ? B->lines : A->lines, i, j) {
      const char *key = ok_jstr(j, RS_KEY);
      if (json_object_get(used, key)) continue;
      json_t *a = side ? json_object_get(ia, key) : j, *b = side ? j : json_object_get(ib, key);
      if (!a) a = fallback(A, ia, b);
      if (!b) b = fallback(B, ib, a);
      const enum ok_field_id fs = OKF_status;
      if (!rs_str(j, OKF_kernel) && a && b &&
          !strcmp(rs_str(a, fs) ? rs_str(a, fs) : "", rs_str(b, fs) ? rs_str(b, fs) : ""))
        continue; /* a configuration skipped/disabled in both: nothing to compare */
      json_object_set_new(used, key, json_true());
      if (a) json_object_set_new(used, ok_jstr(a, RS_KEY), json_true());
      if (b) json_object_set_new(used, ok_jstr(b, RS_KEY), json_true());
      json_t *src = a ? a : b;
      char point[512];
      rs_point_label(j, point, sizeof point);
      json_t *row = json_pack("{s:s?,s:s?,s:s?,s:s,s:I}", OK_FNAME(config), rs_str(src, OKF_config),
                              OK_FNAME(kernel), rs_str(j, OKF_kernel), OK_FNAME(variant),
                              rs_str(j, OKF_variant), "point", point, "_order", (json_int_t)json_array_size(rows));
      for (int k = 0; rs_point_fields[k]; ++k)
        if (json_object_get(j, rs_point_fields[k])) json_object_set(row, rs_point_fields[k], json_object_get(j, rs_point_fields[k]));
      compare_point(row, a, b, o);
      json_array_append_new(rows, row);
    }
  }
  json_decref(used);
  json_decref(ia);
  json_decref(ib);
  return rows;
}

/* compare --json: the rows in verdict order, the thresholds, provenance changes and counts. */
static json_t *compare_json(const struct resultset *A, const struct resultset *B, const struct cmp_opts *o,
                            json_t **sorted, size_t n, json_t *pd, json_t *counts) {
  json_t *out_rows = json_array();
  for (size_t i = 0; i < n; ++i) {
    json_object_del(sorted[i], "_order");
    json_array_append(out_rows, sorted[i]);
  }
  json_t *doc = json_pack("{s:s,s:s,s:{s:f,s:f,s:f,s:I,s:f,s:i,s:f},s:{s:s?,s:s?},s:o,s:o,s:o,s:{s:[ss],s:[sssss]}}",
                          "a", A->dir, "b", B->dir, "thresholds", "time_pct", o->time_pct, "gpu_pct", o->gpu_pct,
                          "wall_pct", o->wall_pct,
                          OK_FNAME(registers), (json_int_t)o->reg, "alpha", o->alpha, "min_repeats", o->min_repeats,
                          "host_spread", o->host_spread, "git_sha",
                          "a", ok_jstr(A->prov, "git_sha"), "b", ok_jstr(B->prov, "git_sha"), "provenance_changes", pd,
                          "summary", json_incref(counts), "rows", out_rows, "remark_rules", "regression_if_lost",
                          "OMP120", "OMP130", "regression_if_gained", "OMP112", "OMP113", "OMP121", "OMP132",
                          "OMP133");
  json_t *hist = json_array();
  for (int h = 0; h < o->nhistory; ++h) json_array_append_new(hist, json_string(o->history[h]));
  json_object_set_new(doc, "history", hist);
  return doc;
}

/* One row of compare's table; wc, wk, wp: the config, kernel/variant and point column widths. */
static void print_compare_row(json_t *row, int wc, int wk, int wp) {
  json_t *t = json_object_get(row, "time");
  char kv[256], ta[32], tb[32], ch[32] = "", why[2048], buf[1024];
  snprintf(kv, sizeof kv, "%s/%s", rs_str(row, OKF_kernel) ? rs_str(row, OKF_kernel) : "-",
           rs_str(row, OKF_variant) ? rs_str(row, OKF_variant) : "-");
  double va = json_number_value(json_object_get(json_object_get(t, "a"), "median"));
  double vb = json_number_value(json_object_get(json_object_get(t, "b"), "median"));
  int secs = ok_jstr(t, "metric") && !strcmp(ok_jstr(t, "metric"), OK_FNAME(time_s));
  if (secs) rs_fmt_time(json_object_get(json_object_get(t, "a"), "median") ? va : NAN, ta, sizeof ta);
  else snprintf(ta, sizeof ta, json_object_get(json_object_get(t, "a"), "median") ? "%.4g" : "-", va);
  if (secs) rs_fmt_time(json_object_get(json_object_get(t, "b"), "median") ? vb : NAN, tb, sizeof tb);
  else snprintf(tb, sizeof tb, json_object_get(json_object_get(t, "b"), "median") ? "%.4g" : "-", vb);
  if (json_object_get(t, "change_pct")) snprintf(ch, sizeof ch, "%+.1f%%", json_number_value(json_object_get(t, "change_pct")));
  why[0] = 0;
  static const char *const parts[] = {"regressions", "improvements", "notes", NULL};
  for (int p = 0; parts[p]; ++p) {
    join(json_object_get(row, parts[p]), buf, sizeof buf);
    if (buf[0]) snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", why[0] ? "; " : "", buf);
  }
  const char *v = ok_jstr(row, "verdict");
  printf("%-10s  %-*s  %-*s  %-*s  %10s  %10s  %8s  %s\n", !strcmp(v, "regression") ? "REGRESSION" : v, wc,
         rs_str(row, OKF_config) ? rs_str(row, OKF_config) : "-", wk, kv, wp,
         ok_jstr(row, "point")[0] ? ok_jstr(row, "point") : "-", ta, tb, ch[0] ? ch : "-", why);
}

/* compare's text: the two folders, provenance changes, one row per point, the counts. */
static void print_compare_table(const struct resultset *A, const struct resultset *B, const struct cmp_opts *o,
                                json_t **sorted, size_t n, json_t *pd, json_t *counts, long nreg) {
  printf("compare: A = %s (git %.12s, %s)\n         B = %s (git %.12s, %s)\n", A->dir, pstr(A->prov, "git_sha"),
         pstr(A->prov, "date"), B->dir, pstr(B->prov, "git_sha"), pstr(B->prov, "date"));
  for (int h = 0; h < o->nhistory; ++h) printf("         A's repeats pooled with %s (--history)\n", o->history[h]);
  size_t i;
  json_t *x;
  json_array_foreach(pd, i, x) printf("  changed: %s\n", json_string_value(x));
  int wc = 6, wk = 14, wp = 5; /* column widths from the data */
  for (size_t r = 0; r < n; ++r) {
    const char *c = rs_str(sorted[r], OKF_config), *k = rs_str(sorted[r], OKF_kernel), *v = rs_str(sorted[r], OKF_variant);
    int l = (int)strlen(c ? c : "-");
    wc = l > wc ? l : wc;
    l = (int)(strlen(k ? k : "-") + strlen(v ? v : "-") + 1);
    wk = l > wk ? l : wk;
    l = (int)strlen(ok_jstr(sorted[r], "point"));
    wp = l > wp ? l : wp;
  }
  printf("\n%-10s  %-*s  %-*s  %-*s  %10s  %10s  %8s  %s\n", "verdict", wc, "config", wk, "kernel/variant", wp,
         "point", "time A", "time B", "change", "why");
  for (size_t r = 0; r < n; ++r) print_compare_row(sorted[r], wc, wk, wp);
  printf("\n%zu point(s):", n);
  const char *k;
  json_object_foreach(counts, k, x) printf(" %s %lld,", k, (long long)json_integer_value(x));
  printf(" thresholds: time %.3g%% (%.3g%% between GPUs, %.3g%% wall-timed GPU from one process), registers +%ld; repeats: %d a side, alpha %g, spread x%g\n",
         o->time_pct, o->gpu_pct, o->wall_pct, o->reg, o->min_repeats, o->alpha, o->host_spread);
  printf("%s\n", nreg ? "compare: REGRESSION found (exit 1)" : "compare: no regression");
}

int compare_main(int argc, char **argv, json_t **doc) {
  char cx[256] = "", cy[256] = "";
  struct cmp_opts o = {5.0, 8.0, 0, 0, 0.05, 3, 2.0, 100.0, {NULL}, 0}; /* the defaults README "Comparing two runs" gives */
  int rc = compare_opts(argc, argv, &o, cx, sizeof cx, cy, sizeof cy);
  if (rc >= 0) return rc;
  struct resultset A, B;
  json_t *cfg_diff = json_array();
  if (load_sides(&A, &B, argv[optind], argv[argc - 1], cx, cy, cfg_diff)) {
    json_decref(cfg_diff);
    return OK_EXIT_USAGE;
  }
  for (int h = 0; h < o.nhistory; ++h) {
    if (rs_add_repeats(&A, o.history[h], "compare")) {
      json_decref(cfg_diff);
      rs_free(&A), rs_free(&B);
      return OK_EXIT_USAGE;
    }
  }
  json_t *rows = compare_rows(&A, &B, &o);
  size_t n = json_array_size(rows);
  json_t **sorted = calloc(n + 1, sizeof *sorted);
  for (size_t i = 0; i < n; ++i) sorted[i] = json_array_get(rows, i);
  qsort(sorted, n, sizeof *sorted, row_cmp);
  json_t *counts = json_object();
  for (size_t i = 0; i < n; ++i) {
    const char *v = ok_jstr(sorted[i], "verdict");
    json_object_set_new(counts, v, json_integer(ok_jint(counts, v) < 0 ? 1 : ok_jint(counts, v) + 1));
  }
  long nreg = ok_jint(counts, "regression") > 0 ? ok_jint(counts, "regression") : 0;
  json_t *pd = prov_diff(A.prov, B.prov);
  gpu_diff(pd, &A, &B);
  json_array_extend(pd, cfg_diff);
  json_decref(cfg_diff);
  if (doc) *doc = compare_json(&A, &B, &o, sorted, n, pd, counts); /* the document takes pd */
  else if (o.json) {
    json_t *d = compare_json(&A, &B, &o, sorted, n, pd, counts);
    char *s = json_dumps(d, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    puts(s);
    free(s);
    json_decref(d);
  } else {
    print_compare_table(&A, &B, &o, sorted, n, pd, counts, nreg);
    json_decref(pd);
  }
  free(sorted);
  json_decref(counts);
  json_decref(rows);
  rs_free(&A);
  rs_free(&B);
  return nreg ? OK_EXIT_FINDING : OK_EXIT_OK;
}

int cmd_compare(int argc, char **argv) { return compare_main(argc, argv, NULL); }
