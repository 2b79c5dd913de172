/* ompkit report DIR: report.md and a self-contained report.html (inline CSS, a little inline
 * JavaScript for sorting and filtering, plots as inline SVG, no network). The first screen is a
 * summary (report_summary.c), then one compact table row per kernel x point (report_table.c),
 * then plots drawn by gnuplot (report_plots.c), the remarks behind the IDs and the provenance.
 * This file builds the rows all of them read. */
#define _GNU_SOURCE
#include "report.h"
#include "known_defects.h"

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
#include "../kernels/kernels.def"
#undef OK_KERNEL
};
enum { NKDEFS = sizeof kdefs / sizeof kdefs[0] };

int report_kernel_order(const char *kernel) {
  for (int i = 0; i < NKDEFS; ++i)
    if (kernel && !strcmp(kdefs[i].name, kernel)) return i;
  return NKDEFS;
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

void rp_esc(FILE *f, const char *s) {
  for (; s && *s; ++s) switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

/* Markdown table cells: pipes escaped, newlines flattened. */
void rp_mdesc(FILE *f, const char *s) {
  for (; s && *s; ++s) {
    if (*s == '|') fputc('\\', f);
    fputc(*s == '\n' ? ' ' : *s, f);
  }
}

void rp_both(struct report *r, const char *md, const char *html) {
  if (md) fputs(md, r->md);
  if (html) fputs(html, r->html);
}

int rp_is_floor(json_t *j) {
  json_t *f = json_object_get(j, "floor");
  if (json_is_boolean(f)) return json_is_true(f);
  return json_is_number(json_object_get(j, "floor_cycles"));
}

static void fmt_ns(double ns, char *buf, size_t n) {
  if (isnan(ns)) snprintf(buf, n, "–");
  else if (ns < 1e3) snprintf(buf, n, "%.3g ns", ns);
  else if (ns < 1e6) snprintf(buf, n, "%.3g µs", ns / 1e3);
  else if (ns < 1e9) snprintf(buf, n, "%.3g ms", ns / 1e6);
  else snprintf(buf, n, "%.3g s", ns / 1e9);
}

void rp_cost(json_t *j, char *buf, size_t n) {
  if (!j) {
    snprintf(buf, n, "–");
    return;
  }
  if (!rs_is_ok(j)) {
    snprintf(buf, n, "%s", rs_str(j, "status") ? rs_str(j, "status") : "no status");
    return;
  }
  if (rp_is_floor(j)) {
    json_t *fc = json_object_get(j, "floor_cycles");
    double cyc = json_is_number(fc) ? json_number_value(fc)
                                    : json_number_value(json_object_get(json_object_get(j, "per_op_cycles"), "median"));
    if (cyc > 0) snprintf(buf, n, "≤ %.3g cycles (floor)", cyc);
    else {
      char t[32];
      fmt_ns(rs_ns_per_op(j), t, sizeof t);
      snprintf(buf, n, "≤ %s (floor)", t);
    }
    return;
  }
  double ns = rs_ns_per_op(j);
  if (!isnan(ns)) {
    fmt_ns(ns, buf, n);
    return;
  }
  double med, mn, mx;
  const char *m = rs_metric(j, &med, &mn, &mx);
  if (m && !strcmp(m, "time_s")) rs_fmt_time(med, buf, n);
  else if (m) snprintf(buf, n, "%.3g cycles", med);
  else snprintf(buf, n, "ok");
}

void rp_ratio(double x, char *buf, size_t n) {
  if (isnan(x)) snprintf(buf, n, "–");
  else snprintf(buf, n, x >= 100 ? "×%.0f" : "×%.2g", x);
}

const char *rp_mode(json_t *j) {
  const char *m = rs_str(j, "observed_mode");
  return m ? m : rs_str(j, "static_mode");
}

int rp_mode_rank(const char *m) {
  if (!m) return -1;
  if (!strcasecmp(m, "SPMD")) return 2;
  if (!strcasecmp(m, "Generic-SPMD") || !strcasecmp(m, "SPMD-Generic")) return 1;
  if (!strcasecmp(m, "Generic")) return 0;
  return -1;
}

int rp_is_known_defect(json_t *j) {
  const char *s = rs_str(j, "status");
  return s && (!strncmp(s, "known defect", 12) || !strncmp(s, "fixed?", 6));
}

/* Anything that is not ok, skipped, disabled or a known defect is a failure, whatever it says. */
int rp_is_failure(json_t *j) {
  const char *s = rs_str(j, "status");
  if (!s) return 1;
  return strcmp(s, "ok") && strncmp(s, "skipped", 7) && strncmp(s, "disabled", 8) && !rp_is_known_defect(j) &&
         strcmp(s, OK_DEADLOCK_EXPECTED) /* a deadlock probe that hung as it should */ &&
         strncmp(s, "not built", 9) && strncmp(s, "not runnable", 12); /* the compiler's limits, listed apart */
}

void rp_form_label(struct report *r, const struct rrow *w, int slot, char *buf, size_t n) {
  int len = snprintf(buf, n, "%s%s%s", w->kernel, w->form[0] ? "/" : "", w->form);
  if (slot >= 0 && len > 0 && (size_t)len < n) len += snprintf(buf + len, n - (size_t)len, " %s", slot == SL_SPMD ? "spmd" : "generic");
  if (r->n_omp_configs > 1 && w->config[0] && len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, " [%s]", !strncmp(w->config, "target-", 7) ? w->config + 7 : w->config);
}

void rp_row_anchor(struct report *r, const struct rrow *w, char *buf, size_t n) {
  snprintf(buf, n, "row-%zu", (size_t)(w - r->rows));
}

void rp_remark_anchor(char *buf, size_t n, const char *config, const char *sym, const char *id) {
  int len = snprintf(buf, n, "r-%s-%s-%s", config, sym, id);
  for (int i = 0; i < len && (size_t)i < n; ++i)
    if (!isalnum((unsigned char)buf[i]) && buf[i] != '-') buf[i] = '_';
}

/* ---- rows ---- */

/* param minus its ran=TxN tokens (rs_param_key): they say what a region got, not the point asked for. */
static void param_of(json_t *j, char *out, size_t n) {
  const char *p = rs_str(j, "param");
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
  long t = rs_int(j, "teams");
  return t > 0 ? t : rs_int(j, "blocks");
}

/* A point's label ("int 128×1024 stride 32 order=relaxed"; shape=0 leaves out the launch shape
 * and affinity), its key, and its workload key (the point less its launch shape and affinity,
 * which is how native lines are matched). */
static void point_of_shape(json_t *j, int shape_in_label, char *label, size_t nl, char *key, size_t nk, char *wkey,
                           size_t nw, long *total) {
  char ty[64], st[32], af[64], pa[256];
  scalar(json_object_get(j, "type"), ty, sizeof ty);
  scalar(json_object_get(j, "stride"), st, sizeof st);
  scalar(json_object_get(j, "affinity"), af, sizeof af);
  param_of(j, pa, sizeof pa);
  long th = rs_int(j, "threads"), te = teams_of(j);
  char shape[64] = "";
  if (th > 0 && shape_in_label) snprintf(shape, sizeof shape, "%ld×%ld", te > 0 ? te : 1, th);
  *total = (th > 0 ? th : 0) * (te > 0 ? te : 1);
  int len = 0;
  label[0] = 0;
  const char *parts[] = {ty, shape, st[0] ? "stride " : "", st, shape_in_label ? af : "", pa};
  for (int i = 0; i < 6; ++i) {
    if (!parts[i][0] || len < 0 || (size_t)len >= nl) continue;
    int glue = len && i != 3; /* "stride " and its value stay together */
    len += snprintf(label + len, nl - (size_t)len, "%s%s", glue ? " " : "", parts[i]);
  }
  snprintf(key, nk, "%s|%ld|%ld|%s|%s|%s", ty, th, te, st, af, pa);
  snprintf(wkey, nw, "%s|%s|%s", ty, st, pa);
}

void rp_point_label(json_t *j, char *buf, size_t n) {
  char k[512], w[512];
  long t;
  point_of_shape(j, 1, buf, n, k, sizeof k, w, sizeof w, &t);
}

static void point_of(json_t *j, char *label, size_t nl, char *key, size_t nk, char *wkey, size_t nw, long *total) {
  point_of_shape(j, 1, label, nl, key, nk, wkey, nw, total);
}

/* Cuts a key at its last '|' (its last field is param). */
static char *strip_last(char *key) {
  char *bar = strrchr(key, '|');
  if (bar) *bar = 0;
  return key;
}

static const char *model_of(json_t *j) {
  const char *m = rs_str(j, "model");
  return m ? m : "";
}

static int ends_with(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && !strcmp(s + a - b, suf);
}

/* omp_target variants are <form>_spmd / <form>_generic, or spmd / generic for a kernel's one form. */
static int omp_form(json_t *j, char *form, size_t n) {
  const char *v = rs_str(j, "variant") ? rs_str(j, "variant") : "", *src = rs_str(j, "source_mode");
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

/* Which of a kernel's CUDA (or native) variants is the reference for an omp_target form: the
 * same name, else one naming the other, else the kernel's only one. Kernels with several
 * variants and no such name say theirs here. */
static const char *const ref_table[][3] = {
    {"fence", "omp_flush_store", "threadfence_store"}, {"fence", NULL, "threadfence"}, {NULL, NULL, NULL}};

static const char *ref_variant(json_t *variants, const char *kernel, const char *form) {
  if (!variants) return NULL;
  const char *v, *best = NULL;
  json_t *x;
  if (json_object_get(variants, form)) return json_string_value(json_object_get(variants, form));
  json_object_foreach(variants, v, x) if ((contains_word(form, v) || contains_word(v, form)) &&
                                          (!best || strlen(v) > strlen(best))) best = json_string_value(x);
  if (best) return best;
  if (json_object_size(variants) == 1) {
    json_object_foreach(variants, v, x) return json_string_value(x);
  }
  for (int i = 0; ref_table[i][0]; ++i)
    if (!strcmp(ref_table[i][0], kernel) && (!ref_table[i][1] || !strcmp(ref_table[i][1], form)) &&
        json_object_get(variants, ref_table[i][2]))
      return json_string_value(json_object_get(variants, ref_table[i][2]));
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
  const char *k = rs_str(j, "kernel"), *v = rs_str(j, "variant");
  if (!k || !v) return;
  json_t *s = json_object_get(sets, k);
  if (!s) json_object_set_new(sets, k, s = json_object());
  json_object_set(s, v, json_object_get(j, "variant")); /* the line's own string: it outlives the set */
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

/* The best native line for (kernel, variant, workload): each configuration at its largest thread
 * count, then the cheapest of those. */
static json_t *best_native(struct report *r, const char *kernel, const char *variant, const char *wkey) {
  json_t *best = NULL, *top[16] = {0};
  const char *cfgs[16];
  int nc = 0;
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    if (ok_model_of(model_of(j)) != OKM_NATIVE || !rs_str(j, "kernel") || strcmp(rs_str(j, "kernel"), kernel) ||
        !rs_str(j, "variant") || strcmp(rs_str(j, "variant"), variant))
      continue;
    char l[256], k[512], w[512];
    long t;
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    if (strcmp(w, wkey) && rs_is_ok(j)) continue; /* a failed line may lack its point fields */
    const char *c = rs_str(j, "config") ? rs_str(j, "config") : "";
    int at = 0;
    while (at < nc && strcmp(cfgs[at], c)) ++at;
    if (at == nc) {
      if (nc == 16) continue;
      cfgs[nc++] = c;
    }
    json_t *h = top[at];
    if (!h || (rs_is_ok(j) && !rs_is_ok(h)) || (rs_is_ok(j) == rs_is_ok(h) && rs_int(j, "threads") > rs_int(h, "threads")))
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
static int tabled(json_t *j) { return rs_str(j, "kernel") && !json_object_get(j, OK_FNAME(rate)); }

static void build_rows(struct report *r) {
  json_t *index = json_object(), *cuda_vars = json_object(), *native_vars = json_object();
  json_t *cuda_at = json_object(), *cuda_used = json_object(), *native_used = json_object();
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
      snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, "kernel"), rs_str(j, "variant"), k);
      if (!json_object_get(cuda_at, key)) json_object_set(cuda_at, key, j);
    } else if (ok_model_of(m) == OKM_NATIVE) variants_add(native_vars, j);
  }
  /* omp_target lines make the rows. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_OMP_TARGET) continue;
    const char *cfg = rs_str(j, "config") ? rs_str(j, "config") : "?";
    int c = 0;
    while (c < r->n_omp_configs && strcmp(r->omp_configs[c], cfg)) ++c;
    if (c == r->n_omp_configs && c < 16) r->omp_configs[r->n_omp_configs++] = cfg;
    char form[128], l[256], k[512], w[512], key[1400];
    long t;
    int slot = omp_form(j, form, sizeof form);
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    snprintf(key, sizeof key, "%s|%s|%s|%s", rs_str(j, "kernel"), form, k, cfg);
    struct rrow *row = row_get(r, index, key);
    if (!row->kernel) {
      row->kernel = rs_str(j, "kernel"), row->config = cfg, row->total = t;
      snprintf(row->form, sizeof row->form, "%s", form);
      snprintf(row->point, sizeof row->point, "%s", l);
      snprintf(row->pkey, sizeof row->pkey, "%s", k);
      snprintf(row->wkey, sizeof row->wkey, "%s", w);
    }
    if (!row->omp[slot]) row->omp[slot] = j;
  }
  /* Their CUDA reference: the same point, else the same threads at a team count within 10 %
   * (the offload sweep's 128 teams against CUDA's one block per SM), marked as approximate. */
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    const char *cv = ref_variant(json_object_get(cuda_vars, w->kernel), w->kernel, w->form);
    if (!cv) continue;
    w->cuda_variant = cv;
    char key[1200], wkey0[512];
    snprintf(key, sizeof key, "%s|%s|%s", w->kernel, cv, w->pkey);
    w->cuda = json_object_get(cuda_at, key);
    /* A param the reference lacks (order=relaxed against plain atomicAdd): its param-less point. */
    strip_last(key), strip_last(strcpy(wkey0, w->wkey));
    if (!w->cuda) w->cuda = json_object_get(cuda_at, strcat(key, "|"));
    json_t *probe = w->omp[SL_SPMD] ? w->omp[SL_SPMD] : w->omp[SL_GENERIC];
    long th = rs_int(probe, "threads"), te = teams_of(probe);
    if (!w->cuda && th > 0 && te > 1) {
      double gap = 0.1;
      json_array_foreach(r->rs.lines, i, j) {
        if (ok_model_of(model_of(j)) != OKM_CUDA || !tabled(j) || strcmp(rs_str(j, "kernel"), w->kernel) ||
            strcmp(rs_str(j, "variant") ? rs_str(j, "variant") : "", cv) || rs_int(j, "threads") != th || teams_of(j) < 2)
          continue;
        char l[256], k[512], wk[512];
        long t;
        point_of(j, l, sizeof l, k, sizeof k, wk, sizeof wk, &t);
        double g = fabs((double)teams_of(j) - (double)te) / (double)te;
        if ((strcmp(wk, w->wkey) && strcmp(strip_last(wk), wkey0)) || g > gap) continue;
        gap = g, w->cuda = j, w->cuda_approx = 1;
      }
    }
    if (w->cuda) json_object_set_new(cuda_used, rs_str(w->cuda, "_key") ? rs_str(w->cuda, "_key") : key, json_true());
  }
  /* CUDA points that are no omp_target form's reference get rows of their own. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_CUDA || json_object_get(cuda_used, rs_str(j, "_key"))) continue;
    char l[256], k[512], w[512], key[1400];
    long t;
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    const char *v = rs_str(j, "variant") ? rs_str(j, "variant") : "";
    snprintf(key, sizeof key, "%s|%s|%s|", rs_str(j, "kernel"), v, k);
    struct rrow *row = row_get(r, index, key);
    if (row->kernel) continue;
    row->kernel = rs_str(j, "kernel"), row->total = t, row->cuda = j, row->cuda_variant = v;
    snprintf(row->form, sizeof row->form, "%s", v);
    snprintf(row->point, sizeof row->point, "%s", l);
    snprintf(row->pkey, sizeof row->pkey, "%s", k);
    snprintf(row->wkey, sizeof row->wkey, "%s", w);
  }
  /* The best native point of the same workload joins each row. */
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    const char *nv = ref_variant(json_object_get(native_vars, w->kernel), w->kernel, w->form);
    if (!nv) continue;
    char wk[512];
    snprintf(wk, sizeof wk, "%s", w->wkey);
    w->native = best_native(r, w->kernel, nv, wk);
    if (!w->native) w->native = best_native(r, w->kernel, nv, strcat(strip_last(wk), "|"));
    if (!w->native) continue;
    /* the chosen line's own workload is represented (a failed line may have matched any) */
    char key[1200], l[256], k[512];
    long t;
    point_of(w->native, l, sizeof l, k, sizeof k, wk, sizeof wk, &t);
    snprintf(key, sizeof key, "%s|%s|%s", w->kernel, nv, wk);
    json_object_set_new(native_used, key, json_true());
  }
  /* Native workloads no GPU row stands for: one row each, at the best thread count. */
  json_array_foreach(r->rs.lines, i, j) {
    if (!tabled(j) || ok_model_of(model_of(j)) != OKM_NATIVE) continue;
    char l[256], k[512], w[512], key[1200];
    long t;
    point_of(j, l, sizeof l, k, sizeof k, w, sizeof w, &t);
    const char *v = rs_str(j, "variant") ? rs_str(j, "variant") : "";
    snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, "kernel"), v, w);
    if (json_object_get(native_used, key)) continue;
    json_object_set_new(native_used, key, json_true());
    struct rrow *row = row_get(r, index, key);
    row->kernel = rs_str(j, "kernel"), row->native = best_native(r, row->kernel, v, w);
    if (!row->native) row->native = j;
    snprintf(row->form, sizeof row->form, "%s", v);
    snprintf(row->wkey, sizeof row->wkey, "%s", w);
    /* The native thread count and affinity are shown in its cell, not in the point. */
    char pk[512], wk[512];
    point_of_shape(row->native, 0, row->point, sizeof row->point, pk, sizeof pk, wk, sizeof wk, &t);
    snprintf(row->pkey, sizeof row->pkey, "%s", key);
  }
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    w->family = report_family(r, w->kernel);
    double cu = w->cuda && rs_is_ok(w->cuda) && !rp_is_floor(w->cuda) ? rs_ns_per_op(w->cuda) : NAN;
    for (int s = 0; s < SL_N; ++s)
      if (w->omp[s] && rs_is_ok(w->omp[s]) && !rp_is_floor(w->omp[s])) w->ratio[s] = rs_ns_per_op(w->omp[s]) / cu;
  }
  qsort(r->rows, r->nrows, sizeof *r->rows, row_cmp);
  json_decref(index);
  json_decref(cuda_vars);
  json_decref(native_vars);
  json_decref(cuda_at);
  json_decref(cuda_used);
  json_decref(native_used);
}

/* remarks.jsonl records behind each linked ID: (config, kernel symbol, ID). */
static void collect_remarks(struct report *r) {
  r->linked = json_object();
  for (size_t n = 0; n < r->nrows; ++n)
    for (int s = 0; s < SL_N; ++s) {
      json_t *c = r->rows[n].omp[s], *rec;
      const char *sym = rs_str(c, "kernel_symbol"), *cfg = rs_str(c, "config");
      if (!sym || !cfg) continue;
      size_t k;
      json_array_foreach(r->rs.remarks, k, rec) {
        const char *fn = rs_str(rec, "function"), *nm = rs_str(rec, "name"), *rc = rs_str(rec, "config");
        size_t sl = strlen(sym);
        if (!fn || !nm || !rc || strcmp(rc, cfg) || strncmp(nm, "OMP", 3) || strncmp(fn, sym, sl) ||
            (fn[sl] && fn[sl] != '_'))
          continue;
        char a[600];
        rp_remark_anchor(a, sizeof a, cfg, sym, nm);
        json_t *list = json_object_get(r->linked, a);
        if (!list) json_object_set_new(r->linked, a, list = json_array());
        int dup = 0;
        size_t q;
        json_t *x;
        json_array_foreach(list, q, x) dup |= x == rec;
        if (!dup) json_array_append(list, rec);
      }
    }
}

/* check.json (`ompkit check --json` saved into the result folder): its failed expectations. */
static void load_checks(struct report *r) {
  r->checks = json_array();
  char path[PATH_MAX + 16];
  snprintf(path, sizeof path, "%s/check.json", r->rs.dir);
  json_t *c = json_load_file(path, 0, NULL);
  size_t i;
  json_t *x;
  json_array_foreach(json_object_get(c, "checks"), i, x) {
    const char *st = rs_str(x, "status");
    if (st && strcmp(st, "pass")) json_array_append(r->checks, x);
  }
  json_decref(c);
}

static void kv(struct report *r, const char *k, const char *v) {
  if (!v || !*v) return;
  fprintf(r->md, "| %s | ", k);
  rp_mdesc(r->md, v);
  fputs(" |\n", r->md);
  fprintf(r->html, "<tr><th>%s</th><td>", k);
  rp_esc(r->html, v);
  fputs("</td></tr>\n", r->html);
}

static void provenance(struct report *r) {
  json_t *p = r->rs.prov;
  rp_both(r, "## Provenance\n\n| | |\n|---|---|\n",
          "<details id=provenance><summary><h2>Provenance</h2></summary>\n<table class=prov>\n");
  kv(r, "date", rs_str(p, "date"));
  kv(r, "host", rs_str(p, "host"));
  kv(r, "kernel", rs_str(p, "kernel"));
  char buf[1024];
  if (rs_str(p, "cpu")) {
    snprintf(buf, sizeof buf, "%s (%ld hardware threads)", rs_str(p, "cpu"), rs_int(p, "hardware_threads"));
    kv(r, "CPU", buf);
  }
  const char *gpu = rs_str(json_object_get(p, "gpu"), "device_name");
  kv(r, "GPU", gpu ? gpu : "none used");
  kv(r, "git SHA", rs_str(p, "git_sha"));
  kv(r, "offload arch", rs_str(p, "offload_arch"));
  kv(r, "CUDA_VISIBLE_DEVICES", rs_str(p, "cuda_visible_devices"));
  kv(r, "sweep", rs_str(p, "sweep"));
  /* The kit's own time (timing.json, written by ompkit run). */
  char tp[PATH_MAX + 16];
  snprintf(tp, sizeof tp, "%s/timing.json", r->rs.dir);
  json_t *tm = json_load_file(tp, 0, NULL);
  if (json_is_object(tm)) {
    int l = snprintf(buf, sizeof buf, "%.1f s: compile data %.1f s", json_number_value(json_object_get(tm, "total_s")),
                     json_number_value(json_object_get(tm, "compile_data_s")));
    const char *cn;
    json_t *cv;
    json_object_foreach(json_object_get(tm, "configs_s"), cn, cv) if (l > 0 && l < (int)sizeof buf)
      l += snprintf(buf + l, sizeof buf - (size_t)l, ", %s %.1f s", cn, json_number_value(cv));
    kv(r, "study time", buf);
  }
  json_decref(tm);
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(p, "configs"), i, c) {
    const char *fl = rs_str(c, "flags");
    if (json_is_true(json_object_get(c, "enabled")))
      snprintf(buf, sizeof buf, "%s%s%s", rs_str(c, "compiler_version") ? rs_str(c, "compiler_version") : "",
               fl ? "; flags: " : "", fl ? fl : "");
    else snprintf(buf, sizeof buf, "disabled: %s", rs_str(c, "reason") ? rs_str(c, "reason") : "");
    kv(r, rs_str(c, "name") ? rs_str(c, "name") : "?", buf);
  }
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) { /* configurations that did not run at all */
    if (rs_str(j, "kernel")) continue;
    snprintf(buf, sizeof buf, "%s%s%s", rs_str(j, "status") ? rs_str(j, "status") : "?", rs_str(j, "error") ? ": " : "",
             rs_str(j, "error") ? rs_str(j, "error") : "");
    char k[256];
    snprintf(k, sizeof k, "%s (this run)", rs_str(j, "config") ? rs_str(j, "config") : "?");
    kv(r, k, buf);
  }
  const char *ek;
  json_t *ev;
  buf[0] = 0;
  json_object_foreach(json_object_get(p, "environment"), ek, ev) {
    size_t l = strlen(buf);
    snprintf(buf + l, sizeof buf - l, "%s%s=%s", l ? " " : "", ek, json_string_value(ev) ? json_string_value(ev) : "");
  }
  kv(r, "environment", buf[0] ? buf : "(no OMP_/KMP_/GOMP_/LIBOMPTARGET_ variables set)");
  rp_both(r, "\n", "</table>\n</details>\n");
}

static void remarks_section(struct report *r) {
  rp_both(r, "## Remarks behind the IDs\n\n", "<details id=remarks><summary><h2>Remarks behind the IDs</h2></summary>\n");
  if (!json_object_size(r->linked)) {
    rp_both(r, "No remarks.jsonl records match the kernels in the table (remark IDs are not linked).\n\n",
            "<p class=note>No remarks.jsonl records match the kernels in the table (remark IDs are not linked).</p>\n"
            "</details>\n");
    return;
  }
  fputs("<dl class=remarks>\n", r->html);
  const char *a;
  json_t *list;
  json_object_foreach(r->linked, a, list) {
    json_t *first = json_array_get(list, 0);
    fprintf(r->md, "<a id=\"%s\"></a>**%s** in %s `%s`\n\n", a, rs_str(first, "name"), rs_str(first, "config"),
            rs_str(first, "function"));
    fprintf(r->html, "<dt id=\"%s\"><b>%s</b> in %s <code>", a, rs_str(first, "name"), rs_str(first, "config"));
    rp_esc(r->html, rs_str(first, "function"));
    fputs("</code></dt>\n", r->html);
    size_t i;
    json_t *rec;
    json_array_foreach(list, i, rec) {
      char loc[600] = "(no source location)";
      if (rs_str(rec, "file"))
        snprintf(loc, sizeof loc, "%s:%ld:%ld", rs_str(rec, "file"), rs_int(rec, "line"), rs_int(rec, "column"));
      fprintf(r->md, "- `%s`: %s\n", loc, rs_str(rec, "message") ? rs_str(rec, "message") : "");
      fputs("<dd><code>", r->html);
      rp_esc(r->html, loc);
      fputs("</code> ", r->html);
      rp_esc(r->html, rs_str(rec, "message"));
      fputs("</dd>\n", r->html);
    }
    fputs("\n", r->md);
  }
  fputs("</dl>\n</details>\n", r->html);
}

/* The remark section opens when a link into it is followed (it is collapsed by default). */
static const char *script_open_details =
    "<script>function okOpen(){var t=location.hash&&document.getElementById(location.hash.slice(1));"
    "for(var e=t;e;e=e.parentElement)if(e.tagName==='DETAILS')e.open=true;if(t)t.scrollIntoView();}"
    "addEventListener('hashchange',okOpen);addEventListener('load',okOpen);</script>\n";

static const char *css =
    "body{font:14px/1.35 system-ui,sans-serif;margin:14px 20px;color:#222;max-width:1600px}"
    "h1{font-size:19px;margin:0 0 2px}h2{font-size:16px;border-bottom:1px solid #ccc;margin:18px 0 6px}"
    "h3{font-size:14px;margin:8px 0 3px}summary h2{display:inline;border:0}summary{cursor:pointer;margin-top:14px}"
    ".keyline{color:#444;font-size:13px;margin-bottom:8px}"
    ".sum{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:18px;align-items:start}"
    "table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;vertical-align:top;text-align:left}"
    "table.fam td,table.fam th{font-size:13px}table.fam td.r,table.fam td.f{text-align:right;white-space:nowrap}"
    "table.fam td.f{text-align:left}"
    "ol.surp{margin:0;padding-left:0;list-style:none}ol.surp>li{margin:0 0 6px}"
    "ol.surp ul{margin:1px 0 0;padding-left:18px;font-size:13px}ol.surp li li{margin:0}"
    ".g{font-weight:600}.n{color:#666;font-size:12px}.more{color:#666;font-size:12px;font-style:italic}"
    "table.cmp{font-size:12px;width:100%}table.cmp td{padding:2px 4px}table.cmp td.num{text-align:right}"
    "table.cmp td span{white-space:nowrap}table.cmp td.k,table.cmp td.nw{white-space:nowrap}table.cmp .n{font-size:11px}"
    "table.cmp td.w{max-width:11em}table.cmp td.rm{min-width:9.5em;max-width:9.5em;font-size:11px}"
    "thead th{background:#f0f0f0;position:sticky;top:0;cursor:pointer;user-select:none}"
    "thead th.asc:after{content:' ▲'}thead th.desc:after{content:' ▼'}"
    ".slow{color:#b00;font-weight:600}.fast{color:#171}.warn{color:#a60;font-weight:600}.bad{color:#b00;font-weight:600}"
    ".rid{color:#246}.none{color:#aaa}.note{color:#555;font-size:13px}.approx{color:#777}"
    "table.prov th{background:#f6f6f6;font-weight:normal;white-space:nowrap}"
    ".figs{display:flex;flex-wrap:wrap;gap:10px}figure{margin:6px 0}figcaption{font-weight:600;margin-bottom:2px}"
    "figure svg{max-width:100%;height:auto}"
    "dl.remarks dt{margin-top:8px}dl.remarks dd{margin-left:20px;font-size:13px}:target{background:#ffef9e}"
    "#filter{width:340px;font-size:13px}";

int report_write(const char *dir, double slow_ratio, int quiet) {
  struct report r;
  memset(&r, 0, sizeof r);
  r.slow_ratio = slow_ratio;
  if (rs_load(&r.rs, dir, "report", 0)) return -1;
  families_init(&r);
  build_rows(&r);
  collect_remarks(&r);
  load_checks(&r);
  char *mdbuf = NULL, *htbuf = NULL;
  size_t mdlen = 0, htlen = 0;
  r.md = open_memstream(&mdbuf, &mdlen);
  r.html = open_memstream(&htbuf, &htlen);
  const char *date = rs_str(r.rs.prov, "date");
  fprintf(r.md, "# ompkit study %s\n\n", date ? date : "");
  fprintf(r.html,
          "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>ompkit study %s</title>\n"
          "<style>%s</style></head><body>\n<h1>ompkit study %s</h1>\n",
          date ? date : "", css, date ? date : "");
  report_summary(&r);
  report_table(&r);
  report_plots(&r);
  report_maps(&r);
  report_ablation(&r);
  report_sync(&r);
  report_proxy_public(&r);
  remarks_section(&r);
  provenance(&r);
  fputs(script_open_details, r.html);
  fputs("</body></html>\n", r.html);
  fclose(r.md);
  fclose(r.html);
  char path[PATH_MAX + 16];
  int rc = 0;
  snprintf(path, sizeof path, "%s/report.md", dir);
  if (ok_write_atomic(path, mdbuf, mdlen)) rc = -1, ok_err("report: cannot write %s: %s", path, strerror(errno));
  snprintf(path, sizeof path, "%s/report.html", dir);
  if (!rc && ok_write_atomic(path, htbuf, htlen)) rc = -1, ok_err("report: cannot write %s: %s", path, strerror(errno));
  if (!rc && !quiet) printf("ompkit: report in %s/report.html (and report.md)\n", dir);
  free(mdbuf);
  free(htbuf);
  free(r.rows);
  json_decref(r.linked);
  json_decref(r.checks);
  rs_free(&r.rs);
  return rc;
}

int cmd_report(int argc, char **argv) {
  double slow = 2.0;
  const char *dir = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: ompkit report DIR [--slow-ratio X]\n"
             "Writes DIR/report.md and a self-contained DIR/report.html (plots under DIR/plots/) from a\n"
             "result folder: a summary (best and worst omp_target form per kernel family against CUDA,\n"
             "the surprises ranked), one table row per kernel x point, plots. Ratios above X times CUDA\n"
             "(default 2) are marked in the table. DIR/check.json (ompkit check --json) adds broken\n"
             "expectations to the surprises.\n");
      return OK_EXIT_OK;
    } else if (!strcmp(argv[i], "--slow-ratio")) {
      char *end = NULL;
      slow = i + 1 < argc ? strtod(argv[i + 1], &end) : 0;
      if (!end || *end || end == argv[i + 1] || !(slow > 0)) {
        ok_err("report: --slow-ratio wants a number > 0");
        return OK_EXIT_USAGE;
      }
      ++i;
    } else if (argv[i][0] == '-') {
      ok_err("report: unknown option '%s' (see ompkit report --help)", argv[i]);
      return OK_EXIT_USAGE;
    } else if (dir) {
      ok_err("report: one result folder only, got '%s' too", argv[i]);
      return OK_EXIT_USAGE;
    } else dir = argv[i];
  }
  if (!dir) {
    ok_err("report: want a result folder (see ompkit report --help)");
    return OK_EXIT_USAGE;
  }
  return report_write(dir, slow, 0) ? OK_EXIT_USAGE : OK_EXIT_OK;
}
