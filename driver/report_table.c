/* The comparison table: one row per kernel x point (and omp_target configuration), with CUDA,
 * the SPMD and generic omp_target forms and the best native point side by side. In HTML it sorts
 * on a header click and filters by words, with a few lines of inline JavaScript (no network). */
#define _GNU_SOURCE
#include "report.h"

#include <math.h>
#include <string.h>
#include <strings.h>

static const char *const headers[] = {"kernel", "form",  "point",    "config", "CUDA",    "omp SPMD", "omp generic",
                                      "best native", "ratio", "registers", "smem", "mode", "remarks", NULL};
static const char *const header_titles[] = {
    "kernel (record/kernels.def)",
    "variant less its _spmd/_generic suffix; vs: the CUDA variant it is compared with",
    "type, teams×threads, stride, param",
    "omp_target configuration of the row",
    "CUDA cost per operation (≈: at a nearby team count)",
    "omp_target SPMD form, cost per operation",
    "omp_target generic form, cost per operation",
    "cheapest native configuration at its largest thread count",
    "omp_target / CUDA cost per operation (SPMD · generic)",
    "registers per thread (SPMD · generic; CUDA in grey)",
    "static shared memory (SPMD · generic; CUDA in grey)",
    "execution mode the runtime used (else the compiled one)",
    "openmp-opt remark IDs of the omp_target kernels",
};

static const char *js =
    "<script>(function(){var t=document.getElementById('cmp'),b=t.tBodies[0],f=document.getElementById('filter'),"
    "c=document.getElementById('count');function v(td){var x=td.getAttribute('data-v');return x===null?td.textContent:x}"
    "function count(){var n=0;for(var i=0;i<b.rows.length;i++)if(!b.rows[i].hidden)n++;"
    "c.textContent=n+' of '+b.rows.length+' rows'}"
    "f.addEventListener('input',function(){var w=f.value.toLowerCase().split(/\\s+/).filter(Boolean);"
    "for(var i=0;i<b.rows.length;i++){var s=b.rows[i].textContent.toLowerCase();"
    "b.rows[i].hidden=!w.every(function(x){return s.indexOf(x)>=0})}count()});"
    "t.tHead.addEventListener('click',function(e){var th=e.target.closest('th');if(!th)return;"
    "var k=th.cellIndex,d=th.classList.contains('asc')?-1:1,hs=t.tHead.rows[0].cells;"
    "for(var i=0;i<hs.length;i++)hs[i].classList.remove('asc','desc');th.classList.add(d>0?'asc':'desc');"
    "var rows=Array.prototype.slice.call(b.rows);rows.sort(function(p,q){var x=v(p.cells[k]),y=v(q.cells[k]);"
    "if(x===''||y==='')return (x==='')-(y==='');var nx=parseFloat(x),ny=parseFloat(y);"
    "if(!isNaN(nx)&&!isNaN(ny))return d*(nx-ny);return d*x.localeCompare(y)});"
    "rows.forEach(function(r){b.appendChild(r)})});count()})();</script>\n";

static void td_open(FILE *f, const char *cls, double v) {
  fputs("<td", f);
  if (cls) fprintf(f, " class=\"%s\"", cls);
  if (!isnan(v)) fprintf(f, " data-v=\"%.9g\"", v);
  else fputs(" data-v=\"\"", f);
  fputc('>', f);
}

static double sort_cost(json_t *j) {
  if (!j || !rs_is_ok(j)) return NAN;
  return rs_ns_per_op(j);
}

/* A cost cell: the cost, or the status in red; the title says what was measured. */
static void cost_cell(struct report *r, json_t *j, const char *prefix, const char *note) {
  char c[96];
  rp_cost(j, c, sizeof c);
  td_open(r->html, "num", sort_cost(j));
  fprintf(r->md, " %s%s%s%s%s%s%s |", prefix, j && !rs_is_ok(j) ? "**" : "", c, j && !rs_is_ok(j) ? "**" : "",
          note ? " (" : "", note ? note : "", note ? ")" : "");
  if (!j) {
    fputs("<span class=none>–</span></td>", r->html);
    return;
  }
  fputs("<span title=\"", r->html);
  rp_esc(r->html, rs_str(j, "config"));
  fputs(" ", r->html);
  rp_esc(r->html, rs_str(j, "variant"));
  if (rs_str(j, "param")) {
    fputs(" ", r->html);
    rp_esc(r->html, rs_str(j, "param"));
  }
  double med, mn, mx;
  const char *m = rs_metric(j, &med, &mn, &mx);
  if (m) fprintf(r->html, "; %s median %.4g (min %.4g, max %.4g)", m, med, mn, mx);
  if (!rs_is_ok(j) && (rs_str(j, "error") || rs_str(j, "detail"))) {
    fputs("; ", r->html);
    rp_esc(r->html, rs_str(j, "error") ? rs_str(j, "error") : rs_str(j, "detail"));
  }
  fprintf(r->html, "\"%s>%s", !rs_is_ok(j) ? " class=bad" : "", prefix);
  rp_esc(r->html, c);
  fputs("</span>", r->html);
  if (note) {
    fputs(" <span class=n>", r->html);
    rp_esc(r->html, note);
    fputs("</span>", r->html);
  }
  fputs("</td>", r->html);
}

/* "ran 1×736" when the parallel region got another shape than the point asked for (param's
 * ran=TEAMSxTHREADS): generic kernels give a warp to the main thread, registers cap threads. */
static int ran_differs(json_t *j, char *buf, size_t n) {
  const char *p = rs_str(j, "param"), *r = p ? strstr(p, "ran=") : NULL;
  long te, th;
  if (!r || (r != p && r[-1] != ',') || sscanf(r + 4, "%ldx%ld", &te, &th) != 2) return 0;
  long want_th = rs_int(j, "threads"), want_te = rs_int(j, "teams");
  if (th == want_th && (te == want_te || want_te <= 0)) return 0;
  snprintf(buf, n, "ran %ld×%ld", te, th);
  return 1;
}

static void bytes(long b, char *buf, size_t n) {
  if (b < 1024) snprintf(buf, n, "%ld B", b);
  else snprintf(buf, n, "%.2g KiB", (double)b / 1024);
}

/* registers / smem: the omp_target values (SPMD · generic), CUDA's beside in grey. */
static void resource_cell(struct report *r, const struct rrow *w, const char *field, int as_bytes) {
  char v[2][32] = {"", ""}, cu[32] = "";
  double top = NAN;
  int nv = 0;
  for (int s = 0; s < SL_N; ++s) {
    long x = w->omp[s] ? rs_int(w->omp[s], field) : -1;
    if (x < 0) continue;
    if (as_bytes) bytes(x, v[nv], sizeof v[nv]);
    else snprintf(v[nv], sizeof v[nv], "%ld", x);
    ++nv;
    if (isnan(top) || x > top) top = (double)x;
  }
  long c = w->cuda ? rs_int(w->cuda, field) : -1;
  /* "2.7 · 2.7 KiB": the unit once when both omp_target values are in KiB */
  if (as_bytes && nv == 2 && strstr(v[0], " KiB") && strstr(v[1], " KiB")) *strstr(v[0], " KiB") = 0;
  if (c >= 0) {
    if (as_bytes) bytes(c, cu, sizeof cu);
    else snprintf(cu, sizeof cu, "%ld", c);
    if (isnan(top)) top = (double)c;
  }
  td_open(r->html, "num nw", top);
  fputs(" ", r->md);
  for (int k = 0; k < nv; ++k) {
    fprintf(r->html, "%s%s", k ? " · " : "", v[k]);
    fprintf(r->md, "%s%s", k ? " · " : "", v[k]);
  }
  if (cu[0]) {
    fprintf(r->html, "%s<span class=n title=\"CUDA\">%s%s%s</span>", nv ? " " : "", nv ? "(" : "", cu, nv ? ")" : "");
    fprintf(r->md, "%s%s%s%s", nv ? " (CUDA " : "CUDA ", cu, nv ? ")" : "", "");
  }
  if (!nv && !cu[0]) fputs("<span class=none>–</span>", r->html);
  fputs("</td>", r->html);
  fputs(" |", r->md);
}

static void mode_cell(struct report *r, const struct rrow *w) {
  td_open(r->html, "nw", NAN);
  fputs(" ", r->md);
  int n = 0;
  for (int s = 0; s < SL_N; ++s) {
    json_t *j = w->omp[s];
    const char *m = j ? rp_mode(j) : NULL, *src = rs_str(j, "source_mode");
    if (!m) continue;
    int demoted = rp_mode_rank(m) >= 0 && rp_mode_rank(src) > rp_mode_rank(m);
    fprintf(r->html, "%s<span class=%s title=\"written %s\">%s%s%s%s</span>", n ? " · " : "", demoted ? "bad" : "mode",
            src ? src : "?", m, demoted ? " (written " : "", demoted ? src : "", demoted ? ")" : "");
    fprintf(r->md, "%s%s%s%s%s", n ? " · " : "", m, demoted ? " (written " : "", demoted ? src : "", demoted ? ")" : "");
    ++n;
  }
  fputs("</td>", r->html);
  fputs(" |", r->md);
}

static void remarks_cell(struct report *r, const struct rrow *w) {
  td_open(r->html, "rm", NAN);
  fputs(" ", r->md);
  json_t *shown = json_object();
  for (int s = 0; s < SL_N; ++s) {
    json_t *j = w->omp[s], *id;
    const char *sym = rs_str(j, "kernel_symbol");
    size_t i;
    json_array_foreach(json_object_get(j, "remarks"), i, id) {
      const char *x = json_string_value(id);
      if (!x || json_object_get(shown, x)) continue;
      json_object_set_new(shown, x, json_true());
      char a[600] = "";
      if (sym) rp_remark_anchor(a, sizeof a, rs_str(j, "config"), sym, x);
      int linked = a[0] && json_object_get(r->linked, a);
      const char *cls = !strcmp(x, "OMP112") || !strcmp(x, "OMP113") ? "bad" : "rid";
      if (linked) fprintf(r->html, "<a class=%s href=\"#%s\">%s</a> ", cls, a, x);
      else fprintf(r->html, "<span class=%s>%s</span> ", cls, x);
      if (linked) fprintf(r->md, "[%s](#%s) ", x, a);
      else fprintf(r->md, "%s ", x);
    }
  }
  json_decref(shown);
  fputs("</td>", r->html);
  fputs(" |", r->md);
}

static void text_cell(struct report *r, const char *s, const char *extra, const char *cls) {
  fputs(cls ? "<td class=" : "<td>", r->html);
  if (cls) fprintf(r->html, "%s>", cls);
  rp_esc(r->html, s);
  if (extra) fputs(extra, r->html);
  fputs("</td>", r->html);
  fputs(" ", r->md);
  rp_mdesc(r->md, s);
  fputs(" |", r->md);
}

void report_table(struct report *r) {
  rp_both(r, "## Comparison table\n\n", "<h2 id=table>Comparison table</h2>\n");
  const char *explain = "One row per kernel × point and omp_target configuration. Cost is per operation (the "
                        "median); ratio is omp_target over CUDA at the same point. Native: the cheapest native "
                        "configuration at its largest thread count. Rows without a configuration are CUDA or "
                        "native points no omp_target form is compared with.";
  fprintf(r->md, "%s\n\n|", explain);
  fprintf(r->html,
          "<p class=note>%s Click a header to sort; type words to filter (all must match). "
          "<input id=filter type=search placeholder=\"filter, e.g. atomic generic 1024\"> <span id=count></span></p>\n"
          "<table class=cmp id=cmp><thead><tr>",
          explain);
  for (int c = 0; headers[c]; ++c) {
    fprintf(r->md, " %s |", headers[c]);
    fprintf(r->html, "<th title=\"%s\">%s</th>", header_titles[c], headers[c]);
  }
  fputs("\n|", r->md);
  for (int c = 0; headers[c]; ++c) fputs("---|", r->md);
  fputs("\n", r->md);
  fputs("</tr></thead>\n<tbody>\n", r->html);
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    char id[32];
    rp_row_anchor(r, w, id, sizeof id);
    fprintf(r->html, "<tr id=%s>", id);
    fputs("|", r->md);
    text_cell(r, w->kernel, NULL, "k");
    char vs[200] = "";
    if (w->config[0] && w->cuda_variant && strcmp(w->cuda_variant, w->form) && strcmp(w->cuda_variant, "cuda"))
      snprintf(vs, sizeof vs, " <span class=n>vs %s%s</span>", w->cuda_variant,
               w->cuda_by_workload ? ", the same work at its own launch shape" : "");
    text_cell(r, w->form, vs[0] ? vs : NULL, "w");
    text_cell(r, w->point, NULL, "w");
    const char *cfg = w->config[0] ? w->config : w->cuda ? "(CUDA only)" : "(native only)";
    text_cell(r, !strncmp(cfg, "target-", 7) ? cfg + 7 : cfg, NULL, "k");
    cost_cell(r, w->cuda, w->cuda_approx ? "≈ " : "", NULL);
    for (int s = 0; s < SL_N; ++s) {
      char ran[64];
      cost_cell(r, w->omp[s], "", ran_differs(w->omp[s], ran, sizeof ran) ? ran : NULL);
    }
    char nat[96] = "";
    if (w->native) {
      const char *c = rs_str(w->native, "config") ? rs_str(w->native, "config") : "";
      long th = rs_int(w->native, "threads");
      if (th > 0) snprintf(nat, sizeof nat, "%s %ldt", !strncmp(c, "native-", 7) ? c + 7 : c, th);
      else snprintf(nat, sizeof nat, "%s", !strncmp(c, "native-", 7) ? c + 7 : c);
    }
    cost_cell(r, w->native, "", nat[0] ? nat : NULL);
    /* ratio: SPMD · generic; sorted by the worse of the two */
    double top = NAN;
    for (int s = 0; s < SL_N; ++s)
      if (!isnan(w->ratio[s]) && !(w->ratio[s] <= top)) top = w->ratio[s];
    td_open(r->html, "num nw", top);
    fputs(" ", r->md);
    int k = 0;
    for (int s = 0; s < SL_N; ++s) {
      if (isnan(w->ratio[s])) continue;
      char q[32];
      rp_ratio(w->ratio[s], q, sizeof q);
      fprintf(r->html, "%s<span class=%s title=\"%s\">%s%s</span>", k ? " · " : "",
              w->ratio[s] > r->slow_ratio ? "slow" : w->ratio[s] <= 1.1 ? "fast" : "ratio", s == SL_SPMD ? "SPMD" : "generic",
              w->cuda_approx ? "≈" : "", q);
      fprintf(r->md, "%s%s%s", k ? " · " : "", w->cuda_approx ? "≈" : "", q);
      ++k;
    }
    if (!k) fputs("<span class=none>–</span>", r->html);
    fputs("</td>", r->html);
    fputs(" |", r->md);
    resource_cell(r, w, "registers", 0);
    resource_cell(r, w, "smem_bytes", 1);
    mode_cell(r, w);
    remarks_cell(r, w);
    fputs("</tr>\n", r->html);
    fputs("\n", r->md);
  }
  if (!r->nrows) rp_both(r, "| (no kernel results) |\n", "<tr><td colspan=13>no kernel results</td></tr>\n");
  rp_both(r, "\n", "</tbody></table>\n");
  fputs(js, r->html);
}
