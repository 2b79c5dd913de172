/* The comparison table: one row per kernel x point (and omp_target configuration), with CUDA,
 * the SPMD and generic omp_target forms and the best native point side by side. In HTML the rows
 * are grouped per kernel under a line that sums the kernel up (its rows, its worst ratio), the
 * groups collapsed when the table is long; it sorts within the groups on a header click and
 * filters by words, with a few lines of inline JavaScript (no network). The HTML rows are lean
 * (no closing tags, no per-cell styles; the sort reads the cell's text): the full study's 4000
 * rows are the bulk of the page (issue 31 §3). Markdown keeps a row per point while the table is
 * short and one per kernel, form and configuration beyond that; every point is in results.csv
 * and results.jsonl beside it. Without a GPU the GPU-only columns are left out, said once. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* Markdown rows per point up to this many rows, else per form; HTML groups open up to OPEN_ROWS. */
enum { MD_POINT_ROWS = 600, OPEN_ROWS = 200 };
/* A cost cell's title gives min–max when they lie more than this apart, relative to the median. */
static const double SPREAD_SHOWN = 0.05;

static const char *const headers[] = {"kernel", "form",  "point",    "config", "CUDA",    "omp SPMD", "omp generic",
                                      "best native", "ratio", "registers", "smem", "mode", "remarks", NULL};
static const char *const header_titles[] = {
    "kernel (record/kernels.def)",
    "variant less its _spmd/_generic suffix; vs: the CUDA variant it is compared with",
    "type, teams×threads, stride, param",
    "omp_target configuration of the row",
    "CUDA cost per operation (≈: at a nearby team count); hover: min–max when over 5 % apart",
    "omp_target SPMD form, cost per operation; hover: min–max when over 5 % apart",
    "omp_target generic form, cost per operation; hover: min–max when over 5 % apart",
    "cheapest native configuration at its largest thread count",
    "omp_target / CUDA cost per operation (SPMD · generic)",
    "registers per thread (SPMD · generic; CUDA in brackets)",
    "static shared memory (SPMD · generic; CUDA in brackets)",
    "execution mode the runtime used (else the compiled one)",
    "openmp-opt remark IDs of the omp_target kernels",
};
/* The columns a run without a GPU has: kernel, form, point, config, best native. */
static const int nogpu_cols[] = {0, 1, 2, 3, 7, -1};

static int shown_col(const struct report *r, int c) {
  int k = 0;
  while (nogpu_cols[k] >= 0 && nogpu_cols[k] != c) ++k;
  return !r->no_gpu || nogpu_cols[k] >= 0;
}

/* Sorts on the cell's text (a number with its unit, a ratio "×32", a status last), groups toggle
 * on their line, the filter matches a row's text and its kernel and opens the groups it hits. */
static const char *js =
    "<script>(function(){var t=document.getElementById('cmp'),f=document.getElementById('filter'),"
    "c=document.getElementById('count'),G=[].slice.call(t.tBodies).filter(function(b){return b.className=='pts'}),"
    "U={ns:1,'µs':1e3,ms:1e6,s:1e9,B:1,KiB:1024};"
    "function val(td){var v=td.getAttribute('data-v');if(v!==null)return parseFloat(v);var s=td.textContent.replace(/^[≈≤×\\s]+/,''),m=s.match(/^(-?[\\d.]+(?:e[+-]?\\d+)?)\\s*(ns|µs|ms|s|KiB|B)?/);"
    "return m?parseFloat(m[1])*(m[2]?U[m[2]]:1):null}"
    "function count(){var n=0,a=0;G.forEach(function(b){for(var i=0;i<b.rows.length;i++){a++;if(!b.rows[i].hidden&&!b.hidden)n++}});"
    "c.textContent=n+' of '+a+' rows shown'}"
    "t.addEventListener('click',function(e){var h=e.target.closest('tr.gh');if(!h)return;var b=h.parentNode.nextElementSibling;"
    "b.hidden=!b.hidden;h.classList.toggle('open',!b.hidden);count()});"
    "f.addEventListener('input',function(){var w=f.value.toLowerCase().split(/\\s+/).filter(Boolean);"
    "G.forEach(function(b){var k=b.getAttribute('data-k')+' ',any=false;for(var i=0;i<b.rows.length;i++){"
    "var s=k+b.rows[i].textContent.toLowerCase(),m=w.every(function(x){return s.indexOf(x)>=0});b.rows[i].hidden=!m;any=any||m}"
    "var h=b.previousElementSibling;h.hidden=w.length>0&&!any;b.hidden=w.length?!any:!h.rows[0].classList.contains('open')});count()});"
    "t.tHead.addEventListener('click',function(e){var th=e.target.closest('th');if(!th)return;"
    "var k=th.cellIndex,d=th.classList.contains('asc')?-1:1,hs=t.tHead.rows[0].cells;"
    "for(var i=0;i<hs.length;i++)hs[i].classList.remove('asc','desc');th.classList.add(d>0?'asc':'desc');"
    "G.forEach(function(b){var rows=[].slice.call(b.rows);rows.sort(function(p,q){var x=val(p.cells[k]),y=val(q.cells[k]);"
    "if(x!==null&&y!==null)return d*(x-y);if(x!==null||y!==null)return x===null?1:-1;"
    "return d*p.cells[k].textContent.localeCompare(q.cells[k].textContent)});rows.forEach(function(r){b.appendChild(r)})})});"
    "count()})();</script>\n";

/* ---- cells shared by both outputs ---- */

static void bytes(long b, char *buf, size_t n) {
  if (b < 1024) snprintf(buf, n, "%ld B", b);
  else snprintf(buf, n, "%.2g KiB", (double)b / 1024);
}

/* registers / smem: the omp_target values (SPMD · generic) and CUDA's; "" when none. */
static void resources(const struct rrow *w, enum ok_field_id field, int as_bytes, char *omp, size_t no, char *cu, size_t nc) {
  char v[2][32] = {"", ""};
  int nv = 0;
  for (int s = 0; s < SL_N; ++s) {
    long x = w->omp[s] ? rs_int(w->omp[s], field) : -1;
    if (x < 0) continue;
    if (as_bytes) bytes(x, v[nv], sizeof v[nv]);
    else snprintf(v[nv], sizeof v[nv], "%ld", x);
    ++nv;
  }
  /* "2.7 · 2.7 KiB": the unit once when both omp_target values are in KiB */
  if (as_bytes && nv == 2 && strstr(v[0], " KiB") && strstr(v[1], " KiB")) *strstr(v[0], " KiB") = 0;
  snprintf(omp, no, "%s%s%s", v[0], nv == 2 ? " · " : "", nv == 2 ? v[1] : "");
  long c = w->cuda ? rs_int(w->cuda, field) : -1;
  cu[0] = 0;
  if (c >= 0 && as_bytes) bytes(c, cu, nc);
  else if (c >= 0) snprintf(cu, nc, "%ld", c);
}

/* "ran 1×736" when the parallel region got another shape than the point asked for (param's
 * ran=TEAMSxTHREADS): generic kernels give a warp to the main thread, registers cap threads. */
static int ran_differs(json_t *j, char *buf, size_t n) {
  const char *p = rs_str(j, OKF_param), *r = p ? strstr(p, "ran=") : NULL;
  long te, th;
  if (!r || (r != p && r[-1] != ',') || sscanf(r + 4, "%ldx%ld", &te, &th) != 2) return 0;
  long want_th = rs_int(j, OKF_threads), want_te = rs_int(j, OKF_teams);
  if (th == want_th && (te == want_te || want_te <= 0)) return 0;
  snprintf(buf, n, "ran %ld×%ld", te, th);
  return 1;
}

/* The best native cell's note: "gcc 16t". */
static void native_note(const struct rrow *w, char *nat, size_t n) {
  nat[0] = 0;
  if (!w->native) return;
  const char *c = rs_str(w->native, OKF_config) ? rs_str(w->native, OKF_config) : "";
  long th = rs_int(w->native, OKF_threads);
  if (th > 0) snprintf(nat, n, "%s %ldt", !strncmp(c, "native-", 7) ? c + 7 : c, th);
  else snprintf(nat, n, "%s", !strncmp(c, "native-", 7) ? c + 7 : c);
}

/* The form's note: which CUDA variant it is paired with, and how. */
static void vs_note(const struct rrow *w, char *buf, size_t n) {
  buf[0] = 0;
  if (!w->config[0] || !w->cuda_variant) return;
  int named = strcmp(w->cuda_variant, w->form) && strcmp(w->cuda_variant, "cuda");
  if (!named && !w->cuda_by_workload) return;
  int l = snprintf(buf, n, "vs %s%s", w->cuda_variant, w->cuda_by_workload ? ", the same work at its own launch shape" : "");
  long te = w->cuda ? rs_int(w->cuda, OKF_teams) : -1, th = w->cuda ? rs_int(w->cuda, OKF_threads) : -1;
  if (w->cuda_by_workload && te > 0 && th > 0 && l > 0 && (size_t)l < n) snprintf(buf + l, n - (size_t)l, " (%ld×%ld)", te, th);
}

static const char *cfg_short(const struct rrow *w) {
  const char *cfg = w->config[0] ? w->config : w->cuda ? "(CUDA only)" : "(native only)";
  return !strncmp(cfg, "target-", 7) ? cfg + 7 : cfg;
}

/* ---- Markdown, one row per point ---- */

static void md_cost(struct report *r, json_t *j, const char *prefix, const char *note) {
  char c[96];
  rp_cost(j, c, sizeof c);
  fprintf(r->md, " %s%s%s%s%s%s%s |", prefix, j && !rs_is_ok(j) ? "**" : "", c, j && !rs_is_ok(j) ? "**" : "",
          note ? " (" : "", note ? note : "", note ? ")" : "");
}

static void md_text(struct report *r, const char *s) {
  fputs(" ", r->md);
  rp_mdesc(r->md, s);
  fputs(" |", r->md);
}

static void md_modes(struct report *r, const struct rrow *w) {
  int n = 0;
  fputs(" ", r->md);
  for (int s = 0; s < SL_N; ++s) {
    json_t *j = w->omp[s];
    const char *m = j ? rp_mode(j) : NULL, *src = rs_str(j, OKF_source_mode);
    if (!m) continue;
    int demoted = ok_mode_rank(m) >= 0 && ok_mode_rank(src) > ok_mode_rank(m);
    fprintf(r->md, "%s%s%s%s%s", n++ ? " · " : "", m, demoted ? " (written " : "", demoted ? src : "", demoted ? ")" : "");
  }
  fputs(" |", r->md);
}

/* A row's remark IDs, each once, with the message anchor it links to (r->linked); out: "ID k ID k …". */
static int remark_links(struct report *r, const struct rrow *w, const char **id, long *at, int max) {
  int n = 0;
  for (int s = 0; s < SL_N; ++s) {
    json_t *j = w->omp[s], *v;
    const char *sym = rs_str(j, OKF_kernel_symbol);
    size_t i;
    json_array_foreach(rs_get(j, OKF_remarks), i, v) {
      const char *x = json_string_value(v);
      int dup = 0;
      for (int k = 0; k < n; ++k) dup |= !strcmp(id[k], x ? x : "");
      if (!x || dup || n == max) continue;
      char a[700];
      a[0] = 0;
      if (sym) rp_remark_anchor(a, sizeof a, rs_str(j, OKF_config), sym, x);
      json_t *m = a[0] ? json_object_get(r->linked, a) : NULL;
      id[n] = x, at[n++] = m ? (long)json_integer_value(m) : -1;
    }
  }
  return n;
}

/* A resource cell: the OpenMP figure and, beside it, CUDA's (both rows, point and form, write it). */
static void md_resource_cell(struct report *r, const struct rrow *w, enum ok_field_id field, int as_bytes) {
  char omp[64], cu[32];
  resources(w, field, as_bytes, omp, sizeof omp, cu, sizeof cu);
  fprintf(r->md, " %s%s%s%s |", omp, cu[0] ? (omp[0] ? " (CUDA " : "CUDA ") : "", cu, cu[0] && omp[0] ? ")" : "");
}

/* The remark IDs cell, each linked to its remark's line in report.md when links is set. */
static void md_remarks_cell(struct report *r, const struct rrow *w, int links) {
  const char *id[32];
  long at[32];
  int n = remark_links(r, w, id, at, 32);
  fputs(" ", r->md);
  for (int k = 0; k < n; ++k)
    if (links && at[k] >= 0) fprintf(r->md, "[%s](#m%ld) ", id[k], at[k]);
    else fprintf(r->md, "%s ", id[k]);
  fputs("|\n", r->md);
}

static void md_point_row(struct report *r, const struct rrow *w) {
  char ran[64], nat[96], q[32];
  fputs("|", r->md);
  md_text(r, w->kernel);
  md_text(r, w->form);
  md_text(r, w->point);
  md_text(r, cfg_short(w));
  native_note(w, nat, sizeof nat);
  if (r->no_gpu) { /* the columns a run without a GPU fills */
    md_cost(r, w->native, "", nat[0] ? nat : NULL);
    fputs("\n", r->md);
    return;
  }
  md_cost(r, w->cuda, w->cuda_approx ? "≈ " : "", NULL);
  for (int s = 0; s < SL_N; ++s) md_cost(r, w->omp[s], "", ran_differs(w->omp[s], ran, sizeof ran) ? ran : NULL);
  md_cost(r, w->native, "", nat[0] ? nat : NULL);
  fputs(" ", r->md);
  for (int s = 0, k = 0; s < SL_N; ++s)
    if (!isnan(w->ratio[s])) rp_ratio(w->ratio[s], q, sizeof q), fprintf(r->md, "%s%s%s", k++ ? " · " : "", w->cuda_approx ? "≈" : "", q);
  fputs(" |", r->md);
  md_resource_cell(r, w, OKF_registers, 0);
  md_resource_cell(r, w, OKF_smem_bytes, 1);
  md_modes(r, w);
  md_remarks_cell(r, w, 1);
}

/* ---- Markdown, one row per kernel, form and configuration (long tables) ---- */

static int same_group(const struct rrow *a, const struct rrow *b) {
  return !strcmp(a->kernel, b->kernel) && !strcmp(a->form, b->form) && !strcmp(a->config, b->config);
}

static void md_form_row(struct report *r, size_t a, size_t b) {
  const struct rrow *w = &r->rows[a], *worst = NULL;
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  int n = 0, slot = 0;
  for (size_t k = a; k < b; ++k)
    for (int s = 0; s < SL_N; ++s) {
      double x = r->rows[k].ratio[s];
      if (isnan(x)) continue;
      sum += log(x), ++n, lo = fmin(lo, x);
      if (x > hi) hi = x, worst = &r->rows[k], slot = s;
    }
  char g[32] = "–", l[32], h[32], vs[200];
  vs_note(w, vs, sizeof vs);
  fputs("|", r->md);
  md_text(r, w->kernel);
  md_text(r, w->form);
  md_text(r, cfg_short(w));
  fprintf(r->md, " %zu | %s |", b - a, w->config[0] ? (w->cuda_variant ? w->cuda_variant : "–") : "");
  if (n) {
    rp_ratio(exp(sum / n), g, sizeof g), rp_ratio(lo, l, sizeof l), rp_ratio(hi, h, sizeof h);
    fprintf(r->md, " %s | %s–%s | %s %s |", g, l, h, worst->point, slot == SL_SPMD ? "spmd" : "generic");
  } else {
    char c[96];
    rp_cost(w->cuda ? w->cuda : w->native ? w->native : w->omp[0] ? w->omp[0] : w->omp[1], c, sizeof c);
    fprintf(r->md, " – | – | %s at %s |", c, w->point);
  }
  md_resource_cell(r, w, OKF_registers, 0);
  md_modes(r, w);
  md_remarks_cell(r, w, 0);
}

static void md_table(struct report *r) {
  if (r->nrows <= MD_POINT_ROWS) {
    fputs("|", r->md);
    for (int c = 0; headers[c]; ++c)
      if (shown_col(r, c)) fprintf(r->md, " %s |", headers[c]);
    fputs("\n|", r->md);
    for (int c = 0; headers[c]; ++c)
      if (shown_col(r, c)) fputs("---|", r->md);
    fputs("\n", r->md);
    for (size_t n = 0; n < r->nrows; ++n) md_point_row(r, &r->rows[n]);
    if (!r->nrows) fputs("| (no kernel results) |\n", r->md);
    return;
  }
  fprintf(r->md, "%zu rows: one line per kernel, form and configuration here; each point in report.html (per kernel, "
                 "collapsed) and in results.csv / results.jsonl.\n\n| kernel | form | config | points | CUDA pair | "
                 "ratio (geomean) | range | worst at / cost | registers | mode | remarks |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
          r->nrows);
  for (size_t a = 0, b; a < r->nrows; a = b) {
    for (b = a + 1; b < r->nrows && same_group(&r->rows[a], &r->rows[b]);) ++b;
    md_form_row(r, a, b);
  }
}

/* ---- HTML, lean rows grouped per kernel ---- */

static void h_cost(struct report *r, json_t *j, const char *prefix, const char *note) {
  FILE *f = r->html;
  if (!j) {
    fputs("<td>", f);
    return;
  }
  char c[96];
  rp_cost(j, c, sizeof c);
  double med, mn, mx;
  const char *m = rs_metric(j, &med, &mn, &mx);
  fputs(rs_is_ok(j) ? "<td" : "<td class=bad", f);
  if (!rs_is_ok(j) && (rs_str(j, OKF_error) || rs_str(j, OKF_detail))) {
    fputs(" title=\"", f);
    rp_esc(f, rs_str(j, OKF_error) ? rs_str(j, OKF_error) : rs_str(j, OKF_detail));
    fputs("\"", f);
  } else if (m && med > 0 && (mx - mn) / med > SPREAD_SHOWN) /* a spread that matters to a ratio; all in results.csv */
    fprintf(f, " title=\"%.4g–%.4g%s\"", mn, mx, !strcmp(m, OK_FNAME(time_s)) ? " s" : !strcmp(m, OK_FNAME(per_op_ns)) ? " ns" : "");
  fprintf(f, ">%s", prefix);
  rp_esc(f, c);
  if (note) {
    fputs(" <i>", f);
    rp_esc(f, note);
    fputs("</i>", f);
  }
}

/* The ratio cell sorts by the worse of its two ratios (data-v); the others sort by their text. */
static void h_ratio(struct report *r, const struct rrow *w) {
  double top = NAN;
  for (int s = 0; s < SL_N; ++s)
    if (!isnan(w->ratio[s]) && !(w->ratio[s] <= top)) top = w->ratio[s];
  if (isnan(top)) fputs("<td>", r->html);
  else fprintf(r->html, "<td data-v=%.4g>", top);
  for (int s = 0, k = 0; s < SL_N; ++s) {
    if (isnan(w->ratio[s])) continue;
    char q[32];
    rp_ratio(w->ratio[s], q, sizeof q);
    const char *cls = w->ratio[s] > r->slow_ratio ? "slow" : w->ratio[s] <= 1.1 ? "fast" : NULL;
    fputs(k++ ? " · " : "", r->html);
    if (cls) fprintf(r->html, "<b class=%s>%s%s</b>", cls, w->cuda_approx ? "≈" : "", q);
    else fprintf(r->html, "%s%s", w->cuda_approx ? "≈" : "", q);
  }
}

static void h_modes(struct report *r, const struct rrow *w) {
  fputs("<td>", r->html);
  for (int s = 0, n = 0; s < SL_N; ++s) {
    json_t *j = w->omp[s];
    const char *m = j ? rp_mode(j) : NULL, *src = rs_str(j, OKF_source_mode);
    if (!m) continue;
    int demoted = ok_mode_rank(m) >= 0 && ok_mode_rank(src) > ok_mode_rank(m);
    fputs(n++ ? " · " : "", r->html);
    if (demoted) fprintf(r->html, "<b class=bad>%s (written %s)</b>", m, src);
    else fputs(m, r->html);
  }
}

static void h_point_row(struct report *r, const struct rrow *w) {
  char id[32], vs[200], ran[64], nat[96], omp[64], cu[32];
  rp_row_anchor(r, w, id, sizeof id);
  fprintf(r->html, "<tr id=%s><td>", id);
  rp_esc(r->html, w->form);
  vs_note(w, vs, sizeof vs);
  if (vs[0]) fprintf(r->html, " <i>%s</i>", vs);
  fputs("<td>", r->html);
  rp_esc(r->html, w->point);
  fprintf(r->html, "<td>%s", cfg_short(w));
  if (!r->no_gpu) {
    h_cost(r, w->cuda, w->cuda_approx ? "≈ " : "", NULL);
    for (int s = 0; s < SL_N; ++s) h_cost(r, w->omp[s], "", ran_differs(w->omp[s], ran, sizeof ran) ? ran : NULL);
  }
  native_note(w, nat, sizeof nat);
  h_cost(r, w->native, "", nat[0] ? nat : NULL);
  if (r->no_gpu) {
    fputs("\n", r->html);
    return;
  }
  h_ratio(r, w);
  for (int f = 0; f < 2; ++f) {
    resources(w, f ? OKF_smem_bytes : OKF_registers, f, omp, sizeof omp, cu, sizeof cu);
    fprintf(r->html, "<td>%s%s%s%s", omp, cu[0] ? (omp[0] ? " <i>(" : "<i>") : "", cu, cu[0] ? (omp[0] ? ")</i>" : "</i>") : "");
  }
  h_modes(r, w);
  const char *rid[32];
  long at[32];
  int n = remark_links(r, w, rid, at, 32);
  fputs("<td>", r->html);
  for (int k = 0; k < n; ++k) {
    int bad = !strcmp(rid[k], "OMP112") || !strcmp(rid[k], "OMP113");
    if (at[k] >= 0) fprintf(r->html, "<a%s href=#m%ld>%s</a> ", bad ? " class=bad" : "", at[k], rid[k]);
    else fprintf(r->html, "%s%s%s ", bad ? "<b class=bad>" : "", rid[k], bad ? "</b>" : "");
  }
  fputs("\n", r->html);
}

/* The line above a kernel's rows: its name, rows and forms, and its worst ratio. */
static void h_group_head(struct report *r, size_t a, size_t b, int open, int ncols) {
  const struct rrow *worst = NULL;
  int slot = 0, forms = 0;
  for (size_t k = a; k < b; ++k) {
    forms += r->rows[k].config[0] && (k == a || !same_group(&r->rows[k], &r->rows[k - 1]));
    for (int s = 0; s < SL_N; ++s)
      if (!isnan(r->rows[k].ratio[s]) && (!worst || r->rows[k].ratio[s] > worst->ratio[slot])) worst = &r->rows[k], slot = s;
  }
  fprintf(r->html, "<tbody><tr class=\"gh%s\"><td colspan=%d><b>", open ? " open" : "", ncols);
  rp_esc(r->html, r->rows[a].kernel);
  fprintf(r->html, "</b> <span class=n>%zu row%s · %d omp_target form%s", b - a, b - a == 1 ? "" : "s", forms, forms == 1 ? "" : "s");
  if (worst) {
    char q[32], lab[512];
    rp_ratio(worst->ratio[slot], q, sizeof q);
    rp_form_label(r, worst, slot, lab, sizeof lab);
    fprintf(r->html, " · worst %s CUDA: ", q);
    rp_esc(r->html, lab);
  }
  fprintf(r->html, "</span></tbody>\n<tbody class=pts data-k=\"");
  rp_esc(r->html, r->rows[a].kernel);
  fprintf(r->html, "\"%s>\n", open ? "" : " hidden");
}

static void h_table(struct report *r) {
  int ncols = 0;
  fputs("<table class=cmp id=cmp><thead><tr>", r->html);
  for (int c = 1; headers[c]; ++c) /* the kernel is its group's line */
    if (shown_col(r, c)) fprintf(r->html, "<th title=\"%s\">%s</th>", header_titles[c], headers[c]), ++ncols;
  fputs("</tr></thead>\n", r->html);
  int open = r->nrows <= OPEN_ROWS;
  for (size_t a = 0, b; a < r->nrows; a = b) {
    for (b = a + 1; b < r->nrows && !strcmp(r->rows[a].kernel, r->rows[b].kernel);) ++b;
    h_group_head(r, a, b, open, ncols);
    for (size_t k = a; k < b; ++k) h_point_row(r, &r->rows[k]);
    fputs("</tbody>\n", r->html);
  }
  if (!r->nrows) fprintf(r->html, "<tbody class=pts data-k=\"\"><tr><td colspan=%d>no kernel results</tbody>\n", ncols);
  fputs("</table>\n", r->html);
}

void report_table(struct report *r) {
  rp_both(r, "## Comparison table\n\n", "<h2 id=table>Comparison table</h2>\n");
  const char *explain = "One row per kernel × point and omp_target configuration. Cost is per operation (the "
                        "median); ratio is omp_target over CUDA at the same point (proxies, launch and reduce_study: "
                        "the same work, each at its own launch shape). Native: the cheapest native configuration at its "
                        "largest thread count. Rows without a configuration are CUDA or native points no omp_target "
                        "form is compared with.";
  const char *nogpu = " No GPU ran: the CUDA, omp_target, ratio, registers, mode and remark columns are left out "
                      "(the compile data are above).";
  fprintf(r->md, "%s%s\n\n", explain, r->no_gpu ? nogpu : "");
  fprintf(r->html,
          "<p class=note>%s%s Rows are grouped per kernel (click a kernel's line to open it); click a header to sort "
          "within the groups; type words to filter (all must match). "
          "<input id=filter type=search placeholder=\"filter, e.g. atomic generic 1024\"> <span id=count></span></p>\n",
          explain, r->no_gpu ? nogpu : "");
  md_table(r);
  fputs("\n", r->md);
  h_table(r);
  fputs(js, r->html);
}
