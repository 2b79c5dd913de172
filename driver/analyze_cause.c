/* ompkit analyze: why a region runs its loop with one thread per team (issue 30 §2), named from
 * the source as the compiler saw it: the unit preprocessed with its own flags (so #if'd-out code
 * is not blamed), the region's body read from the directive's line to the close of its loop.
 * clang lowers `teams loop` to `distribute parallel for` only when the body holds no nested
 * OpenMP construct and no call that might hold one (unless -fopenmp-assume-no-nested-parallelism
 * says there is none); a `teams distribute` without `parallel for` is one thread per team by its
 * words. The cause is the first nested construct, else the first call, with its file and line. */
#define _GNU_SOURCE
#include "analyze.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *jstr(json_t *o, const char *k) {
  const char *s = json_string_value(json_object_get(o, k));
  return s ? s : "";
}

static const char *base_name(const char *p) {
  const char *b = strrchr(p, '/');
  return b ? b + 1 : p;
}

/* The unit preprocessed by this configuration (once per variant and unit). */
static int preprocess(const struct az *a, const struct az_variant *var, int t, char *out, size_t n) {
  const struct az_tu *tu = &a->tus[t];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  snprintf(out, n, "%s/ir/%s.i", var->dir, tu->stem);
  if (!access(out, R_OK)) return 0;
  size_t cap = 65536;
  char *cmd = malloc(cap);
  FILE *m = fmemopen(cmd, cap, "w");
  if (tu->dir) fprintf(m, "cd '%s' && ", tu->dir);
  fprintf(m, "%s %s", az_is_cxx(tu->file) ? c->cxx : c->cc, c->flags);
  for (int i = 0; i < tu->argc; ++i) {
    fputs(" '", m);
    for (const char *s = tu->argv[i]; *s; ++s) *s == '\'' ? fputs("'\\''", m) : fputc(*s, m);
    fputc('\'', m);
  }
  fprintf(m, " --offload-host-only -E '%s' -o '%s' 2>/dev/null", tu->file, out);
  fclose(m);
  int rc = system(cmd);
  free(cmd);
  return rc;
}

static int is_keyword(const char *w, size_t n) {
  static const char *kw[] = {"for", "if", "while", "switch", "return", "sizeof", "do", "else", "case", "alignof",
                             "decltype", "static_cast", "reinterpret_cast", "const_cast", "_Pragma"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; ++i)
    if (strlen(kw[i]) == n && !strncmp(kw[i], w, n)) return 1;
  return 0;
}

/* The first call in a line of code ("name(" not a keyword, not a declaration's type), or 0. */
static size_t first_call(const char *s, char *name, size_t nn) {
  for (const char *p = s; *p; ++p) {
    if (!(isalpha((unsigned char)*p) || *p == '_') || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) continue;
    const char *e = p;
    while (isalnum((unsigned char)*e) || *e == '_' || (*e == ':' && e[1] == ':' && (e += 1))) ++e;
    const char *q = e;
    while (*q == ' ') ++q;
    if (*q == '(' && !is_keyword(p, (size_t)(e - p))) {
      snprintf(name, nn, "%.*s", (int)(e - p), p);
      return 1;
    }
    p = e - 1;
  }
  return 0;
}

struct scan {
  char file[PATH_MAX];
  int line, depth, started;
  char what[512], call[PATH_MAX + 300]; /* the first nested directive (with where), the first call */
};

/* One line of the preprocessed body: a nested directive, else the first call. */
static void body_line(struct scan *s, const char *l) {
  const char *p = l;
  while (*p == ' ' || *p == '\t') ++p;
  /* a nested construct that may create parallelism: a parallel one, or a `loop` not bound to the
   * thread (bind(thread) and simd are the thread's own: no cause) */
  int nests = !strncmp(p, "#pragma omp ", 12) && (strstr(p, "parallel") || (strstr(p, " loop") && !strstr(p, "bind(thread)")));
  if (nests && s->started && !s->what[0]) {
    snprintf(s->what, sizeof s->what, "the nested `%.*s` at %s:%d", (int)strcspn(p, "\n"), p, base_name(s->file), s->line);
    return;
  }
  char name[256];
  if (s->started && !s->call[0] && first_call(p, name, sizeof name))
    snprintf(s->call, sizeof s->call, "the call to %s() at %s:%d", name, base_name(s->file), s->line);
  for (; *p; ++p) {
    if (*p == '{') ++s->depth, s->started = 1;
    else if (*p == '}') --s->depth;
  }
}

/* From the .i: the body of the directive at file:line. The result, or NULL. */
static char *scan_body(const char *ipath, const char *file, int line) {
  FILE *f = fopen(ipath, "r");
  char buf[16384];
  struct scan s = {0};
  int in = 0;
  while (f && fgets(buf, sizeof buf, f)) {
    char mf[PATH_MAX];
    int ml;
    if (buf[0] == '#' && sscanf(buf, "# %d \"%4095[^\"]\"", &ml, mf) == 2) {
      snprintf(s.file, sizeof s.file, "%s", mf), s.line = ml;
      continue;
    }
    if (!in && s.line == line && !strcmp(base_name(s.file), base_name(file)) && strstr(buf, "#pragma omp")) in = 1;
    else if (in) {
      if (!s.started && s.depth == 0 && strchr(buf, ';') && !strstr(buf, "for")) break; /* a body without braces */
      body_line(&s, buf);
      if ((s.started && s.depth <= 0) || s.what[0]) break;
    }
    ++s.line;
  }
  if (f) fclose(f);
  return s.what[0] ? strdup(s.what) : s.call[0] ? strdup(s.call) : NULL;
}

/* Cause and fixes of a region lowered "teams distribute only", in words (NULL: not such a one). */
char *az_one_thread_cause(const struct az *a, const struct az_variant *var, int t, json_t *row) {
  const char *d = jstr(row, "directive");
  char ipath[PATH_MAX + 300], *cause = NULL, *out = NULL;
  if (strstr(d, "parallel")) return NULL;
  if (strstr(d, " loop")) {
    if (!preprocess(a, var, t, ipath, sizeof ipath)) cause = scan_body(ipath, jstr(row, "file"), (int)json_integer_value(json_object_get(row, "line")));
    if (asprintf(&out, "cause: `teams loop` with %s in its body: the compiler may not prove it free of nested "
                 "parallelism, so it lowers the loop as `distribute` only", cause ? cause : az_is_cxx(a->tus[t].file)
                 ? "a call (in C++ also a struct's assignment or construction: a call to its operator)" : "a call") < 0)
      out = NULL;
  } else if (asprintf(&out, "cause: the directive has no `parallel for`: `distribute` hands each team a chunk and no "
                      "worksharing shares it among the team's threads") < 0)
    out = NULL;
  free(cause);
  return out;
}
