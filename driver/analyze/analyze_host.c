/* ompkit analyze: a region that one configuration emitted a kernel for and another did not
 * (issue 30 §4). The missing kernel is a compiler's verdict, not the user's code's, unless the
 * directive really is compiled out; the host side says which: the unit's host IR (analyze_jobs.c
 * compiles it only for such a configuration) either launches the region (__tgt_target_kernel with
 * the region's ID), or keeps only the host version of it, or has neither: the region was dropped
 * (clang 16 with a combined `target teams loop`: no kernel, no launch, no loop, no warning). */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n = getdelim(&buf, &cap, 0, f);
  fclose(f);
  if (n > 0) return buf;
  free(buf);
  return NULL;
}

static const char *jstr(json_t *o, const char *k) {
  const char *s = json_string_value(json_object_get(o, k));
  return s ? s : "";
}

/* Whether the host IR defines a function whose name ends in tail (the region's host version). */
static int defines_tail(const char *ir, const char *tail) {
  char pat[1400];
  snprintf(pat, sizeof pat, "%s(", tail);
  for (const char *p = strstr(ir, pat); p; p = strstr(p + 1, pat)) {
    const char *bol = p;
    while (bol > ir && bol[-1] != '\n') --bol;
    if (!strncmp(bol, "define ", 7) && strstr(bol, "@__omp_offloading_") < p) return 1;
  }
  return 0;
}

json_t *az_missing_kernel(const struct az *a, const struct az_variant *var, int t, json_t *r) {
  char p[PATH_MAX + 300], tail[1200], rid[1300];
  const char *parent = jstr(r, "symbol_parent");
  int line = (int)json_integer_value(json_object_get(r, "line")), count = (int)json_integer_value(json_object_get(r, "count"));
  snprintf(p, sizeof p, "%s/ir/%s.host.ll", var->dir, a->tus[t].stem);
  int v = (int)(var - a->vars);
  if (!strcmp(jstr(r, "path"), a->tus[t].file)) { /* first, the unit preprocessed by this configuration */
    int pp = 0;
    json_t *nk = az_no_kernel_entry(a, v, a->tus[t].file, line, jstr(r, "directive"), &pp);
    if (strstr(jstr(nk, "error"), "#if'd out") || access(p, R_OK)) return nk; /* compiled out here, or no host side */
    json_decref(nk);
  }
  char *host = parent[0] ? slurp(p) : NULL;
  if (!host)
    return json_pack("{s:s,s:s}", OK_FNAME(status), AZ_ST(NO_KERNEL), OK_FNAME(error),
                     "no device kernel for this region in this configuration (another configuration emitted one)");
  if (count) snprintf(tail, sizeof tail, "%s_l%d_%d", parent, line, count);
  else snprintf(tail, sizeof tail, "%s_l%d", parent, line);
  snprintf(rid, sizeof rid, "%s.region_id", tail);
  int launched = strstr(host, rid) && strstr(host, "@__tgt_target_kernel("), on_host = defines_tail(host, tail);
  free(host);
  const char *how = launched ? "launched" : on_host ? "host only" : "dropped";
  const char *why = launched ? "no device kernel, but the host launches the region (__tgt_target_kernel): at run time the "
                               "launch fails, or falls back to the host"
                    : on_host ? "no device kernel and no launch for this region: the host code runs its host version only "
                                "(the loop is kept on the host)"
                    : az_known_drop(a, v, jstr(r, "directive"))
                        ? "dropped: clang 16 compiles this combined loop directive to nothing: no device kernel and no "
                          "launch for this region, no host fallback, so the loop never runs, with no warning "
                          "(docs/findings/clang16-teams-loop-collapse-writes-nothing.md)"
                        : "no device kernel and no launch for this region: the compiler dropped it (the host code "
                          "neither launches it nor runs its loop), with no warning";
  json_t *e = json_pack("{s:s,s:s,s:s,s:b}", OK_FNAME(status), AZ_ST(NO_KERNEL), OK_FNAME(error), why, "host_side", how, "finding", 1);
  if (!launched && !on_host) json_object_set_new(e, "dropped", json_true()); /* the loop never runs */
  return e;
}
