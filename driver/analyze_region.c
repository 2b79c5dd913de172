/* ompkit analyze: per target region (file:line of the directive), what each variant made of it,
 * read with the remarks/ library from the artefacts analyze_jobs.c left: the kernel's static
 * mode and call graph (ok_ir), its remarks (YAML records), its resources (ptxas -v) and, from the
 * runtime entry points it reaches, the lowering audit in words. */
#define _GNU_SOURCE
#include "analyze.h"
#include "check.h"
#include "expect.h"
#include "remarks.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rem {
  char *function, *id, *message;
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
                              strdup(r->message ? r->message : ""), r->line, sm ? atol(sm) : -1};
  return 0;
}

static void rems_free(struct rems *x) {
  for (size_t i = 0; i < x->n; ++i) free(x->v[i].function), free(x->v[i].id), free(x->v[i].message);
  free(x->v);
}

static int on_res(const struct ok_resource *r, void *ud) {
  json_object_set_new(ud, r->function,
                      json_pack("{s:i,s:I,s:I,s:I,s:I,s:I}", "registers", r->registers, "spill_stores",
                                (json_int_t)r->spill_stores, "spill_loads", (json_int_t)r->spill_loads, "smem_bytes",
                                (json_int_t)r->smem, "lmem_bytes", (json_int_t)r->lmem, "stack_bytes",
                                (json_int_t)r->stack));
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

/* One kernel's entry: mode, remarks, globalized variables, resources, lowering. */
static json_t *kernel_entry(const struct ok_ir *ir, const struct ok_ir *fe, const char *k, int mode, const struct rems *rs,
                            json_t *res) {
  json_t *remarks = json_array(), *glob = json_array();
  char ids[1024] = "";
  for (size_t i = 0; i < rs->n; ++i) {
    const struct rem *r = &rs->v[i];
    if (!ok_remark_attributed(r->function, k, ir)) continue;
    json_array_append_new(remarks, json_pack("{s:s,s:s,s:i}", "id", r->id, "message", r->message, "line", r->line));
    if (strncmp(r->id, "OMP", 3)) continue;
    if (!strstr(ids, r->id)) snprintf(ids + strlen(ids), sizeof ids - strlen(ids), "%s%s", ids[0] ? " " : "", r->id);
    if (!strcmp(r->id, "OMP112") || !strcmp(r->id, "OMP113") || !strcmp(r->id, "OMP111") || !strcmp(r->id, "OMP110")) {
      json_t *g = json_pack("{s:s,s:i,s:s}", "id", r->id, "line", r->line, "fate",
                            !strcmp(r->id, "OMP110")   ? "moved to the stack"
                            : !strcmp(r->id, "OMP111") ? "moved to shared memory"
                                                       : "kept globalized (runtime allocation)");
      if (r->smem >= 0) json_object_set_new(g, "bytes", json_integer(r->smem));
      json_array_append_new(glob, g);
    }
  }
  const char *m = ok_exec_mode_name(mode);
  json_t *e = json_pack("{s:s,s:s,s:s,s:o,s:o}", "status", "ok", "kernel", k, "mode", m ? m : "?", "remarks", remarks,
                        "globalized", glob);
  json_object_set_new(e, "remark_ids", json_string(ids));
  json_t *rv = json_object_get(res, k);
  json_object_set(e, "resources", rv ? rv : json_null());
  /* ptxas counts a kernel's registers per file; a call into another file is resolved at the device
   * link, which adds the callee's registers (nvlink -v says the final count): name such calls. */
  json_t *ext = json_array();
  for (size_t i = 0, n = ok_ir_nfunctions(ir); i < n; ++i) {
    const char *f = ok_ir_function(ir, i);
    if (!ok_ir_defines(ir, f) && strncmp(f, "llvm.", 5) && strcmp(f, "vprintf") && ok_ir_reaches(ir, k, f))
      json_array_append_new(ext, json_string(f));
  }
  json_object_set_new(e, "external_calls", ext);
  json_object_set_new(e, "lowering", lowering(fe, k, mode, ids));
  return e;
}

static int on_pragma(int line, const char *text, void *ud) {
  json_t **ctx = ud; /* [0] the regions array, [1] the file name */
  json_array_append_new(ctx[0], json_pack("{s:s,s:i,s:s,s:{},s:{}}", "file", json_string_value(ctx[1]), "line", line,
                                          "directive", text, "configs", "whatif"));
  return 0;
}

struct loaded {
  struct ok_ir *ir, *fe; /* the object's PTX (final modes, call graph), the front end's IR (entry points) */
  struct rems rs;
  json_t *res;
  char err[1024];
};

static int load(const struct az_variant *var, const char *file, struct loaded *L) {
  char stem[256], p[PATH_MAX + 300];
  const char *b = strrchr(file, '/');
  snprintf(stem, sizeof stem, "%s", b ? b + 1 : file);
  char *d = strrchr(stem, '.');
  if (d) *d = 0;
  memset(L, 0, sizeof *L);
  L->res = json_object();
  /* every resource file: a build's are per link (resources/ompkit-bench.txt), analyze's per file */
  glob_t g;
  snprintf(p, sizeof p, "%s/resources/*.txt", var->dir);
  if (glob(p, 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; ++k) ok_resources_parse_file(g.gl_pathv[k], on_res, L->res, L->err, sizeof L->err);
    globfree(&g);
  }
  ok_device_code_path(p, sizeof p, var->dir, stem);
  if (!(L->ir = ok_ir_load(p, L->err, sizeof L->err))) return -1;
  snprintf(p, sizeof p, "%s/ir/%s.ll", var->dir, stem);
  L->fe = ok_ir_load(p, L->err, sizeof L->err); /* NULL: the lowering says unknown */
  snprintf(p, sizeof p, "%s/remarks/%s.device.opt.yaml", var->dir, stem);
  return ok_remarks_parse_file(p, keep_rem, &L->rs, L->err, sizeof L->err) < 0 ? -1 : 0;
}

/* Every region's entry from one variant of one file. */
static void fill(struct az *a, int v, const char *file, json_t *regions) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  struct loaded L = {0};
  int bad = var->failed || (!c->gcc && load(var, file, &L));
  struct az_gcc *g = c->gcc && !bad ? az_gcc_open(var, file) : NULL;
  int pp = 0; /* the file preprocessed for a region without a kernel: not yet (0), done (1), failed (-1) */
  size_t i;
  json_t *r;
  json_array_foreach(regions, i, r) {
    if (strcmp(json_string_value(json_object_get(r, "file")), file)) continue;
    int line = (int)json_integer_value(json_object_get(r, "line"));
    json_t *e = NULL, *nx = json_array_get(regions, i + 1);
    int to = nx && !strcmp(json_string_value(json_object_get(nx, "file")), file)
                 ? (int)json_integer_value(json_object_get(nx, "line")) : 0;
    if (bad)
      e = json_pack("{s:s,s:s}", "status", !strncmp(var->error, "not built", 9) ? "not built" : "error", "error",
                    var->error[0] ? var->error : L.err);
    else if (g) {
      e = az_gcc_entry(g, file, line, to);
      if (!strcmp(json_string_value(json_object_get(e, "status")), "no kernel")) {
        json_decref(e);
        e = az_no_kernel_entry(a, v, file, line, json_string_value(json_object_get(r, "directive")), &pp);
      }
    }
    else {
      json_t *ks = json_array();
      for (size_t k = 0, nk = ok_ir_nkernels(L.ir); k < nk; ++k) {
        int mode;
        const char *kn = ok_ir_kernel(L.ir, k, &mode);
        if (ok_kernel_for_line(kn, line)) json_array_append_new(ks, kernel_entry(L.ir, L.fe, kn, mode, &L.rs, L.res));
      }
      if (!json_array_size(ks))
        e = az_no_kernel_entry(a, v, file, line, json_string_value(json_object_get(r, "directive")), &pp);
      else {
        e = json_incref(json_array_get(ks, 0));
        az_known_empty_kernel(a, v, file, line, to, e);
        /* A copy: ks holds e itself, and a loop would make the whole document unprintable. */
        if (json_array_size(ks) > 1) json_object_set_new(e, "instances", json_deep_copy(ks));
      }
      json_decref(ks);
    }
    if (!var->whatif) json_object_set_new(json_object_get(r, "configs"), c->name, e);
    else {
      json_t *w = json_object_get(json_object_get(r, "whatif"), c->name);
      if (!w) json_object_set_new(json_object_get(r, "whatif"), c->name, w = json_object());
      json_object_set_new(w, az_whatif_short(var->whatif), e);
    }
  }
  az_gcc_close(g);
  if (L.ir) ok_ir_free(L.ir);
  if (L.fe) ok_ir_free(L.fe);
  rems_free(&L.rs);
  json_decref(L.res);
}

int az_collect(struct az *a) {
  json_t *regions = json_array();
  for (int f = 0; f < a->nfiles; ++f) {
    FILE *in = fopen(a->files[f], "r");
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n = in ? getdelim(&buf, &cap, 0, in) : -1;
    if (in) fclose(in);
    json_t *ctx[2] = {regions, json_string(a->files[f])};
    if (n > 0) ok_target_pragmas(buf, (size_t)n, on_pragma, ctx);
    json_decref(ctx[1]);
    free(buf);
  }
  for (int v = 0; v < a->nvars; ++v)
    for (int f = 0; f < a->nfiles; ++f)
      if (!az_is_cu(a->files[f])) fill(a, v, a->files[f], regions);
  json_object_set_new(a->doc, "regions", regions);
  return 0;
}
