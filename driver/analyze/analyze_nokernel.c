/* ompkit analyze: what a region without a kernel means. Before, every such region read "code not
 * compiled (#if'd out?)", also where clang 16 had compiled the directive and silently dropped it
 * (docs/findings/clang16-teams-loop-collapse-writes-nothing.md). Now the file is preprocessed as
 * the variant's device compile sees it: a directive missing from that output is #if'd out; one
 * present was compiled, and either its function was never emitted (an unused static function, a
 * template never instantiated) or the compiler dropped the region; for the one drop the kit knows
 * (LLVM 16, a combined `target teams loop` / `target parallel loop`) it says so and names the
 * finding. The reproducer and this verdict rest on the same fact: no kernel and no launch. The
 * same finding's nested form (`target`, then `teams loop`) does get a kernel, with no loop in it:
 * az_known_empty_kernel() marks that one. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when the preprocessed output pp holds a `#pragma omp` line at `line` of `file` (line markers
 * `# N "path"` say where each output line comes from), 0 when not, -1 when pp cannot be read. */
static int pragma_in_output(const char *pp, const char *file, int line) {
  FILE *f = fopen(pp, "r");
  if (!f) return -1;
  char *buf = NULL, path[4096];
  size_t cap = 0;
  long at = 0;
  int ours = 0, found = 0;
  while (!found && getline(&buf, &cap, f) > 0) {
    long n;
    if (buf[0] == '#' && sscanf(buf, "# %ld \"%4095[^\"]\"", &n, path) == 2) {
      at = n, ours = !strcmp(path, file);
      continue;
    }
    const char *t = buf + strspn(buf, " \t");
    if (ours && at == line && !strncmp(t, "#pragma", 7) && strstr(t, "omp")) found = 1;
    ++at;
  }
  free(buf);
  fclose(f);
  return found;
}

/* A combined `target teams loop` or `target parallel loop` (the words after `#pragma omp`). */
static int combined_loop(const char *d) {
  char w[4][16] = {{0}};
  const char *p = strstr(d, "omp");
  if (!p || sscanf(p + 3, " %15[a-z_] %15[a-z_] %15[a-z_]", w[0], w[1], w[2]) != 3) return 0;
  return !strcmp(w[0], "target") && (!strcmp(w[1], "teams") || !strcmp(w[1], "parallel")) && !strcmp(w[2], "loop");
}

/* The LLVM major version of a configuration's compiler ("Debian clang version 16.0.6 (...)"), or 0. */
static int llvm_major(const struct az_cfg *c) {
  const char *p = c->gcc || !c->version ? NULL : strstr(c->version, "clang version ");
  return p ? atoi(p + 14) : 0;
}

json_t *az_no_kernel_entry(const struct az *a, int v, const char *file, int line, const char *directive, int *pp) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  char out[PATH_MAX + 300], stem[256];
  const char *b = strrchr(file, '/');
  snprintf(stem, sizeof stem, "%s", b ? b + 1 : file);
  snprintf(out, sizeof out, "%s/ir/%s.i", var->dir, stem);
  if (!*pp) *pp = !a->from_build && az_preprocess(a, v, file, out) == 0 ? 1 : -1;
  int in = *pp > 0 ? pragma_in_output(out, file, line) : -1;
  const char *what = c->gcc ? "no child function for this line in GCC's omplower dump" : "no offload kernel for this line";
  char why[700];
  int dropped = 0;
  if (in == 0)
    snprintf(why, sizeof why, "%s: the directive is not in the preprocessed source (#if'd out)", what);
  else if (in > 0 && llvm_major(c) == 16 && combined_loop(directive))
    dropped = 1, snprintf(why, sizeof why,
                          "dropped: clang 16 compiles this combined loop directive to nothing, no kernel, no launch, "
                          "no host fallback, so the loop never runs (docs/findings/clang16-teams-loop-collapse-writes-nothing.md)");
  else if (in > 0)
    snprintf(why, sizeof why, "%s, though the directive is compiled: its function was never emitted (an unused static "
             "function, a template never instantiated) or the compiler dropped the region", what);
  else
    snprintf(why, sizeof why, "%s (code not compiled: a template never instantiated, #if'd out?)", what);
  json_t *e = json_pack("{s:s,s:s}", OK_FNAME(status), AZ_ST(NO_KERNEL), OK_FNAME(error), why);
  if (dropped) json_object_set_new(e, "dropped", json_true());
  return e;
}

/* 1 when the first statement after the directive at `line` (before `to`, the next region's line,
 * or the end) is a `#pragma omp teams loop`. */
static int nested_teams_loop(const char *file, int line, int to) {
  FILE *f = fopen(file, "r");
  char *buf = NULL;
  size_t cap = 0;
  int at = 0, found = 0;
  while (f && getline(&buf, &cap, f) > 0) {
    if (++at <= line) continue;
    if (to && at >= to) break;
    const char *t = buf + strspn(buf, " \t");
    if (*t == '\n' || !*t) continue;
    char w[3][16] = {{0}};
    found = sscanf(t, "#pragma %15s %15s %15s", w[0], w[1], w[2]) == 3 && !strcmp(w[0], "omp") && !strcmp(w[1], "teams") &&
            !strcmp(w[2], "loop");
    break;
  }
  free(buf);
  if (f) fclose(f);
  return found;
}

void az_known_empty_kernel(const struct az *a, int v, const char *file, int line, int to, json_t *e) {
  const struct az_cfg *c = &a->cfgs[a->vars[v].cfg];
  json_t *low = json_object_get(e, "lowering");
  if (!low || llvm_major(c) != 16 || !nested_teams_loop(file, line, to)) return;
  json_object_set_new(low, "summary",
                      json_string("empty kernel: clang 16 launches a kernel for a `teams loop` nested in `target` but "
                                  "emits no loop in it, so the loop never runs "
                                  "(docs/findings/clang16-teams-loop-collapse-writes-nothing.md)"));
  json_object_set_new(low, "loop_threads", json_string("none (no loop in the kernel)"));
  json_object_set_new(low, "wrong_code", json_true());
}

/* Whether variant v's compiler is the one known to drop this directive (LLVM 16, a combined
 * `teams loop`/`parallel loop`): analyze_host.c names the finding beside what the host side shows. */
int az_known_drop(const struct az *a, int v, const char *directive) {
  return llvm_major(&a->cfgs[a->vars[v].cfg]) == 16 && combined_loop(directive);
}
