/* The report's rate points (issue 13; docs/atomics.md, docs/microbench.md): heat maps of the
 * atomic contention maps (ops/us over contention x padding, one figure per configuration and
 * operation with a panel per index pattern, and the omp_target / CUDA time ratio as its own
 * figure), then one table of the microbenchmarks: each configuration's rate, omp_target's ratio
 * to CUDA, global-memory rates as a fraction of the copy bandwidth measured in the same run, the
 * bank-conflict factor (stride s time / stride 1 time) and the divergence slowdown. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const pats[] = {"contiguous", "cross_warp", "branched", "random"};
static const char *const ops[] = {"add", "cas", "exch", "min", "max"};

/* "op=add,pattern=random,contention=32,padding=1" -> its fields; 0 when it is not a map point. */
static int map_point(const char *param, int *op, int *pat, int *c, int *pd) {
  char o[16], pa[32];
  if (!param || sscanf(param, "op=%15[^,],pattern=%31[^,],contention=%d,padding=%d", o, pa, c, pd) != 4) return 0;
  *op = *pat = -1;
  for (int i = 0; i < 5; ++i) *op = strcmp(ops[i], o) ? *op : i;
  for (int i = 0; i < 4; ++i) *pat = strcmp(pats[i], pa) ? *pat : i;
  return *op >= 0 && *pat >= 0 && *c >= 1 && *c <= 1024 && *pd >= 1 && *pd <= 1024;
}
static int lg(int v) {
  int k = 0;
  while (v > 1) v >>= 1, ++k;
  return k;
}
static double rate_of(json_t *j) {
  json_t *r = rs_get(j, OKF_rate);
  return json_is_object(r) ? json_number_value(json_object_get(r, "median")) : NAN;
}
/* A column: the configuration, with the host affinity when there is one. */
static void column_of(json_t *j, char *buf, size_t n) {
  const char *a = rs_str(j, OKF_affinity);
  snprintf(buf, n, "%s%s%s", rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "?", a ? " " : "", a ? a : "");
}

/* One map: v[op][pat][11][11] (log2 contention, log2 padding), NAN where not measured. */
struct map {
  char col[160];
  int is_cuda, is_omp;
  double v[5][4][11][11];
};

static struct map *map_get(struct map *m, int *n, int cap, const char *col) {
  for (int i = 0; i < *n; ++i)
    if (!strcmp(m[i].col, col)) return &m[i];
  if (*n == cap) return NULL;
  struct map *x = &m[(*n)++];
  memset(x, 0, sizeof *x);
  snprintf(x->col, sizeof x->col, "%s", col);
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 11; ++c)
        for (int d = 0; d < 11; ++d) x->v[a][b][c][d] = NAN;
  return x;
}

/* Four panels (patterns) of one op; ratio: values are ratios (log color scale around 1). */
static void draw(struct report *r, struct rp_figs *q, const char *title, const char *file, double (*v)[11][11],
                 int ratio) {
  double lo = INFINITY, hi = 0;
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 11; ++c)
      for (int d = 0; d < 11; ++d)
        if (!isnan(v[p][c][d]) && v[p][c][d] > 0) lo = fmin(lo, v[p][c][d]), hi = fmax(hi, v[p][c][d]);
  if (!(hi > 0)) {
    rp_figs_add(r, q, title, file, 0, 0, NULL, "no measured point");
    return;
  }
  if (ratio) lo = fmin(lo, 0.5), hi = fmax(hi, 2);
  if (hi <= lo) hi = lo * 2;
  char *script = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
  fprintf(f, "set multiplot layout 1,4\nunset key\nset tics scale 0\nset logscale cb\nset cbrange [%g:%g]\n", lo, hi);
  if (ratio)
    fprintf(f, "set palette defined (0 '#1a9850', %.4f '#ffffbf', 1 '#a50026')\nset cblabel 'omp\\_target / CUDA time'\n",
            log(1 / lo) / log(hi / lo));
  else
    fputs("set palette defined (0 '#313695', 0.5 '#fee090', 1 '#a50026')\nset cblabel 'ops/us'\n", f);
  /* Five labelled colour-bar tics, geometric from lo to hi (a log bar within one decade has none). */
  fputs("set cbtics (", f);
  for (int k = 0; k < 5; ++k) {
    double t = lo * pow(hi / lo, k / 4.0);
    fprintf(f, "%s\"%.3g\" %.6g", k ? ", " : "", t, t);
  }
  fputs(")\n", f);
  fputs("set xlabel 'contention (threads per counter)'\nset ylabel 'padding (elements)'\n"
        "set xtics ('1' 0, '4' 2, '16' 4, '64' 6, '256' 8, '1024' 10)\n"
        "set ytics ('1' 0, '4' 2, '16' 4, '64' 6, '256' 8, '1024' 10)\nset xrange [-0.5:10.5]\nset yrange [-0.5:10.5]\n",
        f);
  /* Each panel the whole 11 x 11 grid as an image (NaN: not measured; an empty panel keeps its
   * place), one PNG in the SVG instead of a polygon per cell. */
  for (int p = 0; p < 4; ++p) {
    fprintf(f, "set title '%s' noenhanced\n$d%d << EOD\n", pats[p], p);
    for (int d = 0; d < 11; ++d, fputs("\n", f))
      for (int c = 0; c < 11; ++c) fprintf(f, "%d %d %.6g\n", c, d, !isnan(v[p][c][d]) && v[p][c][d] > 0 ? v[p][c][d] : NAN);
    fprintf(f, "EOD\nplot $d%d using 1:2:3 with image\n", p);
  }
  fputs("unset multiplot\n", f);
  fclose(f);
  rp_figs_add(r, q, title, file, 1700, 380, script, NULL);
  free(script);
}

static void heat_maps(struct report *r, const char *gp) {
  enum { CAP = 16 };
  struct map *m = calloc(CAP, sizeof *m);
  int n = 0, failed = 0;
  size_t i;
  json_t *j;
  if (!m) return;
  json_array_foreach(r->rs.lines, i, j) {
    int op, pat, c, pd;
    const char *k = rs_str(j, OKF_kernel);
    if (!k || strcmp(k, "atomic_contention") || !map_point(rs_str(j, OKF_param), &op, &pat, &c, &pd)) continue;
    if (!rs_is_ok(j)) {
      ++failed;
      continue;
    }
    char col[160];
    column_of(j, col, sizeof col);
    struct map *x = map_get(m, &n, CAP, col);
    if (!x) continue;
    const char *model = rs_str(j, OKF_model);
    x->is_cuda = model && !strcmp(model, ok_models[OKM_CUDA].name);
    x->is_omp = model && !strcmp(model, ok_models[OKM_OMP_TARGET].name);
    x->v[op][pat][lg(c)][lg(pd)] = rate_of(j);
  }
  if (!n) {
    free(m);
    return;
  }
  rp_both(r, "### Atomic contention × padding (ops/µs; docs/atomics.md)\n\n",
          "<details open><summary><h3 style=display:inline>Atomic contention × padding (ops/µs; docs/atomics.md)</h3>"
          "</summary>\n<div class=figs>\n");
  if (failed) {
    char line[160];
    snprintf(line, sizeof line, "%d map points failed (status not ok): see results.jsonl.\n\n", failed);
    rp_both(r, line, NULL);
    fprintf(r->html, "<p class=note>%d map points failed (status not ok): see results.jsonl.</p>\n", failed);
  }
  const struct map *cu = NULL;
  for (int a = 0; a < n; ++a)
    if (m[a].is_cuda) cu = &m[a];
  struct rp_figs *figs = rp_figs_new(gp);
  for (int a = 0; figs && a < n; ++a)
    for (int op = 0; op < 5; ++op) {
      char title[300], file[160];
      snprintf(title, sizeof title, "%s: %s, ops/µs by pattern", m[a].col, ops[op]);
      snprintf(file, sizeof file, "map-%d-%s", a, ops[op]);
      int any = 0;
      for (int p = 0; p < 4; ++p)
        for (int c = 0; c < 11; ++c)
          for (int d = 0; d < 11; ++d) any |= !isnan(m[a].v[op][p][c][d]);
      if (!any) continue;
      draw(r, figs, title, file, m[a].v[op], 0);
      if (!m[a].is_omp || !cu) continue;
      /* The ratio map: omp_target time over CUDA time for the same work (> 1: omp_target slower). */
      static double q[4][11][11];
      int anyq = 0;
      for (int p = 0; p < 4; ++p)
        for (int c = 0; c < 11; ++c)
          for (int d = 0; d < 11; ++d) {
            double o = m[a].v[op][p][c][d], g = cu->v[op][p][c][d];
            q[p][c][d] = o > 0 && g > 0 ? g / o : NAN;
            anyq |= !isnan(q[p][c][d]);
          }
      if (!anyq) continue;
      snprintf(title, sizeof title, "%s: %s, omp_target / CUDA time (> 1: omp_target slower)", m[a].col, ops[op]);
      snprintf(file, sizeof file, "map-ratio-%d-%s", a, ops[op]);
      draw(r, figs, title, file, q, 1);
    }
  rp_figs_put(r, figs);
  rp_both(r, NULL, "</div></details>\n");
  free(m);
}

/* ---- the microbenchmark table ---- */

struct mrow {
  char kernel[48], key[160]; /* key: variant-less point: type + param */
  char unit[16];
  double v[16];              /* per column */
};

/* The table being gathered: its columns (configurations), rows (kernel x point) and the
 * references in the same run: each column's copy bandwidth, stride-1 shared memory, 1 path. */
struct mtab {
  char cols[16][160];
  int ncol, cuda_col;
  struct mrow *rows;
  int nrow;
  double copy[16], smem1[16], path1[16];
};

/* j's column (added when new; -1 when the table is full); CUDA's column is remembered. */
static int mt_col(struct mtab *t, json_t *j) {
  char col[160];
  column_of(j, col, sizeof col);
  int c = 0;
  while (c < t->ncol && strcmp(t->cols[c], col)) ++c;
  if (c == t->ncol) {
    if (t->ncol == 16) return -1;
    snprintf(t->cols[t->ncol++], sizeof t->cols[0], "%s", col);
  }
  const char *model = rs_str(j, OKF_model);
  if (model && !strcmp(model, ok_models[OKM_CUDA].name)) t->cuda_col = c;
  return c;
}

/* The row of kernel k at point key (added when new, in unit; -1 when the table is full). */
static int mt_row(struct mtab *t, const char *k, const char *key, const char *unit) {
  int w = 0;
  while (w < t->nrow && !(!strcmp(t->rows[w].kernel, k) && !strcmp(t->rows[w].key, key))) ++w;
  if (w == t->nrow) {
    if (t->nrow == 512) return -1;
    ++t->nrow;
    snprintf(t->rows[w].kernel, sizeof t->rows[w].kernel, "%s", k);
    snprintf(t->rows[w].key, sizeof t->rows[w].key, "%s", key);
    snprintf(t->rows[w].unit, sizeof t->rows[w].unit, "%s", unit);
    for (int x = 0; x < 16; ++x) t->rows[w].v[x] = NAN;
  }
  return w;
}

/* Every passed rate point but the contention maps', the best over host affinities. */
static void mt_rates(struct mtab *t, const struct report *r) {
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    const char *k = rs_str(j, OKF_kernel), *unit = rs_str(j, OKF_rate_unit);
    if (!k || !unit || !strcmp(k, "atomic_contention") || !rs_is_ok(j)) continue;
    char key[160];
    int c = mt_col(t, j);
    if (c < 0) continue;
    const char *variant = rs_str(j, OKF_variant), *type = rs_str(j, OKF_type),
               *param = rs_str(j, OKF_param);
    char pk[160] = "";
    if (param) rs_param_key(param, pk, sizeof pk);
    /* arith has two forms (latency, throughput): keep them apart; others are one form per model */
    int lat = variant && strstr(variant, "latency");
    snprintf(key, sizeof key, "%s%s%s%s", lat ? "latency " : "", type && type[0] ? type : "", type && type[0] ? " " : "", pk);
    int w = mt_row(t, k, key, unit);
    if (w < 0) continue;
    double v = rate_of(j);
    if (isnan(t->rows[w].v[c]) || v > t->rows[w].v[c]) t->rows[w].v[c] = v; /* host affinities: the best */
  }
}

/* Latency points of arith are baseline/test records (per_op_cycles), not rates: add them. */
static void mt_latencies(struct mtab *t, const struct report *r) {
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    const char *k = rs_str(j, OKF_kernel), *variant = rs_str(j, OKF_variant);
    if (!k || strcmp(k, "arith") || !variant || !strstr(variant, "latency") || !rs_is_ok(j)) continue;
    json_t *pc = rs_get(j, OKF_per_op_cycles);
    if (!json_is_object(pc)) continue;
    char key[160], pk[160] = "";
    int c = mt_col(t, j);
    if (c < 0) continue;
    if (rs_str(j, OKF_param)) rs_param_key(rs_str(j, OKF_param), pk, sizeof pk);
    snprintf(key, sizeof key, "latency %s %s", rs_str(j, OKF_type) ? rs_str(j, OKF_type) : "", pk);
    int w = mt_row(t, k, key, "cycles/op");
    if (w < 0) continue;
    t->rows[w].v[c] = json_number_value(json_object_get(pc, "median"));
  }
}

/* References in the same run: each column's copy bandwidth, stride-1 shared memory, 1 path. */
static void mt_refs(struct mtab *t) {
  for (int c = 0; c < t->ncol; ++c) {
    t->copy[c] = t->smem1[c] = t->path1[c] = NAN;
    for (int w = 0; w < t->nrow; ++w) {
      const struct mrow *row = &t->rows[w];
      /* the reference copy, not a variant such as op=copy_u32 */
      const char *cp = strstr(row->key, "op=copy");
      if (!strcmp(row->kernel, "mem_bandwidth") && cp && (cp[7] == 0 || cp[7] == ',' || cp[7] == ' '))
        t->copy[c] = row->v[c];
      if (!strcmp(row->kernel, "smem_bandwidth") && strstr(row->key, "stride=1") && !strstr(row->key, "stride=16"))
        t->smem1[c] = row->v[c];
      if (!strcmp(row->kernel, "divergence") && strstr(row->key, "paths=1") && !strstr(row->key, "paths=16"))
        t->path1[c] = row->v[c];
    }
  }
}

/* Row w's cell in column c: the value, and the ratios to CUDA and to the same run's references. */
static void mt_cell(const struct mtab *t, int w, int c, char *cell, size_t ncell, char *extra, size_t nextra) {
  const struct mrow *row = &t->rows[w];
  double v = row->v[c];
  cell[0] = extra[0] = 0;
  if (isnan(v)) return;
  snprintf(cell, ncell, "%.4g", v);
  int cost = !strcmp(row->unit, "cycles/op");
  int cc = t->cuda_col;
  if (cc >= 0 && c != cc && !isnan(row->v[cc]) && row->v[cc] > 0 && v > 0)
    snprintf(extra, nextra, " (%.2f× CUDA)", cost ? v / row->v[cc] : v / row->v[cc]);
  size_t l = strlen(extra);
  if (!strcmp(row->kernel, "mem_bandwidth") && t->copy[c] > 0)
    snprintf(extra + l, nextra - l, " copy %.0f %%", 100 * v / t->copy[c]);
  else if (!strcmp(row->kernel, "smem_bandwidth") && t->smem1[c] > 0)
    snprintf(extra + l, nextra - l, " conflict %.1f×", t->smem1[c] / v);
  else if (!strcmp(row->kernel, "divergence") && t->path1[c] > 0)
    snprintf(extra + l, nextra - l, " slowdown %.1f×", t->path1[c] / v);
}

/* The table's heading, explanation and header row, in both formats. */
static void mt_head(struct report *r, const struct mtab *t) {
  rp_both(r, "### Microbenchmarks (docs/microbench.md)\n\n",
          "<details open><summary><h3 style=display:inline>Microbenchmarks (docs/microbench.md)</h3></summary>\n");
  rp_both(r,
          "Each cell: the rate (median of the runs); `(× CUDA)` is the rate over CUDA's in the same run; "
          "`copy %`: a global-memory rate over the same configuration's copy bandwidth; `conflict ×`: stride 1's "
          "shared-memory rate over this stride's (the bank-conflict factor); `slowdown ×`: 1 path's rate over this "
          "point's.\n\n",
          "<p>Each cell: the rate (median of the runs); (× CUDA) is the rate over CUDA's in the same run; copy %: a "
          "global-memory rate over the same configuration's copy bandwidth; conflict ×: stride 1's shared-memory rate "
          "over this stride's (the bank-conflict factor); slowdown ×: 1 path's rate over this point's.</p>\n"
          "<table><tr><th>kernel</th><th>point</th><th>unit</th>");
  fputs("| kernel | point | unit |", r->md);
  for (int c = 0; c < t->ncol; ++c) {
    fprintf(r->md, " %s |", t->cols[c]);
    fputs("<th>", r->html), rp_esc(r->html, t->cols[c]), fputs("</th>", r->html);
  }
  fputs("\n|---|---|---|", r->md);
  for (int c = 0; c < t->ncol; ++c) fputs("---|", r->md);
  fputs("\n", r->md);
  fputs("</tr>\n", r->html);
}

static void micro_table(struct report *r) {
  struct mtab *t = calloc(1, sizeof *t);
  if (t) t->rows = calloc(512, sizeof *t->rows);
  if (!t || !t->rows) {
    free(t);
    return;
  }
  t->cuda_col = -1;
  mt_rates(t, r);
  mt_latencies(t, r);
  if (t->nrow) {
    mt_refs(t);
    mt_head(r, t);
    for (int w = 0; w < t->nrow; ++w) {
      const struct mrow *row = &t->rows[w];
      fprintf(r->md, "| %s | %s | %s |", row->kernel, row->key, row->unit);
      fputs("<tr><td>", r->html), rp_esc(r->html, row->kernel), fputs("</td><td>", r->html);
      rp_esc(r->html, row->key), fputs("</td><td>", r->html), rp_esc(r->html, row->unit), fputs("</td>", r->html);
      for (int c = 0; c < t->ncol; ++c) {
        char cell[160], extra[96];
        mt_cell(t, w, c, cell, sizeof cell, extra, sizeof extra);
        fprintf(r->md, " %s%s |", cell, extra);
        fputs("<td>", r->html), rp_esc(r->html, cell), rp_esc(r->html, extra), fputs("</td>", r->html);
      }
      fputs("\n", r->md);
      fputs("</tr>\n", r->html);
    }
    rp_both(r, "\n", "</table></details>\n");
  }
  free(t->rows);
  free(t);
}

void report_maps(struct report *r) {
  int any = 0;
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) any |= rs_get(j, OKF_rate) != NULL ||
                                               (rs_str(j, OKF_kernel) && !strcmp(rs_str(j, OKF_kernel), "arith"));
  if (!any) return;
  rp_both(r, "## Maps and microbenchmarks\n\n", "<h2 id=maps>Maps and microbenchmarks</h2>\n");
  char *gp = rp_gnuplot();
  if (gp) heat_maps(r, gp);
  else rp_both(r, "Heat maps not drawn: gnuplot not found.\n\n", "<p class=note>Heat maps not drawn: gnuplot not found.</p>\n");
  micro_table(r);
  free(gp);
}
