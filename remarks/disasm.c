/* Disassembly listings split into functions: objdump -d (x86), cuobjdump -sass (SASS) and PTX.
 * Used to prove that a timed primitive is in the machine code: the test body must hold more
 * instructions of the primitive's family than the baseline. */
#include "disasm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ok_disasm_fn {
  char *name;
  char *text;
  size_t len, cap;
};

struct ok_disasm {
  struct ok_disasm_fn *fn;
  int n, cap;
};

static void add_text(struct ok_disasm_fn *f, const char *line) {
  size_t n = strlen(line);
  if (f->len + n + 1 > f->cap) {
    size_t c = f->cap ? f->cap * 2 : 4096;
    while (c < f->len + n + 1) c *= 2;
    char *t = realloc(f->text, c);
    if (!t) return;
    f->text = t, f->cap = c;
  }
  memcpy(f->text + f->len, line, n + 1);
  f->len += n;
}

/* Function header of any of the three formats, or NULL. */
static const char *header(char *line) {
  char *p, *e;
  size_t n = strlen(line);
  /* objdump: "0000000000001180 <name>:" */
  if (n > 3 && line[n - 1] == ':' && line[n - 2] == '>' && (p = strchr(line, '<')) && p > line && p[-1] == ' ') {
    line[n - 2] = 0;
    return p + 1;
  }
  /* cuobjdump -sass: "\t\tFunction : name" */
  if ((p = strstr(line, "Function : "))) return p + strlen("Function : ");
  /* PTX: ".visible .entry name(" or ".entry name(" */
  if ((p = strstr(line, ".entry ")) && (e = strchr(p, '('))) {
    *e = 0;
    return p + strlen(".entry ");
  }
  /* PTX device function definition: ".visible .func name(", ".func (.param .b32 r) name(";
   * declarations (".extern .func", a prototype ending in ';') are not functions of the listing. */
  if ((p = strstr(line, ".func ")) && !strstr(line, ".extern") && line[n - 1] != ';') {
    p += strlen(".func ");
    while (*p == ' ' || *p == '\t') ++p;
    if (*p == '(') { /* return parameter */
      if (!(p = strchr(p, ')'))) return NULL;
      ++p;
      while (*p == ' ' || *p == '\t') ++p;
    }
    e = p;
    while (*e && *e != '(' && *e != ' ' && *e != '\t') ++e;
    if (e == p) return NULL;
    *e = 0;
    return p;
  }
  return NULL;
}

int ok_disasm_load(const char *path, struct ok_disasm **out, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  struct ok_disasm *d = calloc(1, sizeof *d);
  char *line = NULL;
  size_t cap = 0;
  ssize_t got;
  struct ok_disasm_fn *cur = NULL;
  while (d && (got = getline(&line, &cap, f)) > 0) {
    if (line[got - 1] == '\n') line[got - 1] = 0;
    const char *name = header(line);
    if (name) {
      if (d->n == d->cap) {
        int c = d->cap ? d->cap * 2 : 256;
        struct ok_disasm_fn *nf = realloc(d->fn, (size_t)c * sizeof *nf);
        if (!nf) break;
        d->fn = nf, d->cap = c;
      }
      cur = &d->fn[d->n++];
      memset(cur, 0, sizeof *cur);
      cur->name = strdup(name);
      size_t k = strlen(cur->name);
      while (k && (cur->name[k - 1] == ' ' || cur->name[k - 1] == '\t')) cur->name[--k] = 0;
      continue;
    }
    if (cur) {
      add_text(cur, line);
      add_text(cur, "\n");
    }
  }
  free(line);
  fclose(f);
  *out = d;
  return d ? 0 : -1;
}

void ok_disasm_free(struct ok_disasm *d) {
  if (!d) return;
  for (int i = 0; i < d->n; ++i) free(d->fn[i].name), free(d->fn[i].text);
  free(d->fn);
  free(d);
}

/* The symbol itself or a compiler-made clone/outlined part of it (sym.omp_outlined, sym._omp_fn.0,
 * sym.constprop.0; GCC's nvptx PTX spells the dots '$': sym$constprop$0). */
static int belongs(const char *fn, const char *sym) {
  size_t n = strlen(sym);
  return !strncmp(fn, sym, n) && (fn[n] == 0 || fn[n] == '.' || fn[n] == '$');
}

long ok_disasm_count(const struct ok_disasm *d, const char *sym, const regex_t *re, int *functions) {
  long count = 0;
  *functions = 0;
  for (int i = 0; i < d->n; ++i) {
    if (!belongs(d->fn[i].name, sym)) continue;
    ++*functions;
    for (char *p = d->fn[i].text; p && *p;) {
      char *e = strchr(p, '\n');
      if (e) *e = 0;
      if (regexec(re, p, 0, NULL, 0) == 0) ++count;
      if (e) *e = '\n';
      p = e ? e + 1 : NULL;
    }
  }
  return count;
}

/* An omp_target family (PTX mnemonics: "st\\.", "atom\\.|red\\.") for GCC's SASS (sass-ptxas):
 * matched without case, a mnemonic before "\\." may carry SASS's state space (ST -> STG, STS,
 * STL; ATOM -> ATOMG), a line's start is after its address comment, and an alternative that is a
 * function's name (with a '_': GOMP_barrier, omp_set_lock) is a call: ptxas -c lists calls as
 * "CALL.ABS.NOINC 0x0", without the callee. Caller frees. */
static int is_name(const char *a, size_t n) { /* a C identifier with a '_': mnemonics have none */
  int under = 0;
  if (!n || (!((a[0] | 32) >= 'a' && (a[0] | 32) <= 'z') && a[0] != '_')) return 0;
  for (size_t i = 0; i < n; ++i) {
    if (!(((a[i] | 32) >= 'a' && (a[i] | 32) <= 'z') || (a[i] >= '0' && a[i] <= '9') || a[i] == '_')) return 0;
    under |= a[i] == '_';
  }
  return under;
}
char *ok_disasm_sass_family(const char *f) {
  size_t n = strlen(f);
  char *o = malloc(8 * n + 64), *q = o;
  if (!o) return NULL;
  int depth = 0;
  for (size_t i = 0, start = 0; i < n; ++i) {
    if (i == start) { /* an alternative of the top level begins */
      size_t e = i;
      while (e < n && f[e] != '|') ++e;
      if (depth == 0 && is_name(f + i, e - i)) {
        q += sprintf(q, "call\\.");
        i = e;
        if (i < n) *q++ = '|', start = i + 1;
        continue;
      }
    }
    if (!strncmp(f + i, "^[[:space:]]*", 13)) {
      q += sprintf(q, "(^|\\*/)[[:space:]]*");
      i += 12;
    } else if (f[i] == '\\' && f[i + 1] == '.' && i > 0 && ((f[i - 1] | 32) >= 'a' && (f[i - 1] | 32) <= 'z')) {
      q += sprintf(q, "[gsl]?\\.");
      ++i;
    } else {
      depth += f[i] == '(' ? 1 : f[i] == ')' ? -1 : 0;
      if (f[i] == '|' && depth == 0) start = i + 1;
      *q++ = f[i];
    }
  }
  *q = 0;
  return o;
}
