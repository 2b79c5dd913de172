/* The report's rows (report.h struct rrow): one per omp_target form and point, with the CUDA
 * point of the same workload beside it and the best native one, and the kernel families from
 * kernels.def. Built once by report_rows(); every section reads them. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"
#include "status.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* kernels.def names each kernel's family and fixes the order kernels are listed in. */
static const struct {
  const char *name, *family;
} kdefs[] = {
#define OK_KERNEL(name, family, summary, ops, bytes) {#name, family},
#include "kernels.def" /* kernels/, on the include path (driver/CMakeLists.txt) */
#undef OK_KERNEL
};
enum { NKDEFS = sizeof kdefs / sizeof kdefs[0] };

int report_kernel_order(const char *kernel) {
  for (int i = 0; i < NKDEFS; ++i)
    if (kernel && !strcmp(kdefs[i].name, kernel)) return i;
  return NKDEFS;
}

const char *report_kernel_prefix(const char *name) {
  const char *best = NULL;
  for (int i = 0; name && i < NKDEFS; ++i) {
    size_t l = strlen(kdefs[i].name);
    if (!strncmp(name, kdefs[i].name, l) && (name[l] == 0 || name[l] == '_') && (!best || l > strlen(best))) best = kdefs[i].name;
  }
  return best;
}

int report_family(struct report *r, const char *kernel) {
  int k = report_kernel_order(kernel);
  const char *fam = k < NKDEFS ? kdefs[k].family : "other";
  for (int i = 0; i < r->nfamilies; ++i)
    if (!strcmp(r->families[i], fam)) return i;
  return r->nfamilies - 1; /* "other", always last */
}

static void families_init(struct report *r) {
  for (int i = 0; i < NKDEFS && r->nfamilies < 63; ++i) {
    int seen = 0;
    for (int f = 0; f < r->nfamilies; ++f) seen |= !strcmp(r->families[f], kdefs[i].family);
    if (!seen) r->families[r->nfamilies++] = kdefs[i].family;
  }
  r->families[r->nfamilies++] = "other";
}

/* ---- rows ---- */

/* param minus its ran=TxN tokens (rs_param_key): they say what a region got, not the point asked for. */
static void param_of(json_t *j, char *out, size_t n) {
  const char *p = rs_str(j, OKF_param);
  if (p) rs_param_key(p, out, n);
  else out[0] = 0;
}

static void scalar(json_t *v, char *buf, size_t n) {
  if (json_is_string(v)) snprintf(buf, n, "%s", json_string_value(v));
  else if (json_is_integer(v)) snprintf(buf, n, "%lld", (long long)json_integer_value(v));
  else if (json_is_number(v)) snprintf(buf, n, "%g", json_number_value(v));
  else buf[0] = 0;
}

static long teams_of(json_t *j) {
  long t = rs_int(j, OKF_teams);
  return t > 0 ? t : ok_jint(j, "blocks");
}

/* A point's label for people ("int 128×1024 stride 32 order=relaxed size=4096"; shape_in_label=0
 * leaves out the launch shape and affinity), its key (every point dimension of ok_record.def,
 * rs_dims_key) and its workload key (the dimensions less the launch shape: how native lines are
 * matched to GPU rows). */
static void point_of_shape(json_t *j, int shape_in_label, char *label, size_t nl, char *key, size_t nk, char *wkey,
                           size_t nw, long *total) {
  long th = rs_int(j, OKF_threads), te = teams_of(j);
  *total = (th > 0 ? th : 0) * (te > 0 ? te : 1);
  rs_dims_key(j, RS_DIM_WORK | RS_DIM_SHAPE, key, nk);
  rs_dims_key(j, RS_DIM_WORK, wkey, nw);
  size_t len = 0;
  label[0] = 0;
  for (int i = 0; rs_point_fields[i] && len < nl; ++i) {
    const char *f = rs_point_fields[i];
    char v[256] = "", part[300];
    if (!strcmp(f, OK_FNAME(param))) param_of(j, v, sizeof v);
    else scalar(json_object_get(j, f), v, sizeof v);
    if (!strcmp(f, OK_FNAME(threads)) && th > 0 && shape_in_label) snprintf(part, sizeof part, "%ld×%ld", te > 0 ? te : 1, th);
    else if (!strcmp(f, OK_FNAME(teams)) || !strcmp(f, OK_FNAME(threads)) || !v[0]) continue;
    else if (!strcmp(f, OK_FNAME(affinity)) && !shape_in_label) continue;
    else if (!strcmp(f, OK_FNAME(stride))) snprintf(part, sizeof part, "stride %s", v);
    else if (!strcmp(f, OK_FNAME(type)) || !strcmp(f, OK_FNAME(param)) || !strcmp(f, OK_FNAME(affinity)))
      snprintf(part, sizeof part, "%s", v);
    else snprintf(part, sizeof part, "%s=%s", f, v); /* any other dimension, by its name */
    len += (size_t)snprintf(label + len, nl - len, "%s%s", len ? " " : "", part);
  }
}

void rp_point_label(json_t *j, char *buf, size_t n) {
  char k[512], w[512];
  long t;
  point_of_shape(j, 1, buf, n, k, sizeof k, w, sizeof w, &t);
}

static void point_of(json_t *j, char *label, size_t nl, char *key, size_t nk, char *wkey, size_t nw, long *total) {
  point_of_shape(j, 1, label, nl, key, nk, wkey, nw, total);
}

/* A row's representative line: its omp_target point, else its CUDA one. */
static json_t *row_line(const struct rrow *w) {
  return w->omp[SL_SPMD] ? w->omp[SL_SPMD] : w->omp[SL_GENERIC] ? w->omp[SL_GENERIC] : w->cuda;
}

static const char *model_of(json_t *j) {
  const char *m = rs_str(j, OKF_model);
  return m ? m : "";
}

static int ends_with(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && !strcmp(s + a - b, suf);
}

/* omp_target variants are <form>_spmd / <form>_generic, or spmd / generic for a kernel's one form. */
static int omp_form(json_t *j, char *form, size_t n) {
  const char *v = rs_str(j, OKF_variant) ? rs_str(j, OKF_variant) : "", *src = rs_str(j, OKF_source_mode);
  int slot = src && !strcasecmp(src, "generic") ? SL_GENERIC : SL_SPMD;
  size_t len = strlen(v);
  if (!strcmp(v, "spmd") || !strcmp(v, "generic")) {
    form[0] = 0;
    return !strcmp(v, "generic") ? SL_GENERIC : SL_SPMD;
  }
  if (ends_with(v, "_spmd")) len -= 5, slot = SL_SPMD;
  else if (ends_with(v, "_generic")) len -= 8, slot = SL_GENERIC;
  snprintf(form, n, "%.*s", (int)len, v);
  return slot;
}

/* Whether the shorter name sits in the longer at '_' boundaries ("shfl_down_sync" in
 * "shfl_down_sync_x", not "b8" in "b8k"). */
static int contains_word(const char *big, const char *small) {
  size_t n = strlen(small);
  if (!n) return 0;
  for (const char *p = strstr(big, small); p; p = strstr(p + 1, small))
    if ((p == big || p[-1] == '_') && (p[n] == 0 || p[n] == '_')) return 1;
  return 0;
}

/* Which of a kernel's CUDA (or native) variants is the reference for an omp_target form: a rule of
 * ref_rules naming the form, else the same name, else one naming the other, else the kernel's only
 * one, else the kernel's default rule (form NULL). by_workload: the omp form runs at a launch shape
 * of its own (the runtime's choice, a persistent grid) or the reference at another, so the pair
 * is the same work less the launch shape (rows_cuda_refs); docs/sync.md lists the pairs. */
static const struct ref_rule {
  const char *kernel, *form, *ref;
  int by_workload;
} ref_rules[] = {
    {"fence", "omp_flush_store", "threadfence_store", 0},
    /* k back-to-back launches of a 1x32 kernel and one wait, in both; the blocking forms wait for
     * every region, which no CUDA form times, and stay unpaired */
    {"launch", "target_teams_nowait", "cuda_plain", 1},
    /* the sum and max of the same 2^26 ints: the reduction clause against CUDA's library reduction,
     * an atomic per element against the same in CUDA, ompx shuffles in persistent threads against
     * CUDA's persistent threads */
    {"reduce_study", "clause", "cuda_cub", 1},
    {"reduce_study", "atomic", "cuda_atomic_per_element", 1},
    {"reduce_study", "ompx_shfl", "cuda_persistent", 1},
    {"fence", NULL, "threadfence", 0},
    {NULL, NULL, NULL, 0}};

/* Families whose every omp_target point pairs with CUDA by workload: whole applications, where
 * each model launches at its own shape (CUDA at its tuned block size and a block per work item,
 * omp_target at the source's or the runtime's), so the same problem (size, param) is the pair,
 * not the same teams x threads (issue 31 §2). */
static const char *const workload_families[] = {"proxy", NULL};

static int family_by_workload(const char *kernel) {
  int k = report_kernel_order(kernel);
  for (int i = 0; k < NKDEFS && workload_families[i]; ++i)
    if (!strcmp(kdefs[k].family, workload_families[i])) return 1;
  return 0;
}

/* The rule for (kernel, form) whose reference the variants hold; any_form: the kernel's default. */
static const struct ref_rule *ref_rule(json_t *variants, const char *kernel, const char *form, int any_form) {
  for (const struct ref_rule *x = ref_rules; x->kernel; ++x)
    if (!strcmp(x->kernel, kernel) && (any_form ? !x->form : x->form && !strcmp(x->form, form)) &&
        json_object_get(variants, x->ref))
      return x;
  return NULL;
}

static const char *ref_variant(json_t *variants, const char *kernel, const char *form, int *by_workload) {
  *by_workload = 0;
  if (!variants) return NULL;
  const char *v, *best = NULL;
  json_t *x;
  const struct ref_rule *rule = ref_rule(variants, kernel, form, 0);
  if (rule) {
    *by_workload = rule->by_workload;
    return json_string_value(json_object_get(variants, rule->ref));
  }
  if (json_object_get(variants, form)) return json_string_value(json_object_get(variants, form));
  json_object_foreach(variants, v, x) if ((contains_word(form, v) || contains_word(v, form)) &&
                                          (!best || strlen(v) > strlen(best))) best = json_string_value(x);
  if (best) return best;
  if (json_object_size(variants) == 1) {
    json_object_foreach(variants, v, x) return json_string_value(x);
  }
  if ((rule = ref_rule(variants, kernel, form, 1))) {
    *by_workload = rule->by_workload;
    return json_string_value(json_object_get(variants, rule->ref));
  }
  return NULL;
}

static struct rrow *row_get(struct report *r, json_t *index, const char *key) {
  json_t *at = json_object_get(index, key);
  if (at) return &r->rows[json_integer_value(at)];
  if (r->nrows == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 64;
    r->rows = realloc(r->rows, r->cap * sizeof *r->rows);
  }
  struct rrow *w = &r->rows[r->nrows];
  memset(w, 0, sizeof *w);
  w->ratio[0] = w->ratio[1] = NAN;
  w->config = "";
  json_object_set_new(index, key, json_integer((json_int_t)r->nrows++));
  return w;
}

static void variants_add(json_t *sets, json_t *j) {
  const char *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
  if (!k || !v) return;
  json_t *s = json_object_get(sets, k);
  if (!s) json_object_set_new(sets, k, s = json_object());
  json_object_set(s, v, rs_get(j, OKF_variant)); /* the line's own string: it outlives the set */
}

/* Cost to compare natives by: ns per op, failures last. */
static double native_cost(json_t *j) {
  double ns = rs_ns_per_op(j);
  if (!rs_is_ok(j)) return INFINITY;
  if (isnan(ns)) {
    double med, mn, mx;
    rs_metric(j, &med, &mn, &mx);
    ns = isnan(med) ? 1e300 : med;
  }
  return ns;
}

/* Lines of one model by "kernel|variant", in file order, each as [line, workload key]: the joins
 * below look a variant's lines up instead of scanning every line per row (rows × lines was most
 * of a full study's report time). */
static json_t *lines_by_variant(struct report *r, enum ok_model_id model) {
  json_t *idx = json_object(), *j;
  size_t i;
  json_array_foreach(r->rs.lines, i, j) {
    const char *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
    if (!k || !v || ok_model_of(model_of(j)) != model) continue;
    char key[600], w[512];
    snprintf(key, sizeof key, "%s|%s", k, v);
    rs_dims_key(j, RS_DIM_WORK, w, sizeof w);
    json_t *a = json_object_get(idx, key);
    if (!a) json_object_set_new(idx, key, a = json_array());
    json_array_append_new(a, json_pack("[Os]", j, w));
  }
  return idx;
}

static json_t *variant_lines(json_t *idx, const char *kernel, const char *variant) {
  char key[600];
  snprintf(key, sizeof key, "%s|%s", kernel, variant);
  return json_object_get(idx, key);
}

/* The best native line for (kernel, variant, workload): each configuration at its largest thread
 * count, then the cheapest of those. natives: lines_by_variant(r, OKM_NATIVE). */
static json_t *best_native(json_t *natives, const char *kernel, const char *variant, const char *wkey) {
  json_t *best = NULL, *top[16] = {0};
  const char *cfgs[16];
  int nc = 0;
  size_t i;
  json_t *e;
  json_array_foreach(variant_lines(natives, kernel, variant), i, e) {
    json_t *j = json_array_get(e, 0);
    if (strcmp(json_string_value(json_array_get(e, 1)), wkey) && rs_is_ok(j)) continue; /* a failed line may lack its point fields */
    const char *c = rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "";
    int at = 0;
    while (at < nc && strcmp(cfgs[at], c)) ++at;
    if (at == nc) {
      if (nc == 16) continue;
      cfgs[nc++] = c;
    }
    json_t *h = top[at];
    if (!h || (rs_is_ok(j) && !rs_is_ok(h)) || (rs_is_ok(j) == rs_is_ok(h) && rs_int(j, OKF_threads) > rs_int(h, OKF_threads)))
      top[at] = j;
  }
  for (int c = 0; c < nc; ++c)
    if (!best || native_cost(top[c]) < native_cost(best)) best = top[c];
  return best;
}

static int row_cmp(const void *x, const void *y) {
  const struct rrow *a = x, *b = y;
  if (a->family != b->family) return a->family - b->family;
  int d = report_kernel_order(a->kernel) - report_kernel_order(b->kernel);
  if (d) return d;
  if ((d = strcmp(a->kernel, b->kernel))) return d;
  if ((d = (!a->config[0]) - (!b->config[0]))) return d; /* omp_target rows before reference-only rows */
  if ((d = strcmp(a->form, b->form))) return d;
  if ((d = strcmp(a->config, b->config))) return d;
  if ((d = strcmp(a->wkey, b->wkey))) return d;
  if (a->total != b->total) return a->total < b->total ? -1 : 1;
  return strcmp(a->pkey, b->pkey);
}

/* Rate points (maps, microbenchmarks) are drawn and tabled by report_heatmap.c instead. */
static int tabled(json_t *j) { return rs_str(j, OKF_kernel) && !rs_get(j, OKF_rate); }

/* What the row builders share: indexes of the reference lines, and which are taken. */
struct rows_ctx {
  json_t *index, *cuda_vars, *native_vars, *cuda_at, *cuda_used, *native_used;
  json_t *cuda_lines, *native_lines; /* lines_by_variant */
  json_t *cuda_work, *cuda_work0;     /* CUDA points by kernel|variant|workload key (0: less its param) */
};

/* CUDA and native lines by kernel and variant; CUDA points by key. */
static void rows_index(struct report *r, struct rows_ctx *x) {
  json_t *cuda_vars = x->cuda_vars, *native_vars = x->native_vars, *cuda_at = x->cuda_at;
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j)) continue;
    const char *m = model_of(j);
    if (ok_model_of(m) == OKM_CUDA) {
      variants_add(cuda_vars, j);
      char l[256], k[512], w[512], key[1200];
      long t;
      point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
      snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, OKF_kernel), rs_str(j, OKF_variant), k);
      if (!json_object_get(cuda_at, key)) json_object_set(cuda_at, key, j);
      snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, OKF_kernel), rs_str(j, OKF_variant), w);
      if (!json_object_get(x->cuda_work, key)) json_object_set(x->cuda_work, key, j);
      rs_dims_key(j, RS_DIM_WORK | RS_DIM_NO_PARAM, w, sizeof w);
      snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, OKF_kernel), rs_str(j, OKF_variant), w);
      if (!json_object_get(x->cuda_work0, key)) json_object_set(x->cuda_work0, key, j);
    } else if (ok_model_of(m) == OKM_NATIVE) variants_add(native_vars, j);
  }
}

/* omp_target lines make the rows. */
static void rows_omp(struct report *r, struct rows_ctx *x) {
  json_t *index = x->index;
  size_t i;
  json_t *j;
  /* omp_target lines make the rows. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_OMP_TARGET) continue;
    const char *cfg = rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "?";
    int c = 0;
    while (c < r->n_omp_configs && strcmp(r->omp_configs[c], cfg)) ++c;
    if (c == r->n_omp_configs && c < 16) r->omp_configs[r->n_omp_configs++] = cfg;
    char form[128], l[256], k[512], w[512], key[1400];
    long t;
    int slot = omp_form(j, form, sizeof form);
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    snprintf(key, sizeof key, "%s|%s|%s|%s", rs_str(j, OKF_kernel), form, k, cfg);
    struct rrow *row = row_get(r, index, key);
    if (!row->kernel) {
      row->kernel = rs_str(j, OKF_kernel), row->config = cfg, row->total = t;
      snprintf(row->form, sizeof row->form, "%s", form);
      snprintf(row->point, sizeof row->point, "%s", l);
      snprintf(row->pkey, sizeof row->pkey, "%s", k);
      snprintf(row->wkey, sizeof row->wkey, "%s", w);
    }
    if (!row->omp[slot]) row->omp[slot] = j;
  }
}

/* Each row's CUDA reference. */
static void rows_cuda_refs(struct report *r, struct rows_ctx *x) {
  json_t *cuda_vars = x->cuda_vars, *cuda_at = x->cuda_at, *cuda_used = x->cuda_used;
  size_t i;
  json_t *j;
  /* Their CUDA reference: the same point, else the same threads at a team count within 10 %
   * (the offload sweep's 128 teams against CUDA's one block per SM), marked as approximate. */
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    int by_workload;
    const char *cv = ref_variant(json_object_get(cuda_vars, w->kernel), w->kernel, w->form, &by_workload);
    if (!cv) continue;
    /* a whole application's param names its problem: another problem's point is no partner */
    int problem_param = !by_workload && family_by_workload(w->kernel);
    by_workload |= problem_param;
    w->cuda_variant = cv;
    char key[1200], wkey0[512], np[512];
    snprintf(key, sizeof key, "%s|%s|%s", w->kernel, cv, w->pkey);
    w->cuda = json_object_get(cuda_at, key);
    /* A param the reference lacks (order=relaxed against plain atomicAdd): its param-less point. */
    json_t *probe = row_line(w);
    rs_dims_key(probe, RS_DIM_WORK | RS_DIM_SHAPE | RS_DIM_NO_PARAM, np, sizeof np);
    rs_dims_key(probe, RS_DIM_WORK | RS_DIM_NO_PARAM, wkey0, sizeof wkey0);
    snprintf(key, sizeof key, "%s|%s|%s", w->kernel, cv, np);
    if (!w->cuda) w->cuda = json_object_get(cuda_at, key);
    long th = rs_int(probe, OKF_threads), te = teams_of(probe);
    if (!w->cuda && th > 0 && te > 1) {
      double gap = 0.1;
      json_t *e;
      json_array_foreach(variant_lines(x->cuda_lines, w->kernel, cv), i, e) {
        j = json_array_get(e, 0);
        if (!tabled(j) || rs_int(j, OKF_threads) != th || teams_of(j) < 2) continue;
        char l[256], k[512], wk[512];
        long t;
        point_of(j, l, sizeof l, k, sizeof k, wk, sizeof wk, &t);
        double g = fabs((double)teams_of(j) - (double)te) / (double)te;
        rs_dims_key(j, RS_DIM_WORK | RS_DIM_NO_PARAM, np, sizeof np);
        if ((strcmp(wk, w->wkey) && strcmp(np, wkey0)) || g > gap) continue;
        gap = g, w->cuda = j, w->cuda_approx = 1;
      }
    }
    if (!w->cuda && by_workload) { /* the same work at the reference's own launch shape */
      snprintf(key, sizeof key, "%s|%s|%s", w->kernel, cv, w->wkey);
      w->cuda = json_object_get(x->cuda_work, key);
      snprintf(key, sizeof key, "%s|%s|%s", w->kernel, cv, wkey0);
      json_t *c0 = w->cuda ? NULL : json_object_get(x->cuda_work0, key);
      char pk[512] = "";
      if (c0 && rs_str(c0, OKF_param)) rs_param_key(rs_str(c0, OKF_param), pk, sizeof pk);
      if (c0 && (!problem_param || !pk[0])) w->cuda = c0; /* a param the reference lacks */
      w->cuda_by_workload = w->cuda != NULL;
    }
    if (w->cuda) json_object_set_new(cuda_used, ok_jstr(w->cuda, RS_KEY) ? ok_jstr(w->cuda, RS_KEY) : key, json_true());
  }
}

/* CUDA points that are nobody's reference. */
static void rows_cuda_own(struct report *r, struct rows_ctx *x) {
  json_t *index = x->index, *cuda_used = x->cuda_used;
  size_t i;
  json_t *j;
  /* CUDA points that are no omp_target form's reference get rows of their own. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_CUDA || json_object_get(cuda_used, ok_jstr(j, RS_KEY))) continue;
    char l[256], k[512], w[512], key[1400];
    long t;
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    const char *v = rs_str(j, OKF_variant) ? rs_str(j, OKF_variant) : "";
    snprintf(key, sizeof key, "%s|%s|%s|", rs_str(j, OKF_kernel), v, k);
    struct rrow *row = row_get(r, index, key);
    if (row->kernel) continue;
    row->kernel = rs_str(j, OKF_kernel), row->total = t, row->cuda = j, row->cuda_variant = v;
    snprintf(row->form, sizeof row->form, "%s", v);
    snprintf(row->point, sizeof row->point, "%s", l);
    snprintf(row->pkey, sizeof row->pkey, "%s", k);
    snprintf(row->wkey, sizeof row->wkey, "%s", w);
  }
}

/* The best native point of each row's workload. */
static void rows_native_join(struct report *r, struct rows_ctx *x) {
  json_t *native_vars = x->native_vars, *native_used = x->native_used;
  /* The best native point of the same workload joins each row. */
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    int by_workload; /* the native join is by workload anyway */
    const char *nv = ref_variant(json_object_get(native_vars, w->kernel), w->kernel, w->form, &by_workload);
    if (!nv) continue;
    char wk[512];
    snprintf(wk, sizeof wk, "%s", w->wkey);
    w->native = best_native(x->native_lines, w->kernel, nv, wk);
    if (!w->native && row_line(w)) { /* the workload less its param */
      rs_dims_key(row_line(w), RS_DIM_WORK | RS_DIM_NO_PARAM, wk, sizeof wk);
      w->native = best_native(x->native_lines, w->kernel, nv, wk);
    }
    if (!w->native) continue;
    /* the chosen line's own workload is represented (a failed line may have matched any) */
    char key[1200], l[256], k[512];
    long t;
    point_of(w->native, l, sizeof l, k, sizeof k, wk, sizeof wk, &t);
    snprintf(key, sizeof key, "%s|%s|%s", w->kernel, nv, wk);
    json_object_set_new(native_used, key, json_true());
  }
}

/* Native workloads without a GPU row. */
static void rows_native_own(struct report *r, struct rows_ctx *x) {
  json_t *index = x->index, *native_used = x->native_used;
  size_t i;
  json_t *j;
  /* Native workloads no GPU row stands for: one row each, at the best thread count. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_NATIVE) continue;
    char l[256], k[512], w[512], key[1200];
    long t;
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    const char *v = rs_str(j, OKF_variant) ? rs_str(j, OKF_variant) : "";
    snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, OKF_kernel), v, w);
    if (json_object_get(native_used, key)) continue;
    json_object_set_new(native_used, key, json_true());
    struct rrow *row = row_get(r, index, key);
    row->kernel = rs_str(j, OKF_kernel), row->native = best_native(x->native_lines, row->kernel, v, w);
    if (!row->native) row->native = j;
    snprintf(row->form, sizeof row->form, "%s", v);
    snprintf(row->wkey, sizeof row->wkey, "%s", w);
    /* The native thread count and affinity are shown in its cell, not in the point. */
    char pk[512], wk[512];
    point_of_shape(row->native, 0, row->point, sizeof row->point, pk, sizeof pk, wk, sizeof wk, &t);
    snprintf(row->pkey, sizeof row->pkey, "%s", key);
  }
}

/* Families, ratios, order. */
static void rows_finish(struct report *r, struct rows_ctx *x) {
  (void)x;
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    w->family = report_family(r, w->kernel);
    double cu = w->cuda && rs_is_ok(w->cuda) && !rp_is_floor(w->cuda) ? rs_ns_per_op(w->cuda) : NAN;
    for (int s = 0; s < SL_N; ++s)
      if (w->omp[s] && rs_is_ok(w->omp[s]) && !rp_is_floor(w->omp[s])) w->ratio[s] = rs_ns_per_op(w->omp[s]) / cu;
  }
  if (r->nrows) qsort(r->rows, r->nrows, sizeof *r->rows, row_cmp); /* no rows: rows is NULL */
}

static void build_rows(struct report *r) {
  struct rows_ctx x = {json_object(), json_object(), json_object(), json_object(), json_object(), json_object(),
                       lines_by_variant(r, OKM_CUDA), lines_by_variant(r, OKM_NATIVE), json_object(), json_object()};
  rows_index(r, &x);
  rows_omp(r, &x);
  rows_cuda_refs(r, &x);
  rows_cuda_own(r, &x);
  rows_native_join(r, &x);
  rows_native_own(r, &x);
  rows_finish(r, &x);
  json_t *all[] = {x.index, x.cuda_vars, x.native_vars, x.cuda_at, x.cuda_used, x.native_used, x.cuda_lines, x.native_lines,
                   x.cuda_work, x.cuda_work0};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; ++k) json_decref(all[k]);
}

/* remarks.jsonl records behind each linked ID: (config, kernel symbol, ID). */
void report_rows(struct report *r) {
  families_init(r);
  build_rows(r);
}
