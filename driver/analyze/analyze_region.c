/* ompkit analyze: per region, what each variant made of it, read with the remarks/ library from
 * the artefacts analyze_jobs.c left: the kernel's static mode and call graph (ok_ir), its remarks
 * (YAML records, reached through the front end's call graph), its resources (the linked figure and
 * the per-file one) and, from the runtime entry points it reaches, the lowering audit in words.
 * A region is a kernel the compilers emitted, keyed by its identity (record/ok_kernel_id.h:
 * file:line:function, the file a header's name when the directive is in one, one row per template
 * instance), not a text scan: #if'd-out code has no kernel and no row. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"
#include "check.h"
#include "expect.h"
#include "ok_kernel_id.h"
#include "remarks.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rem {
  char *function, *id, *message, *file;
  int line;
  long smem; /* OMP111's SharedMemory bytes, else -1 */
};
struct rems {
  struct rem *v;
  size_t n, cap;
};

static int keep_rem(const struct ok_remark *r, void *ud) {
  struct rems *x = ud;
  if (x->n == x->cap) {
    size_t cap = x->cap ? x->cap * 2 : 64;
    struct rem *nv = realloc(x->v, cap * sizeof *nv);
    if (!nv) return 1;
    x->v = nv, x->cap = cap;
  }
  const char *sm = ok_remark_arg(r, "SharedMemory");
  x->v[x->n++] = (struct rem){strdup(r->function ? r->function : ""), strdup(r->name ? r->name : ""),
                              strdup(r->message ? r->message : ""), strdup(r->file ? r->file : ""), r->line,
                              sm ? atol(sm) : -1};
  return 0;
}

static void rems_free(struct rems *x) {
  for (size_t i = 0; i < x->n; ++i) free(x->v[i].function), free(x->v[i].id), free(x->v[i].message), free(x->v[i].file);
  free(x->v);
}

/* Where a resource parse puts its kernels, and the architecture an AMD kernel's occupancy is on. */
struct res_to {
  json_t *dst;
  const char *arch;
};

static int on_res(const struct ok_resource *r, void *ud) {
  const struct res_to *x = ud;
  json_t *j = json_pack("{s:i,s:I,s:I,s:I,s:I,s:I}", OK_FNAME(registers), r->registers, "spill_stores",
                        (json_int_t)r->spill_stores, "spill_loads", (json_int_t)r->spill_loads, OK_FNAME(smem_bytes),
                        (json_int_t)r->smem, OK_FNAME(lmem_bytes), (json_int_t)r->lmem, OK_FNAME(stack_bytes),
                        (json_int_t)r->stack);
  ok_resource_amd_fields(j, r, x->arch); /* an AMD kernel's VGPRs, SGPRs, LDS, ..., waves per SIMD */
  json_object_set_new(x->dst, r->function, j);
  return 0;
}

/* Runtime entry points by role (LLVM 16-22 device runtime names, by prefix). */
static const struct {
  const char *prefix, *role;
} entry_roles[] = {
    {"__kmpc_parallel_", "parallel"},           {"__kmpc_distribute_static_init", "distribute"},
    {"__kmpc_distribute_static_loop", "distribute"}, {"__kmpc_distribute_for_static_loop", "distribute_for"},
    {"__kmpc_for_static_init", "for"},           {"__kmpc_for_static_loop", "for"},
    {"__kmpc_dispatch_init", "for"},             {"__kmpc_nvptx_parallel_reduce", "reduction"},
    {"__kmpc_nvptx_teams_reduce", "reduction"},  {"__kmpc_reduce", "reduction"},
    {"__kmpc_kernel_parallel", "state_machine"}, {"__kmpc_alloc_shared", "globalization"},
};

struct low {
  int par, dist, dfor, wfor, red, rtsm, glob, nwrap;
  json_t *entries;
};

static void reach(const struct ok_ir *ir, const char *k, struct low *l) {
  l->entries = json_array();
  for (size_t i = 0, n = ok_ir_nfunctions(ir); i < n; ++i) {
    const char *f = ok_ir_function(ir, i);
    size_t fl = strlen(f);
    int wrapper = fl > 8 && !strcmp(f + fl - 8, "_wrapper");
    if (strncmp(f, "__kmpc_", 7) && !wrapper) continue;
    if (!ok_ir_reaches(ir, k, f)) continue;
    if (wrapper) {
      ++l->nwrap;
      continue;
    }
    for (size_t r = 0; r < sizeof entry_roles / sizeof entry_roles[0]; ++r) {
      if (strncmp(f, entry_roles[r].prefix, strlen(entry_roles[r].prefix))) continue;
      const char *role = entry_roles[r].role;
      l->par |= !strcmp(role, "parallel"), l->dist |= !strcmp(role, "distribute");
      l->dfor |= !strcmp(role, "distribute_for"), l->wfor |= !strcmp(role, "for");
      l->red |= !strcmp(role, "reduction"), l->rtsm |= !strcmp(role, "state_machine");
      l->glob |= !strcmp(role, "globalization");
      json_array_append_new(l->entries, json_pack("{s:s,s:s}", "function", f, "role", role));
      break;
    }
  }
}

/* What the directive became, in words, and who runs the loop (issue 21's lowering audit). */
static json_t *lowering(const struct ok_ir *ir, const char *k, int mode, const char *ids) {
  struct low l = {0};
  if (!ir)
    return json_pack("{s:s,s:s}", "summary", "unknown (the front end's device IR did not compile)", "loop_threads", "unknown");
  reach(ir, k, &l);
  char what[512], threads[160];
  int shares = l.dfor || ((l.dist || l.dfor) && (l.wfor || l.par));
  if (mode == 2 || mode == 3) {
    const char *pre = mode == 3 ? "generic region SPMDized by the compiler (OMP120): " : "";
    if (shares)
      snprintf(what, sizeof what, "%sdistribute parallel for: every thread of a team shares the loop", pre),
          snprintf(threads, sizeof threads, "all threads of every team");
    else if (l.wfor)
      snprintf(what, sizeof what, "%sparallel for in each team: the team's threads share each team's loop", pre),
          snprintf(threads, sizeof threads, "all threads of every team");
    else if (l.dist && mode == 2) /* no guard keeps the other threads out: each runs the distribute loop */
      snprintf(what, sizeof what, "SPMD with a distribute-only loop: every thread of a team runs the team's chunks "
               "(with the default chunked schedule each chunk's first iteration), iterations are skipped and repeated "
               "(docs/findings/clang19-nested-teams-loop-runs-one-iteration-per-team-thread.md)"),
          snprintf(threads, sizeof threads, "all threads of every team (each the same iterations)");
    else if (l.dist)
      snprintf(what, sizeof what, "%steams distribute only: one thread per team runs the loop body", pre),
          snprintf(threads, sizeof threads, "1 per team");
    else
      snprintf(what, sizeof what, "%sSPMD without worksharing: every thread runs the whole body", pre),
          snprintf(threads, sizeof threads, "all threads of every team (each the whole body)");
  } else if (mode == 1 && !l.nwrap && !l.par) {
    snprintf(what, sizeof what, "%s", l.dist ? "teams distribute only: one thread per team runs the loop body"
                                             : "sequential in each team: one thread per team runs the body");
    snprintf(threads, sizeof threads, "1 per team");
  } else if (mode == 1) {
    const char *sm = strstr(ids, "OMP132") || strstr(ids, "OMP133")
                         ? "a custom state machine with a fallback to indirect calls (OMP132/133)"
                     : strstr(ids, "OMP131") ? "a custom state machine (OMP131)"
                     : l.rtsm                ? "the runtime's generic state machine"
                                             : "a state machine";
    int np = l.nwrap ? l.nwrap : 1;
    snprintf(what, sizeof what, "generic with %s: %d parallel region%s", sm, np, np == 1 ? "" : "s");
    snprintf(threads, sizeof threads, "the team's threads inside the parallel region%s; 1 per team outside",
             np == 1 ? "" : "s");
  } else {
    snprintf(what, sizeof what, "unknown execution mode %d", mode);
    snprintf(threads, sizeof threads, "unknown");
  }
  if (l.red) snprintf(what + strlen(what), sizeof what - strlen(what), "; with a reduction");
  if (l.glob) snprintf(what + strlen(what), sizeof what - strlen(what), "; locals globalized by the front end (__kmpc_alloc_shared)");
  return json_pack("{s:s,s:s,s:b,s:b,s:b,s:b,s:b,s:i,s:o,s:b}", "summary", what, "loop_threads", threads, "parallel_launch",
                   l.par, "distribute", l.dist || l.dfor, "for", l.wfor || l.dfor, "reduction", l.red,
                   "globalization_call", l.glob, "parallel_regions", l.nwrap, "entry_points", l.entries,
                   "wrong_code", mode == 2 && l.dist && !shares && !l.wfor);
}

struct loaded {
  struct ok_ir *ir, *fe; /* the object's PTX (final modes, call graph), the front end's IR (entry points, calls before inlining) */
  struct rems rs;
  json_t *res, *linked; /* per-file ptxas -c figures; the whole-module ptxas figures (link/<stem>.txt) */
  json_t *image;        /* the program's link: nvlink -v (link/program.txt) or cuobjdump -res-usage (link/image.txt) */
  const char *image_from;
  json_t *sources;      /* keep/<stem>.sources: <dev>_<file> -> path */
  char link_err[512];   /* why the whole-module ptxas gave no figure */
  char err[1024];
};

/* The name a function has in the front end's IR: LLVM's passes add a suffix to the copies they
 * make (openmp-opt's ".internalized", ".specialized.N", ".constprop.N", ...), and the remarks
 * name the copy. */
static void fe_name(const char *f, char *out, size_t n) {
  static const char *sfx[] = {".internalized", ".specialized", ".constprop", ".llvm.", ".isra", ".part.", ".cold"};
  snprintf(out, n, "%s", f);
  for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; ++i) {
    char *p = strstr(out, sfx[i]);
    if (p && p != out) *p = 0;
  }
}

/* A remark belongs to a kernel when it is the kernel's own, or its function is reached from the
 * kernel: in the object's call graph (after inlining), or in the front end's (before inlining,
 * where an operator or a helper is still a call). */
static int attributed(const struct rem *r, const char *k, int mode, const struct loaded *L) {
  if (ok_remark_attributed(r->function, k, L->ir)) return 1;
  char n[1024];
  fe_name(r->function, n, sizeof n);
  if (!L->fe || !ok_ir_reaches(L->fe, k, n)) return 0;
  /* a callee shared with other kernels: why a kernel stays generic (OMP121) or needs a state
   * machine (OMP130-133) is said for the generic kernels that reach it, not for an SPMD one */
  int why_generic = !strcmp(r->id, "OMP121") || !strncmp(r->id, "OMP13", 5);
  return why_generic && mode == 2 ? 0 : 2;
}

static const char *base_name(const char *p) {
  const char *b = strrchr(p, '/');
  return b ? b + 1 : p;
}

static json_t *remark_json(const struct rem *r) {
  char dem[1024], n[1024];
  fe_name(r->function, n, sizeof n);
  json_t *j = json_pack("{s:s,s:s,s:i,s:s}", "id", r->id, "message", r->message, "line", r->line, "file", base_name(r->file));
  json_object_set_new(j, "function", json_string(ok_demangle(n, dem, sizeof dem) == 0 ? dem : n));
  return j;
}

/* The kernel's resources as the runtime loads them: the program's link (its image) where the
 * configuration links one, else the kept PTX assembled as a whole module, else the compile's own
 * ptxas (-c: the kernel's body only, without the functions it calls); the per-file figure beside
 * it, and why they differ. */
static void resources(json_t *e, const struct loaded *L, const char *k) {
  json_t *pf = json_object_get(L->res, k), *im = json_object_get(L->image, k), *wm = json_object_get(L->linked, k);
  json_t *ln = im ? im : wm;
  const char *from = im ? L->image_from : "the kept PTX assembled as one module (ptxas without -c)";
  if (!ln && json_object_get(pf, OK_FNAME(vgprs))) { /* AMD: the unit was linked with the runtime already */
    json_object_set(e, "resources", pf);
    json_object_set_new(e, "resources_from", json_string("the unit's device link: its code object's notes (llvm-readelf --notes)"));
    return;
  }
  if (ln && pf) { /* a link's listing has no spill counts: the compile's are the kernel's own */
    ln = json_deep_copy(ln);
    for (const char **k2 = (const char *[]){"spill_stores", "spill_loads", NULL}; *k2; ++k2)
      if (json_integer_value(json_object_get(ln, *k2)) < 0) json_object_set(ln, *k2, json_object_get(pf, *k2));
  } else if (ln) json_incref(ln);
  json_object_set(e, "resources", ln ? ln : pf ? pf : json_null());
  json_object_set_new(e, "resources_from", json_string(ln ? from : "the compile's ptxas -c (per file)"));
  if (!ln) {
    if (pf) json_object_set_new(e, "resources_note", json_string(L->link_err[0] ? L->link_err : "no linked figure"));
    return;
  }
  json_object_set(e, "resources_per_file", pf ? pf : json_null());
  long r0 = pf ? (long)json_integer_value(json_object_get(pf, OK_FNAME(registers))) : -1;
  long r1 = (long)json_integer_value(json_object_get(ln, OK_FNAME(registers)));
  long s0 = pf ? (long)json_integer_value(json_object_get(pf, OK_FNAME(stack_bytes))) : -1;
  long s1 = (long)json_integer_value(json_object_get(ln, OK_FNAME(stack_bytes)));
  if (pf && (r0 != r1 || s0 != s1)) {
    char why[700];
    snprintf(why, sizeof why, "linked (%s): %ld registers, %ld B stack; the compile's own ptxas (-c, the kernel's body "
             "alone): %ld registers, %ld B stack. %s", from, r1, s1, r0, s0,
             r1 > r0 || s1 > s0 ? "The kernel calls functions (a body the compiler outlined, a helper, the device "
                                  "runtime) whose registers and stack count once they are linked."
                                : "Linked, the code is optimized across its calls.");
    json_object_set_new(e, "resources_note", json_string(why));
  }
  json_decref(ln);
}

/* cuobjdump -res-usage: " Function NAME:" then "  REG:n STACK:n SHARED:n LOCAL:n ...". */
static void cuobjdump_res(const char *path, json_t *out) {
  FILE *f = fopen(path, "r");
  char line[4096], fn[2048] = "";
  while (f && fgets(line, sizeof line, f)) {
    long reg, stack, shared, local;
    if (!strncmp(line, " Function ", 10)) {
      snprintf(fn, sizeof fn, "%s", line + 10);
      fn[strcspn(fn, ":\n")] = 0;
    } else if (fn[0] && sscanf(line, " REG:%ld STACK:%ld SHARED:%ld LOCAL:%ld", &reg, &stack, &shared, &local) == 4) {
      json_object_set_new(out, fn, json_pack("{s:i,s:I,s:I,s:I,s:I,s:I}", OK_FNAME(registers), (int)reg, "spill_stores", (json_int_t)-1,
                                             "spill_loads", (json_int_t)-1, OK_FNAME(smem_bytes), (json_int_t)shared, OK_FNAME(lmem_bytes),
                                             (json_int_t)local, OK_FNAME(stack_bytes), (json_int_t)stack));
      fn[0] = 0;
    }
  }
  if (f) fclose(f);
}

/* One kernel's entry: mode, remarks, globalized variables, resources, lowering. */
static json_t *kernel_entry(const struct loaded *L, const char *k, int mode) {
  json_t *remarks = json_array(), *glob = json_array();
  char ids[1024] = "";
  for (size_t i = 0; i < L->rs.n; ++i) {
    const struct rem *r = &L->rs.v[i];
    int how = attributed(r, k, mode, L);
    if (!how) continue;
    json_t *rj = remark_json(r);
    if (how == 2) json_object_set_new(rj, "via", json_string("callee, through the front end's call graph"));
    json_array_append_new(remarks, rj);
    if (strncmp(r->id, "OMP", 3)) continue;
    if (!strstr(ids, r->id)) snprintf(ids + strlen(ids), sizeof ids - strlen(ids), "%s%s", ids[0] ? " " : "", r->id);
    if (!strcmp(r->id, "OMP112") || !strcmp(r->id, "OMP113") || !strcmp(r->id, "OMP111") || !strcmp(r->id, "OMP110")) {
      json_t *g = json_pack("{s:s,s:i,s:s,s:s}", "id", r->id, "line", r->line, "file", base_name(r->file), "fate",
                            !strcmp(r->id, "OMP110")   ? "moved to the stack"
                            : !strcmp(r->id, "OMP111") ? "moved to shared memory"
                                                       : "kept globalized (runtime allocation)");
      if (r->smem >= 0) json_object_set_new(g, "bytes", json_integer(r->smem));
      json_array_append_new(glob, g);
    }
  }
  const char *m = ok_exec_mode_name(mode);
  json_t *e = json_pack("{s:s,s:s,s:s,s:o,s:o}", OK_FNAME(status), AZ_ST(OK), OK_FNAME(kernel), k, "mode", m ? m : "?", OK_FNAME(remarks), remarks,
                        "globalized", glob);
  json_object_set_new(e, "remark_ids", json_string(ids));
  resources(e, L, k);
  /* a call into another file is resolved at the program's device link, which adds the callee's
   * registers: name such calls */
  json_t *ext = json_array();
  for (size_t i = 0, n = ok_ir_nfunctions(L->ir); i < n; ++i) {
    const char *f = ok_ir_function(L->ir, i);
    if (!ok_ir_defines(L->ir, f) && strncmp(f, "llvm.", 5) && strcmp(f, "vprintf") && strcmp(f, "malloc") &&
        strcmp(f, "free") && ok_ir_reaches(L->ir, k, f))
      json_array_append_new(ext, json_string(f));
  }
  json_object_set_new(e, "external_calls", ext);
  json_object_set_new(e, "lowering", lowering(L->fe, k, mode, ids));
  return e;
}

static int on_linked(const struct ok_resource *r, void *ud) { return on_res(r, ud); }

/* Why the whole-module ptxas gave nothing: its first "ptxas fatal"/"error" line. */
static void link_error(const char *log, char *out, size_t n) {
  FILE *f = fopen(log, "r");
  char line[1024];
  out[0] = 0;
  while (f && fgets(line, sizeof line, f))
    if (strstr(line, "fatal") || strstr(line, "error")) {
      line[strcspn(line, "\n")] = 0;
      snprintf(out, n, "no linked figure (the kernel's module does not link alone: %s)", line);
      break;
    }
  if (f) fclose(f);
}

static int load(const struct az_variant *var, const char *stem, struct loaded *L, const char *arch) {
  char p[PATH_MAX + 300];
  memset(L, 0, sizeof *L);
  L->res = json_object(), L->linked = json_object();
  struct res_to to_res = {L->res, arch}, to_linked = {L->linked, arch};
  L->sources = ok_kernel_sources_load(var->dir, stem);
  /* every resource file: a build's are per link (resources/ompkit-bench.txt), analyze's per file */
  glob_t g;
  snprintf(p, sizeof p, "%s/resources/*.txt", var->dir);
  if (glob(p, 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; ++k) ok_resources_parse_file(g.gl_pathv[k], on_res, &to_res, L->err, sizeof L->err);
    globfree(&g);
  }
  char e2[256];
  L->image = json_object();
  struct res_to to_image = {L->image, arch};
  snprintf(p, sizeof p, "%s/link/program.txt", var->dir);
  L->image_from = "the program's link, nvlink -v";
  if (ok_resources_parse_file(p, on_res, &to_image, e2, sizeof e2) <= 0 || !json_object_size(L->image)) {
    snprintf(p, sizeof p, "%s/link/image.txt", var->dir);
    cuobjdump_res(p, L->image);
    L->image_from = "the program's image, cuobjdump -res-usage";
  }
  snprintf(p, sizeof p, "%s/link/%s.txt", var->dir, stem);
  if (ok_resources_parse_file(p, on_linked, &to_linked, e2, sizeof e2) <= 0 || !json_object_size(L->linked)) link_error(p, L->link_err, sizeof L->link_err);
  ok_device_code_path(p, sizeof p, var->dir, stem);
  if (!(L->ir = ok_ir_load(p, L->err, sizeof L->err))) return -1;
  snprintf(p, sizeof p, "%s/ir/%s.ll", var->dir, stem);
  L->fe = ok_ir_load(p, L->err, sizeof L->err); /* NULL: the lowering says unknown */
  snprintf(p, sizeof p, "%s/remarks/%s.device.opt.yaml", var->dir, stem);
  return ok_remarks_parse_file(p, keep_rem, &L->rs, L->err, sizeof L->err) < 0 ? -1 : 0;
}

static void unload(struct loaded *L) {
  if (L->ir) ok_ir_free(L->ir);
  if (L->fe) ok_ir_free(L->fe);
  rems_free(&L->rs);
  json_decref(L->res), json_decref(L->linked), json_decref(L->sources), json_decref(L->image);
  memset(L, 0, sizeof *L);
}

static const char *jstr(json_t *o, const char *k) {
  const char *s = json_string_value(json_object_get(o, k));
  return s ? s : "";
}

static int jint(json_t *o, const char *k) { return (int)json_integer_value(json_object_get(o, k)); }

static void set_entry(json_t *r, const struct az *a, const struct az_variant *var, json_t *e) {
  const struct az_cfg *c = &a->cfgs[var->cfg];
  if (!var->whatif) json_object_set_new(json_object_get(r, "configs"), c->name, e);
  else {
    json_t *w = json_object_get(json_object_get(r, "whatif"), c->name);
    if (!w) json_object_set_new(json_object_get(r, "whatif"), c->name, w = json_object());
    json_object_set_new(w, az_whatif_short(var->whatif), e);
  }
}

/* The next directive's line after row r's in the same file (0: none): where r's body ends. */
static int next_line(json_t *regions, json_t *r) {
  json_t *x;
  size_t k;
  int to = 0;
  json_array_foreach(regions, k, x) if (!strcmp(jstr(x, "file"), jstr(r, "file")) && jint(x, "line") > jint(r, "line") &&
                                        (!to || jint(x, "line") < to)) to = jint(x, "line");
  return to;
}

/* A variant that did not compile: what it says instead of a verdict. */
static json_t *failed_entry(const struct az_variant *var) {
  const char *st = !strncmp(var->error, AZ_ST(NOT_BUILT), 9) ? AZ_ST(NOT_BUILT) : var->crashed ? AZ_ST(CRASHED) : AZ_ST(NOT_COMPILED);
  return json_pack("{s:s,s:s}", OK_FNAME(status), st, OK_FNAME(error), var->error[0] ? var->error : "did not compile");
}

/* Every row of unit t from one LLVM variant: its kernel, or why it has none. */
static void fill_llvm(struct az *a, int v, int t, json_t *regions) {
  const struct az_variant *var = &a->vars[v];
  struct loaded L;
  int bad = var->failed || load(var, a->tus[t].stem, &L, a->cfgs[var->cfg].oc.offload_arch);
  size_t i;
  json_t *r;
  json_array_foreach(regions, i, r) {
    if (jint(r, "tu") != t) continue;
    json_t *e = NULL;
    if (var->failed) e = failed_entry(var);
    else if (bad) e = json_pack("{s:s,s:s}", OK_FNAME(status), AZ_ST(ERROR), OK_FNAME(error), L.err);
    else
      for (size_t k = 0, nk = ok_ir_nkernels(L.ir); k < nk && !e; ++k) {
        int mode;
        char id[2048];
        const char *kn = ok_ir_kernel(L.ir, k, &mode);
        ok_kernel_id_of(kn, L.sources, a->tus[t].stem, id, sizeof id);
        if (!strcmp(id, jstr(r, "kernel_id"))) e = kernel_entry(&L, kn, mode);
      }
    if (e && !strcmp(jstr(e, "status"), AZ_ST(OK))) /* clang 16's kernel without its loop (a nested teams loop) */
      az_known_empty_kernel(a, v, jstr(r, "path"), jint(r, "line"), next_line(regions, r), e);
    json_t *low = json_object_get(e, "lowering");
    if (!var->whatif && !strcmp(jstr(low, "loop_threads"), "1 per team")) { /* why, in the source's words */
      char *cause = az_one_thread_cause(a, var, t, r);
      if (cause) json_object_set_new(low, "cause", json_string(cause));
      free(cause);
    }
    if (!e) e = az_missing_kernel(a, var, t, r);
    set_entry(r, a, var, e);
  }
  unload(&L);
}

/* Every row of unit t from GCC: its rows are joined by file name and line (GCC's kernels are
 * named after the enclosing function, not the directive's line). */
static void fill_gcc(struct az *a, int v, int t, json_t *regions) {
  const struct az_variant *var = &a->vars[v];
  struct az_gcc *g = var->failed ? NULL : az_gcc_open(var, a->tus[t].stem);
  size_t i;
  json_t *r;
  json_array_foreach(regions, i, r) {
    if (jint(r, "tu") != t) continue;
    json_t *e = var->failed ? failed_entry(var) : az_gcc_entry(g, jstr(r, "file"), jint(r, "line"), next_line(regions, r));
    if (!strcmp(jstr(e, "status"), AZ_ST(NO_KERNEL)) && !strcmp(jstr(r, "path"), a->tus[t].file)) {
      int pp = 0; /* why, from the unit preprocessed as GCC sees it (analyze_nokernel.c) */
      json_decref(e);
      e = az_no_kernel_entry(a, v, a->tus[t].file, jint(r, "line"), jstr(r, "directive"), &pp);
    }
    set_entry(r, a, var, e);
  }
  az_gcc_close(g);
}

static int on_pragma(int line, const char *text, void *ud) {
  json_t *ctx = ud; /* {"line": wanted, "text": found} */
  if (line == jint(ctx, "line")) json_object_set_new(ctx, "text", json_string(text));
  return 0;
}

/* The directive's text at path:line, continuation lines joined ("" when no pragma is there). */
static json_t *directive_at(const char *path, int line) {
  FILE *in = fopen(path, "r");
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n = in ? getdelim(&buf, &cap, 0, in) : -1;
  if (in) fclose(in);
  json_t *ctx = json_pack("{s:i,s:s}", "line", line, "text", "");
  if (n > 0) ok_target_pragmas(buf, (size_t)n, on_pragma, ctx);
  free(buf);
  json_t *t = json_incref(json_object_get(ctx, "text"));
  json_decref(ctx);
  return t;
}

/* The folder unit t's relative source names are relative to: the program's root, or, when one of
 * them names the unit itself as a tail of its path, the folder above that tail (--from-build reads
 * the kit's build, whose names are relative to the kit's tree, not to the analysed copy). */
static void sources_root(const struct az *a, int t, json_t *sources, char *root, size_t n) {
  const char *unit = a->tus[t].file, *k;
  json_t *f;
  snprintf(root, n, "%s", a->root);
  json_object_foreach(sources, k, f) {
    const char *s = json_string_value(f);
    size_t ls = s ? strlen(s) : 0, lu = strlen(unit);
    if (!s || s[0] == '/' || ls >= lu || unit[lu - ls - 1] != '/' || strcmp(unit + lu - ls, s)) continue;
    snprintf(root, n, "%.*s", (int)(lu - ls - 1), unit);
    return;
  }
}

/* A row per kernel identity that some LLVM configuration emitted for unit t. */
static void rows_from_llvm(struct az *a, int v, int t, json_t *byid) {
  const struct az_variant *var = &a->vars[v];
  struct loaded L;
  if (load(var, a->tus[t].stem, &L, a->cfgs[var->cfg].oc.offload_arch)) return unload(&L);
  char root[PATH_MAX];
  sources_root(a, t, L.sources, root, sizeof root);
  for (size_t k = 0, nk = ok_ir_nkernels(L.ir); k < nk; ++k) {
    int mode;
    char id[2048], path[2 * PATH_MAX];
    struct ok_offload_sym o;
    const char *kn = ok_ir_kernel(L.ir, k, &mode);
    if (ok_offload_sym_parse(kn, &o)) continue;
    ok_kernel_id_of(kn, L.sources, a->tus[t].stem, id, sizeof id);
    if (json_object_get(byid, id)) continue;
    const char *file = json_string_value(json_object_get(L.sources, o.filekey));
    if (!file) file = a->tus[t].file; /* no sources: the unit's own file is the likeliest */
    snprintf(path, sizeof path, "%s%s%s", file[0] == '/' ? "" : root, file[0] == '/' ? "" : "/", file);
    char dem[2048];
    const char *fn = ok_demangle(o.parent, dem, sizeof dem) == 0 ? ok_kernel_id_strip_return(dem) : o.parent;
    json_t *r = json_pack("{s:s,s:s,s:i,s:s,s:o,s:i,s:i,s:s,s:s,s:s,s:{},s:{}}", OK_FNAME(kernel_id), id, "file", file, "line", o.line,
                          "function", fn, "directive", directive_at(path, o.line), "count", o.count,
                          "tu", t, "path", path, "symbol_parent", o.parent, "symbol", kn, "configs", "whatif");
    json_object_set_new(byid, id, r);
  }
  unload(&L);
}

/* GCC's target regions of unit t that no LLVM configuration emitted (a GCC-only analysis, or one
 * where the LLVM ones failed): a row per directive of its omplower dump. */
static void rows_from_gcc(struct az *a, int v, int t, json_t *byid) {
  char p[PATH_MAX + 300], line[8192];
  snprintf(p, sizeof p, "%s/ir/%s.omplower", a->vars[v].dir, a->tus[t].stem);
  FILE *f = fopen(p, "r");
  while (f && fgets(line, sizeof line, f)) {
    char *o = strchr(line, '['), *pr = strstr(line, "] #pragma omp target "), *cf = strstr(line, "[child fn: ");
    if (!o || !pr || !cf || o > pr) continue;
    *pr = 0;
    char *c2 = strrchr(o, ':');
    if (!c2) continue;
    *c2 = 0;
    char *c1 = strrchr(o, ':');
    if (!c1) continue;
    *c1 = 0;
    int ln = atoi(c1 + 1), dup = 0;
    const char *path = o + 1, *rel = !strncmp(path, a->root, strlen(a->root)) && path[strlen(a->root)] == '/' ? path + strlen(a->root) + 1 : path;
    const char *key;
    json_t *x;
    json_object_foreach(byid, key, x) dup |= !strcmp(base_name(jstr(x, "file")), base_name(rel)) && jint(x, "line") == ln;
    if (dup) continue;
    char id[PATH_MAX + 600], fn[512];
    snprintf(fn, sizeof fn, "%.*s", (int)strcspn(cf + 11, ". "), cf + 11);
    snprintf(id, sizeof id, "%s:%d:%s", rel, ln, fn);
    json_object_set_new(byid, id, json_pack("{s:s,s:s,s:i,s:s,s:o,s:i,s:i,s:s,s:{},s:{}}", OK_FNAME(kernel_id), id, "file", rel, "line", ln,
                                            "function", fn, "directive", directive_at(path, ln), "count", 0, "tu", t, "path", path,
                                            "configs", "whatif"));
  }
  if (f) fclose(f);
}

static int row_order(const void *x, const void *y) {
  json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
  int c = strcmp(jstr(a, "file"), jstr(b, "file"));
  if (c) return c;
  if (jint(a, "line") != jint(b, "line")) return jint(a, "line") - jint(b, "line");
  if (jint(a, "count") != jint(b, "count")) return jint(a, "count") - jint(b, "count");
  return strcmp(jstr(a, "function"), jstr(b, "function"));
}

/* The rows: every kernel identity the configurations emitted, sorted by file, line, instance. */
static json_t *find_regions(struct az *a) {
  json_t *byid = json_object(), *r;
  const char *k;
  for (int pass = 0; pass < 2; ++pass)
    for (int v = 0; v < a->nvars; ++v) {
      const struct az_variant *var = &a->vars[v];
      if (var->whatif || var->failed || a->cfgs[var->cfg].gcc != pass) continue;
      for (int t = 0; t < a->ntus; ++t)
        if (a->tus[t].has_kernels) (pass ? rows_from_gcc : rows_from_llvm)(a, v, t, byid);
    }
  size_t n = json_object_size(byid), i = 0;
  json_t **v = calloc(n + 1, sizeof *v), *regions = json_array();
  json_object_foreach(byid, k, r) v[i++] = r;
  qsort(v, n, sizeof *v, row_order);
  for (i = 0; i < n; ++i) json_array_append(regions, v[i]);
  free(v);
  json_decref(byid);
  return regions;
}

int az_collect(struct az *a) {
  json_t *regions = find_regions(a);
  for (int v = 0; v < a->nvars; ++v)
    for (int t = 0; t < a->ntus; ++t)
      if (a->tus[t].has_kernels && !az_is_cu(a->files[t]))
        (a->cfgs[a->vars[v].cfg].gcc ? fill_gcc : fill_llvm)(a, v, t, regions);
  json_object_set_new(a->doc, "regions", regions);
  return 0;
}
