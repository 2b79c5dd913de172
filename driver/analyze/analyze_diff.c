/* ompkit analyze: what each what-if flag changed per region (mode, remark IDs, registers,
 * lowering), and the costly regions the report's first screen names. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"
#include "ok_modes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const az_whatif_flags[] = {"-fopenmp-assume-no-nested-parallelism", "-fopenmp-assume-no-thread-state",
                                       "-fopenmp-assume-teams-oversubscription",
                                       "-fopenmp-assume-threads-oversubscription", "-fopenmp-cuda-mode"};
const int az_nwhatif = sizeof az_whatif_flags / sizeof az_whatif_flags[0];

const char *az_whatif_short(const char *flag) {
  if (!strncmp(flag, "-fopenmp-assume-", 16)) return flag + 16;
  if (!strncmp(flag, "-fopenmp-", 9)) return flag + 9;
  return flag;
}

static const char *str(json_t *e, const char *k) {
  const char *s = json_string_value(json_object_get(e, k));
  return s ? s : "";
}

static long res(json_t *e, const char *k) {
  json_t *r = json_object_get(json_object_get(e, "resources"), k);
  return r ? (long)json_integer_value(r) : -1;
}

/* The per-file figure: what a what-if compile has too (its program is not linked). */
static long res_pf(json_t *e, const char *k) {
  json_t *pf = json_object_get(e, "resources_per_file");
  json_t *r = json_object_get(pf ? pf : json_object_get(e, "resources"), k);
  return r ? (long)json_integer_value(r) : -1;
}

/* IDs of `a` not in `b`, as " +X" (sign '+') or " -X" into out. */
static void id_diff(const char *a, const char *b, char sign, char *out, size_t n) {
  char copy[1024], pad[1040], pat[80];
  snprintf(copy, sizeof copy, "%s", a);
  snprintf(pad, sizeof pad, " %s ", b);
  char *save = NULL;
  for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    snprintf(pat, sizeof pat, " %s ", t);
    if (!strstr(pad, pat)) snprintf(out + strlen(out), n - strlen(out), " %c%s", sign, t);
  }
}

static json_t *changes(json_t *base, json_t *w) {
  json_t *c = json_array();
  char s[1400];
  /* a configuration that did not compile has no what-if verdict: never "no change" */
  if (strcmp(str(base, "status"), AZ_ST(OK)) && strcmp(str(base, "status"), AZ_ST(NO_KERNEL))) {
    snprintf(s, sizeof s, "not compiled: the configuration itself did not compile the program (%s)", str(base, "status"));
    json_array_append_new(c, json_string(s));
    return c;
  }
  if (strcmp(str(base, "status"), AZ_ST(OK)) || strcmp(str(w, "status"), AZ_ST(OK))) {
    if (strcmp(str(base, "status"), str(w, "status")) || strcmp(str(w, "status"), AZ_ST(OK))) {
      snprintf(s, sizeof s, "%s -> %s%s%s", str(base, "status"), str(w, "status"), w ? ": " : "", str(w, "error"));
      json_array_append_new(c, json_string(s));
    }
    return c;
  }
  if (strcmp(str(base, "mode"), str(w, "mode"))) {
    snprintf(s, sizeof s, "mode %s -> %s", str(base, "mode"), str(w, "mode"));
    json_array_append_new(c, json_string(s));
  }
  s[0] = 0;
  id_diff(str(w, "remark_ids"), str(base, "remark_ids"), '+', s, sizeof s);
  id_diff(str(base, "remark_ids"), str(w, "remark_ids"), '-', s, sizeof s);
  if (s[0]) {
    char t[1420];
    snprintf(t, sizeof t, "remarks%s", s);
    json_array_append_new(c, json_string(t));
  }
  long r0 = res_pf(base, "registers"), r1 = res_pf(w, "registers");
  if (r0 != r1) {
    snprintf(s, sizeof s, "registers %ld -> %ld (per file)", r0, r1);
    json_array_append_new(c, json_string(s));
  }
  long s0 = res_pf(base, "spill_stores"), s1 = res_pf(w, "spill_stores");
  if (s0 != s1) {
    snprintf(s, sizeof s, "spill stores %ld -> %ld bytes", s0, s1);
    json_array_append_new(c, json_string(s));
  }
  const char *l0 = str(json_object_get(base, "lowering"), "summary"), *l1 = str(json_object_get(w, "lowering"), "summary");
  if (strcmp(l0, l1)) {
    snprintf(s, sizeof s, "lowering: %s -> %s", l0, l1);
    json_array_append_new(c, json_string(s));
  }
  return c;
}

void az_whatif_diffs(struct az *a) {
  (void)a;
  size_t i;
  json_t *r;
  json_array_foreach(json_object_get(a->doc, "regions"), i, r) {
    const char *cn;
    json_t *byflag;
    json_object_foreach(json_object_get(r, "whatif"), cn, byflag) {
      json_t *base = json_object_get(json_object_get(r, "configs"), cn), *w;
      const char *fl;
      json_object_foreach(byflag, fl, w) {
        json_t *c = changes(base, w);
        json_object_set_new(w, "changed", json_boolean(json_array_size(c) > 0 && strcmp(str(base, "status"), AZ_ST(OK)) == 0));
        json_object_set_new(w, "changes", c);
      }
    }
  }
}

static int mode_rank(const char *m) { return ok_mode_rank(m) + 1; } /* 0: no mode (record/ok_modes.def) */

static void costly_add(json_t *out, json_t *r, const char *cfg, const char *why) {
  json_t *x = json_pack("{s:O,s:O,s:s,s:s}", "file", json_object_get(r, "file"), "line", json_object_get(r, "line"), OK_FNAME(config),
                        cfg, "why", why);
  if (json_object_get(r, OK_FNAME(kernel_id))) json_object_set(x, OK_FNAME(kernel_id), json_object_get(r, OK_FNAME(kernel_id)));
  const char *fn = str(r, "function");
  if (fn[0]) json_object_set_new(x, "function", json_string(fn));
  json_array_append_new(out, x);
}

/* The source rewrite for a one-thread-per-team region: the directive with its loop construct as
 * `distribute parallel for`, its clauses kept. */
static void rewrite(const char *d, char *out, size_t n) {
  const char *p = strstr(d, "teams loop"), *q = strstr(d, "teams distribute");
  if (p) snprintf(out, n, "%.*steams distribute parallel for%s", (int)(p - d), d, p + 10);
  else if (q) snprintf(out, n, "%.*steams distribute parallel for%s", (int)(q - d), d, q + 16);
  else snprintf(out, n, "%s with `distribute parallel for` on its loop", d);
}

/* Why one thread per team runs the loop, and both fixes: the what-if flag (with what it did
 * when it was tried) and the source rewrite. */
static void one_thread(json_t *out, json_t *r, const char *cn, json_t *e) {
  json_t *low = json_object_get(e, "lowering");
  json_t *w = json_object_get(json_object_get(json_object_get(r, "whatif"), cn), "no-nested-parallelism");
  char why[3000], rw[1200], flag[600];
  rewrite(str(r, "directive"), rw, sizeof rw);
  const char *wl = str(json_object_get(w, "lowering"), "loop_threads");
  if (!strstr(str(r, "directive"), " loop")) /* `teams distribute` says one thread per team itself */
    snprintf(flag, sizeof flag, "no flag (the directive asks for distribute only)");
  else if (!w) snprintf(flag, sizeof flag, "-fopenmp-assume-no-nested-parallelism (not tried here: --whatif-configs %s)", cn);
  else if (strcmp(str(w, "status"), AZ_ST(OK)) || !strcmp(wl, "1 per team"))
    snprintf(flag, sizeof flag, "no what-if flag changes it (-fopenmp-assume-no-nested-parallelism tried: no change)");
  else
    snprintf(flag, sizeof flag, "-fopenmp-assume-no-nested-parallelism (what-if: %s, %s)", str(w, "mode"), str(json_object_get(w, "lowering"), "summary"));
  snprintf(why, sizeof why, "%s%s%s; fixes: %s; or in the source `%s`", str(low, "summary"), str(low, "cause")[0] ? "; " : "",
           str(low, "cause"), flag, rw);
  costly_add(out, r, cn, why);
}

/* One base entry's costs. */
static void entry_costs(json_t *out, json_t *r, const char *cn, json_t *e) {
  char why[600];
  /* a configuration that did not compile is said once, at the head of the list (az_costly); a
   * region a configuration emitted no kernel for is costly when it is a compiler's drop (its loop
   * never runs: analyze_host.c), not when the directive is compiled out there */
  if (!strcmp(str(e, "status"), AZ_ST(NO_KERNEL))) {
    if (json_is_true(json_object_get(e, "finding")) || json_is_true(json_object_get(e, "dropped"))) costly_add(out, r, cn, str(e, "error"));
    return;
  }
  if (strcmp(str(e, "status"), AZ_ST(OK))) return;
  json_t *low = json_object_get(e, "lowering");
  if (json_is_true(json_object_get(low, "wrong_code")))
    snprintf(why, sizeof why, "wrong code: %s", str(low, "summary")), costly_add(out, r, cn, why);
  else if (!strcmp(str(low, "loop_threads"), "1 per team")) one_thread(out, r, cn, e);
  else if (!strcmp(str(e, "mode"), "Generic"))
    snprintf(why, sizeof why, "%s", str(low, "summary")), costly_add(out, r, cn, why);
  if (strstr(str(e, "remark_ids"), "OMP112") || strstr(str(e, "remark_ids"), "OMP113"))
    costly_add(out, r, cn, "globalization kept: a runtime allocation per call (OMP112/OMP113)");
  /* local memory per thread: spills, the stack frame (arrays, globalized locals moved there) */
  long sp = res(e, "spill_stores"), lm = res(e, "lmem_bytes"), st = res(e, "stack_bytes");
  /* a body-only figure's stack is its calls' frames into a runtime not linked in (clang 22 with
   * -nogpulib): not the loaded kernel's, so not judged */
  if (strstr(str(e, "resources_from"), "per file")) st = 0;
  if (sp > 0 || lm > 0 || st > 0) {
    int k = snprintf(why, sizeof why, "local memory per thread: %ld B stack, %ld B spill stores", st > 0 ? st : 0, sp > 0 ? sp : 0);
    if (lm > 0 && k > 0 && (size_t)k < sizeof why) snprintf(why + k, sizeof why - (size_t)k, ", %ld B local", lm);
    costly_add(out, r, cn, why);
  }
}

/* Configurations that did not compile the program, first: a crash (ICE, signal) with its lines. */
static void config_costs(const struct az *a, json_t *out) {
  for (int v = 0; v < a->nvars; ++v) {
    const struct az_variant *x = &a->vars[v];
    if (x->whatif || !x->failed) continue;
    char why[700];
    snprintf(why, sizeof why, "%s%s", !strncmp(x->error, "not built", 9) || x->crashed ? "" : "did not compile the program: ", x->error);
    json_array_append_new(out, json_pack("{s:s,s:i,s:s,s:s,s:b}", "file", "", "line", 0, OK_FNAME(config), a->cfgs[x->cfg].name, "why",
                                         why, "crash", x->crashed));
  }
}

json_t *az_costly(const struct az *a) {
  json_t *out = json_array(), *r;
  size_t i;
  config_costs(a, out);
  json_array_foreach(json_object_get(a->doc, "regions"), i, r) {
    const char *cn;
    json_t *e;
    json_object_foreach(json_object_get(r, "configs"), cn, e) entry_costs(out, r, cn, e);
    json_t *byflag;
    json_object_foreach(json_object_get(r, "whatif"), cn, byflag) {
      json_t *base = json_object_get(json_object_get(r, "configs"), cn), *w;
      const char *fl;
      json_object_foreach(byflag, fl, w) {
        if (strcmp(str(w, "status"), AZ_ST(OK)) || strcmp(str(base, "status"), AZ_ST(OK))) continue;
        int better = mode_rank(str(w, "mode")) > mode_rank(str(base, "mode")) ||
                     (strstr(str(base, "remark_ids"), "OMP112") && !strstr(str(w, "remark_ids"), "OMP112"));
        if (!better) continue;
        char why[1200];
        json_t *c = json_object_get(w, "changes");
        snprintf(why, sizeof why, "what-if -f%s%s: %s", strncmp(fl, "cuda", 4) ? "openmp-assume-" : "openmp-", fl,
                 json_string_value(json_array_get(c, 0)));
        costly_add(out, r, cn, why);
      }
    }
  }
  return out;
}
