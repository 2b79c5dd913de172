/* ompkit analyze: what GCC (target-gcc12: nvptx offload) made of each target region. GCC has
 * no execution modes, no openmp-opt remarks and no device IR before the link; what it does give:
 *   - the host compile's omplower dump (-fdump-tree-omplower-lineno, analyze_jobs.c): per
 *     directive its location and child function ("[f.c:29:9] #pragma omp target ... [child fn:
 *     distribute_only._omp_fn.0 (...)]") and the constructs it was split into (teams, distribute,
 *     parallel, for, simd, with their clauses): the join of regions to kernels, and the lowering;
 *   - the program's PTX from mkoffload (scripts/gcc-offload-keep.sh): the kernel is the child
 *     function with '.' spelt '$' (distribute_only$_omp_fn$0); its call graph names the libgomp
 *     entry points it reaches (gomp_nvptx_main, GOMP_teams4, GOMP_parallel, GOMP_loop_*, ...);
 *   - nvlink -v over the PTX modules, as libgomp's plugin links them at load: registers, smem;
 *   - -fopt-info: the host's and the device's omp notes and the device's calls not inlined.
 * docs/analyze.md ("GCC") says what is comparable with the LLVM rows and what is not. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"
#include "remarks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct az_gcc {
  struct ok_ir *ir; /* keep/gcc.ptx: the program's module; NULL when the offload link failed */
  json_t *res;      /* kernel -> resources (nvlink -v after the link) */
  char *dump;       /* the file's omplower dump */
  char dir[PATH_MAX], stem[256], err[512], link_note[512];
};

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  char *buf = NULL;
  size_t cap = 0;
  if (f && getdelim(&buf, &cap, 0, f) < 0) free(buf), buf = NULL;
  if (f) fclose(f);
  return buf;
}

static int on_res(const struct ok_resource *r, void *ud) {
  json_object_set_new(ud, r->function,
                      json_pack("{s:i,s:I,s:I,s:I,s:I,s:I}", OK_FNAME(registers), r->registers, "spill_stores",
                                (json_int_t)(r->spill_stores < 0 ? 0 : r->spill_stores), "spill_loads",
                                (json_int_t)(r->spill_loads < 0 ? 0 : r->spill_loads), OK_FNAME(smem_bytes), (json_int_t)r->smem,
                                OK_FNAME(lmem_bytes), (json_int_t)r->lmem, OK_FNAME(stack_bytes), (json_int_t)-1));
  return 0;
}

struct az_gcc *az_gcc_open(const struct az_variant *var, const char *stem) {
  struct az_gcc *g = calloc(1, sizeof *g);
  char p[PATH_MAX + 300];
  snprintf(g->stem, sizeof g->stem, "%s", stem);
  snprintf(g->dir, sizeof g->dir, "%s", var->dir);
  snprintf(p, sizeof p, "%s/ir/%s.omplower", var->dir, g->stem);
  g->dump = slurp(p);
  snprintf(p, sizeof p, "%s/keep/gcc.ptx", var->dir);
  snprintf(g->link_note, sizeof g->link_note, "%s", var->note);
  g->ir = ok_ir_load(p, g->err, sizeof g->err);
  if (!g->ir) snprintf(g->err, sizeof g->err, "no device PTX (the offload link: %s)", var->note[0] ? var->note : "see log/");
  g->res = json_object();
  snprintf(p, sizeof p, "%s/resources/gcc-link.txt", var->dir);
  char e[256];
  ok_resources_parse_file(p, on_res, g->res, e, sizeof e);
  return g;
}

void az_gcc_close(struct az_gcc *g) {
  if (!g) return;
  if (g->ir) ok_ir_free(g->ir);
  json_decref(g->res);
  free(g->dump);
  free(g);
}

/* "[PATH:LINE:COL] #pragma omp KIND ..." at the start of a dump line (after its indentation):
 * the line number when PATH's base name is `base`, else 0; *kind, *clauses point into s. */
static int dump_directive(const char *s, const char *base, const char **kind, int *indent) {
  const char *p = s;
  while (*p == ' ') ++p;
  *indent = (int)(p - s);
  if (*p != '[') return 0;
  const char *close = strchr(p, ']');
  if (!close || strncmp(close, "] #pragma omp ", 14)) return 0;
  *kind = close + 14;
  const char *c2 = close, *c1;
  while (c2 > p && *c2 != ':') --c2; /* ":COL]" */
  c1 = c2 - 1;
  while (c1 > p && *c1 != ':') --c1; /* ":LINE:" */
  if (c1 <= p) return 0;
  const char *pb = c1;
  while (pb > p + 1 && pb[-1] != '/' && pb[-1] != '[') --pb;
  if ((size_t)(c1 - pb) != strlen(base) || strncmp(pb, base, (size_t)(c1 - pb))) return 0;
  return atoi(c1 + 1);
}

/* The child function named on a directive line, with '.' spelt '$' as the nvptx PTX spells it. */
static int child_fn(const char *s, char *out, size_t n) {
  const char *p = strstr(s, "[child fn: ");
  if (!p) return 0;
  p += 11;
  size_t k = 0;
  for (; *p && *p != ' ' && *p != '\n' && k + 1 < n; ++p) out[k++] = *p == '.' ? '$' : *p;
  out[k] = 0;
  return k > 0;
}

struct cons {
  json_t *kernels, *constructs, *parallels;
  int teams, distribute, parallel, wfor, simd, reduction, dynamic;
};

/* The constructs inside one region of the dump: from its target line to the close of its body (the
 * first line after it that is "}" at the indentation of the body's "{"). */
static void region_constructs(const struct az_gcc *g, const char *base, int line, struct cons *c) {
  const char *s = g->dump;
  int in = 0, body_indent = -1;
  while (s && *s) {
    const char *e = strchr(s, '\n'), *kind = "";
    size_t len = e ? (size_t)(e - s) : strlen(s);
    int ind, l = dump_directive(s, base, &kind, &ind);
    char name[512];
    if (!in && l == line && !strncmp(kind, "target", 6) && child_fn(s, name, sizeof name)) {
      json_array_append_new(c->kernels, json_string(name));
      in = 1, body_indent = ind + 2;
    } else if (in && (int)len == body_indent + 1 && s[body_indent] == '}') {
      in = 0; /* a template's other instances follow: the loop goes on */
    } else if (in && l) {
      char k[64];
      snprintf(k, sizeof k, "%.*s", (int)strcspn(kind, " \n"), kind);
      if (!json_array_size(c->constructs) || strcmp(json_string_value(json_array_get(c->constructs, json_array_size(c->constructs) - 1)), k))
        json_array_append_new(c->constructs, json_string(k));
      c->teams |= !strcmp(k, "teams"), c->distribute |= !strcmp(k, "distribute"), c->simd |= !strcmp(k, "simd");
      c->wfor |= !strcmp(k, "for");
      if (!strcmp(k, "parallel")) {
        c->parallel = 1;
        if (child_fn(s, name, sizeof name)) json_array_append_new(c->parallels, json_string(name));
      }
      const char *r = strstr(kind, "reduction(");
      c->reduction |= r && r < s + len;
      const char *sch = strstr(kind, "schedule(");
      c->dynamic |= sch && sch < s + len && strncmp(sch + 9, "static", 6);
    }
    s = e ? e + 1 : NULL;
  }
}

/* The libgomp entry points a kernel reaches in the PTX call graph. */
static json_t *entry_points(const struct ok_ir *ir, const char *k) {
  json_t *out = json_array();
  for (size_t i = 0, n = ir ? ok_ir_nfunctions(ir) : 0; i < n; ++i) {
    const char *f = ok_ir_function(ir, i);
    if ((!strncmp(f, "GOMP_", 5) || !strncmp(f, "gomp_", 5) || !strncmp(f, "omp_", 4)) && !ok_ir_defines(ir, f) &&
        ok_ir_reaches(ir, k, f))
      json_array_append_new(out, json_string(f));
  }
  return out;
}

/* Whether a string of arr starts with s (prefix) or equals it (exact). */
static int has_str(json_t *arr, const char *s, int exact) {
  size_t i;
  json_t *v;
  json_array_foreach(arr, i, v) if (exact ? !strcmp(json_string_value(v), s) : !strncmp(json_string_value(v), s, strlen(s))) return 1;
  return 0;
}

static int has(json_t *arr, const char *prefix) { return has_str(arr, prefix, 0); }

/* What the directive became under GCC, in the words the LLVM rows use where the meaning is the
 * same. A GCC OpenMP thread on nvptx is a warp (its lanes run in step outside simd loops). */
static json_t *lowering(const struct cons *c, json_t *eps) {
  char what[512], threads[200];
  int par = c->parallel || has(eps, "GOMP_parallel");
  int np = (int)json_array_size(c->parallels);
  if (par && c->distribute && c->wfor)
    snprintf(what, sizeof what, "distribute parallel for: every thread (warp) of a team shares the loop"),
        snprintf(threads, sizeof threads, "all threads of every team (a thread is a warp)");
  else if (par && c->wfor)
    snprintf(what, sizeof what, "parallel for in each team: the team's threads (warps) share each team's loop"),
        snprintf(threads, sizeof threads, "all threads of every team (a thread is a warp)");
  else if (par)
    snprintf(what, sizeof what, "%d parallel region%s without worksharing: each thread (warp) runs the whole body", np ? np : 1,
             np > 1 ? "s" : ""),
        snprintf(threads, sizeof threads, "the team's threads inside the parallel region; 1 per team outside");
  else if (c->distribute)
    snprintf(what, sizeof what, "teams distribute only: one thread per team runs the loop body"),
        snprintf(threads, sizeof threads, "1 per team");
  else
    snprintf(what, sizeof what, "sequential in each team: one thread per team runs the body"),
        snprintf(threads, sizeof threads, "1 per team");
  if (c->simd) snprintf(what + strlen(what), sizeof what - strlen(what), "; simd: the 32 lanes of a warp share the inner loop");
  if (c->dynamic || has(eps, "GOMP_loop_"))
    snprintf(what + strlen(what), sizeof what - strlen(what), "; a runtime-scheduled loop (GOMP_loop_*)");
  if (c->reduction) snprintf(what + strlen(what), sizeof what - strlen(what), "; with a reduction");
  return json_pack("{s:s,s:s,s:b,s:b,s:b,s:b,s:i,s:O,s:O}", "summary", what, "loop_threads", threads, "parallel_launch", par,
                   "distribute", c->distribute, "for", c->wfor, "reduction", c->reduction, "parallel_regions", np,
                   "entry_points", eps, "constructs", c->constructs);
}

/* -fopt-info lines of this region: those whose location lies in [from, to), and the device's
 * "not inlinable: CALLER/N -> CALLEE/M" whose caller is one of the region's functions and whose
 * callee is not libgomp's (those are the entry points, listed from the PTX): a call that stays. */
static void opt_info(const char *path, int from, int to, json_t *fns, json_t *remarks, json_t *ext) {
  FILE *f = fopen(path, "r");
  char line[2048];
  while (f && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *p = strchr(line, ':'), *ni = strstr(line, "not inlinable: ");
    int l = p ? atoi(p + 1) : 0, mine = l >= from && (!to || l < to);
    if (ni) {
      char caller[512], callee[512];
      if (sscanf(ni + 15, "%511[^/]/%*d -> %511[^/]", caller, callee) != 2) continue;
      for (char *q = caller; *q; ++q) *q = *q == '.' ? '$' : *q;
      mine = has_str(fns, caller, 1) && strncmp(callee, "__builtin_", 10) && strncmp(callee, "omp_", 4) &&
             strncmp(callee, "GOMP_", 5);
      /* an external or interposable function: its registers join at the JIT's link */
      if (mine && (strstr(line, "body not available") || strstr(line, "overwritten at link time")) && !has_str(ext, callee, 1))
        json_array_append_new(ext, json_string(callee));
      if (mine) {
        json_array_append_new(remarks, json_pack("{s:s,s:s,s:i}", "id", "gcc", "message", ni, "line", from));
        continue;
      }
    }
    if (!mine || !line[0]) continue;
    char *msg = p && l ? strchr(p + 1, ':') : NULL;
    msg = msg ? strchr(msg + 1, ':') : NULL;
    json_array_append_new(remarks, json_pack("{s:s,s:s,s:i}", "id", "gcc", "message", msg ? msg + 2 : line, "line", l));
  }
  if (f) fclose(f);
}

json_t *az_gcc_entry(const struct az_gcc *g, const char *file, int line, int to) {
  const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  struct cons c = {json_array(), json_array(), json_array(), 0, 0, 0, 0, 0, 0, 0};
  if (!g->dump) {
    json_decref(c.kernels), json_decref(c.constructs), json_decref(c.parallels);
    return json_pack("{s:s,s:s}", OK_FNAME(status), AZ_ST(ERROR), OK_FNAME(error), "no omplower dump from the GCC compile (log/)");
  }
  region_constructs(g, base, line, &c);
  if (!json_array_size(c.kernels)) {
    json_decref(c.kernels), json_decref(c.constructs), json_decref(c.parallels);
    return json_pack("{s:s,s:s}", OK_FNAME(status), AZ_ST(NO_KERNEL), OK_FNAME(error),
                     "no child function for this line in GCC's omplower dump (code not compiled: a template never instantiated, #if'd out?)");
  }
  const char *k = json_string_value(json_array_get(c.kernels, 0));
  int in_ptx = g->ir && ok_ir_defines(g->ir, k);
  json_t *eps = in_ptx ? entry_points(g->ir, k) : json_array();
  json_t *fns = json_deep_copy(c.parallels), *remarks = json_array(), *ext = json_array();
  char impl[600], p[PATH_MAX + 300];
  snprintf(impl, sizeof impl, "%s$impl", k);
  json_array_append_new(fns, json_string(k)), json_array_append_new(fns, json_string(impl));
  snprintf(p, sizeof p, "%s/remarks/%s.gcc-opt-info.txt", g->dir, g->stem);
  opt_info(p, line, to, fns, remarks, ext);
  snprintf(p, sizeof p, "%s/remarks/gcc-device-opt-info.txt", g->dir);
  opt_info(p, line, to, fns, remarks, ext);
  json_decref(fns);
  /* GCC 12 has one way to run a target region: gomp_nvptx_main hands the body to the team's first
   * thread (warp) and GOMP_parallel wakes the others; there is no SPMD form to compare with. */
  const char *mode = !in_ptx ? "?" : has(eps, "gomp_nvptx_main") ? "generic (GCC)" : "? (no gomp_nvptx_main)";
  json_t *rv = json_object_get(g->res, k);
  json_t *e = json_pack("{s:s,s:s,s:s,s:o,s:s,s:[],s:O,s:o}", OK_FNAME(status), AZ_ST(OK), OK_FNAME(kernel), k, "mode", mode, OK_FNAME(remarks), remarks,
                        "remark_ids", "", "globalized", "resources", rv ? rv : json_null(), "external_calls", ext);
  json_object_set_new(e, "lowering", lowering(&c, eps));
  json_decref(eps);
  if (json_array_size(c.kernels) > 1) json_object_set(e, "instances", c.kernels);
  char why[700];
  snprintf(why, sizeof why, "no registers (the offload link: %s)", g->link_note[0] ? g->link_note : "see log/gcc-device-link.txt");
  if (!in_ptx) json_object_set_new(e, "note", json_string(g->ir ? "the kernel is not in the PTX" : g->err));
  else if (!rv) json_object_set_new(e, "note", json_string(why));
  json_decref(c.kernels), json_decref(c.constructs), json_decref(c.parallels);
  return e;
}
