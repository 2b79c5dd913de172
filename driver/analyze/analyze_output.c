/* ompkit analyze: the output, one content in three forms: the terminal table, report.md and a
 * self-contained report.html (inline CSS). The first screen names the costly regions; then one
 * side-by-side table (a row per region, a column per configuration), then per region the details. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum form { TEXT, MD, HTML };

struct w {
  FILE *f;
  enum form form;
  json_t *rows; /* the table being built */
};

static const char *str(json_t *e, const char *k) {
  const char *s = json_string_value(json_object_get(e, k));
  return s ? s : "";
}

static void esc(struct w *w, const char *s) {
  for (; *s; ++s) {
    if (w->form == HTML && (*s == '<' || *s == '>' || *s == '&'))
      fputs(*s == '<' ? "&lt;" : *s == '>' ? "&gt;" : "&amp;", w->f);
    else if (w->form == MD && *s == '|') fputs("\\|", w->f);
    else fputc(*s, w->f);
  }
}

static void heading(struct w *w, int level, const char *fmt, ...) {
  char s[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s, sizeof s, fmt, ap);
  va_end(ap);
  if (w->form == HTML) fprintf(w->f, "<h%d>", level), esc(w, s), fprintf(w->f, "</h%d>\n", level);
  else if (w->form == MD) fprintf(w->f, "\n%.*s %s\n\n", level, "####", s);
  else fprintf(w->f, "\n%s\n", s);
}

static void para(struct w *w, const char *fmt, ...) {
  char s[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s, sizeof s, fmt, ap);
  va_end(ap);
  if (w->form == HTML) fputs("<p>", w->f), esc(w, s), fputs("</p>\n", w->f);
  else if (w->form == MD) fputs("- ", w->f), esc(w, s), fputc('\n', w->f);
  else fprintf(w->f, "  %s\n", s);
}

static void row(struct w *w, int n, ...) {
  json_t *r = json_array();
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; ++i) json_array_append_new(r, json_string(va_arg(ap, const char *)));
  va_end(ap);
  json_array_append_new(w->rows, r);
}

/* The buffered rows, the first being the header: padded columns, a Markdown or an HTML table. */
static void table_end(struct w *w) {
  size_t n = json_array_size(json_array_get(w->rows, 0)), i, k, width[32] = {0};
  json_t *r, *c;
  json_array_foreach(w->rows, i, r) json_array_foreach(r, k, c) if (k < 32 && strlen(json_string_value(c)) > width[k])
      width[k] = strlen(json_string_value(c));
  fputs(w->form == HTML ? "<table>\n" : w->form == MD ? "\n" : "", w->f);
  json_array_foreach(w->rows, i, r) {
    if (w->form == HTML) fputs("<tr>", w->f);
    else fputs(w->form == MD ? "|" : "  ", w->f);
    json_array_foreach(r, k, c) {
      const char *s = json_string_value(c);
      if (w->form == HTML) fputs(i ? "<td>" : "<th>", w->f), esc(w, s), fputs(i ? "</td>" : "</th>", w->f);
      else if (w->form == MD) fputc(' ', w->f), esc(w, s), fputs(" |", w->f);
      else fprintf(w->f, "%-*s%s", k + 1 < n ? (int)width[k < 32 ? k : 31] : 0, s, k + 1 < n ? "  " : "");
    }
    fputs(w->form == HTML ? "</tr>\n" : "\n", w->f);
    if (!i && w->form == MD) {
      fputc('|', w->f);
      for (k = 0; k < n; ++k) fputs("---|", w->f);
      fputc('\n', w->f);
    }
  }
  fputs(w->form == HTML ? "</table>\n" : w->form == MD ? "\n" : "", w->f);
  json_decref(w->rows);
  w->rows = json_array();
}

static const char *base(const char *p) {
  const char *b = strrchr(p, '/');
  return b ? b + 1 : p;
}

/* A row's name: file:line, and the instance (the enclosing function with its types) when
 * another row has the same file:line (a template, a function built for two types). */
static void label(const struct az *a, json_t *r, char *out, size_t n) {
  json_t *x;
  size_t i, same = 0;
  json_array_foreach(json_object_get(a->doc, "regions"), i, x) same +=
      !strcmp(str(x, "file"), str(r, "file")) && json_integer_value(json_object_get(x, "line")) == json_integer_value(json_object_get(r, "line"));
  snprintf(out, n, "%s:%lld", base(str(r, "file")), (long long)json_integer_value(json_object_get(r, "line")));
  if (same > 1) snprintf(out + strlen(out), n - strlen(out), " %s", str(r, "function"));
}

static void cell(json_t *e, char *out, size_t n) {
  long regs = -1;
  json_t *res = json_object_get(e, "resources");
  json_t *rv = json_object_get(res, OK_FNAME(registers)), *vg = json_object_get(res, OK_FNAME(vgprs));
  if (rv) regs = (long)json_integer_value(rv);
  if (!e) snprintf(out, n, "-");
  else if (strcmp(str(e, "status"), AZ_ST(OK))) snprintf(out, n, "%s", str(e, "status"));
  else if (vg) /* an AMD kernel: its VGPRs and the waves per SIMD they and its LDS allow */
    snprintf(out, n, "%s, %lld VGPRs, %lld waves/SIMD", str(e, "mode"), (long long)json_integer_value(vg),
             (long long)json_integer_value(json_object_get(res, OK_FNAME(waves_per_simd))));
  else if (regs >= 0) /* a figure without the callees is marked: it is not the loaded kernel's */
    snprintf(out, n, "%s, %ld regs%s", str(e, "mode"), regs, strstr(str(e, "resources_from"), "per file") ? " (body only)" : "");
  else snprintf(out, n, "%s", str(e, "mode"));
}

static void side_by_side(struct w *w, const struct az *a) {
  json_t *regions = json_object_get(a->doc, "regions"), *r;
  size_t i;
  heading(w, 2, "Side by side (mode, registers per configuration)");
  json_t *hdr = json_array();
  json_array_append_new(hdr, json_string("region"));
  for (int c = 0; c < a->ncfgs; ++c) json_array_append_new(hdr, json_string(a->cfgs[c].name));
  json_array_append_new(w->rows, hdr);
  json_array_foreach(regions, i, r) {
    json_t *rr = json_array();
    char s[PATH_MAX];
    label(a, r, s, sizeof s);
    json_array_append_new(rr, json_string(s));
    for (int c = 0; c < a->ncfgs; ++c) {
      cell(json_object_get(json_object_get(r, "configs"), a->cfgs[c].name), s, sizeof s);
      json_array_append_new(rr, json_string(s));
    }
    json_array_append_new(w->rows, rr);
  }
  table_end(w);
}

static void num(json_t *e, const char *k, char *out, size_t n) {
  json_t *v = json_object_get(json_object_get(e, "resources"), k);
  if (v && json_integer_value(v) >= 0) snprintf(out, n, "%lld", (long long)json_integer_value(v));
  else snprintf(out, n, "-");
}

/* An AMD kernel's figures under its own names (docs/amdgpu.md): "31 VGPR · 52 SGPR · 0 AGPR ·
 * 8 waves/SIMD", spills as registers, LDS and scratch in the smem and stack columns. */
static int amd_cells(json_t *e, char *rg, size_t rn, char *sp, size_t spn, char *sm, char *st, size_t n) {
  json_t *res = json_object_get(e, "resources");
  if (!json_object_get(res, OK_FNAME(vgprs))) return 0;
  char v[32], s[32], ag[32], wv[32], vs[32], ss[32];
  num(e, OK_FNAME(vgprs), v, sizeof v), num(e, OK_FNAME(sgprs), s, sizeof s), num(e, OK_FNAME(agprs), ag, sizeof ag);
  num(e, OK_FNAME(waves_per_simd), wv, sizeof wv);
  num(e, OK_FNAME(vgpr_spills), vs, sizeof vs), num(e, OK_FNAME(sgpr_spills), ss, sizeof ss);
  snprintf(rg, rn, "%s VGPR · %s SGPR · %s AGPR · %s waves/SIMD", v, s, ag, wv);
  snprintf(sp, spn, "%s VGPR / %s SGPR spilled", vs, ss);
  num(e, OK_FNAME(lds_bytes), sm, n), num(e, OK_FNAME(scratch_bytes), st, n);
  return 1;
}

static void region_table(struct w *w, const struct az *a, json_t *r) {
  row(w, 9, "config", "mode", "regs", "spill st/ld B", "smem/LDS B", "lmem B", "stack/scratch B", "remarks",
      "lowering (threads on the loop)");
  for (int c = 0; c < a->ncfgs; ++c) {
    json_t *e = json_object_get(json_object_get(r, "configs"), a->cfgs[c].name);
    if (!e) continue;
    char rg[96], s1[32], s2[32], sm[32], lm[32], st[32], sp[80], low[700];
    num(e, "registers", rg, sizeof rg), num(e, "spill_stores", s1, sizeof s1), num(e, "spill_loads", s2, sizeof s2);
    num(e, "smem_bytes", sm, sizeof sm), num(e, "lmem_bytes", lm, sizeof lm), num(e, "stack_bytes", st, sizeof st);
    snprintf(sp, sizeof sp, "%s/%s", s1, s2);
    amd_cells(e, rg, sizeof rg, sp, sizeof sp, sm, st, sizeof sm);
    json_t *l = json_object_get(e, "lowering");
    if (strcmp(str(e, "status"), AZ_ST(OK))) snprintf(low, sizeof low, "%s", str(e, "error"));
    else snprintf(low, sizeof low, "%s (%s)", str(l, "summary"), str(l, "loop_threads"));
    const char *ids = str(e, "remark_ids");
    row(w, 9, a->cfgs[c].name, strcmp(str(e, "status"), AZ_ST(OK)) ? str(e, "status") : str(e, "mode"), rg, sp, sm, lm, st,
        ids[0] ? ids : "-", low);
  }
  table_end(w);
}

static void region_notes(struct w *w, const struct az *a, json_t *r, int terse) {
  for (int c = 0; c < a->ncfgs; ++c) {
    json_t *e = json_object_get(json_object_get(r, "configs"), a->cfgs[c].name), *x;
    size_t i, shown = 0;
    if (json_object_get(e, "note")) para(w, "%s: %s", a->cfgs[c].name, str(e, "note"));
    if (str(e, "resources_note")[0]) para(w, "%s: resources: %s", a->cfgs[c].name, str(e, "resources_note"));
    if (str(json_object_get(e, "lowering"), "cause")[0]) para(w, "%s: %s", a->cfgs[c].name, str(json_object_get(e, "lowering"), "cause"));
    json_array_foreach(json_object_get(e, "globalized"), i, x) {
      char b[64] = "";
      if (json_object_get(x, "bytes")) snprintf(b, sizeof b, ", %lld bytes", (long long)json_integer_value(json_object_get(x, "bytes")));
      int other = str(x, "file")[0] && strcmp(str(x, "file"), base(str(r, "file")));
      para(w, "%s: globalized variable at %s%s%lld: %s (%s%s)", a->cfgs[c].name, other ? str(x, "file") : "line",
           other ? ":" : " ", (long long)json_integer_value(json_object_get(x, "line")), str(x, "fate"), str(x, "id"), b);
    }
    json_array_foreach(json_object_get(e, OK_FNAME(remarks)), i, x) {
      if (terse && ++shown > 4) {
        para(w, "%s: ... %zu more remarks (report.md lists them)", a->cfgs[c].name, json_array_size(json_object_get(e, OK_FNAME(remarks))) - 4);
        break;
      }
      /* a callee's remark (an operator, a helper): its own file, line and function */
      int other = str(x, "file")[0] && strcmp(str(x, "file"), base(str(r, "file")));
      para(w, "%s: %s %s%s%lld%s%s: %s", a->cfgs[c].name, str(x, "id"), other ? str(x, "file") : "line", other ? ":" : " ",
           (long long)json_integer_value(json_object_get(x, "line")), other ? " in " : "", other ? str(x, "function") : "",
           str(x, "message"));
    }
  }
  const char *cn;
  json_t *byflag;
  int any = 0;
  json_object_foreach(json_object_get(r, "whatif"), cn, byflag) {
    const char *fl;
    json_t *x;
    json_object_foreach(byflag, fl, x) {
      if (!any++) row(w, 3, "what-if", "flag", "what changes");
      char ch[2048] = "";
      size_t i;
      json_t *c;
      json_array_foreach(json_object_get(x, "changes"), i, c)
          snprintf(ch + strlen(ch), sizeof ch - strlen(ch), "%s%s", i ? "; " : "", json_string_value(c));
      row(w, 3, cn, fl, ch[0] ? ch : "no change");
    }
  }
  if (any) table_end(w);
}

/* The OpenMP regions beside the CUDA form's kernels (analyze_run.c pairs them). */
static void cuda_beside(struct w *w, json_t *cmp) {
  size_t i;
  json_t *x;
  if (!json_array_size(cmp)) return;
  heading(w, 3, "OpenMP against the program's CUDA form (kernel time, OpenMP / CUDA)");
  row(w, 7, "config", "region", "OpenMP ms (launches)", "CUDA kernel", "CUDA ms (launches)", "OpenMP / CUDA", "paired by");
  json_array_foreach(cmp, i, x) {
    char o[64], c[64], r[32];
    snprintf(o, sizeof o, "%.3f (%lld)", json_real_value(json_object_get(x, "omp_ms")), (long long)json_integer_value(json_object_get(x, "omp_launches")));
    snprintf(c, sizeof c, "%.3f (%lld)", json_real_value(json_object_get(x, "cuda_ms")), (long long)json_integer_value(json_object_get(x, "cuda_launches")));
    snprintf(r, sizeof r, "%.2f", json_real_value(json_object_get(x, "ratio")));
    row(w, 7, str(x, "config"), str(x, "region"), o, str(x, "cuda_kernel"), c, r, str(x, "pairing"));
  }
  table_end(w);
  para(w, "OpenMP times are libomptarget's (the target construct less its host-to-device copies: an upper bound when the "
          "construct copies results back); CUDA times are CUDA events around each launch.");
}

static int same_place(json_t *x, json_t *y) {
  return !strcmp(str(x, "file"), str(y, "file")) && json_integer_value(json_object_get(x, "line")) == json_integer_value(json_object_get(y, "line"));
}

/* One section per region (file:line of the directive) with its instances (a template's types, a
 * function built twice), each judged in its own table; the first row of a place opens it. */
static void region_section(struct w *w, const struct az *a, json_t *regions, size_t i, int terse) {
  json_t *x = json_array_get(regions, i), *y;
  size_t k, n = 0, first = i;
  json_array_foreach(regions, k, y) if (same_place(x, y)) {
    if (!n) first = k;
    ++n;
  }
  const char *f = base(str(x, "file"));
  long line = (long)json_integer_value(json_object_get(x, "line"));
  if (first == i) {
    if (w->form == HTML) fprintf(w->f, "<section id=\"r-%s-%ld\">\n", f, line);
    heading(w, 2, "%s:%ld  %s", f, line, str(x, "directive"));
    if (n > 1) {
      char ins[2048] = "";
      json_array_foreach(regions, k, y) if (same_place(x, y))
          snprintf(ins + strlen(ins), sizeof ins - strlen(ins), "%s%s", ins[0] ? "; " : "", str(y, "function"));
      para(w, "%zu instances: %s", n, ins);
    }
  }
  if (n > 1) heading(w, 3, "instance %s", str(x, "function"));
  region_table(w, a, x);
  region_notes(w, a, x, terse);
  size_t last = i;
  json_array_foreach(regions, k, y) if (same_place(x, y)) last = k;
  if (last == i && w->form == HTML) fputs("</section>\n", w->f);
}

static void body(struct w *w, const struct az *a, int terse) {
  json_t *regions = json_object_get(a->doc, "regions"), *x, *t = json_object_get(a->doc, "timing");
  size_t i;
  char target[800] = "";
  if (a->arch_user[0]) /* the program's own offload target, never mixed in silently */
    snprintf(target, sizeof target, "; offload target %s (the %s %s%s%s; the build's is %s)", a->arch_user,
             a->arch_forced ? "command line's" : "program's", a->arch_said, a->arch_over[0] ? ", over the program's " : "",
             a->arch_over, a->arch);
  heading(w, 1, "ompkit analyze: %d file%s, %zu target region%s, %d configuration%s%s", a->nfiles, a->nfiles == 1 ? "" : "s",
          json_array_size(regions), json_array_size(regions) == 1 ? "" : "s", a->ncfgs, a->ncfgs == 1 ? "" : "s", target);
  json_array_foreach(a->headers, i, x)
    para(w, "%s: a header, not compiled as a unit of its own (its regions come with the units that include it)", base(json_string_value(x)));
  para(w, "%lld compiles in %.1f s (%lld in parallel).", (long long)json_integer_value(json_object_get(t, "compiles")),
       json_real_value(json_object_get(t, "compile_seconds")), (long long)json_integer_value(json_object_get(t, "jobs")));
  json_t *costly = json_object_get(a->doc, "costly");
  heading(w, 2, "Costly regions (%zu)", json_array_size(costly));
  size_t nbad = 0, ncfg = json_array_size(json_object_get(a->doc, "configs"));
  json_array_foreach(json_object_get(a->doc, "configs"), i, x) nbad += strcmp(str(x, "status"), AZ_ST(OK)) != 0;
  /* A configuration that did not compile the file judged nothing: never "none costly" for it. */
  if (!json_array_size(costly) && nbad == ncfg)
    para(w, "none judged: no configuration compiled the file (the errors follow).");
  else if (!json_array_size(costly))
    para(w, "none%s: every region is SPMD with its loop shared, nothing globalized, no spills.",
         nbad ? " in the configurations that compiled the file" : "");
  json_array_foreach(costly, i, x) {
    if (!str(x, "file")[0]) { /* a configuration that did not compile the program */
      para(w, "[%s] %s", str(x, "config"), str(x, "why"));
      continue;
    }
    char l[PATH_MAX];
    label(a, x, l, sizeof l);
    if (w->form == HTML) { /* to the region's section */
      fprintf(w->f, "<p><a href=\"#r-%s-%lld\">", base(str(x, "file")), (long long)json_integer_value(json_object_get(x, "line")));
      esc(w, l), fprintf(w->f, "</a> <span class=bad>[%s]</span> ", str(x, "config")), esc(w, str(x, "why")), fputs("</p>\n", w->f);
    } else
      para(w, "%s [%s] %s", l, str(x, "config"), str(x, "why"));
  }
  json_t *ex = json_object_get(a->doc, "expect");
  para(w, "EXPECT lines: %lld hold, %lld fail.", (long long)json_integer_value(json_object_get(ex, "hold")),
       (long long)json_integer_value(json_object_get(ex, "fail")));
  json_array_foreach(json_object_get(ex, "checks"), i, x) if (!strcmp(str(x, "status"), "fail"))
      para(w, "EXPECT fails: %s:%lld: %s [%s]: observed %s", base(str(x, "file")),
           (long long)json_integer_value(json_object_get(x, "line")), str(x, "check"), str(x, "config"), str(x, "observed"));
  side_by_side(w, a);
  json_array_foreach(regions, i, x) region_section(w, a, regions, i, terse);
  json_t *run = json_object_get(a->doc, "run");
  if (run) {
    heading(w, 2, "Run");
    json_array_foreach(json_object_get(run, "notes"), i, x) para(w, "%s", json_string_value(x));
    json_t *l = json_object_get(run, "launches");
    if (json_array_size(l)) {
      row(w, 7, "config", "region", "kernel", "launches", "blocks x threads", "runtime mode", "kernel time");
      json_array_foreach(l, i, x) row(w, 7, str(x, "config"), str(x, "region"), str(x, "kernel"), str(x, "launches"),
                                      str(x, "shape"), str(x, "mode"), str(x, "time"));
      table_end(w);
    }
    cuda_beside(w, json_object_get(run, "cuda_compare"));
  }
}

void az_print_table(const struct az *a) {
  struct w w = {stdout, TEXT, json_array()};
  body(&w, a, 1);
  printf("\nompkit analyze: %s/report.md, report.html, analysis.json\n", a->out);
  json_decref(w.rows);
}

int az_write_reports(const struct az *a) {
  char p[PATH_MAX + 32];
  int rc = 0;
  for (int h = 0; h < 2; ++h) {
    snprintf(p, sizeof p, "%s/report.%s", a->out, h ? "html" : "md");
    FILE *f = fopen(p, "w");
    if (!f) {
      rc = -1;
      continue;
    }
    struct w w = {f, h ? HTML : MD, json_array()};
    if (h)
      fprintf(f, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>ompkit analyze</title>\n<style>%s"
                 "table{margin:4px 0}section{margin-bottom:10px}</style></head><body>\n", rp_css); /* the study report's style */
    body(&w, a, 0);
    if (h) fputs("</body></html>\n", f);
    json_decref(w.rows);
    fclose(f);
  }
  return rc;
}
