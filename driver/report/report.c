/* ompkit report DIR: report.md and a self-contained report.html (inline CSS, a little inline
 * JavaScript for sorting and filtering, plots as inline SVG, no network). This file is the
 * orchestration: it loads the folder, has the rows built (report_rows.c) and the compile data
 * read (report_compile.c), writes the sections in order (report_summary.c, the compile section,
 * report_table.c, report_plots.c, report_heatmap.c, report_ablation.c, report_sync.c,
 * report_proxy_public.c), then the remark texts and the provenance. Without a GPU the compile
 * section leads (issue 31). The sections share report_format.c's helpers and report_svg.c's
 * compaction of gnuplot's SVG, and call nothing here. */
#define _GNU_SOURCE
#include "resultset.h"
#include "provenance.h"
#include "check.h"
#include "report.h"
#include "status.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* The (config, kernel symbol) pairs whose remark IDs the report shows: the table's omp_target
 * points and the compile data's regions. */
static json_t *wanted_kernels(struct report *r) {
  json_t *want = json_object();
  char key[1200];
  for (size_t n = 0; n < r->nrows; ++n)
    for (int s = 0; s < SL_N; ++s) {
      json_t *c = r->rows[n].omp[s];
      const char *sym = rs_str(c, OKF_kernel_symbol), *cfg = rs_str(c, OKF_config);
      if (!sym || !cfg) continue;
      snprintf(key, sizeof key, "%s|%s", cfg, sym);
      json_object_set_new(want, key, json_true());
    }
  for (size_t i = 0; i < r->ncregs; ++i) {
    snprintf(key, sizeof key, "%s|%s", r->cregs[i].config, r->cregs[i].symbol);
    json_object_set_new(want, key, json_true());
  }
  return want;
}

/* Each remark record joins the kernel whose symbol its function starts with (the kernel itself,
 * or an outlined helper "<symbol>_omp_outlined…"): the prefixes of its name at '_' are looked up. */
static const char *kernel_of_function(json_t *want, const char *cfg, const char *fn, char *key, size_t nk) {
  size_t len = strlen(fn);
  for (size_t l = len; l > 17; --l) {
    if (l < len && fn[l] != '_') continue;
    snprintf(key, nk, "%s|%.*s", cfg, (int)l, fn);
    if (json_object_get(want, key)) return key + strlen(cfg) + 1;
  }
  return NULL;
}

/* Remark texts once per distinct message (r->msgs: ID, message, the places it was given at and
 * how often) and, for every shown (config, symbol, ID), the message it links to (r->linked). */
static void collect_remarks(struct report *r) {
  r->linked = json_object();
  r->msgs = json_array();
  json_t *want = wanted_kernels(r), *index = json_object(), *rec;
  size_t i;
  json_array_foreach(r->rs.remarks, i, rec) {
    const char *fn = ok_jstr(rec, "function"), *nm = ok_jstr(rec, "name"), *cfg = rs_str(rec, OKF_config),
               *msg = ok_jstr(rec, "message");
    char key[1400], a[700], mk[2048], loc[600] = "(no source location)";
    if (!fn || !nm || !cfg || strncmp(nm, "OMP", 3)) continue;
    const char *sym = kernel_of_function(want, cfg, fn, key, sizeof key);
    if (!sym) continue;
    snprintf(mk, sizeof mk, "%s\x1f%s", nm, msg ? msg : "");
    json_t *at = json_object_get(index, mk), *m;
    if (!at) {
      json_object_set_new(index, mk, at = json_integer((json_int_t)json_array_size(r->msgs)));
      json_array_append_new(r->msgs, json_pack("{s:s,s:s,s:i,s:o}", "name", nm, "message", msg ? msg : "", "n", 0,
                                                "places", json_object()));
    }
    m = json_array_get(r->msgs, (size_t)json_integer_value(at));
    json_object_set_new(m, "n", json_integer(ok_jint(m, "n") + 1));
    if (ok_jstr(rec, "file"))
      snprintf(loc, sizeof loc, "%s:%ld:%ld", ok_jstr(rec, "file"), ok_jint(rec, "line"), ok_jint(rec, "column"));
    json_t *cfgs = json_object_get(json_object_get(m, "places"), loc);
    if (!cfgs) json_object_set_new(json_object_get(m, "places"), loc, cfgs = json_object());
    json_object_set_new(cfgs, cfg, json_true());
    char symbuf[1200];
    snprintf(symbuf, sizeof symbuf, "%s", sym);
    rp_remark_anchor(a, sizeof a, cfg, symbuf, nm);
    if (!json_object_get(r->linked, a)) json_object_set(r->linked, a, at);
  }
  json_decref(want);
  json_decref(index);
}

/* check.json (`ompkit check --json` saved into the result folder): its failed expectations. */
static void load_checks(struct report *r) {
  r->checks = json_array();
  r->check_all = json_array();
  char path[PATH_MAX + 16];
  snprintf(path, sizeof path, "%s/check.json", r->rs.dir);
  json_t *c = json_load_file(path, 0, NULL);
  size_t i;
  json_t *x;
  json_array_foreach(json_object_get(c, "checks"), i, x) {
    const char *st = ok_jstr(x, CHECK_STATUS);
    if (st && strcmp(st, "pass")) json_array_append(r->checks, x);
    json_array_append(r->check_all, x);
  }
  json_decref(c);
}

/* The reference omp_target configuration: the first the provenance lists among those with rows
 * or compile data (the packaged clang the EXPECT lines describe comes first in the manifest). */
static void reference_config(struct report *r) {
  size_t i, k;
  json_t *c, *rec;
  json_array_foreach(json_object_get(r->rs.prov, "configs"), i, c) {
    const char *name = ok_jstr(c, "name");
    for (int o = 0; name && !r->ref_config && o < r->n_omp_configs; ++o)
      if (!strcmp(r->omp_configs[o], name)) r->ref_config = r->omp_configs[o];
    json_array_foreach(r->rs.compile, k, rec) if (name && !r->ref_config && rs_str(rec, OKF_static_mode) &&
                                                  !strcmp(rs_str(rec, OKF_config) ?: "", name)) r->ref_config =
        rs_str(rec, OKF_config);
    if (r->ref_config) return;
  }
  if (r->n_omp_configs) r->ref_config = r->omp_configs[0];
}

/* Whether nothing ran on a GPU: no device in the provenance and no measured GPU point. */
static int ran_no_gpu(struct report *r) {
  if (ok_jstr(json_object_get(r->rs.prov, PROV_GPU), "device_name")) return 0;
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    enum ok_model_id m = ok_model_of(rs_str(j, OKF_model));
    if ((m == OKM_CUDA || m == OKM_OMP_TARGET) && rs_is_ok(j)) return 0;
  }
  return 1;
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

/* A merged folder (ompkit merge): one row per part, so the report says which node, GPU and Slurm
 * job measured each CONFIG@LABEL column, and which part is missing its unfinished variants. */
static void merged_parts(struct report *r) {
  size_t i;
  json_t *e;
  json_array_foreach(json_object_get(r->rs.prov, "merged_from"), i, e) {
    char k[300], buf[1024];
    json_t *sl = json_object_get(e, "slurm");
    const char *gpu = ok_jstr(json_object_get(e, PROV_GPU), "device_name"), *miss = ok_jstr(e, "missing");
    int l = snprintf(buf, sizeof buf, "host %s, GPU %s, %s, git %.12s", ok_jstr(e, PROV_HOST) ? ok_jstr(e, PROV_HOST) : "?",
                     gpu ? gpu : "none used", ok_jstr(e, "date") ? ok_jstr(e, "date") : "?",
                     ok_jstr(e, "git_sha") ? ok_jstr(e, "git_sha") : "?");
    if (sl && l > 0 && l < (int)sizeof buf)
      l += snprintf(buf + l, sizeof buf - (size_t)l, "; Slurm job %s, partition %s, node %s",
                    ok_jstr(sl, "job_id") ? ok_jstr(sl, "job_id") : "?", ok_jstr(sl, "partition") ? ok_jstr(sl, "partition") : "?",
                    ok_jstr(sl, "node") ? ok_jstr(sl, "node") : "?");
    if (json_array_size(json_object_get(e, "resumed")) && l > 0 && l < (int)sizeof buf)
      l += snprintf(buf + l, sizeof buf - (size_t)l, "; resumed %zu time(s)", json_array_size(json_object_get(e, "resumed")));
    if (miss && l > 0 && l < (int)sizeof buf)
      snprintf(buf + l, sizeof buf - (size_t)l, "; INCOMPLETE: %s (ompkit run --resume %s)", miss,
               ok_jstr(e, "dir") ? ok_jstr(e, "dir") : "?");
    snprintf(k, sizeof k, "part %s", ok_jstr(e, "label") ? ok_jstr(e, "label") : "?");
    kv(r, k, buf);
  }
}

static void provenance(struct report *r) {
  json_t *p = r->rs.prov;
  rp_both(r, "## Provenance\n\n| | |\n|---|---|\n",
          "<details id=provenance><summary><h2>Provenance</h2></summary>\n<table class=prov>\n");
  kv(r, "date", ok_jstr(p, "date"));
  kv(r, "host", ok_jstr(p, PROV_HOST));
  kv(r, "kernel", ok_jstr(p, PROV_KERNEL));
  char buf[1024];
  if (ok_jstr(p, "cpu")) {
    snprintf(buf, sizeof buf, "%s (%ld hardware threads)", ok_jstr(p, "cpu"), ok_jint(p, "hardware_threads"));
    kv(r, "CPU", buf);
  }
  const char *gpu = ok_jstr(json_object_get(p, PROV_GPU), "device_name");
  kv(r, "GPU", gpu ? gpu : "none used");
  kv(r, "git SHA", ok_jstr(p, "git_sha"));
  kv(r, "offload arch", ok_jstr(p, "offload_arch"));
  kv(r, "CUDA_VISIBLE_DEVICES", ok_jstr(p, "cuda_visible_devices"));
  kv(r, "sweep", ok_jstr(p, "sweep"));
  merged_parts(r);
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
    const char *fl = ok_jstr(c, "flags");
    if (json_is_true(json_object_get(c, "enabled")))
      snprintf(buf, sizeof buf, "%s%s%s", ok_jstr(c, "compiler_version") ? ok_jstr(c, "compiler_version") : "",
               fl ? "; flags: " : "", fl ? fl : "");
    else snprintf(buf, sizeof buf, "disabled: %s", ok_jstr(c, "reason") ? ok_jstr(c, "reason") : "");
    kv(r, ok_jstr(c, "name") ? ok_jstr(c, "name") : "?", buf);
  }
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) { /* configurations that did not run at all */
    if (rs_str(j, OKF_kernel)) continue;
    snprintf(buf, sizeof buf, "%s%s%s", rs_str(j, OKF_status) ? rs_str(j, OKF_status) : "?", rs_str(j, OKF_error) ? ": " : "",
             rs_str(j, OKF_error) ? rs_str(j, OKF_error) : "");
    char k[256];
    snprintf(k, sizeof k, "%s (this run)", rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "?");
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

/* A message's places for people: "a.c:44:7 (clang19, clang16)", the first max of them. */
static void places_text(json_t *places, size_t max, char *buf, size_t n) {
  const char *loc;
  json_t *cfgs, *one;
  size_t shown = 0, l = 0;
  buf[0] = 0;
  json_object_foreach(places, loc, cfgs) {
    if (shown++ == max || l + 64 > n) {
      snprintf(buf + l, n - l, "; %zu more (remarks.jsonl)", json_object_size(places) - max);
      return;
    }
    l += (size_t)snprintf(buf + l, n - l, "%s%s (", l ? "; " : "", loc);
    const char *cfg;
    int k = 0;
    json_object_foreach(cfgs, cfg, one) if (l + 40 < n) l += (size_t)snprintf(buf + l, n - l, "%s%s", k++ ? ", " : "",
                                                                              !strncmp(cfg, "target-", 7) ? cfg + 7 : cfg);
    if (l + 2 < n) l += (size_t)snprintf(buf + l, n - l, ")");
  }
}

/* Each distinct remark text once, with where it was given; the table's and the compile data's
 * remark IDs link here (m<k>). remarks.jsonl beside the report has every record. */
static void remarks_section(struct report *r) {
  rp_both(r, "## Remarks behind the IDs\n\n", "<details id=remarks><summary><h2>Remarks behind the IDs</h2></summary>\n");
  if (!json_array_size(r->msgs)) {
    rp_both(r, "No remarks.jsonl records match the kernels in the report (remark IDs are not linked).\n\n",
            "<p class=note>No remarks.jsonl records match the kernels in the report (remark IDs are not linked).</p>\n"
            "</details>\n");
    return;
  }
  rp_both(r, "Each remark text once, with the source lines it was given at (configurations in brackets); every record is in remarks.jsonl.\n\n",
          "<p class=note>Each remark text once, with the source lines it was given at (configurations in brackets); "
          "every record is in remarks.jsonl.</p>\n<dl class=remarks>\n");
  size_t k;
  json_t *m;
  char *buf = malloc(1 << 16);
  json_array_foreach(r->msgs, k, m) {
    places_text(json_object_get(m, "places"), 6, buf, 1 << 16);
    fprintf(r->md, "<a id=\"m%zu\"></a>**%s** %s — %ld records at %s\n\n", k, ok_jstr(m, "name"), ok_jstr(m, "message"),
            ok_jint(m, "n"), buf);
    fprintf(r->html, "<dt id=m%zu><b>%s</b> ", k, ok_jstr(m, "name"));
    rp_esc(r->html, ok_jstr(m, "message"));
    fprintf(r->html, " <span class=n>%ld records</span></dt>\n<dd>", ok_jint(m, "n"));
    places_text(json_object_get(m, "places"), 1000, buf, 1 << 16);
    rp_esc(r->html, buf);
    fputs("</dd>\n", r->html);
  }
  free(buf);
  fputs("</dl>\n</details>\n", r->html);
}

/* The remark section opens when a link into it is followed (it is collapsed by default). */
static const char *script_open_details =
    "<script>function okOpen(){var t=location.hash&&document.getElementById(location.hash.slice(1));"
    "for(var e=t;e;e=e.parentElement){if(e.tagName==='DETAILS')e.open=true;if(e.hidden){e.hidden=false;var h=e.previousElementSibling;h=h&&h.querySelector('tr.gh');if(h)h.classList.add('open')}}if(t)t.scrollIntoView();}"
    "addEventListener('hashchange',okOpen);addEventListener('load',okOpen);</script>\n";

const char *const rp_css = 
    "body{font:14px/1.35 system-ui,sans-serif;margin:14px 20px;color:#222;max-width:1600px}"
    "h1{font-size:19px;margin:0 0 2px}h2{font-size:16px;border-bottom:1px solid #ccc;margin:18px 0 6px}"
    "h3{font-size:14px;margin:8px 0 3px}summary h2{display:inline;border:0}summary{cursor:pointer;margin-top:14px}"
    ".keyline{color:#444;font-size:13px;margin-bottom:8px}"
    ".sum{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:18px;align-items:start}"
    ".sum>section{min-width:0;overflow-x:auto}table.fam{width:100%}table.fam td{overflow-wrap:anywhere}"
    ".sum.wide{grid-template-columns:minmax(0,1.8fr) minmax(0,1fr)}table.cmpl th{font-size:11px;font-weight:600}"
    "table.cmpl td:nth-child(-n+2){white-space:nowrap}"
    "table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;vertical-align:top;text-align:left}"
    "table.fam td,table.fam th{font-size:13px}table.fam td.r,table.fam td.f{text-align:right;white-space:nowrap}"
    "table.fam td.f{text-align:left}"
    "ol.surp{margin:0;padding-left:0;list-style:none}ol.surp>li{margin:0 0 6px}"
    "ol.surp ul{margin:1px 0 0;padding-left:18px;font-size:13px}ol.surp li li{margin:0}"
    ".g{font-weight:600}.n{color:#666;font-size:12px}.more{color:#666;font-size:12px;font-style:italic}"
    "table.cmp{font-size:12px;width:100%}table.cmp td{padding:2px 4px}"
    "table.cmp td:nth-child(n+4){text-align:right;white-space:nowrap}table.cmp td:nth-child(n+9){text-align:left}"
    "table.cmp td:first-child,table.cmp td:nth-child(2){max-width:14em}table.cmp td:nth-child(12){max-width:10em;font-size:11px}"
    "table.cmp td:empty:after{content:'–';color:#aaa}table.cmp i{font-style:normal;color:#666;font-size:11px}"
    "table.cmp b{font-weight:600}table.cmp b.fast{font-weight:normal}"
    "tr.gh td{background:#f4f6f8;cursor:pointer;text-align:left!important;white-space:normal!important}"
    "tr.gh td:before{content:'▸ ';color:#666}tr.gh.open td:before{content:'▾ '}"
    "table.cmpl td.r,table.fam td.r{text-align:right}tr.fh td{background:#f4f6f8;font-weight:600}"
    "table.cmpl{font-size:12px}table.cmpl td,table.cmpl th{padding:1px 4px}"
    "thead th{background:#f0f0f0;position:sticky;top:0;cursor:pointer;user-select:none}"
    "thead th.asc:after{content:' ▲'}thead th.desc:after{content:' ▼'}"
    ".slow{color:#b00;font-weight:600}.fast{color:#171}.warn{color:#a60;font-weight:600}.bad{color:#b00;font-weight:600}"
    ".rid{color:#246}.none{color:#aaa}.note{color:#555;font-size:13px}.approx{color:#777}"
    "table.prov th{background:#f6f6f6;font-weight:normal;white-space:nowrap}"
    ".figs{display:flex;flex-wrap:wrap;gap:10px}figure{margin:6px 0}figcaption{font-weight:600;margin-bottom:2px}"
    "figure svg{max-width:100%;height:auto}svg text{stroke:none}svg text:not([fill]){fill:#000}"
    ".gs{fill:none;stroke:currentColor;stroke-linecap:butt;stroke-linejoin:miter}"
    "dl.remarks dt{margin-top:8px}dl.remarks dd{margin-left:20px;font-size:13px}:target{background:#ffef9e}"
    "#filter{width:340px;font-size:13px}";

int report_write(const char *dir, double slow_ratio, int quiet) {
  struct report r;
  memset(&r, 0, sizeof r);
  r.slow_ratio = slow_ratio;
  if (rs_load(&r.rs, dir, "report", 0)) return -1;
  report_rows(&r);
  load_checks(&r);
  reference_config(&r);
  r.no_gpu = ran_no_gpu(&r);
  report_compile_load(&r);
  collect_remarks(&r);
  char *mdbuf = NULL, *htbuf = NULL;
  size_t mdlen = 0, htlen = 0;
  r.md = open_memstream(&mdbuf, &mdlen);
  r.html = open_memstream(&htbuf, &htlen);
  const char *date = ok_jstr(r.rs.prov, "date");
  fprintf(r.md, "# ompkit study %s\n\n", date ? date : "");
  fprintf(r.html,
          "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>ompkit study %s</title>\n"
          "<style>%s</style></head><body>\n<h1>ompkit study %s</h1>\n",
          date ? date : "", rp_css, date ? date : "");
  report_summary(&r); /* without a GPU it leads with the compile table */
  if (!r.no_gpu) report_compile_table(&r);
  report_compile_details(&r);
  report_table(&r);
  if (r.no_gpu) /* every plot of this section is of GPU points */
    rp_both(&r, "## Plots\n\nNo GPU ran: no timing plots.\n\n", "<h2 id=plots>Plots</h2>\n<p class=note>No GPU ran: no timing plots.</p>\n");
  else report_plots(&r);
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
  json_decref(r.msgs);
  json_decref(r.checks);
  json_decref(r.check_all);
  report_compile_free(&r);
  rs_free(&r.rs);
  return rc;
}

int cmd_report(int argc, char **argv) {
  static const struct option lo[] = {{"slow-ratio", 1, 0, 's'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  double slow = 2.0;
  int ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    if (ch == 'h') {
      printf("usage: ompkit report DIR [--slow-ratio X]\n"
             "Writes DIR/report.md and a self-contained DIR/report.html (plots under DIR/plots/) from a\n"
             "result folder: a summary (best and worst omp_target form per kernel family against CUDA,\n"
             "the surprises ranked), one table row per kernel x point, plots. Ratios above X times CUDA\n"
             "(default 2) are marked in the table. DIR/check.json (ompkit check --json) adds broken\n"
             "expectations to the surprises.\n");
      return OK_EXIT_OK;
    } else if (ch == 's') {
      char *end = NULL;
      slow = strtod(optarg, &end);
      if (*end || end == optarg || !(slow > 0)) {
        ok_err("report: --slow-ratio wants a number > 0");
        return OK_EXIT_USAGE;
      }
    } else return ok_bad_option("report", argv);
  }
  if (optind == argc) {
    ok_err("report: want a result folder (see ompkit report --help)");
    return OK_EXIT_USAGE;
  }
  if (argc - optind > 1) {
    ok_err("report: one result folder only, got '%s' too", argv[optind + 1]);
    return OK_EXIT_USAGE;
  }
  return report_write(argv[optind], slow, 0) ? OK_EXIT_USAGE : OK_EXIT_OK;
}
