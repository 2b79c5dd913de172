/* ompkit report DIR: report.md and a self-contained report.html (inline CSS, a little inline
 * JavaScript for sorting and filtering, plots as inline SVG, no network). This file is the
 * orchestration: it loads the folder, has the rows built (report_rows.c), writes the sections in
 * order (report_summary.c, report_table.c, report_plots.c, report_heatmap.c, report_ablation.c,
 * report_sync.c), then the remarks behind the IDs and the provenance. The sections share
 * report_format.c's helpers and call nothing here. */
#define _GNU_SOURCE
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

/* A merged folder (ompkit merge): one row per part, so the report says which node, GPU and Slurm
 * job measured each CONFIG@LABEL column, and which part is missing its unfinished variants. */
static void merged_parts(struct report *r) {
  size_t i;
  json_t *e;
  json_array_foreach(json_object_get(r->rs.prov, "merged_from"), i, e) {
    char k[300], buf[1024];
    json_t *sl = json_object_get(e, "slurm");
    const char *gpu = rs_str(json_object_get(e, "gpu"), "device_name"), *miss = rs_str(e, "missing");
    int l = snprintf(buf, sizeof buf, "host %s, GPU %s, %s, git %.12s", rs_str(e, "host") ? rs_str(e, "host") : "?",
                     gpu ? gpu : "none used", rs_str(e, "date") ? rs_str(e, "date") : "?",
                     rs_str(e, "git_sha") ? rs_str(e, "git_sha") : "?");
    if (sl && l > 0 && l < (int)sizeof buf)
      l += snprintf(buf + l, sizeof buf - (size_t)l, "; Slurm job %s, partition %s, node %s",
                    rs_str(sl, "job_id") ? rs_str(sl, "job_id") : "?", rs_str(sl, "partition") ? rs_str(sl, "partition") : "?",
                    rs_str(sl, "node") ? rs_str(sl, "node") : "?");
    if (json_array_size(json_object_get(e, "resumed")) && l > 0 && l < (int)sizeof buf)
      l += snprintf(buf + l, sizeof buf - (size_t)l, "; resumed %zu time(s)", json_array_size(json_object_get(e, "resumed")));
    if (miss && l > 0 && l < (int)sizeof buf)
      snprintf(buf + l, sizeof buf - (size_t)l, "; INCOMPLETE: %s (ompkit run --resume %s)", miss,
               rs_str(e, "dir") ? rs_str(e, "dir") : "?");
    snprintf(k, sizeof k, "part %s", rs_str(e, "label") ? rs_str(e, "label") : "?");
    kv(r, k, buf);
  }
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
  report_rows(&r);
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
