/* The report's compile section (issue 31 §1): what each compiler made of each target region,
 * from compile.jsonl (static mode, remark IDs, resources, per configuration and region) and
 * check.json (the EXPECT lines' verdicts). It needs no GPU: a run without one (or `run
 * --compile-only`) leads with it, a GPU run shows it above the timing table. Its surprises are
 * compile-time ones, ranked by report_summary.c with the others: a static mode below what the
 * source meant, globalization the source did not ask for (a region whose EXPECT lines say it
 * globalizes is a deliberate catalogue case, not a surprise), a region a configuration dropped
 * while compiling the rest of its file. Regions are named by kernel_id (record/ok_kernel_id.h),
 * the same in every configuration; folders written before it by the symbol, which one build
 * also spells alike in every configuration. */
#define _GNU_SOURCE
#include "resultset.h"
#include "ok_kernel_id.h"
#include "check.h"
#include "report.h"
#include "status.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The indexes the regions are built from. */
struct cctx {
  json_t *line_at;  /* "config|symbol" -> its first omp_target result line */
  json_t *line_of;  /* region id -> a result line of it, any configuration (for source_mode) */
  json_t *line_var; /* "config|kernel|variant" -> its first line */
  json_t *checks;   /* "config|symbol" -> [check.json entries] */
  json_t *loose;    /* symbol -> [unqualified entries, any configuration]: what the source says */
  json_t *filekey;  /* "<dev>_<file>" -> check.json's file (folders without kernel_id) */
};

static const char *str(json_t *j, const char *k) { return json_string_value(json_object_get(j, k)); }

static int is_offload(json_t *rec) {
  const char *sym = rs_str(rec, OKF_kernel_symbol);
  return (sym && !strncmp(sym, "__omp_offloading_", 17)) || rs_str(rec, OKF_static_mode);
}

static int config_order(struct report *r, const char *cfg) {
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(r->rs.prov, "configs"), i, c) if (cfg && str(c, "name") && !strcmp(str(c, "name"), cfg)) return (int)i;
  return 1000;
}

static void push(json_t *idx, const char *key, json_t *v) {
  json_t *a = json_object_get(idx, key);
  if (!a) json_object_set_new(idx, key, a = json_array());
  json_array_append(a, v);
}

/* A line's region: its kernel_id, else its symbol. */
static const char *line_id(json_t *j) {
  const char *id = rs_str(j, OKF_kernel_id);
  return id && *id ? id : rs_str(j, OKF_kernel_symbol);
}

static void index_lines(struct report *r, struct cctx *x) {
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    const char *cfg = rs_str(j, OKF_config), *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
    const char *sym = rs_str(j, OKF_kernel_symbol), *id = line_id(j);
    char key[1200];
    if (cfg && k && v) {
      snprintf(key, sizeof key, "%s|%s|%s", cfg, k, v);
      if (!json_object_get(x->line_var, key)) json_object_set(x->line_var, key, j);
    }
    if (!cfg || !sym) continue;
    snprintf(key, sizeof key, "%s|%s", cfg, sym);
    if (!json_object_get(x->line_at, key)) json_object_set(x->line_at, key, j);
    if (id && rs_str(j, OKF_source_mode) && !json_object_get(x->line_of, id)) json_object_set(x->line_of, id, j);
  }
}

static void index_checks(struct report *r, struct cctx *x) {
  size_t i;
  json_t *c;
  json_array_foreach(r->check_all, i, c) {
    const char *cfg = str(c, OK_FNAME(config)), *sym = str(c, OK_FNAME(kernel)), *file = str(c, "file");
    struct ok_offload_sym o;
    if (!cfg || !sym) continue;
    char key[1200];
    snprintf(key, sizeof key, "%s|%s", cfg, sym);
    push(x->checks, key, c);
    if (!json_object_get(c, "qualifier")) push(x->loose, sym, c);
    if (file && !ok_offload_sym_parse(sym, &o) && !json_object_get(x->filekey, o.filekey))
      json_object_set_new(x->filekey, o.filekey, json_string(file));
  }
}

/* The base name of a path, less its extension, into buf. */
static void base_of(const char *path, size_t len, char *buf, size_t n) {
  const char *s = path;
  for (size_t i = 0; i < len; ++i)
    if (path[i] == '/') s = path + i + 1;
  size_t l = (size_t)(path + len - s);
  const char *dot = memchr(s, '.', l);
  if (dot) l = (size_t)(dot - s);
  snprintf(buf, n, "%.*s", (int)l, s);
}

/* Where the region comes from: kernel_id's file; else check.json's for its <dev>_<file> (the
 * base name only: the file key stays the identity). base: the name a kernels.def kernel prefixes. */
static void region_source(struct cregion *g, struct cctx *x, char *base, size_t nb) {
  const char *id = rs_str(g->rec, OKF_kernel_id);
  const char *colon = id ? strchr(id, ':') : NULL;
  struct ok_offload_sym o;
  int parsed = !ok_offload_sym_parse(g->symbol, &o);
  base[0] = 0;
  const char *name = rs_str(g->rec, OKF_kernel);
  snprintf(g->label, sizeof g->label, "%s", id && *id ? id : name ? name : g->symbol);
  if (colon) {
    snprintf(g->file, sizeof g->file, "%.*s", (int)(colon - id), id);
    base_of(id, (size_t)(colon - id), base, nb);
    return;
  }
  snprintf(g->file, sizeof g->file, "%s", parsed ? o.filekey : g->symbol);
  const char *f = parsed ? json_string_value(json_object_get(x->filekey, o.filekey)) : NULL;
  if (f) base_of(f, strlen(f), base, nb);
  else if (parsed) snprintf(base, nb, "%s", o.parent); /* the enclosing function: "atomic_add_scalar_spmd" */
  if (f && name) { /* "atomic_capture.c: launch_generic_l27": the name alone repeats across files */
    const char *slash = strrchr(f, '/');
    snprintf(g->label, sizeof g->label, "%s: %s", slash ? slash + 1 : f, name);
  }
}

/* The check.json verdicts on the region: its own configuration's, else the source's
 * unqualified lines checked for another configuration (the compiler matrix is not checked). */
static void region_checks(struct cregion *g, struct cctx *x) {
  char key[1200];
  snprintf(key, sizeof key, "%s|%s", g->config, g->symbol);
  json_t *own = json_object_get(x->checks, key), *c;
  size_t i;
  json_array_foreach(own, i, c) {
    const char *st = str(c, CHECK_STATUS), *dir = str(c, "directive"), *val = str(c, "value");
    int pass = st && !strcmp(st, "pass");
    pass ? ++g->hold : ++g->fail;
    if (!pass && str(c, "check") && strlen(g->fails) + strlen(str(c, "check")) + 3 < sizeof g->fails)
      strcat(strcat(g->fails, g->fails[0] ? "; " : ""), str(c, "check"));
    if (dir && strstr(dir, "MODE") && val) {
      g->expect = val;
      g->mode_failed |= !pass;
    }
    if (dir && !strstr(dir, "NO-REMARK") && strstr(dir, "REMARK") && val && (!strcmp(val, "OMP112") || !strcmp(val, "OMP113")))
      g->deliberate = 1;
  }
  json_array_foreach(json_object_get(x->loose, g->symbol), i, c) {
    const char *dir = str(c, "directive"), *val = str(c, "value");
    if (!dir || !val) continue;
    if (!own && strstr(dir, "MODE")) g->expect = val;
    if (!strstr(dir, "NO-REMARK") && strstr(dir, "REMARK") && (!strcmp(val, "OMP112") || !strcmp(val, "OMP113"))) g->deliberate = 1;
  }
}

static void region_fill(struct report *r, struct cregion *g, struct cctx *x) {
  const char *id = rs_str(g->rec, OKF_kernel_id);
  snprintf(g->id, sizeof g->id, "%s", id && *id ? id : g->symbol);
  char base[256], key[1200];
  region_source(g, x, base, sizeof base);
  snprintf(key, sizeof key, "%s|%s", g->config, g->symbol);
  json_t *line = json_object_get(x->line_at, key), *any = json_object_get(x->line_of, g->id);
  g->kernel = line ? rs_str(line, OKF_kernel) : report_kernel_prefix(base);
  g->family = report_family(r, g->kernel);
  g->config_order = config_order(r, g->config);
  g->written = rs_str(line && rs_str(line, OKF_source_mode) ? line : any, OKF_source_mode);
  region_checks(g, x);
  size_t i;
  json_t *v;
  json_array_foreach(rs_get(g->rec, OKF_remarks), i, v) {
    const char *rid = json_string_value(v);
    if (!rid) continue;
    g->global |= !strcmp(rid, "OMP112") || !strcmp(rid, "OMP113");
    g->blocked |= !strcmp(rid, "OMP121");
    g->fallback |= !strcmp(rid, "OMP132") || !strcmp(rid, "OMP133");
  }
  long st = rs_int(g->rec, OKF_spill_stores_bytes), ld = rs_int(g->rec, OKF_spill_loads_bytes);
  g->spill = (st > 0 ? st : 0) + (ld > 0 ? ld : 0);
  /* An AMD kernel's spills are counts of registers (.vgpr/.sgpr_spill_count), 4 bytes each. */
  long vs = rs_int(g->rec, OKF_vgpr_spills), ss = rs_int(g->rec, OKF_sgpr_spills);
  g->spill += 4 * ((vs > 0 ? vs : 0) + (ss > 0 ? ss : 0));
}

static int creg_cmp(const void *a, const void *b) {
  const struct cregion *x = a, *y = b;
  if (x->family != y->family) return x->family - y->family;
  int d = report_kernel_order(x->kernel) - report_kernel_order(y->kernel);
  if (d) return d;
  if ((d = strcmp(x->id, y->id))) return d;
  return x->config_order - y->config_order;
}

/* The mode the source meant, as a rank: how it is written (a run's source_mode), else what its
 * EXPECT-MODE implies about the writing: SPMD is written SPMD, Generic-SPMD and Generic are
 * written generic (an SPMDized generic region is not below its source, whatever the compiler). */
static int intent_rank(const struct cregion *g) {
  if (g->written) return ok_mode_rank(g->written);
  if (!g->expect || ok_mode_rank(g->expect) < 0) return -1;
  return ok_mode_rank(g->expect) == 2 ? 2 : 0;
}

static void intent_text(const struct cregion *g, char *buf, size_t n) {
  if (g->written) snprintf(buf, n, "written %s", g->written);
  else if (g->expect) snprintf(buf, n, "written %s (EXPECT-MODE %s)", intent_rank(g) == 2 ? "spmd" : "generic", g->expect);
  else buf[0] = 0;
}

/* A configuration that switches an openmp-opt transformation off (-mllvm -openmp-opt-disable…):
 * what that does to modes and globalization is its point (the ablation section), no surprise. */
static int switches_pass_off(struct report *r, const char *cfg) {
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(r->rs.prov, "configs"), i, c) if (cfg && str(c, "name") && !strcmp(str(c, "name"), cfg))
    return str(c, "flags") && strstr(str(c, "flags"), "-openmp-opt-disable");
  return 0;
}

static const char *region_label(const struct cregion *g) { return g->label; }

static struct csurprise *surprise(struct report *r, int kind, double score, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static struct csurprise *surprise(struct report *r, int kind, double score, size_t at, const char *fmt, ...) {
  r->csurp = realloc(r->csurp, (r->ncsurp + 1) * sizeof *r->csurp);
  struct csurprise *s = &r->csurp[r->ncsurp++];
  memset(s, 0, sizeof *s);
  s->kind = kind, s->score = score, s->config = r->cregs[at].config, s->symbol = r->cregs[at].symbol;
  s->id = r->cregs[at].id;
  snprintf(s->label, sizeof s->label, "%s", region_label(&r->cregs[at]));
  snprintf(s->href, sizeof s->href, "c-%zu", at);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->what, sizeof s->what, fmt, ap);
  va_end(ap);
  return s;
}

/* A mode below the intent (unless its own EXPECT-MODE failed: a broken expectation already says
 * so), globalization no EXPECT line asked for. */
static void region_surprises(struct report *r) {
  for (size_t i = 0; i < r->ncregs; ++i) {
    const struct cregion *g = &r->cregs[i];
    const char *mode = rs_str(g->rec, OKF_static_mode);
    int got = ok_mode_rank(mode), want = intent_rank(g);
    if (switches_pass_off(r, g->config)) continue;
    if (got >= 0 && want >= 0 && got < want && !g->mode_failed) {
      char in[96];
      intent_text(g, in, sizeof in);
      surprise(r, CS_DEMOTED, want - got, i, "compiled %s, %s", mode, in);
    }
    if (g->global && !g->deliberate) {
      char ids[32] = "";
      size_t k;
      json_t *v;
      json_array_foreach(rs_get(g->rec, OKF_remarks), k, v) {
        const char *rid = json_string_value(v);
        if (rid && (!strcmp(rid, "OMP112") || !strcmp(rid, "OMP113")) && strlen(ids) + 8 < sizeof ids) strcat(strcat(ids, ids[0] ? " " : ""), rid);
      }
      struct csurprise *s = surprise(r, CS_GLOBAL, 0, i, "%s", ids);
      snprintf(s->why, sizeof s->why, "no EXPECT-REMARK line of the region asks for globalization");
    }
  }
}

/* Whether configuration cfg leaving out the reference's region i is on purpose: its variant is
 * not built there, or a known defect, or skipped (result lines of a GPU run say so). */
static int drop_explained(struct report *r, struct cctx *x, const struct cregion *ref, const char *cfg) {
  char key[1200];
  snprintf(key, sizeof key, "%s|%s", ref->config, ref->symbol);
  json_t *line = json_object_get(x->line_at, key);
  if (!line) return 0;
  snprintf(key, sizeof key, "%s|%s|%s", cfg, rs_str(line, OKF_kernel), rs_str(line, OKF_variant) ?: "");
  json_t *there = json_object_get(x->line_var, key);
  enum ok_status_class c = there ? ok_status_class(ok_line_status(there)) : OK_SC_PASS;
  (void)r;
  return there && (c == OK_SC_LIMIT || c == OK_SC_KNOWN || c == OK_SC_SKIP);
}

/* The region's function: "file:function" of its kernel_id, else "<dev>_<file>:parent". */
static void region_function(const struct cregion *g, char *buf, size_t n) {
  const char *a = strchr(g->id, ':'), *b = a ? strchr(a + 1, ':') : NULL;
  struct ok_offload_sym o;
  if (b) snprintf(buf, n, "%.*s:%s", (int)(a - g->id), g->id, b + 1);
  else if (!ok_offload_sym_parse(g->symbol, &o)) snprintf(buf, n, "%s:%s", o.filekey, o.parent);
  else snprintf(buf, n, "%s", g->id);
}

/* A region the reference configuration compiles that another configuration lacks, though it
 * compiled other regions of the same function: the compiler dropped it (clang 16's combined
 * `teams loop`). A configuration that builds a subset of the files (the ablation), or leaves a
 * whole function out, drops no region; one the preprocessor leaves out for that compiler (a
 * feature probe) looks the same, and a GPU run's `not built` line tells it apart. */
static void dropped_surprises(struct report *r, struct cctx *x) {
  json_t *have = json_object(), *funcs = json_object(), *cfgs = json_object(); /* cfgs: name -> a region of it */
  char key[1400], fn[1200];
  for (size_t i = 0; i < r->ncregs; ++i) {
    snprintf(key, sizeof key, "%s|%s", r->cregs[i].config, r->cregs[i].id);
    json_object_set_new(have, key, json_true());
    region_function(&r->cregs[i], fn, sizeof fn);
    snprintf(key, sizeof key, "%s|%s", r->cregs[i].config, fn);
    json_object_set_new(funcs, key, json_true());
    json_object_set_new(cfgs, r->cregs[i].config, json_integer((json_int_t)i));
  }
  const char *cfg;
  json_t *v;
  for (size_t i = 0; r->ref_config && i < r->ncregs; ++i) {
    const struct cregion *g = &r->cregs[i];
    if (strcmp(g->config, r->ref_config)) continue;
    region_function(g, fn, sizeof fn);
    json_object_foreach(cfgs, cfg, v) {
      if (!strcmp(cfg, r->ref_config) || switches_pass_off(r, cfg)) continue;
      snprintf(key, sizeof key, "%s|%s", cfg, g->id);
      if (json_object_get(have, key)) continue;
      snprintf(key, sizeof key, "%s|%s", cfg, fn);
      if (!json_object_get(funcs, key) || drop_explained(r, x, g, cfg)) continue;
      struct csurprise *s = surprise(r, CS_DROPPED, 1, i, "no such region; %s compiles it", r->ref_config);
      s->config = r->cregs[json_integer_value(v)].config; /* cfg is the index's key, freed with it */
      snprintf(s->why, sizeof s->why, "the function's other regions are there; one the preprocessor leaves out "
                                      "for this compiler looks the same, a GPU run's not built line tells them apart");
    }
  }
  json_decref(have);
  json_decref(funcs);
  json_decref(cfgs);
}

void report_compile_load(struct report *r) {
  struct cctx x = {json_object(), json_object(), json_object(), json_object(), json_object(), json_object()};
  index_lines(r, &x);
  index_checks(r, &x);
  size_t i;
  json_t *rec;
  json_array_foreach(r->rs.compile, i, rec) {
    if (!is_offload(rec) || !rs_str(rec, OKF_config) || !rs_str(rec, OKF_kernel_symbol)) continue;
    r->cregs = realloc(r->cregs, (r->ncregs + 1) * sizeof *r->cregs);
    struct cregion *g = &r->cregs[r->ncregs++];
    memset(g, 0, sizeof *g);
    g->rec = rec, g->config = rs_str(rec, OKF_config), g->symbol = rs_str(rec, OKF_kernel_symbol);
    region_fill(r, g, &x);
  }
  if (r->ncregs) qsort(r->cregs, r->ncregs, sizeof *r->cregs, creg_cmp);
  region_surprises(r);
  dropped_surprises(r, &x);
  json_t *all[] = {x.line_at, x.line_of, x.line_var, x.checks, x.loose, x.filekey};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; ++k) json_decref(all[k]);
}

int rc_deliberate(struct report *r, const char *config, const char *symbol) {
  for (size_t i = 0; config && symbol && i < r->ncregs; ++i)
    if (!strcmp(r->cregs[i].config, config) && !strcmp(r->cregs[i].symbol, symbol)) return r->cregs[i].deliberate;
  return 0;
}

void report_compile_free(struct report *r) {
  free(r->cregs);
  free(r->csurp);
}

/* ---- the table: one row per kernel family and configuration ---- */

struct crow {
  int regions, spmd, gspmd, generic, below, global, deliberate, blocked, fallback, spilled, hold, fail, regs;
  long spill;
};

static void crow_add(struct crow *c, const struct cregion *g) {
  const char *m = rs_str(g->rec, OKF_static_mode);
  int rank = ok_mode_rank(m), want = intent_rank(g);
  ++c->regions;
  c->spmd += rank == 2, c->gspmd += rank == 1, c->generic += rank == 0;
  c->below += rank >= 0 && want >= 0 && rank < want;
  c->global += g->global, c->deliberate += g->global && g->deliberate;
  c->blocked += g->blocked, c->fallback += g->fallback;
  c->spilled += g->spill > 0, c->spill += g->spill;
  c->hold += g->hold, c->fail += g->fail;
  long regs = rs_int(g->rec, OKF_registers);
  if (regs < 0) regs = rs_int(g->rec, OKF_vgprs); /* an AMD kernel: its VGPRs per work-item */
  if (regs > c->regs) c->regs = (int)regs;
}

/* The family x configuration's omp_target / CUDA ratio: geometric mean over its table rows. */
static double family_ratio(struct report *r, int fam, const char *cfg) {
  double s = 0;
  int n = 0;
  for (size_t k = 0; k < r->nrows; ++k)
    for (int sl = 0; sl < SL_N; ++sl)
      if (r->rows[k].family == fam && !strcmp(r->rows[k].config, cfg) && !isnan(r->rows[k].ratio[sl]))
        s += log(r->rows[k].ratio[sl]), ++n;
  return n ? exp(s / n) : NAN;
}

/* One cell in both outputs; cls "bad" marks it, num right-aligns it. */
static void cell(struct report *r, const char *cls, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cell(struct report *r, const char *cls, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(r->md, " %s |", buf);
  if (cls) fprintf(r->html, "<td class=\"%s\">", cls);
  else fputs("<td>", r->html);
  rp_esc(r->html, buf);
}

static void count_cell(struct report *r, int n, int bad) {
  if (n) cell(r, bad ? "r bad" : "r", "%d", n);
  else cell(r, "r none", "0");
}

/* One row; row and nrows place the "no GPU" cell, said once for the whole column. */
static void crow_put(struct report *r, int fam, const char *cfg, const struct crow *c, int show_family, int row, int nrows) {
  fputs("<tr>", r->html);
  fputs("|", r->md);
  cell(r, "f", "%s", show_family ? r->families[fam] : "");
  cell(r, NULL, "%s", !strncmp(cfg, "target-", 7) ? cfg + 7 : cfg);
  cell(r, "r", "%d", c->regions);
  cell(r, "r", "%d · %d · %d", c->spmd, c->gspmd, c->generic);
  count_cell(r, c->below, 1);
  if (c->deliberate) cell(r, c->global > c->deliberate ? "r bad" : "r", "%d (%d asked for)", c->global, c->deliberate);
  else count_cell(r, c->global, 1);
  count_cell(r, c->blocked, 0), count_cell(r, c->fallback, 0);
  if (c->regs > 0) cell(r, "r", "%d", c->regs);
  else cell(r, "r none", "–");
  if (c->spilled) cell(r, "r bad", "%d (%ld B)", c->spilled, c->spill);
  else count_cell(r, 0, 0);
  if (c->hold + c->fail == 0) cell(r, "none", "–");
  else if (c->fail) cell(r, "bad", "%d hold, %d fail", c->hold, c->fail);
  else cell(r, NULL, "%d hold", c->hold);
  if (!r->no_gpu) {
    char q[32];
    double x = family_ratio(r, fam, cfg);
    rp_ratio(x, q, sizeof q);
    cell(r, isnan(x) ? "r none" : x > r->slow_ratio ? "r slow" : "r", "%s", q);
  } else {
    fputs(row ? " |" : " no GPU |", r->md);
    if (!row) fprintf(r->html, "<td class=none rowspan=%d>no GPU", nrows);
  }
  fputs("\n", r->md);
  fputs("</tr>\n", r->html);
}

static const char *const cheads[] = {"family", "config", "regions", "SPMD · G-SPMD · Generic", "below intent", "globalized",
                                     "SPMD blocked", "fallback", "regs", "spills", "check", "× CUDA", NULL};
static const char *const ctitles[] = {
    "kernel family (record/kernels.def)", "omp_target configuration", "device regions (target regions) compiled",
    "static modes: SPMD as written; Generic-SPMD: a generic region the compiler made SPMD (OMP120); Generic",
    "static mode below the source's intent (how it is written, else what its EXPECT-MODE implies)",
    "regions with globalization left (OMP112/OMP113); asked for: an EXPECT-REMARK line says so",
    "SPMDization blocked (OMP121)", "generic state machine with a fallback (OMP132/OMP133)", "most registers per thread",
    "regions that spill (bytes stored and loaded)", "EXPECT-* verdicts of check.json on these regions (–: not checked)",
    "omp_target / CUDA cost per operation, geometric mean over the family's timing rows",
};

static void compile_head(struct report *r) {
  rp_both(r, "## What the compilers did\n\n", "<section id=compile><h2>What the compilers did</h2>\n");
  fprintf(r->md, "Per kernel family and omp_target configuration, from compile.jsonl: the static modes against the "
                 "source's intent, globalization left, SPMDization blocked, state-machine fallbacks, registers, "
                 "spills and the EXPECT verdicts%s.\n\n|",
          json_array_size(r->check_all) ? " (check.json)" : " (no check.json in the folder)");
  fprintf(r->html, "<p class=note>Per kernel family and omp_target configuration, from compile.jsonl: static modes "
                   "against the source's intent, globalization left, SPMDization blocked, state-machine fallbacks, "
                   "registers, spills, EXPECT verdicts%s. <a href=\"#compile-regions\">Every region</a>.</p>\n"
                   "<table class=\"fam cmpl\"><thead><tr>",
          json_array_size(r->check_all) ? " (check.json)" : " (no check.json in the folder)");
  for (int c = 0; cheads[c]; ++c) {
    fprintf(r->md, " %s |", cheads[c]);
    fprintf(r->html, "<th title=\"%s\">%s</th>", ctitles[c], cheads[c]);
  }
  fputs("\n|", r->md);
  for (int c = 0; cheads[c]; ++c) fputs("---|", r->md);
  fputs("\n", r->md);
  fputs("</tr></thead><tbody>\n", r->html);
}

/* The configurations with regions, in provenance order (at most 32). */
static int region_configs(struct report *r, const char **cfg) {
  int n = 0;
  for (size_t i = 0; i < r->ncregs; ++i) {
    int k = 0;
    while (k < n && strcmp(cfg[k], r->cregs[i].config)) ++k;
    if (k < n || n == 32) continue;
    for (k = n++; k > 0 && config_order(r, cfg[k - 1]) > r->cregs[i].config_order; --k) cfg[k] = cfg[k - 1];
    cfg[k] = r->cregs[i].config;
  }
  return n;
}

void report_compile_table(struct report *r) {
  const char *cfg[32];
  int ncfg = region_configs(r, cfg), nfam = r->nfamilies;
  struct crow *c = calloc((size_t)(nfam * ncfg + 1), sizeof *c);
  for (size_t i = 0; i < r->ncregs; ++i)
    for (int k = 0; k < ncfg; ++k)
      if (!strcmp(cfg[k], r->cregs[i].config)) crow_add(&c[r->cregs[i].family * ncfg + k], &r->cregs[i]);
  int nrows = 0, row = 0;
  for (int x = 0; x < nfam * ncfg; ++x) nrows += c[x].regions > 0;
  compile_head(r);
  for (int f = 0; f < nfam; ++f) {
    int shown = 0;
    for (int k = 0; k < ncfg; ++k)
      if (c[f * ncfg + k].regions) crow_put(r, f, cfg[k], &c[f * ncfg + k], !shown++, row++, nrows);
  }
  free(c);
  if (!r->ncregs)
    rp_both(r, "| (no compile data: compile.jsonl is absent or lists no omp_target region) |\n",
            "<tr><td colspan=12 class=none>no compile data: compile.jsonl is absent or lists no omp_target region</td></tr>\n");
  rp_both(r, "\n", "</tbody></table>\n</section>\n");
}

/* ---- every region, collapsed ---- */

static void region_row(struct report *r, size_t i) {
  const struct cregion *g = &r->cregs[i];
  const char *mode = rs_str(g->rec, OKF_static_mode);
  int got = ok_mode_rank(mode), want = intent_rank(g);
  char intent[96];
  intent_text(g, intent, sizeof intent);
  fprintf(r->html, "<tr id=c-%zu><td>", i);
  rp_esc(r->html, region_label(g));
  fprintf(r->html, "<td>%s<td%s>%s<td>%s<td>", !strncmp(g->config, "target-", 7) ? g->config + 7 : g->config,
          got >= 0 && want >= 0 && got < want ? " class=bad" : "", mode ? mode : "–", intent);
  size_t k;
  json_t *v;
  json_array_foreach(rs_get(g->rec, OKF_remarks), k, v) { /* each ID links to its text */
    char a[700];
    const char *id = json_string_value(v);
    if (!id) continue;
    rp_remark_anchor(a, sizeof a, g->config, g->symbol, id);
    json_t *m = json_object_get(r->linked, a);
    if (m) fprintf(r->html, "<a href=#m%lld>%s</a> ", (long long)json_integer_value(m), id);
    else fprintf(r->html, "%s ", id);
  }
  long regs = rs_int(g->rec, OKF_registers), stack = rs_int(g->rec, OKF_stack_bytes);
  long vgprs = rs_int(g->rec, OKF_vgprs), sgprs = rs_int(g->rec, OKF_sgprs), lds = rs_int(g->rec, OKF_lds_bytes);
  long waves = rs_int(g->rec, OKF_waves_per_simd);
  if (stack < 0) stack = rs_int(g->rec, OKF_scratch_bytes); /* AMD: scratch per work-item */
  fprintf(r->html, "<td class=r>%s", regs >= 0 || vgprs >= 0 ? "" : "–");
  if (regs >= 0) fprintf(r->html, "%ld", regs);
  else if (vgprs >= 0) /* AMD's own names: VGPRs, SGPRs, LDS bytes, waves per SIMD (docs/amdgpu.md) */
    fprintf(r->html, "%ld V · %ld S · LDS %ld · %ld waves", vgprs, sgprs, lds > 0 ? lds : 0, waves);
  fprintf(r->html, "<td class=r>%ld<td class=r>%ld<td%s>", g->spill, stack > 0 ? stack : 0, g->fail ? " class=bad" : "");
  if (g->fail) rp_esc(r->html, g->fails);
  else if (g->hold) fprintf(r->html, "%d hold", g->hold);
  fputs("\n", r->html);
}

void report_compile_details(struct report *r) {
  if (!r->ncregs) return;
  fprintf(r->md, "Every region (%zu, per configuration): report.html, \"Every device region\", and compile.jsonl.\n\n", r->ncregs);
  fprintf(r->html, "<details id=compile-regions><summary><h2>Every device region (%zu)</h2></summary>\n<p class=note>One "
                   "row per region and configuration (compile.jsonl); intent: how the source is written (a run's "
                   "source_mode), else its EXPECT-MODE.</p>\n<table class=cmpl><thead><tr><th>region<th>config<th>static "
                   "mode<th>intent<th>remarks<th>regs<th>spill B<th>stack B<th>check</tr></thead><tbody>\n",
          r->ncregs);
  int fam = -1;
  for (size_t i = 0; i < r->ncregs; ++i) {
    if (r->cregs[i].family != fam) fprintf(r->html, "<tr class=fh><td colspan=9>%s\n", r->families[fam = r->cregs[i].family]);
    region_row(r, i);
  }
  fputs("</tbody></table>\n</details>\n", r->html);
}
