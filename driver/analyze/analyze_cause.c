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

/* The unit's own compile command under this configuration (its folder, the configuration's
 * compiler and flags, the unit's arguments, each quoted for the shell) with `tail` after it, run. */
static int run_unit(const struct az_tu *tu, const struct az_cfg *c, const char *tail) {
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
  fputs(tail, m);
  fclose(m);
  int rc = system(cmd);
  free(cmd);
  return rc;
}

/* The unit preprocessed by this configuration (once per variant and unit). */
static int preprocess(const struct az *a, const struct az_variant *var, int t, char *out, size_t n) {
  const struct az_tu *tu = &a->tus[t];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  snprintf(out, n, "%s/ir/%s.i", var->dir, tu->stem);
  if (!access(out, R_OK)) return 0;
  char tail[2 * PATH_MAX + 128];
  snprintf(tail, sizeof tail, " --offload-host-only -E '%s' -o '%s' 2>/dev/null", tu->file, out);
  return run_unit(tu, c, tail);
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

/* The front end's own view of the region: its AST (clang -ast-dump, filtered to the enclosing
 * function), where a call is a call even when the source does not look like one (a struct's
 * assignment in C++ is a call to its operator=, the reason su3_bench v4 runs one thread per
 * team). The first call in the `teams loop` directive's subtree, not an OpenMP API one. */
static int ast_dump(const struct az *a, const struct az_variant *var, int t, const char *fn, char *out, size_t n) {
  const struct az_tu *tu = &a->tus[t];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  snprintf(out, n, "%s/ir/%s.%s.ast", var->dir, tu->stem, fn);
  if (!access(out, R_OK)) return 0;
  char tail[3 * PATH_MAX + 160];
  snprintf(tail, sizeof tail,
           " --offload-host-only -fsyntax-only -Xclang -ast-dump -Xclang -ast-dump-filter='%s' '%s' >'%s' 2>/dev/null", fn,
           tu->file, out);
  return run_unit(tu, c, tail);
}

struct loc {
  char file[PATH_MAX];
  int line;
};

/* The source locations of an AST dump line (its range, and the location after it), in order:
 * clang prints each relative to the one before ("line:L:C", "col:C", or "FILE:L:C"). */
static void ast_locs(const char *l, struct loc *cur, int *first_line, char *first_file, size_t ffn) {
  const char *p = strchr(l, '<'); /* the range; later '<'s are types' template arguments */
  *first_line = 0;
  if (p) {
    const char *e = strchr(p, '>');
    if (!e) return;
    for (const char *q = p + 1; q < e;) {
      const char *te = q;
      while (te < e && *te != ',') ++te;
      char tok[PATH_MAX];
      snprintf(tok, sizeof tok, "%.*s", (int)(te - q), q);
      char *c2 = strrchr(tok, ':'), *c1 = NULL;
      if (!strncmp(tok, "line:", 5)) cur->line = atoi(tok + 5);
      else if (strncmp(tok, "col:", 4) && tok[0] != '<' && c2) {
        *c2 = 0, c1 = strrchr(tok, ':');
        if (c1) *c1 = 0, snprintf(cur->file, sizeof cur->file, "%s", tok), cur->line = atoi(c1 + 1);
      }
      if (!*first_line) *first_line = cur->line, snprintf(first_file, ffn, "%s", cur->file);
      q = te + (te < e);
      while (q < e && *q == ' ') ++q;
    }
    p = e + 1;
    while (*p == ' ') ++p; /* "> col:19 name": the declaration's own location */
    if (!strncmp(p, "line:", 5)) cur->line = atoi(p + 5);
  }
}

static int indent_of(const char *l) {
  int i = 0;
  while (l[i] == ' ' || l[i] == '|' || l[i] == '`' || l[i] == '-') ++i;
  return i;
}

/* The name a call node calls: an operator's symbol from its own line, else the first declaration
 * or member named below it. */
static void callee(const char *node, FILE *f, char *out, size_t n) {
  out[0] = 0;
  if (strstr(node, "CXXOperatorCallExpr")) {
    const char *e = strrchr(node, '\'');
    const char *b = e && e > node ? e - 1 : NULL;
    while (b && b > node && *b != '\'') --b;
    if (b && e > b) snprintf(out, n, "operator%.*s", (int)(e - b - 1), b + 1);
    return;
  }
  long at = ftell(f);
  char l[8192];
  for (int k = 0; k < 8 && fgets(l, sizeof l, f); ++k) {
    const char *d = strstr(l, "DeclRefExpr"), *m = strstr(l, "MemberExpr");
    if (d && (strstr(d, " Function ") || strstr(d, " CXXMethod "))) {
      const char *q = strstr(d, " Function ") ? strstr(d, " Function ") : strstr(d, " CXXMethod ");
      q = strchr(q, '\'');
      if (q) snprintf(out, n, "%.*s", (int)strcspn(q + 1, "'"), q + 1);
      break;
    }
    if (m) {
      const char *q = strstr(m, " ->") ? strstr(m, " ->") + 3 : strstr(m, " .") ? strstr(m, " .") + 2 : NULL;
      if (q) snprintf(out, n, "%.*s", (int)strcspn(q, " \n"), q);
      break;
    }
  }
  fseek(f, at, SEEK_SET);
}

static char *ast_call(const char *path, const char *file, int line) {
  FILE *f = fopen(path, "r");
  char l[8192], ff[PATH_MAX], name[512];
  struct loc cur = {"", 0};
  int in = -1, fl;
  char *out = NULL;
  while (f && !out && fgets(l, sizeof l, f)) {
    ast_locs(l, &cur, &fl, ff, sizeof ff);
    int ind = indent_of(l);
    if (in < 0) {
      if (strstr(l, "OMPTargetTeamsGenericLoopDirective") && fl == line && !strcmp(base_name(ff), base_name(file))) in = ind;
      continue;
    }
    if (ind <= in) break; /* past the directive's subtree */
    const char *nm = l + ind;
    if (strncmp(nm, "CallExpr ", 9) && strncmp(nm, "CXXOperatorCallExpr ", 20) && strncmp(nm, "CXXMemberCallExpr ", 18)) continue;
    callee(nm, f, name, sizeof name);
    if (!strncmp(name, "omp_", 4)) continue; /* the OpenMP API does not inhibit it */
    if (asprintf(&out, "the call to %s%s at %s:%d", name[0] ? name : "a function", strstr(nm, "CXXOperatorCallExpr") &&
                 !strcmp(name, "operator=") ? " (a struct's assignment)" : "", base_name(cur.file[0] ? cur.file : file), cur.line) < 0)
      out = NULL;
  }
  if (f) fclose(f);
  return out;
}

/* The enclosing function's plain name, for -ast-dump-filter ("ns::run<T>(...)" -> "run"). */
static void plain_name(const char *fn, char *out, size_t n) {
  size_t e = strcspn(fn, "<(");
  const char *b = fn;
  for (const char *q = fn; q < fn + e; ++q)
    if (q[0] == ':' && q[1] == ':') b = q + 2;
  snprintf(out, n, "%.*s", (int)(fn + e - b), b);
}

/* Cause and fixes of a region lowered "teams distribute only", in words (NULL: not such a one). */
char *az_one_thread_cause(const struct az *a, const struct az_variant *var, int t, json_t *row) {
  const char *d = jstr(row, "directive");
  char ipath[PATH_MAX + 300], *cause = NULL, *out = NULL;
  if (strstr(d, "parallel")) return NULL;
  if (strstr(d, " loop")) {
    int line = (int)json_integer_value(json_object_get(row, "line"));
    char fn[512], ast[PATH_MAX + 600];
    /* a nested construct from the preprocessed body; else the first call the front end sees */
    if (!preprocess(a, var, t, ipath, sizeof ipath)) cause = scan_body(ipath, jstr(row, "file"), line);
    plain_name(jstr(row, "function"), fn, sizeof fn);
    if ((!cause || strncmp(cause, "the nested", 10)) && fn[0] && !ast_dump(a, var, t, fn, ast, sizeof ast)) {
      char *c2 = ast_call(ast, jstr(row, "file"), line);
      if (c2) free(cause), cause = c2;
    }
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

/* Whether unit t, preprocessed with its flags, holds a live target region (a `#pragma omp target`
 * that is not a data directive): its file:line into where. For the verdict on a program in which
 * no configuration emitted a kernel: a compiler's drop, not "no region". */
int az_live_target(const struct az *a, const struct az_variant *var, int t, char *where, size_t n) {
  char ipath[PATH_MAX + 300], l[16384], file[PATH_MAX] = "";
  int line = 0, found = 0, ml;
  if (preprocess(a, var, t, ipath, sizeof ipath)) return 0;
  FILE *f = fopen(ipath, "r");
  while (f && !found && fgets(l, sizeof l, f)) {
    char mf[PATH_MAX];
    if (l[0] == '#' && sscanf(l, "# %d \"%4095[^\"]\"", &ml, mf) == 2) {
      snprintf(file, sizeof file, "%s", mf), line = ml;
      continue;
    }
    const char *p = l;
    while (*p == ' ' || *p == '\t') ++p;
    if (!strncmp(p, "#pragma omp target", 18) && !strstr(p, "target data") && !strstr(p, "enter data") &&
        !strstr(p, "exit data") && !strstr(p, "target update") && strncmp(p + 18, "s", 1))
      found = 1, snprintf(where, n, "%s:%d", base_name(file), line);
    ++line;
  }
  if (f) fclose(f);
  return found;
}
