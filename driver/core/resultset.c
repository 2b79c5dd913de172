/* A finished result folder read back (resultset.h): its lines with repeats merged and keyed by
 * point, provenance and remarks, and the point keys and labels report, compare and merge share. */
#define _GNU_SOURCE
#include "resultset.h"

#include "ok_record.h"
#include "status.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const rs_point_fields[] = {
#define OK_FIELD(name, kind, unit, role, csv, scope, doc) OK_IF_DIM(role, #name, )
#include "ok_record.def"
    NULL};
/* Per rs_point_fields entry: a launch-shape dimension (OK_R_SHAPE). */
static const int point_is_shape[] = {
#define OK_FIELD(name, kind, unit, role, csv, scope, doc) OK_IF_DIM(role, role == OK_R_SHAPE, )
#include "ok_record.def"
    0};
/* Time-like metrics in order of preference. */
static const char *const metrics[] = {
#define OK_FIELD(name, kind, unit, role, csv, scope, doc) OK_IF_STATS(kind, #name, )
#include "ok_record.def"
    NULL};

int rs_is_ok(json_t *j) { return ok_status_measured(ok_line_status(j)); }

static void scalar(json_t *v, char *buf, size_t n) {
  if (json_is_string(v)) snprintf(buf, n, "%s", json_string_value(v));
  else if (json_is_integer(v)) snprintf(buf, n, "%lld", (long long)json_integer_value(v));
  else if (json_is_real(v)) snprintf(buf, n, "%g", json_real_value(v));
  else if (json_is_boolean(v)) snprintf(buf, n, "%s", json_is_true(v) ? "true" : "false");
  else snprintf(buf, n, "?");
}

void rs_param_key(const char *p, char *out, size_t n) {
  size_t len = 0;
  out[0] = 0;
  while (*p) {
    size_t t = strcspn(p, ",");
    if (t && strncmp(p, "ran=", 4) && len + t + 2 < n) {
      if (len) out[len++] = ',';
      memcpy(out + len, p, t);
      out[len += t] = 0;
    }
    p += t + (p[t] == ',');
  }
}

void rs_dims_key(json_t *j, unsigned what, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; rs_point_fields[i] && len < n; ++i) {
    json_t *f = json_object_get(j, rs_point_fields[i]);
    int param = !strcmp(rs_point_fields[i], OK_FNAME(param));
    if (!f || json_is_null(f) || !(what & (point_is_shape[i] ? RS_DIM_SHAPE : RS_DIM_WORK)) ||
        (param && (what & RS_DIM_NO_PARAM)))
      continue;
    char val[256];
    if (param && json_is_string(f)) {
      rs_param_key(json_string_value(f), val, sizeof val);
      if (!val[0]) continue;
    } else
      scalar(f, val, sizeof val);
    len += (size_t)snprintf(buf + len, n - len, "|%s=%s", rs_point_fields[i], val);
  }
}

void rs_key(json_t *j, int with_config, char *buf, size_t n) {
  const char *c = rs_str(j, OKF_config), *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
  int len = with_config ? snprintf(buf, n, "%s|%s|%s", c ? c : "", k ? k : "", v ? v : "")
                        : snprintf(buf, n, "%s", k ? k : "");
  if (len > 0 && (size_t)len < n) rs_dims_key(j, RS_DIM_WORK | RS_DIM_SHAPE, buf + len, n - (size_t)len);
}

void rs_point_label(json_t *j, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; rs_point_fields[i] && len < n; ++i) {
    json_t *f = json_object_get(j, rs_point_fields[i]);
    if (!f || json_is_null(f)) continue;
    char val[128];
    scalar(f, val, sizeof val);
    len += (size_t)snprintf(buf + len, n - len, "%s%s=%s", len ? " " : "", rs_point_fields[i], val);
  }
}

static double num(json_t *o, const char *k) {
  json_t *v = json_object_get(o, k);
  return json_is_number(v) ? json_number_value(v) : NAN;
}

static int cmp_double(const void *a, const void *b);
/* (max - min) / median of one repeat's runs (or pairs), NAN when not recorded. */
static double run_spread(json_t *m) {
  double md = num(m, "median"), mn = num(m, "min"), mx = num(m, "max");
  return md > 0 && !isnan(mn) && !isnan(mx) ? (mx - mn) / md : NAN;
}

/* A repeat's spread of a metric into its "_spreads" list (compare's noise band). */
static void add_spread(json_t *j, const char *metric, json_t *m) {
  json_t *sp = json_object_get(j, RS_SPREADS);
  if (!sp) json_object_set_new(j, RS_SPREADS, sp = json_object());
  json_t *a = json_object_get(sp, metric);
  if (!a) json_object_set_new(sp, metric, a = json_array());
  double v = run_spread(m);
  if (!isnan(v)) json_array_append_new(a, json_real(v));
}

double rs_run_spread(json_t *j, const char *metric) {
  json_t *a = json_object_get(json_object_get(j, RS_SPREADS), metric);
  size_t n = json_array_size(a);
  if (!n) return NAN;
  double v[1024];
  size_t k = 0;
  for (; k < n && k < 1024; ++k) v[k] = json_number_value(json_array_get(a, k));
  qsort(v, k, sizeof *v, cmp_double);
  return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

int rs_repeat_medians(json_t *j, const char *metric, double *out, int max) {
  json_t *a = json_object_get(json_object_get(j, RS_MEDIANS), metric);
  int n = 0;
  size_t i;
  json_t *x;
  json_array_foreach(a, i, x) if (n < max && json_is_number(x)) out[n++] = json_number_value(x);
  return n;
}

const char *rs_compare_metric(json_t *j, double *median, double *min, double *max) {
  /* A clock-timed GPU point: its cycles, not the ns they become through the SM clock measured
   * in that run (another clock reading is not another cost). */
  json_t *m = rs_get(j, OKF_per_op_cycles);
  if (json_is_object(m) && json_is_number(json_object_get(m, "median"))) {
    *median = num(m, "median"), *min = num(m, "min"), *max = num(m, "max");
    return OK_FNAME(per_op_cycles);
  }
  return rs_metric(j, median, min, max);
}

const char *rs_metric(json_t *j, double *median, double *min, double *max) {
  for (int i = 0; metrics[i]; ++i) {
    json_t *m = json_object_get(j, metrics[i]);
    if (!json_is_object(m) || !json_is_number(json_object_get(m, "median"))) continue;
    *median = num(m, "median"), *min = num(m, "min"), *max = num(m, "max");
    return metrics[i];
  }
  *median = *min = *max = NAN;
  return NULL;
}

double rs_ns_per_op(json_t *j) {
  double v = num(rs_get(j, OKF_per_op_ns), "median");
  if (isnan(v)) v = num(j, OK_FNAME(ns_per_op_total));
  return v > 0 ? v : NAN;
}

void rs_fmt_time(double s, char *buf, size_t n) {
  if (isnan(s)) snprintf(buf, n, "-");
  else if (s < 1e-6) snprintf(buf, n, "%.3g ns", s * 1e9);
  else if (s < 1e-3) snprintf(buf, n, "%.3g us", s * 1e6);
  else if (s < 1) snprintf(buf, n, "%.3g ms", s * 1e3);
  else snprintf(buf, n, "%.3g s", s);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Repeats of one point (ompkit run --repeat): median of the medians, overall min and max. */
static void merge_into(json_t *dst, json_t *src) {
  if (rs_is_ok(dst) && !rs_is_ok(src)) { /* the worst status wins: a flaky failure must show */
    json_object_set(dst, OK_FNAME(status), rs_get(src, OKF_status));
    if (rs_get(src, OKF_error)) json_object_set(dst, OK_FNAME(error), rs_get(src, OKF_error));
  }
  json_t *meds = json_object_get(dst, RS_MEDIANS);
  for (int i = 0; metrics[i]; ++i) {
    json_t *s = json_object_get(src, metrics[i]), *d = json_object_get(dst, metrics[i]);
    if (!json_is_object(s) || !json_is_object(d)) continue;
    double smin = num(s, "min"), smax = num(s, "max"), dmin = num(d, "min"), dmax = num(d, "max");
    if (!isnan(smin) && (isnan(dmin) || smin < dmin)) json_object_set_new(d, "min", json_real(smin));
    if (!isnan(smax) && (isnan(dmax) || smax > dmax)) json_object_set_new(d, "max", json_real(smax));
    if (json_is_number(json_object_get(s, "median")))
      json_array_append(json_object_get(meds, metrics[i]), json_object_get(s, "median"));
    add_spread(dst, metrics[i], s);
  }
  json_object_set_new(dst, RS_REPEATS, json_integer(ok_jint(dst, RS_REPEATS) + 1));
}

static void finish_merge(json_t *j) {
  json_t *meds = json_object_get(j, RS_MEDIANS);
  for (int i = 0; metrics[i]; ++i) {
    json_t *a = json_object_get(meds, metrics[i]);
    size_t n = json_array_size(a);
    if (n < 2) continue;
    double *v = malloc(n * sizeof *v);
    for (size_t k = 0; k < n; ++k) v[k] = json_number_value(json_array_get(a, k));
    qsort(v, n, sizeof *v, cmp_double);
    double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    json_object_set_new(json_object_get(j, metrics[i]), "median", json_real(med));
    free(v);
  }
  /* "_medians" stays: compare's rank test over the repeats of a host point (rs_repeat_medians). */
}

struct jsonl_load {
  json_t *a;
  const char *path, *cmd;
};

static int load_line(const struct ok_jsonl_line *l, void *vx) {
  struct jsonl_load *x = vx;
  if (strspn(l->raw, " \t\r\n") == l->len) return 0;
  if (!l->obj) {
    ok_err("%s: %s:%ld: not a JSON object", x->cmd, x->path, l->no);
    return 1;
  }
  json_array_append(x->a, l->obj);
  return 0;
}

/* path's JSON objects as an array; NULL after the one-line error (a line that is no object, or a
 * required file missing); an absent optional file is an empty array. */
static json_t *load_jsonl(const char *path, const char *cmd, int required) {
  struct jsonl_load x = {json_array(), path, cmd};
  int rc = ok_jsonl_each(path, load_line, &x);
  if (rc == -1) {
    json_decref(x.a);
    if (required) ok_err("%s: cannot read %s: %s", cmd, path, strerror(errno));
    return required ? NULL : json_array();
  }
  if (rc) json_decref(x.a), x.a = NULL;
  return x.a;
}

int rs_load(struct resultset *rs, const char *dir, const char *cmd, int need_prov) {
  memset(rs, 0, sizeof *rs);
  snprintf(rs->dir, sizeof rs->dir, "%s", dir);
  struct stat sb;
  if (stat(dir, &sb) || !S_ISDIR(sb.st_mode)) {
    ok_err("%s: %s: no such result folder", cmd, dir);
    return -1;
  }
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  if (access(path, F_OK)) {
    ok_err("%s: %s: no results.jsonl (not a result folder)", cmd, dir);
    return -1;
  }
  json_t *raw = load_jsonl(path, cmd, 1);
  if (!raw) return -1;
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  json_error_t je;
  rs->prov = json_load_file(path, 0, &je);
  if (!json_is_object(rs->prov)) {
    json_decref(rs->prov);
    rs->prov = NULL;
    if (need_prov) {
      ok_err("%s: %s: unreadable provenance.json (%s); refusing a result folder without provenance", cmd, dir,
             access(path, F_OK) ? "missing" : je.text);
      json_decref(raw);
      return -1;
    }
    rs->prov = json_object();
  }
  snprintf(path, sizeof path, "%s/remarks.jsonl", dir);
  rs->remarks = load_jsonl(path, cmd, 0);
  if (!rs->remarks) rs->remarks = json_array(); /* remarks are a bonus; a bad file only loses links */
  snprintf(path, sizeof path, "%s/compile.jsonl", dir);
  rs->compile = load_jsonl(path, cmd, 0);
  if (!rs->compile) rs->compile = json_array(); /* folders before compile.jsonl have none */

  rs->lines = json_array();
  json_t *by_key = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(raw, i, j) {
    char key[1024];
    ok_line_normalize(j); /* record format 1's "status: why" */
    rs_key(j, 1, key, sizeof key);
    json_t *have = json_object_get(by_key, key);
    if (have) {
      merge_into(have, j);
      continue;
    }
    json_t *c = json_incref(j); /* raw goes after the loop: its line is this set's, no copy needed */
    json_object_del(c, OK_FNAME(repeat));
    json_object_set_new(c, RS_KEY, json_string(key));
    json_object_set_new(c, RS_REPEATS, json_integer(1));
    json_t *meds = json_object();
    for (int m = 0; metrics[m]; ++m) {
      json_t *med = json_object_get(json_object_get(c, metrics[m]), "median");
      if (json_is_number(med)) json_object_set_new(meds, metrics[m], json_pack("[O]", med));
      if (json_is_number(med)) add_spread(c, metrics[m], json_object_get(c, metrics[m]));
    }
    json_object_set_new(c, RS_MEDIANS, meds);
    json_object_set(by_key, key, c);
    json_array_append_new(rs->lines, c);
  }
  json_array_foreach(rs->lines, i, j) finish_merge(j);
  json_decref(by_key);
  json_decref(raw);
  return 0;
}

/* Another study's repeats joined to rs's points (compare --history): each of its lines whose
 * point rs has adds one repeat there; points rs lacks are left out (rs's folder says what the
 * baseline measured). The studies must be of one sweep. 0, or -1 after the one-line error. */
int rs_add_repeats(struct resultset *rs, const char *dir, const char *cmd) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  if (access(path, F_OK)) {
    ok_err("%s: %s: no results.jsonl (not a result folder)", cmd, dir);
    return -1;
  }
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  json_t *prov = json_load_file(path, 0, NULL);
  const char *sa = ok_jstr(rs->prov, "sweep"), *sb = ok_jstr(prov, "sweep");
  if (sa && sb && strcmp(sa, sb)) {
    ok_err("%s: %s is a %s run and %s a %s run; pool studies of one sweep", cmd, dir, sb, rs->dir, sa);
    json_decref(prov);
    return -1;
  }
  json_decref(prov);
  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  json_t *raw = load_jsonl(path, cmd, 1);
  if (!raw) return -1;
  json_t *by_key = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) json_object_set(by_key, ok_jstr(j, RS_KEY), j);
  json_array_foreach(raw, i, j) {
    char key[1024];
    ok_line_normalize(j);
    rs_key(j, 1, key, sizeof key);
    json_t *have = json_object_get(by_key, key);
    if (have) merge_into(have, j);
  }
  json_array_foreach(rs->lines, i, j) finish_merge(j);
  json_decref(by_key);
  json_decref(raw);
  return 0;
}

void rs_free(struct resultset *rs) {
  json_decref(rs->prov);
  json_decref(rs->lines);
  json_decref(rs->remarks);
  json_decref(rs->compile);
  memset(rs, 0, sizeof *rs);
}
