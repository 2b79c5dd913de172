/* The report's ablation section (docs/ablation.md): for every kernel the target-clang19-no*
 * configurations ran (the proxies and the cases), each openmp-opt transformation switched off
 * against the full pipeline (target-clang19): time relative to it and to CUDA, registers, shared
 * memory, execution mode and remark IDs, one table row per configuration, and one bar chart per
 * kernel. Nothing is written when the study has no ablation configuration. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"

#include <math.h>
#include <string.h>

#define FULL_PIPELINE "target-clang19"
#define ABL_PREFIX "target-clang19-no"

static int is_ablation(const char *c) { return c && !strncmp(c, ABL_PREFIX, strlen(ABL_PREFIX)); }

/* "nospmd" from "target-clang19-nospmd"; "full pipeline" for the baseline. */
static const char *abl_label(const char *c) {
  return is_ablation(c) ? c + strlen(FULL_PIPELINE) + 1 : "full pipeline";
}

static double time_of(json_t *j) {
  double med = NAN, mn, mx;
  if (!j || !rs_is_ok(j) || !rs_metric(j, &med, &mn, &mx)) return NAN;
  return med;
}

/* The CUDA line of the same kernel and size (proxies), else of the same kernel alone. */
static json_t *cuda_of(struct report *r, json_t *j) {
  size_t i;
  json_t *c, *any = NULL;
  long size = rs_int(j, OKF_size);
  json_array_foreach(r->rs.lines, i, c) {
    if (ok_model_of(rs_str(c, OKF_model)) != OKM_CUDA || !rs_str(c, OKF_kernel) ||
        strcmp(rs_str(c, OKF_kernel), rs_str(j, OKF_kernel)) || !rs_is_ok(c))
      continue;
    if (rs_int(c, OKF_size) == size) return c;
    if (!any) any = c;
  }
  return size < 0 ? any : NULL;
}

static void remark_ids(json_t *j, char *buf, size_t n) {
  size_t i, used = 0;
  json_t *id;
  buf[0] = 0;
  json_array_foreach(rs_get(j, OKF_remarks), i, id) {
    int k = snprintf(buf + used, n - used, "%s%s", used ? " " : "", json_string_value(id) ? json_string_value(id) : "");
    if (k < 0 || (size_t)k >= n - used) break;
    used += (size_t)k;
  }
}

static void num(long v, char *buf, size_t n) {
  if (v < 0) snprintf(buf, n, "–");
  else snprintf(buf, n, "%ld", v);
}

/* One table row; md and html. */
static void row(struct report *r, json_t *j, json_t *base, json_t *cuda, const char *label) {
  char t[32] = "–", rel[32] = "–", rc[32] = "–", regs[16], smem[16], ids[512];
  double tj = time_of(j), tb = time_of(base), tc = time_of(cuda);
  if (!isnan(tj)) rs_fmt_time(tj, t, sizeof t);
  else snprintf(t, sizeof t, "%s", rs_str(j, OKF_status) ? rs_str(j, OKF_status) : "?");
  if (!isnan(tj) && tb > 0) snprintf(rel, sizeof rel, "%.2f×", tj / tb);
  if (!isnan(tj) && tc > 0) snprintf(rc, sizeof rc, "%.2f×", tj / tc);
  num(rs_int(j, OKF_registers), regs, sizeof regs);
  num(rs_int(j, OKF_smem_bytes), smem, sizeof smem);
  remark_ids(j, ids, sizeof ids);
  const char *mode = rp_mode(j);
  fprintf(r->md, "| %s/%s | %s | %s | %s | %s | %s | %s | %s | %s |\n", rs_str(j, OKF_kernel), rs_str(j, OKF_variant),
          abl_label(rs_str(j, OKF_config)), t, rel, rc, regs, smem, mode ? mode : "?", ids);
  fputs("<tr><td>", r->html);
  rp_esc(r->html, label);
  fputs("</td><td>", r->html);
  rp_esc(r->html, abl_label(rs_str(j, OKF_config)));
  fprintf(r->html, "</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>", t, rel, rc, regs, smem);
  rp_esc(r->html, mode ? mode : "?");
  fputs("</td><td>", r->html);
  rp_esc(r->html, ids);
  fputs("</td></tr>\n", r->html);
}

/* The table's rows, one per ablation point (with the full pipeline's row first); returns the
 * chart data: per kernel, rows of variant x configuration relative times. */
static json_t *ablation_rows(struct report *r, json_t *points, json_t *order) {
  json_t *charts = json_object();
  size_t i;
  json_t *k;
  json_array_foreach(order, i, k) {
    json_t *set = json_object_get(points, json_string_value(k));
    json_t *base = json_object_get(set, FULL_PIPELINE);
    const char *cfg;
    json_t *first = base, *line;
    /* A point no ablation configuration ran (the proxies' GPU-filling size, a primitive): no row. */
    int has_abl = 0;
    json_object_foreach(set, cfg, line) has_abl |= is_ablation(cfg);
    if (!has_abl) continue;
    if (!first) json_object_foreach(set, cfg, line) if (!first) first = line;
    json_t *cuda = cuda_of(r, first);
    char label[256];
    snprintf(label, sizeof label, "%s/%s", rs_str(first, OKF_kernel), rs_str(first, OKF_variant));
    if (base) row(r, base, base, cuda, label);
    json_object_foreach(set, cfg, line) if (is_ablation(cfg)) {
      row(r, line, base, cuda, label);
      double rel = time_of(line) / time_of(base);
      if (!isnan(rel) && rel > 0) {
        json_t *ch = json_object_get(charts, rs_str(first, OKF_kernel));
        if (!ch) json_object_set_new(charts, rs_str(first, OKF_kernel), ch = json_array());
        json_array_append_new(ch, json_pack("{s:s,s:s,s:f}", OK_FNAME(variant), rs_str(first, OKF_variant), OK_FNAME(config),
                                            abl_label(cfg), "rel", rel));
      }
    }
  }
  return charts;
}

/* One kernel's chart as a gnuplot script on f: one bar group per variant (rows), one bar per
 * transformation (columns, the ablation configurations in first-seen order). */
static void chart_script(FILE *f, json_t *ch) {
  const char *cols[16], *rows[64];
  int nc = 0, nr = 0;
  size_t q;
  json_t *e;
  json_array_foreach(ch, q, e) {
    const char *c = rs_str(e, OKF_config), *v = rs_str(e, OKF_variant);
    int hc = 0, hr = 0;
    for (int x = 0; x < nc; ++x) hc |= !strcmp(cols[x], c);
    for (int x = 0; x < nr; ++x) hr |= !strcmp(rows[x], v);
    if (!hc && nc < 16) cols[nc++] = c;
    if (!hr && nr < 64) rows[nr++] = v;
  }
  fputs("$d << EOD\nvariant", f);
  for (int x = 0; x < nc; ++x) fprintf(f, " %s", cols[x]);
  fputc('\n', f);
  for (int y = 0; y < nr; ++y) {
    fprintf(f, "%s", rows[y]);
    for (int x = 0; x < nc; ++x) {
      double v = NAN;
      json_array_foreach(ch, q, e) if (!strcmp(rs_str(e, OKF_config), cols[x]) && !strcmp(rs_str(e, OKF_variant), rows[y]))
        v = json_real_value(json_object_get(e, "rel"));
      if (isnan(v)) fputs(" NaN", f);
      else fprintf(f, " %.4g", v);
    }
    fputc('\n', f);
  }
  fputs("EOD\nset style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
        "set key outside right top\nset ylabel 'time / full pipeline'\nset logscale y 2\nset grid ytics\n"
        "set xtics rotate by -30 noenhanced\nset key noenhanced\n",
        f);
  fprintf(f, "plot for [c=2:%d] $d using c:xtic(1) title columnheader(c), 1 with lines lc rgb 'black' dt 2 notitle\n",
          nc + 1);
}

/* One chart per kernel: relative time, drawn by gp (NULL: gnuplot not found, said instead). */
static void ablation_chart(struct report *r, const char *gp, const char *kn, json_t *ch) {
  char title[256], name[160], why[512] = "";
  snprintf(title, sizeof title, "%s: kernel time with one openmp-opt transformation off / full pipeline", kn);
  snprintf(name, sizeof name, "ablation-%s", kn);
  char *script = NULL, *svg = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
  chart_script(f, ch);
  fclose(f);
  if (!gp) snprintf(why, sizeof why, "Not plotted: gnuplot not found.");
  else if (!(svg = rp_plot(gp, r->rs.dir, name, 720, 360, script, why, sizeof why)) && !why[0])
    snprintf(why, sizeof why, "Not plotted.");
  fprintf(r->md, "**%s**\n\n", title);
  fputs("<figure><figcaption>", r->html);
  rp_esc(r->html, title);
  fputs("</figcaption>\n", r->html);
  if (svg) fprintf(r->md, "![%s](plots/%s.svg)\n\n", title, name), rp_svg_write(r->html, svg, &r->svg_grad);
  else fprintf(r->md, "%s\n\n", why), fputs("<p class=note>", r->html), rp_esc(r->html, why), fputs("</p>", r->html);
  fputs("</figure>\n", r->html);
  free(svg);
  free(script);
}

void report_ablation(struct report *r) {
  /* point key (no config) -> {config -> line}, in first-seen order */
  json_t *points = json_object(), *order = json_array();
  size_t i;
  json_t *j;
  int any = 0;
  json_array_foreach(r->rs.lines, i, j) {
    const char *c = rs_str(j, OKF_config);
    if (!c || !rs_str(j, OKF_kernel) || ok_model_of(rs_str(j, OKF_model)) != OKM_OMP_TARGET) continue;
    if (strcmp(c, FULL_PIPELINE) && !is_ablation(c)) continue;
    any |= is_ablation(c);
    char key[1024];
    rs_key(j, 0, key, sizeof key);
    json_t *set = json_object_get(points, key);
    if (!set) json_object_set_new(points, key, set = json_object()), json_array_append_new(order, json_string(key));
    json_object_set(set, c, j);
  }
  if (!any) {
    json_decref(points), json_decref(order);
    return;
  }
  rp_both(r, "## openmp-opt ablation\n\nEach `target-clang19-no*` configuration switches one openmp-opt transformation "
             "off (docs/ablation.md); times are kernel times relative to the full pipeline (`target-clang19`) and to "
             "CUDA at the same size.\n\n"
             "| kernel/variant | transformation off | time | × full | × CUDA | registers | smem | mode | remarks |\n"
             "|---|---|---|---|---|---|---|---|---|\n",
          "<h2 id=ablation>openmp-opt ablation</h2>\n<p>Each <code>target-clang19-no*</code> configuration switches "
          "one openmp-opt transformation off (docs/ablation.md); times are kernel times relative to the full pipeline "
          "(<code>target-clang19</code>) and to CUDA at the same size.</p>\n<table><thead><tr><th>kernel/variant"
          "<th>transformation off<th>time<th>× full<th>× CUDA<th>registers<th>smem<th>mode<th>remarks</tr></thead>"
          "<tbody>\n");
  json_t *charts = ablation_rows(r, points, order);
  rp_both(r, "\n", "</tbody></table>\n");
  char *gp = rp_gnuplot();
  const char *kn;
  json_t *ch;
  json_object_foreach(charts, kn, ch) ablation_chart(r, gp, kn, ch);
  free(gp);
  json_decref(charts);
  json_decref(points);
  json_decref(order);
}
