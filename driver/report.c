/* ompkit report DIR: the study side by side, as report.md and a self-contained report.html
 * (inline CSS, plots as inline SVG, no network). Plots come from gnuplot's SVG terminal
 * (Debian's gnuplot-nox: a maintained plotting tool, nothing to hand-roll); without gnuplot,
 * or with too little data, the report says so instead of plotting. */
#define _GNU_SOURCE
#include "resultset.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Shape fields: a GPU point's launch shape; native lines are matched to GPU rows without them. */
static int is_shape(const char *f) { return !strcmp(f, "threads") || !strcmp(f, "teams") || !strcmp(f, "blocks"); }

static int model_rank(const char *m) {
  return !m ? 9 : !strcmp(m, "native") ? 0 : !strcmp(m, "omp_target") ? 1 : !strcmp(m, "cuda") ? 2 : 3;
}

static void workload_key(json_t *j, char *buf, size_t n) {
  const char *k = rs_str(j, "kernel");
  int len = snprintf(buf, n, "%s", k ? k : "");
  for (int i = 0; rs_point_fields[i] && len > 0 && (size_t)len < n; ++i) {
    json_t *f = json_object_get(j, rs_point_fields[i]);
    if (!f || is_shape(rs_point_fields[i])) continue;
    char *s = json_dumps(f, JSON_ENCODE_ANY);
    len += snprintf(buf + len, n - (size_t)len, "|%s=%s", rs_point_fields[i], s ? s : "");
    free(s);
  }
}

static void esc(FILE *f, const char *s) {
  for (; s && *s; ++s) switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

/* Markdown table cells: pipes escaped, everything else kept. */
static void mdesc(FILE *f, const char *s) {
  for (; s && *s; ++s) {
    if (*s == '|') fputc('\\', f);
    if (*s == '\n') fputc(' ', f);
    else fputc(*s, f);
  }
}

static void anchor(char *buf, size_t n, const char *config, const char *sym, const char *id) {
  int len = snprintf(buf, n, "r-%s-%s-%s", config, sym, id);
  for (int i = 0; i < len && (size_t)i < n; ++i)
    if (!isalnum((unsigned char)buf[i]) && buf[i] != '-') buf[i] = '_';
}

static int sym_matches(const char *fn, const char *sym) {
  size_t n = strlen(sym);
  return !strncmp(fn, sym, n) && (fn[n] == 0 || fn[n] == '_');
}

struct col {
  const char *config, *variant, *model;
  char label[160];
};

/* One column per (configuration, variant): the case catalogue alone brings about 60. */
enum { REPORT_MAX_COLS = 256 };

struct report {
  struct resultset rs;
  struct col cols[REPORT_MAX_COLS];
  int ncols;
  json_t *rows;    /* [{kernel, point, wl, cells: {colidx: line}, sortkey}] */
  json_t *linked;  /* anchor -> [remark records], the remarks the table links to */
  double slow_ratio;
  FILE *md, *html;
};

static int col_of(struct report *r, json_t *j) {
  const char *c = rs_str(j, "config"), *v = rs_str(j, "variant"), *m = rs_str(j, "model");
  if (!v) v = "";
  for (int i = 0; i < r->ncols; ++i)
    if (!strcmp(r->cols[i].config, c) && !strcmp(r->cols[i].variant, v)) return i;
  if (r->ncols == REPORT_MAX_COLS) return -1;
  struct col *k = &r->cols[r->ncols];
  k->config = c, k->variant = v, k->model = m ? m : "";
  if (!strcmp(k->model, "omp_target")) snprintf(k->label, sizeof k->label, "%s %s", c, v);
  else snprintf(k->label, sizeof k->label, "%s", c);
  return r->ncols++;
}

static int col_cmp(const void *x, const void *y) {
  const struct col *a = x, *b = y;
  int d = model_rank(a->model) - model_rank(b->model);
  if (d) return d;
  d = !strstr(a->config, "gcc") - !strstr(b->config, "gcc"); /* native: gcc, then clang */
  if (d) return d;
  d = strcmp(a->variant, b->variant); /* generic before spmd */
  return d ? d : strcmp(a->config, b->config);
}

static json_t *row_for(json_t *rows, json_t *by_key, const char *key, json_t *j, const char *wl) {
  json_t *row = json_object_get(by_key, key);
  if (row) return row;
  char point[512];
  rs_point_label(j, point, sizeof point);
  row = json_pack("{s:s,s:s,s:s,s:{}}", "kernel", rs_str(j, "kernel"), "point", point, "wl", wl, "cells");
  json_object_set(by_key, key, row);
  json_array_append_new(rows, row);
  return row;
}

static void cell_set(json_t *row, int col, json_t *j) {
  char k[16];
  snprintf(k, sizeof k, "%d", col);
  json_object_set(json_object_get(row, "cells"), k, j);
}

static json_t *cell(json_t *row, int col) {
  char k[16];
  snprintf(k, sizeof k, "%d", col);
  return json_object_get(json_object_get(row, "cells"), k);
}

/* Cell's cost per op over the row's CUDA cost per op (NAN without a CUDA reference). */
static double ratio(struct report *r, json_t *row, int col) {
  json_t *c = cell(row, col);
  if (!c || !rs_is_ok(c)) return NAN;
  for (int i = 0; i < r->ncols; ++i) {
    json_t *cu = cell(row, i);
    if (strcmp(r->cols[i].model, "cuda") || !cu || !rs_is_ok(cu)) continue;
    return rs_ns_per_op(c) / rs_ns_per_op(cu);
  }
  return NAN;
}

static int row_cmp(const void *x, const void *y) {
  json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
  double ka = json_number_value(json_object_get(a, "sort")), kb = json_number_value(json_object_get(b, "sort"));
  if (ka != kb) return ka < kb ? 1 : -1;
  int d = strcmp(rs_str(a, "kernel"), rs_str(b, "kernel"));
  return d ? d : (int)(rs_int(a, "order") - rs_int(b, "order"));
}

static void build_rows(struct report *r) {
  json_t *by_key = json_object(), *gpu_wl = json_object();
  r->rows = json_array();
  size_t i;
  json_t *j;
  /* GPU points make the rows; native lines join the row of the same workload. */
  for (int pass = 0; pass < 2; ++pass) json_array_foreach(r->rs.lines, i, j) {
      if (!rs_str(j, "kernel")) continue;
      int native = !strcmp(rs_str(j, "model") ? rs_str(j, "model") : "", "native");
      if (native != pass) continue;
      int col = col_of(r, j);
      if (col < 0) continue;
      char key[1024], wl[1024];
      rs_key(j, 0, key, sizeof key);
      workload_key(j, wl, sizeof wl);
      if (!native) {
        json_object_set_new(gpu_wl, wl, json_true());
        cell_set(row_for(r->rows, by_key, key, j, wl), col, j);
        continue;
      }
      if (!json_object_get(gpu_wl, wl)) {
        cell_set(row_for(r->rows, by_key, key, j, wl), col, j);
        continue;
      }
      /* The native point with the most threads stands for the host in every GPU row. */
      size_t k;
      json_t *row;
      json_array_foreach(r->rows, k, row) {
        if (strcmp(rs_str(row, "wl"), wl)) continue;
        json_t *have = cell(row, col);
        if (!have || rs_int(j, "threads") > rs_int(have, "threads")) cell_set(row, col, j);
      }
    }
  json_decref(by_key);
  json_decref(gpu_wl);
  /* Columns in model order; cells are keyed by column index, so renumber them. */
  int idx[REPORT_MAX_COLS];
  struct col sorted[REPORT_MAX_COLS];
  memcpy(sorted, r->cols, sizeof(struct col) * (size_t)r->ncols);
  qsort(sorted, (size_t)r->ncols, sizeof *sorted, col_cmp);
  for (int a = 0; a < r->ncols; ++a)
    for (int b = 0; b < r->ncols; ++b)
      if (r->cols[a].config == sorted[b].config && r->cols[a].variant == sorted[b].variant) idx[a] = b;
  json_array_foreach(r->rows, i, j) {
    json_t *cells = json_object(), *old = json_object_get(j, "cells");
    for (int a = 0; a < r->ncols; ++a) {
      char k[16], nk[16];
      snprintf(k, sizeof k, "%d", a);
      snprintf(nk, sizeof nk, "%d", idx[a]);
      if (json_object_get(old, k)) json_object_set(cells, nk, json_object_get(old, k));
    }
    json_object_set_new(j, "cells", cells);
  }
  memcpy(r->cols, sorted, sizeof(struct col) * (size_t)r->ncols);
  /* Slowest omp_target/CUDA ratio first; rows without a ratio after, by kernel. */
  size_t n = json_array_size(r->rows);
  json_t **v = calloc(n + 1, sizeof *v);
  json_array_foreach(r->rows, i, j) {
    double worst = -1, any = -1;
    for (int c = 0; c < r->ncols; ++c) {
      double x = ratio(r, j, c);
      if (isnan(x)) continue;
      if (!strcmp(r->cols[c].model, "omp_target") && x > worst) worst = x;
      if (x > any) any = x;
    }
    json_object_set_new(j, "sort", json_real(worst >= 0 ? 1e6 + worst : any));
    json_object_set_new(j, "order", json_integer((json_int_t)i));
    v[i] = json_incref(j);
  }
  qsort(v, n, sizeof *v, row_cmp);
  json_array_clear(r->rows);
  for (size_t k = 0; k < n; ++k) json_array_append_new(r->rows, v[k]);
  free(v);
}

/* One cell, in HTML (html=1) or Markdown. Remark IDs link to their records when known. */
static void put_cell(struct report *r, FILE *f, int html, json_t *row, int col) {
  json_t *c = cell(row, col);
  const char *br = "<br>"; /* also in Markdown: GitHub renders it inside table cells */
  if (!c) {
    fputs(html ? "<td class=none>–</td>" : " – |", f);
    return;
  }
  if (html) fputs("<td>", f);
  else fputc(' ', f);
  if (!rs_is_ok(c)) {
    fprintf(f, html ? "<span class=bad>" : "**");
    (html ? esc : mdesc)(f, rs_str(c, "status"));
    fprintf(f, html ? "</span>" : "**");
    fputs(html ? "</td>" : " |", f);
    return;
  }
  double med, mn, mx;
  const char *metric = rs_metric(c, &med, &mn, &mx);
  char t[64];
  if (metric && !strcmp(metric, "time_s")) rs_fmt_time(med, t, sizeof t);
  else if (metric) snprintf(t, sizeof t, "%.4g %s", med, !strcmp(metric, "per_op_ns") ? "ns/op" : "cyc/op");
  else snprintf(t, sizeof t, "ok");
  fprintf(f, html ? "<b>%s</b>" : "**%s**", t);
  if (!strcmp(r->cols[col].model, "native") && rs_int(c, "threads") > 0) fprintf(f, " @%ld thr", rs_int(c, "threads"));
  double x = ratio(r, row, col);
  if (!isnan(x) && strcmp(r->cols[col].model, "cuda"))
  {
    char q[32];
    snprintf(q, sizeof q, x >= 100 ? "×%.0f" : "×%.3g", x);
    if (html) fprintf(f, " <span class=%s>%s</span>", x > r->slow_ratio ? "slow" : "ratio", q);
    else fprintf(f, " %s", q);
  }
  long regs = rs_int(c, "registers"), smem = rs_int(c, "smem_bytes"), ss = rs_int(c, "spill_stores_bytes"),
       sl = rs_int(c, "spill_loads_bytes");
  if (regs >= 0 || smem >= 0 || ss >= 0) {
    fputs(br, f);
    if (regs >= 0) fprintf(f, "%ld reg", regs);
    if (smem >= 0) fprintf(f, " · %ld B smem", smem);
    if (ss >= 0 || sl >= 0) fprintf(f, " · spill %ld/%ld B", ss > 0 ? ss : 0, sl > 0 ? sl : 0);
  }
  const char *mode = rs_str(c, "observed_mode"), *src = rs_str(c, "source_mode");
  if (mode) {
    int differs = src && strcasecmp(mode, src);
    fputs(br, f);
    if (html) fprintf(f, "<span class=%s>%s</span>", differs ? "warn" : "mode", mode);
    else fputs(mode, f);
    if (differs) fprintf(f, " (source: %s)", src);
  }
  json_t *ids = json_object_get(c, "remarks");
  const char *sym = rs_str(c, "kernel_symbol");
  if (json_array_size(ids)) {
    fputs(br, f);
    size_t i;
    json_t *id;
    json_array_foreach(ids, i, id) {
      const char *s = json_string_value(id);
      char a[600] = "";
      if (sym) anchor(a, sizeof a, rs_str(c, "config"), sym, s);
      int linked = a[0] && json_object_get(r->linked, a);
      const char *cls = !strcmp(s, "OMP112") || !strcmp(s, "OMP113") ? "bad" : "rid";
      if (html && linked) fprintf(f, "<a class=%s href=\"#%s\">%s</a> ", cls, a, s);
      else if (html) fprintf(f, "<span class=%s>%s</span> ", cls, s);
      else if (linked) fprintf(f, "[%s](#%s) ", s, a);
      else fprintf(f, "%s ", s);
    }
  }
  fputs(html ? "</td>" : " |", f);
}

/* remarks.jsonl records behind each linked ID: (config, kernel symbol, ID). */
static void collect_remarks(struct report *r) {
  r->linked = json_object();
  size_t i, k;
  json_t *row, *rec;
  json_array_foreach(r->rows, i, row) {
    const char *ck;
    json_t *c;
    json_object_foreach(json_object_get(row, "cells"), ck, c) {
      const char *sym = rs_str(c, "kernel_symbol"), *cfg = rs_str(c, "config");
      if (!sym || !cfg) continue;
      json_array_foreach(r->rs.remarks, k, rec) {
        const char *fn = rs_str(rec, "function"), *nm = rs_str(rec, "name"), *rc = rs_str(rec, "config");
        if (!fn || !nm || !rc || strcmp(rc, cfg) || strncmp(nm, "OMP", 3) || !sym_matches(fn, sym)) continue;
        char a[600];
        anchor(a, sizeof a, cfg, sym, nm);
        json_t *list = json_object_get(r->linked, a);
        if (!list) {
          list = json_array();
          json_object_set_new(r->linked, a, list);
        }
        int dup = 0;
        size_t q;
        json_t *x;
        json_array_foreach(list, q, x) dup |= x == rec;
        if (!dup) json_array_append(list, rec);
      }
    }
  }
}

static char *gnuplot_path(void) {
  const char *env = getenv("OMPKIT_GNUPLOT"); /* tests point it elsewhere to check the fallback */
  if (env) return access(env, X_OK) ? NULL : strdup(env);
  char g[PATH_MAX];
  if (ok_which("gnuplot", g, sizeof g) == 0) return strdup(g);
  return NULL;
}

/* Runs a gnuplot script; returns the SVG text (from "<svg" on) or NULL with why. */
static char *plot(const char *gp, const char *dir, const char *name, const char *script, char *why, size_t nwhy) {
  char sp[PATH_MAX + 64], svg[PATH_MAX + 64];
  snprintf(sp, sizeof sp, "%s/plots/%s.gp", dir, name);
  snprintf(svg, sizeof svg, "%s/plots/%s.svg", dir, name);
  FILE *f = fopen(sp, "w");
  if (!f) {
    snprintf(why, nwhy, "cannot write %s", sp);
    return NULL;
  }
  fprintf(f, "set terminal svg size 760,440 dynamic enhanced font 'sans,11' background rgb 'white'\nset output '%s'\n%s",
          svg, script);
  fclose(f);
  char *argv[] = {(char *)gp, sp, NULL};
  struct ok_proc p;
  if (ok_spawn(argv, NULL, 60, &p)) {
    snprintf(why, nwhy, "cannot run %s", gp);
    return NULL;
  }
  int ok = p.exited && p.code == 0;
  if (!ok) {
    char *nl = strchr(p.err, '\n');
    snprintf(why, nwhy, "gnuplot failed: %.*s", nl ? (int)(nl - p.err) : 200, p.err);
  }
  ok_proc_free(&p);
  if (!ok) return NULL;
  FILE *in = fopen(svg, "r");
  if (!in) {
    snprintf(why, nwhy, "gnuplot wrote no %s", svg);
    return NULL;
  }
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len = getdelim(&buf, &cap, 0, in);
  fclose(in);
  char *s = len > 0 ? strstr(buf, "<svg") : NULL; /* drop the XML prolog and DOCTYPE for inlining */
  char *out = s ? strdup(s) : NULL;
  free(buf);
  if (!out) snprintf(why, nwhy, "%s is not SVG", svg);
  return out;
}

static void gp_quote(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

struct fig {
  char title[256], file[128], *svg, note[512];
};

/* Throughput vs total threads per primitive, one line per (config, variant, type). */
static int throughput_figs(struct report *r, const char *gp, struct fig *figs, int max) {
  int n = 0;
  json_t *kernels = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    const char *k = rs_str(j, "kernel");
    double ns = rs_ns_per_op(j);
    if (!k || !rs_is_ok(j) || isnan(ns) || rs_int(j, "threads") < 1) continue;
    char series[256];
    const char *ty = rs_str(j, "type");
    snprintf(series, sizeof series, "%s %s%s%s", rs_str(j, "config"), rs_str(j, "variant") ? rs_str(j, "variant") : "",
             ty ? " " : "", ty ? ty : "");
    json_t *ks = json_object_get(kernels, k);
    if (!ks) json_object_set_new(kernels, k, ks = json_object());
    json_t *pts = json_object_get(ks, series);
    if (!pts) json_object_set_new(ks, series, pts = json_array());
    long teams = rs_int(j, "teams") > 0 ? rs_int(j, "teams") : rs_int(j, "blocks") > 0 ? rs_int(j, "blocks") : 1;
    json_array_append_new(pts, json_pack("[f,f]", (double)rs_int(j, "threads") * (double)teams, 1.0 / ns));
  }
  const char *k;
  json_t *ks;
  json_object_foreach(kernels, k, ks) {
    if (n == max) break;
    struct fig *fg = &figs[n++];
    snprintf(fg->title, sizeof fg->title, "%s: throughput vs threads", k);
    snprintf(fg->file, sizeof fg->file, "throughput-%s", k);
    int lines = 0;
    const char *s;
    json_t *pts;
    json_object_foreach(ks, s, pts) lines += json_array_size(pts) >= 2;
    if (!lines) {
      snprintf(fg->note, sizeof fg->note,
               "Not plotted: no configuration has two or more thread counts for %s (a --full sweep gives them).", k);
      continue;
    }
    if (!gp) {
      snprintf(fg->note, sizeof fg->note, "Not plotted: gnuplot not found (apt-get install gnuplot-nox).");
      continue;
    }
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    fprintf(f, "set title ");
    gp_quote(f, fg->title);
    fprintf(f, " noenhanced\nset xlabel 'threads (threads x teams)'\nset ylabel 'throughput (Gop/s)'\n"
               "set logscale x 2\nset logscale y\nset grid\nset key outside right top noenhanced\n"
               "$d << EOD\n");
    json_object_foreach(ks, s, pts) {
      if (json_array_size(pts) < 2) continue;
      size_t q;
      json_t *pt;
      json_array_foreach(pts, q, pt) fprintf(f, "%.6g %.6g\n", json_number_value(json_array_get(pt, 0)),
                                             json_number_value(json_array_get(pt, 1)));
      fprintf(f, "\n\n");
    }
    fprintf(f, "EOD\nplot ");
    int idx = 0;
    json_object_foreach(ks, s, pts) {
      if (json_array_size(pts) < 2) continue;
      fprintf(f, "%s$d index %d using 1:2 with linespoints lw 2 title ", idx ? ", " : "", idx);
      gp_quote(f, s);
      ++idx;
    }
    fprintf(f, "\n");
    fclose(f);
    fg->svg = plot(gp, r->rs.dir, fg->file, script, fg->note, sizeof fg->note);
    free(script);
  }
  json_decref(kernels);
  return n;
}

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static int index_of(const long *v, int n, long x) {
  for (int i = 0; i < n; ++i)
    if (v[i] == x) return i;
  return -1;
}

/* Heat maps for parameter grids: per (config, kernel, variant, type) measured over at least two
 * team counts and two thread counts, the time per op on a log colour scale. */
static int heat_figs(struct report *r, const char *gp, struct fig *figs, int max) {
  json_t *grids = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    double ns = rs_ns_per_op(j);
    if (!rs_is_ok(j) || isnan(ns) || ns <= 0 || rs_int(j, "threads") < 1 || rs_int(j, "teams") < 1 ||
        json_object_get(j, "stride"))
      continue;
    const char *ty = rs_str(j, "type"), *pa = rs_str(j, "param");
    char key[512];
    snprintf(key, sizeof key, "%s %s/%s%s%s%s%s", rs_str(j, "config"), rs_str(j, "kernel"), rs_str(j, "variant"),
             ty && *ty ? " " : "", ty ? ty : "", pa ? " " : "", pa ? pa : "");
    json_t *pts = json_object_get(grids, key);
    if (!pts) json_object_set_new(grids, key, pts = json_array());
    json_array_append_new(pts, json_pack("[I,I,f]", (json_int_t)rs_int(j, "teams"), (json_int_t)rs_int(j, "threads"), ns));
  }
  int n = 0;
  const char *key;
  json_t *pts;
  json_object_foreach(grids, key, pts) {
    if (n == max) break;
    long teams[64], threads[64];
    int nt = 0, nh = 0;
    size_t q;
    json_t *pt;
    json_array_foreach(pts, q, pt) {
      long t = (long)json_integer_value(json_array_get(pt, 0)), h = (long)json_integer_value(json_array_get(pt, 1));
      if (index_of(teams, nt, t) < 0 && nt < 64) teams[nt++] = t;
      if (index_of(threads, nh, h) < 0 && nh < 64) threads[nh++] = h;
    }
    if (nt < 2 || nh < 2) continue;
    qsort(teams, (size_t)nt, sizeof *teams, cmp_long);
    qsort(threads, (size_t)nh, sizeof *threads, cmp_long);
    struct fig *fg = &figs[n++];
    snprintf(fg->title, sizeof fg->title, "%s: ns per op, teams/blocks x threads", key);
    snprintf(fg->file, sizeof fg->file, "heat-%d", n);
    if (!gp) {
      snprintf(fg->note, sizeof fg->note, "Not plotted: gnuplot not found (apt-get install gnuplot-nox).");
      continue;
    }
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    fprintf(f, "set title ");
    gp_quote(f, fg->title);
    fprintf(f, " noenhanced\nset xlabel 'threads per team/block'\nset ylabel 'teams/blocks'\n"
               "set logscale cb\nset cblabel 'ns per op'\nset palette rgbformulae 22,13,-31\nset xtics (");
    for (int a = 0; a < nh; ++a) fprintf(f, "%s'%ld' %d", a ? ", " : "", threads[a], a);
    fprintf(f, ")\nset ytics (");
    for (int a = 0; a < nt; ++a) fprintf(f, "%s'%ld' %d", a ? ", " : "", teams[a], a);
    fprintf(f, ")\nset xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\n$d << EOD\n", nh - 1, nt - 1);
    json_array_foreach(pts, q, pt)
      fprintf(f, "%d %d %.6g\n", index_of(threads, nh, (long)json_integer_value(json_array_get(pt, 1))),
              index_of(teams, nt, (long)json_integer_value(json_array_get(pt, 0))),
              json_number_value(json_array_get(pt, 2)));
    /* Each cell a 1 x 1 box around its grid point (boxxyerror takes half-widths). */
    fprintf(f, "EOD\nplot $d using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder palette notitle\n");
    fclose(f);
    fg->svg = plot(gp, r->rs.dir, fg->file, script, fg->note, sizeof fg->note);
    free(script);
  }
  json_decref(grids);
  return n;
}

static void ratio_fig(struct report *r, const char *gp, struct fig *fg) {
  snprintf(fg->title, sizeof fg->title, "omp_target time / CUDA time (per op; 1 = as fast as CUDA)");
  snprintf(fg->file, sizeof fg->file, "ratios");
  char *data = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&data, &len);
  int bars = 0;
  size_t i;
  json_t *row;
  json_array_foreach(r->rows, i, row) for (int c = 0; c < r->ncols; ++c) {
    double x = ratio(r, row, c);
    if (isnan(x) || strcmp(r->cols[c].model, "omp_target")) continue;
    char label[512];
    snprintf(label, sizeof label, "%s/%s %s", rs_str(row, "kernel"), r->cols[c].variant, rs_str(row, "point"));
    gp_quote(f, label);
    fprintf(f, " %.6g\n", x);
    ++bars;
  }
  fclose(f);
  if (!bars) snprintf(fg->note, sizeof fg->note, "Not plotted: no omp_target point has a CUDA result beside it.");
  else if (!gp) snprintf(fg->note, sizeof fg->note, "Not plotted: gnuplot not found (apt-get install gnuplot-nox).");
  else {
    char *script = NULL;
    if (asprintf(&script,
                 "set title '%s' noenhanced\nset style fill solid 0.85 border -1\nset boxwidth 0.7\nset grid y\n"
                 "set xtics rotate by -25 noenhanced font ',9'\nset ylabel 'ratio (x)'\nset yrange [0:*]\n"
                 "set bmargin 9\nset key off\n$d << EOD\n%sEOD\n"
                 "plot $d using 0:2:xtic(1) with boxes lc rgb '#c0504d', 1 with lines lc rgb 'black' dt 2\n",
                 fg->title, data) > 0)
      fg->svg = plot(gp, r->rs.dir, fg->file, script, fg->note, sizeof fg->note);
    free(script);
  }
  free(data);
}

static void both(struct report *r, const char *md, const char *html) {
  if (md) fputs(md, r->md);
  if (html) fputs(html, r->html);
}

static void finding(struct report *r, json_t *list, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void finding(struct report *r, json_t *list, const char *fmt, ...) {
  (void)r;
  va_list ap;
  va_start(ap, fmt);
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) >= 0) json_array_append_new(list, json_string(s));
  free(s);
  va_end(ap);
}

static void findings(struct report *r) {
  json_t *mode = json_array(), *glob = json_array(), *slow = json_array(), *fail = json_array();
  size_t i;
  json_t *row;
  json_array_foreach(r->rows, i, row) for (int c = 0; c < r->ncols; ++c) {
    json_t *x = cell(row, c);
    if (!x) continue;
    char where[768];
    char own[512];
    const char *pt = rs_str(row, "point");
    if (!strcmp(r->cols[c].model, "native")) rs_point_label(x, own, sizeof own), pt = own; /* its own point */
    snprintf(where, sizeof where, "%s/%s (%s%s%s)", rs_str(row, "kernel"), r->cols[c].variant, r->cols[c].config,
             pt[0] ? ", " : "", pt);
    if (!rs_is_ok(x)) {
      finding(r, fail, "%s: %s%s%s", where, rs_str(x, "status"), rs_str(x, "error") ? ": " : "",
              rs_str(x, "error") ? rs_str(x, "error") : "");
      continue;
    }
    const char *om = rs_str(x, "observed_mode"), *sm = rs_str(x, "source_mode");
    if (om && sm && strcasecmp(om, sm)) finding(r, mode, "%s: written %s, ran %s", where, sm, om);
    json_t *id;
    size_t k;
    json_array_foreach(json_object_get(x, "remarks"), k, id) {
      const char *s = json_string_value(id);
      if (s && (!strcmp(s, "OMP112") || !strcmp(s, "OMP113")))
        finding(r, glob, "%s: %s (%s)", where, s,
                !strcmp(s, "OMP112") ? "data globalized on the GPU" : "globalized variable not moved to the stack");
    }
    double q = ratio(r, row, c);
    if (!strcmp(r->cols[c].model, "omp_target") && q > r->slow_ratio)
      finding(r, slow, q >= 100 ? "%s: %.0f× CUDA's time per op" : "%s: %.3g× CUDA's time per op", where, q);
  }
  both(r, "## Findings\n\n", "<h2 id=findings>Findings</h2>\n");
  struct {
    const char *title;
    json_t *list;
  } parts[] = {{"Observed mode differs from the source", mode},
               {"Globalization not removed (OMP112/OMP113)", glob},
               {NULL, slow},
               {"Runs that did not finish ok", fail}};
  char slow_title[128];
  snprintf(slow_title, sizeof slow_title, "omp_target slower than %.3g× CUDA", r->slow_ratio);
  parts[2].title = slow_title;
  int any = 0;
  for (int p = 0; p < 4; ++p) {
    if (!json_array_size(parts[p].list)) continue;
    any = 1;
    fprintf(r->md, "**%s**\n\n", parts[p].title);
    fprintf(r->html, "<h3>%s</h3>\n<ul class=findings>\n", parts[p].title);
    json_t *s;
    json_array_foreach(parts[p].list, i, s) {
      fprintf(r->md, "- %s\n", json_string_value(s));
      fputs("<li>", r->html);
      esc(r->html, json_string_value(s));
      fputs("</li>\n", r->html);
    }
    fputs("\n", r->md);
    fputs("</ul>\n", r->html);
  }
  if (!any) both(r, "No findings: modes as written, no globalization left, nothing slower than the threshold.\n\n",
                 "<p>No findings: modes as written, no globalization left, nothing slower than the threshold.</p>\n");
  json_decref(mode);
  json_decref(glob);
  json_decref(slow);
  json_decref(fail);
}

static void kv(struct report *r, const char *k, const char *v) {
  if (!v || !*v) return;
  fprintf(r->md, "| %s | ", k);
  mdesc(r->md, v);
  fputs(" |\n", r->md);
  fprintf(r->html, "<tr><th>%s</th><td>", k);
  esc(r->html, v);
  fputs("</td></tr>\n", r->html);
}

static void provenance(struct report *r) {
  json_t *p = r->rs.prov;
  both(r, "## Provenance\n\n| | |\n|---|---|\n", "<h2>Provenance</h2>\n<table class=prov>\n");
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
  /* Configurations that did not run at all (skipped: no GPU, disabled). */
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
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
  both(r, "\n", "</table>\n");
}

static void table(struct report *r) {
  both(r, "## Side by side\n\n", "<h2>Side by side</h2>\n");
  const char *explain = "Time is the median per run (ns/op when the bench reports per-op cost); ×N is the cost per "
                        "operation over CUDA's at the same point. Native columns show the host point with the most "
                        "threads. Slowest omp_target/CUDA ratios first.";
  fprintf(r->md, "%s\n\n| kernel | point |", explain);
  fprintf(r->html, "<p class=note>%s</p>\n<table class=side><thead><tr><th>kernel</th><th>point</th>", explain);
  for (int c = 0; c < r->ncols; ++c) {
    fprintf(r->md, " %s |", r->cols[c].label);
    fprintf(r->html, "<th class=%s>", r->cols[c].model);
    esc(r->html, r->cols[c].label);
    fputs("</th>", r->html);
  }
  fputs("\n|---|---|", r->md);
  for (int c = 0; c < r->ncols; ++c) fputs("---|", r->md);
  fputs("\n", r->md);
  fputs("</tr></thead>\n<tbody>\n", r->html);
  size_t i;
  json_t *row;
  json_array_foreach(r->rows, i, row) {
    fprintf(r->md, "| %s | %s |", rs_str(row, "kernel"), rs_str(row, "point"));
    fputs("<tr><td class=k>", r->html);
    esc(r->html, rs_str(row, "kernel"));
    fputs("</td><td class=p>", r->html);
    esc(r->html, rs_str(row, "point"));
    fputs("</td>", r->html);
    for (int c = 0; c < r->ncols; ++c) {
      put_cell(r, r->md, 0, row, c);
      put_cell(r, r->html, 1, row, c);
    }
    fputs("\n", r->md);
    fputs("</tr>\n", r->html);
  }
  if (!json_array_size(r->rows)) both(r, "| (no kernel results) | |\n", "<tr><td colspan=2>no kernel results</td></tr>\n");
  both(r, "\n", "</tbody></table>\n");
}

static void remarks_section(struct report *r) {
  both(r, "## Remarks behind the IDs\n\n", "<h2>Remarks behind the IDs</h2>\n");
  if (!json_object_size(r->linked)) {
    both(r, "No remarks.jsonl records match the kernels in the table (remark IDs are not linked).\n\n",
         "<p class=note>No remarks.jsonl records match the kernels in the table (remark IDs are not linked).</p>\n");
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
    esc(r->html, rs_str(first, "function"));
    fputs("</code></dt>\n", r->html);
    size_t i;
    json_t *rec;
    json_array_foreach(list, i, rec) {
      char loc[600] = "(no source location)";
      if (rs_str(rec, "file"))
        snprintf(loc, sizeof loc, "%s:%ld:%ld", rs_str(rec, "file"), rs_int(rec, "line"), rs_int(rec, "column"));
      fprintf(r->md, "- `%s`: %s\n", loc, rs_str(rec, "message") ? rs_str(rec, "message") : "");
      fputs("<dd><code>", r->html);
      esc(r->html, loc);
      fputs("</code> ", r->html);
      esc(r->html, rs_str(rec, "message"));
      fputs("</dd>\n", r->html);
    }
    fputs("\n", r->md);
  }
  fputs("</dl>\n", r->html);
}

static const char *css =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1600px}"
    "h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;margin-top:28px}h3{font-size:15px}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}"
    "table.side td{font-size:12px;white-space:nowrap}thead th{background:#f0f0f0;position:sticky;top:0}"
    "th.native{background:#e8f0fb}th.omp_target{background:#fdf0e0}th.cuda{background:#e6f4e6}"
    ".slow{color:#b00;font-weight:bold}.ratio{color:#555}.warn{color:#a60;font-weight:bold}.bad{color:#b00}"
    ".rid{color:#246}.none{color:#aaa;text-align:center}.note{color:#555;font-size:13px}"
    "table.prov th{background:#f6f6f6;font-weight:normal;white-space:nowrap}"
    "figure{margin:12px 0}figcaption{font-weight:bold;margin-bottom:4px}"
    "dl.remarks dt{margin-top:8px}dl.remarks dd{margin-left:20px;font-size:13px}:target{background:#ffef9e}";

int report_write(const char *dir, double slow_ratio, int quiet) {
  struct report r;
  memset(&r, 0, sizeof r);
  r.slow_ratio = slow_ratio;
  if (rs_load(&r.rs, dir, "report", 0)) return -1;
  build_rows(&r);
  collect_remarks(&r);
  char *mdbuf = NULL, *htbuf = NULL;
  size_t mdlen = 0, htlen = 0;
  r.md = open_memstream(&mdbuf, &mdlen);
  r.html = open_memstream(&htbuf, &htlen);
  const char *date = rs_str(r.rs.prov, "date");
  fprintf(r.md, "# ompkit study %s\n\n", date ? date : "");
  fprintf(r.html, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>ompkit study %s</title>\n"
                  "<style>%s</style></head><body>\n<h1>ompkit study %s</h1>\n",
          date ? date : "", css, date ? date : "");
  provenance(&r);
  findings(&r);
  table(&r);

  char pdir[PATH_MAX + 16];
  snprintf(pdir, sizeof pdir, "%s/plots", dir);
  char *gp = gnuplot_path();
  if (gp && ok_mkdirs(pdir)) {
    free(gp);
    gp = NULL;
  }
  struct fig figs[65];
  memset(figs, 0, sizeof figs);
  int nf = throughput_figs(&r, gp, figs, 32);
  nf += heat_figs(&r, gp, figs + nf, 32);
  ratio_fig(&r, gp, &figs[nf++]);
  both(&r, "## Plots\n\n", "<h2>Plots</h2>\n");
  for (int i = 0; i < nf; ++i) {
    fprintf(r.md, "**%s**\n\n", figs[i].title);
    fprintf(r.html, "<figure><figcaption>");
    esc(r.html, figs[i].title);
    fputs("</figcaption>\n", r.html);
    if (figs[i].svg) {
      fprintf(r.md, "![%s](plots/%s.svg)\n\n", figs[i].title, figs[i].file);
      fputs(figs[i].svg, r.html);
    } else {
      fprintf(r.md, "%s\n\n", figs[i].note);
      fputs("<p class=note>", r.html);
      esc(r.html, figs[i].note);
      fputs("</p>", r.html);
    }
    fputs("</figure>\n", r.html);
    free(figs[i].svg);
  }
  free(gp);
  remarks_section(&r);
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
  json_decref(r.rows);
  json_decref(r.linked);
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
             "result folder. Findings list omp_target points slower than X times CUDA (default 2).\n");
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
