/* The report's launch and sync sections (issue 12, docs/sync.md):
 *   - launch cost: per launch form, T(1) (one launch + synchronize) and the overhead each further
 *     launch adds, (T(k) - T(1)) / (k - 1), in us with the spread over the repeated pairs;
 *   - block barrier: __syncthreads against active warps per SM beside omp barrier (and
 *     ompx_sync_block) at the same team sizes, one column per configuration and variant;
 *   - grid sync: cost of one grid-wide barrier against blocks/SM x threads (CUDA's grid sync,
 *     the two-launch split, omp_target's hand-made barrier and split), table and plot;
 *   - the deadlock probe's outcome;
 *   - the reduction case study: bandwidth per variant against the copy kernel, ranked.
 * Reads the merged result lines; writes nothing when the study has none of these kernels. */
#define _GNU_SOURCE
#include "resultset.h"
#include "ok_membw.h"
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double stat(json_t *j, enum ok_field_id field, const char *which) {
  json_t *o = rs_get(j, field);
  json_t *v = json_is_object(o) && which ? json_object_get(o, which) : o;
  return json_is_number(v) ? json_number_value(v) : NAN;
}
static const char *str_or(json_t *j, enum ok_field_id k, const char *dflt) {
  const char *s = rs_str(j, k);
  return s ? s : dflt;
}
static int is_kernel(json_t *j, const char *k) {
  const char *s = rs_str(j, OKF_kernel);
  return s && !strcmp(s, k);
}
/* A cell: "2.41 [2.30–2.60]" in us from ns stats, or the line's status when it has no number. */
static void us_cell(json_t *j, char *buf, size_t n) {
  double m = stat(j, OKF_per_op_ns, "median"), lo = stat(j, OKF_per_op_ns, "min"), hi = stat(j, OKF_per_op_ns, "max");
  if (isnan(m)) snprintf(buf, n, "%s", str_or(j, OKF_status, "?"));
  else snprintf(buf, n, "%.3g [%.3g–%.3g]", m * 1e-3, lo * 1e-3, hi * 1e-3);
}
static void row(struct report *r, int ncol, const char **cells) {
  fputs("|", r->md);
  fputs("<tr>", r->html);
  for (int i = 0; i < ncol; ++i) {
    fputc(' ', r->md);
    rp_mdesc(r->md, cells[i]);
    fputs(" |", r->md);
    fputs("<td>", r->html);
    rp_esc(r->html, cells[i]);
    fputs("</td>", r->html);
  }
  fputs("\n", r->md);
  fputs("</tr>\n", r->html);
}
static void head(struct report *r, const char *title, const char *note, int ncol, const char **cols) {
  fprintf(r->md, "### %s\n\n%s\n\n|", title, note);
  fprintf(r->html, "<h3>%s</h3>\n<p class=note>", title);
  rp_esc(r->html, note);
  fputs("</p>\n<table><thead><tr>", r->html);
  for (int i = 0; i < ncol; ++i) fprintf(r->md, " %s |", cols[i]), fprintf(r->html, "<th>%s</th>", cols[i]);
  fputs("\n|", r->md);
  for (int i = 0; i < ncol; ++i) fputs("---|", r->md);
  fputs("\n", r->md);
  fputs("</tr></thead><tbody>\n", r->html);
}
static void tail_(struct report *r) {
  fputs("\n", r->md);
  fputs("</tbody></table>\n", r->html);
}

static void launch_table(struct report *r) {
  json_t *lines = r->rs.lines, *j;
  size_t i;
  int any = 0;
  json_array_foreach(lines, i, j) any |= is_kernel(j, "launch") || is_kernel(j, "multi_gpu_sync");
  if (!any) return;
  const char *cols[] = {"config", "variant", "form", "T(1): launch + sync, µs", "each further launch, µs [min–max]",
                        "spread", "pairs", "status"};
  head(r, "Launch cost",
       "Host-timed. T(1) is one launch and its synchronize; the overhead is (T(k) − T(1)) / (k − 1) with k = 32 "
       "(repeat difference), each sample the mean of 8 (quick) or 32 (full) repetitions, median over the pairs; "
       "[min–max] over the pairs. omp_target regions without nowait wait for their kernel, so their k launches "
       "include k waits; the nowait forms and CUDA's launches queue back to back. multi_gpu_sync: one step = "
       "launch + device sync + host barrier on every GPU (gpus=N).",
       8, cols);
  json_array_foreach(lines, i, j) {
    if (!is_kernel(j, "launch") && !is_kernel(j, "multi_gpu_sync")) continue;
    char t1[64] = "", ov[96], sp[32] = "", pr[16] = "";
    double b = stat(j, OKF_base_median, NULL);
    if (!isnan(b)) snprintf(t1, sizeof t1, "%.3g", b * 1e6);
    us_cell(j, ov, sizeof ov);
    double s = stat(j, OKF_spread, NULL);
    if (!isnan(s)) snprintf(sp, sizeof sp, "%.0f %%", s * 100);
    if (rs_int(j, OKF_runs) >= 0) snprintf(pr, sizeof pr, "%ld", rs_int(j, OKF_runs));
    const char *c[] = {str_or(j, OKF_config, ""), str_or(j, OKF_variant, ""), str_or(j, OKF_param, ""), t1, ov, sp, pr,
                       str_or(j, OKF_status, "")};
    row(r, 8, c);
  }
  tail_(r);
}

static int bps_of(json_t *j) {
  const char *p = rs_str(j, OKF_param);
  const char *b = p ? strstr(p, "blocks_per_sm=") : NULL;
  return b ? atoi(b + 14) : -1;
}

static void grid_plot(struct report *r) {
  char *gp = rp_gnuplot();
  if (!gp) return;
  /* One series per (config, variant, blocks/SM): us per barrier against threads per block. */
  char *script = NULL, *plots = NULL;
  size_t ls = 0, lp = 0;
  FILE *s = open_memstream(&script, &ls), *pl = open_memstream(&plots, &lp);
  int nser = 0;
  json_t *lines = r->rs.lines, *j;
  size_t i;
  char seen[64][160];
  json_array_foreach(lines, i, j) {
    if (!is_kernel(j, "grid_sync") || isnan(stat(j, OKF_per_op_ns, "median")) || nser >= 64) continue;
    char key[160];
    snprintf(key, sizeof key, "%s %s %d/SM", str_or(j, OKF_config, ""), str_or(j, OKF_variant, ""), bps_of(j));
    int k;
    for (k = 0; k < nser && strcmp(seen[k], key); ++k) {}
    if (k < nser) continue;
    snprintf(seen[nser], sizeof seen[nser], "%s", key);
    fprintf(s, "$s%d << EOD\n", nser);
    size_t i2;
    json_t *j2;
    json_array_foreach(lines, i2, j2) {
      char key2[160];
      if (!is_kernel(j2, "grid_sync") || isnan(stat(j2, OKF_per_op_ns, "median"))) continue;
      snprintf(key2, sizeof key2, "%s %s %d/SM", str_or(j2, OKF_config, ""), str_or(j2, OKF_variant, ""), bps_of(j2));
      if (!strcmp(key, key2)) fprintf(s, "%ld %g\n", rs_int(j2, OKF_threads), stat(j2, OKF_per_op_ns, "median") * 1e-3);
    }
    fputs("EOD\n", s);
    fprintf(pl, "%s$s%d using 1:2 with linespoints title \"%s\"", nser ? ", " : "", nser, key);
    ++nser;
  }
  fclose(pl);
  fprintf(s, "set logscale x 2\nset logscale y\nset xlabel 'threads per block/team'\nset ylabel 'µs per grid barrier'\n"
             "set key outside right noenhanced\nset grid\n%s%s\n", nser ? "plot " : "", nser ? plots : "");
  fclose(s);
  char why[256] = "";
  char *svg = nser ? rp_plot_svg(gp, r->rs.dir, "grid-sync", 900, 420, script, why, sizeof why) : NULL;
  if (svg) {
    fputs("![grid sync](plots/grid-sync.svg)\n\n", r->md);
    fputs("<figure>", r->html);
    rp_svg_write(r->html, svg, &r->svg_grad);
    fputs("<figcaption>grid barrier cost against threads, per blocks/SM</figcaption></figure>\n", r->html);
  } else if (nser)
    fprintf(r->md, "Grid-sync plot not drawn: %s\n\n", why);
  free(svg), free(script), free(plots), free(gp);
}

static void grid_table(struct report *r) {
  json_t *lines = r->rs.lines, *j;
  size_t i;
  int any = 0;
  json_array_foreach(lines, i, j) any |= is_kernel(j, "grid_sync") || is_kernel(j, "grid_sync_probe");
  if (!any) return;
  const char *cols[] = {"config", "variant", "blocks/SM", "threads", "blocks", "per barrier, µs [min–max]", "status"};
  head(r, "Grid sync",
       "cuda_grid_group: this_grid().sync() under a cooperative launch, clock64 baseline/test; cuda_split and "
       "split_spmd: one more kernel launch of the same shape instead (repeat difference); "
       "atomic_counter_barrier_spmd: a hand-made barrier across teams, ONLY SAFE WHEN EVERY TEAM IS RESIDENT "
       "(one team per SM). Shapes the occupancy does not allow are skipped.",
       7, cols);
  json_array_foreach(lines, i, j) {
    if (!is_kernel(j, "grid_sync")) continue;
    char b[16] = "", t[16], n[16], c[96];
    if (bps_of(j) >= 0) snprintf(b, sizeof b, "%d", bps_of(j));
    snprintf(t, sizeof t, "%ld", rs_int(j, OKF_threads));
    snprintf(n, sizeof n, "%ld", rs_int(j, OKF_teams));
    us_cell(j, c, sizeof c);
    const char *cells[] = {str_or(j, OKF_config, ""), str_or(j, OKF_variant, ""), b, t, n, c, str_or(j, OKF_status, "")};
    row(r, 7, cells);
  }
  tail_(r);
  grid_plot(r);
  json_array_foreach(lines, i, j) {
    if (!is_kernel(j, "grid_sync_probe")) continue;
    fprintf(r->md, "Deadlock probe %s/%s: **%s**, %s\n\n", str_or(j, OKF_config, ""), str_or(j, OKF_variant, ""),
            str_or(j, OKF_status, "?"), str_or(j, OKF_error, str_or(j, OKF_detail, "")));
    fputs("<p>Deadlock probe ", r->html);
    rp_esc(r->html, str_or(j, OKF_config, ""));
    fputs("/", r->html);
    rp_esc(r->html, str_or(j, OKF_variant, ""));
    fputs(": <b>", r->html);
    rp_esc(r->html, str_or(j, OKF_status, "?"));
    fputs("</b>, ", r->html);
    rp_esc(r->html, str_or(j, OKF_error, str_or(j, OKF_detail, "")));
    fputs("</p>\n", r->html);
  }
}

/* The SM count from a line's "gpu" ("NVIDIA H200 (sm_90, 132 SMs, ...)"); 0 when absent. */
static int sms_of(json_t *j) {
  const char *g = rs_str(j, OKF_gpu);
  const char *e = g ? strstr(g, " SMs") : NULL;
  if (!e) return 0;
  const char *b = e;
  while (b > g && b[-1] >= '0' && b[-1] <= '9') --b;
  return b < e ? atoi(b) : 0;
}

/* Issue 12 §2, block level: the published finding is that __syncthreads' cost depends on the
 * warps active per SM. A row per (blocks per SM, threads per block), warps/SM = both multiplied;
 * a column per GPU configuration and variant of the `barrier` kernel; a cell is ns per barrier,
 * from the line with the most teams for that row (the most SMs busy), with its team count. */
#define BAR_COLS 8
#define BAR_ROWS 64
static int is_gpu_barrier(json_t *j) {
  const char *model = str_or(j, OKF_model, "");
  return is_kernel(j, "barrier") && (!strcmp(model, "cuda") || !strcmp(model, "omp_target"));
}
static void barrier_table(struct report *r) {
  json_t *lines = r->rs.lines, *j;
  size_t i;
  char col[BAR_COLS][96];
  int ncol = 0, nrow = 0;
  struct bar_row {
    int bps, threads;
    json_t *cell[BAR_COLS];
  } row_[BAR_ROWS];
  json_array_foreach(lines, i, j) {
    if (!is_gpu_barrier(j) || isnan(stat(j, OKF_per_op_ns, "median"))) continue;
    const int sms = sms_of(j), teams = (int)rs_int(j, OKF_teams), threads = (int)rs_int(j, OKF_threads);
    if (sms <= 0 || teams <= 0 || threads <= 0) continue;
    char key[96];
    snprintf(key, sizeof key, "%s %s", str_or(j, OKF_config, ""), str_or(j, OKF_variant, ""));
    int c = 0;
    while (c < ncol && strcmp(col[c], key)) ++c;
    if (c == ncol) {
      if (ncol == BAR_COLS) continue;
      snprintf(col[ncol++], sizeof col[0], "%s", key);
    }
    const int bps = (teams + sms - 1) / sms;
    int w = 0;
    while (w < nrow && (row_[w].bps != bps || row_[w].threads != threads)) ++w;
    if (w == nrow) {
      if (nrow == BAR_ROWS) continue;
      row_[nrow].bps = bps, row_[nrow].threads = threads;
      memset(row_[nrow].cell, 0, sizeof row_[nrow].cell);
      ++nrow;
    }
    if (!row_[w].cell[c] || rs_int(row_[w].cell[c], OKF_teams) < teams) row_[w].cell[c] = j;
  }
  if (!nrow) return;
  /* Rows by warps per SM, then threads per block. */
  for (int a = 1; a < nrow; ++a)
    for (int b = a; b > 0; --b) {
      long wa = (long)row_[b].bps * ((row_[b].threads + 31) / 32), wb = (long)row_[b - 1].bps * ((row_[b - 1].threads + 31) / 32);
      if (wa > wb || (wa == wb && row_[b].threads >= row_[b - 1].threads)) break;
      struct bar_row t = row_[b];
      row_[b] = row_[b - 1], row_[b - 1] = t;
    }
  const char *cols[3 + BAR_COLS] = {"warps/SM", "blocks/SM", "threads"};
  for (int c = 0; c < ncol; ++c) cols[3 + c] = col[c];
  head(r, "Block barrier against active warps per SM",
       "ns per barrier (clock64 baseline/test, median) of `__syncthreads` (CUDA) beside `omp barrier` and "
       "`ompx_sync_block` in a target team of the same size (\"ran N threads\" where the runtime gave fewer than "
       "asked); [teams] is the grid of that cell (the largest the sweep "
       "ran for the row: blocks/SM = teams over the SMs, rounded up, so fewer teams than SMs is 1 block on some SMs). "
       "warps/SM = blocks/SM × warps per block: the published finding is that the cost grows with it up to the "
       "occupancy limit.",
       3 + ncol, cols);
  for (int w = 0; w < nrow; ++w) {
    char cells[3 + BAR_COLS][64];
    const char *cp[3 + BAR_COLS];
    snprintf(cells[0], sizeof cells[0], "%d", row_[w].bps * ((row_[w].threads + 31) / 32));
    snprintf(cells[1], sizeof cells[1], "%d", row_[w].bps);
    snprintf(cells[2], sizeof cells[2], "%d", row_[w].threads);
    for (int c = 0; c < ncol; ++c) {
      json_t *x = row_[w].cell[c];
      /* omp_target: the runtime may run fewer threads than asked (param ran=TEAMSxTHREADS) */
      const char *ran = x ? strstr(str_or(x, OKF_param, ""), "ran=") : NULL;
      const char *xp = ran ? strchr(ran, 'x') : NULL;
      int got = xp ? atoi(xp + 1) : 0;
      char thr[32] = "";
      if (got > 0 && got != row_[w].threads) snprintf(thr, sizeof thr, ", ran %d threads", got);
      if (x)
        snprintf(cells[3 + c], sizeof cells[0], "%.4g [%ld%s]", stat(x, OKF_per_op_ns, "median"), rs_int(x, OKF_teams), thr);
      else snprintf(cells[3 + c], sizeof cells[0], "–");
    }
    for (int c = 0; c < 3 + ncol; ++c) cp[c] = cells[c];
    row(r, 3 + ncol, cp);
  }
  tail_(r);
}

struct rvar {
  json_t *j;
  double gbs;
};
static int by_gbs(const void *a, const void *b) {
  double x = ((const struct rvar *)a)->gbs, y = ((const struct rvar *)b)->gbs;
  return (x < y) - (x > y);
}

static void reduce_table(struct report *r) {
  json_t *lines = r->rs.lines, *j;
  size_t i;
  double copy = NAN;
  json_t *copy_line = NULL;
  struct rvar v[128];
  int nv = 0;
  json_array_foreach(lines, i, j) {
    if (!is_kernel(j, "reduce_study")) continue;
    double ns = stat(j, OKF_per_op_ns, "median");
    const char *p = str_or(j, OKF_param, "");
    if (!strcmp(p, "op=copy")) {
      if (!isnan(ns)) copy = 8.0 / ns, copy_line = j; /* bytes per ns = GB/s: read + write */
      continue;
    }
    if (nv < 128) v[nv].j = j, v[nv].gbs = isnan(ns) ? -1 : 4.0 / ns, ++nv;
  }
  if (!nv) return;
  /* No reduce_study copy: CUDA's mem_bandwidth op=copy is the same reference kernel. */
  json_array_foreach(lines, i, j) {
    if (!isnan(copy)) break;
    if (is_kernel(j, "mem_bandwidth") && !strcmp(str_or(j, OKF_model, ""), "cuda") &&
        !strcmp(str_or(j, OKF_param, ""), "op=copy"))
      copy = stat(j, OKF_rate, "median"), copy_line = j;
  }
  qsort(v, (size_t)nv, sizeof *v, by_gbs);
  char note[512];
  char anchor[320];
  if (isnan(copy)) snprintf(anchor, sizeof anchor, "no copy kernel in this study (CUDA's cuda_copy gives it)");
  else {
    const char *which = "";
    const double peak = ok_dram_peak_gbs(str_or(copy_line, OKF_gpu, ""), &which);
    char pk[200] = "";
    if (peak > 0) snprintf(pk, sizeof pk, ", %.0f %% of the data-sheet peak %.0f GB/s (%s)", 100 * copy / peak, peak, which);
    snprintf(anchor, sizeof anchor, "against the reference copy kernel's %.4g GB/s (read + write) in the same study%s",
             copy, pk);
  }
  snprintf(note, sizeof note,
           "Read bandwidth (4 B per element) per variant, fastest first, %s. omp_target and native times include "
           "their region's launch.",
           anchor);
  const char *cols[] = {"op", "rank", "config", "variant", "GB/s", "% of copy", "spread", "status"};
  head(r, "Reduction case study", note, 8, cols);
  for (int op = 0; op < 2; ++op) {
    int rank = 0;
    for (int k = 0; k < nv; ++k) {
      const char *p = str_or(v[k].j, OKF_param, "");
      if (strcmp(p, op ? "op=max" : "op=sum")) continue;
      char rk[8] = "", g[32] = "", pc[16] = "", sp[16] = "";
      if (v[k].gbs > 0) {
        snprintf(rk, sizeof rk, "%d", ++rank);
        snprintf(g, sizeof g, "%.4g", v[k].gbs);
        if (!isnan(copy)) snprintf(pc, sizeof pc, "%.0f %%", 100 * v[k].gbs / copy);
        double s = stat(v[k].j, OKF_spread, NULL);
        if (!isnan(s)) snprintf(sp, sizeof sp, "%.0f %%", 100 * s);
      }
      const char *c[] = {op ? "max" : "sum", rk, str_or(v[k].j, OKF_config, ""), str_or(v[k].j, OKF_variant, ""), g, pc,
                         sp, str_or(v[k].j, OKF_status, "")};
      row(r, 8, c);
    }
  }
  tail_(r);
}

void report_sync(struct report *r) {
  json_t *j;
  size_t i;
  int any = 0;
  json_array_foreach(r->rs.lines, i, j) any |= is_kernel(j, "launch") || is_kernel(j, "grid_sync") || is_gpu_barrier(j) ||
                                              is_kernel(j, "grid_sync_probe") || is_kernel(j, "reduce_study") ||
                                              is_kernel(j, "multi_gpu_sync");
  if (!any) return;
  rp_both(r, "## Launch cost, grid sync, reduction case study\n\n",
          "<h2 id=sync>Launch cost, grid sync, reduction case study</h2>\n");
  launch_table(r);
  barrier_table(r);
  grid_table(r);
  reduce_table(r);
}
