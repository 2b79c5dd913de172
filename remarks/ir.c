/* Device code of one TU, LLVM IR (.ll) or PTX (.ptx, what the build keeps): each offload kernel's
 * static execution mode, and a call graph to attribute remarks in callees to the kernels that
 * reach them.
 *
 * The mode is the ExecMode byte the compiler stored for the runtime:
 *   LLVM >= 18: @<kernel>_kernel_environment = ... { %struct.ConfigurationEnvironmentTy
 *               { i8 UseGenericStateMachine, i8 MayUseNestedParallelism, i8 ExecMode, ... } ...
 *   LLVM <= 17: @<kernel>_exec_mode = ... i8 ExecMode
 * with 1 generic, 2 SPMD, 3 generic-SPMD (a generic kernel that openmp-opt SPMDized, OMP120). */
#define _GNU_SOURCE
#include "remarks.h"
#include "ok_modes.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NAME = 1024, MAX_FUNCS = 1 << 20 };

struct fn {
  char *name;
  int defined;
  int kernel_mode; /* 0 not a kernel, else ExecMode */
  int *out;
  size_t nout, capout;
};

struct ok_ir {
  struct fn *f;
  size_t n, cap;
  size_t *hash; /* open addressing: index+1, 0 empty */
  size_t hcap;
};

static uint64_t fnv(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static long find(const struct ok_ir *g, const char *s, size_t n) {
  if (!g->hcap) return -1;
  for (size_t i = fnv(s, n) & (g->hcap - 1);; i = (i + 1) & (g->hcap - 1)) {
    size_t k = g->hash[i];
    if (!k) return -1;
    if (strlen(g->f[k - 1].name) == n && !memcmp(g->f[k - 1].name, s, n)) return (long)(k - 1);
  }
}

static int rehash(struct ok_ir *g, size_t cap) {
  size_t *h = calloc(cap, sizeof *h);
  if (!h) return -1;
  for (size_t k = 0; k < g->n; ++k) {
    size_t i = fnv(g->f[k].name, strlen(g->f[k].name)) & (cap - 1);
    while (h[i]) i = (i + 1) & (cap - 1);
    h[i] = k + 1;
  }
  free(g->hash);
  g->hash = h;
  g->hcap = cap;
  return 0;
}

static long intern(struct ok_ir *g, const char *s, size_t n) {
  long k = find(g, s, n);
  if (k >= 0) return k;
  if (g->n >= MAX_FUNCS) return -1;
  if ((g->n + 1) * 2 > g->hcap && rehash(g, g->hcap ? g->hcap * 2 : 1024)) return -1;
  if (g->n == g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 256;
    struct fn *nf = realloc(g->f, cap * sizeof *nf);
    if (!nf) return -1;
    g->f = nf;
    g->cap = cap;
  }
  struct fn *f = &g->f[g->n];
  memset(f, 0, sizeof *f);
  if (!(f->name = strndup(s, n))) return -1;
  size_t i = fnv(s, n) & (g->hcap - 1);
  while (g->hash[i]) i = (i + 1) & (g->hcap - 1);
  g->hash[i] = g->n + 1;
  return (long)g->n++;
}

static int add_edge(struct ok_ir *g, long from, long to) {
  struct fn *f = &g->f[from];
  for (size_t i = 0; i < f->nout; ++i)
    if (f->out[i] == to) return 0;
  if (f->nout == f->capout) {
    size_t cap = f->capout ? f->capout * 2 : 8;
    int *o = realloc(f->out, cap * sizeof *o);
    if (!o) return -1;
    f->out = o;
    f->capout = cap;
  }
  f->out[f->nout++] = (int)to;
  return 0;
}

/* Reads the global name after '@' (plain or quoted); returns its length, 0 if none. */
static size_t global_name(const char *p, const char **start) {
  if (*p == '"') {
    const char *e = strchr(p + 1, '"');
    *start = p + 1;
    return e && e - p - 1 < MAX_NAME ? (size_t)(e - p - 1) : 0;
  }
  size_t n = 0;
  while (p[n] && (p[n] == '_' || p[n] == '.' || p[n] == '$' || (p[n] >= '0' && p[n] <= '9') ||
                  ((p[n] | 32) >= 'a' && (p[n] | 32) <= 'z')))
    ++n;
  *start = p;
  return n < MAX_NAME ? n : 0;
}

static int ends_with(const char *s, size_t n, const char *suf, size_t *stem) {
  size_t m = strlen(suf);
  if (n <= m || memcmp(s + n - m, suf, m)) return 0;
  *stem = n - m;
  return 1;
}

/* The i8 values of a kernel environment or exec_mode line: returns ExecMode or 0. */
static int exec_mode_of(const char *line, int env) {
  const char *p = line;
  if (env) {
    p = strstr(line, "ConfigurationEnvironmentTy {");
    if (!p) return 0;
    p += strlen("ConfigurationEnvironmentTy {");
    for (int k = 0; k < 2; ++k) {
      p = strstr(p, "i8 ");
      if (!p) return 0;
      p += 3;
    }
  }
  p = strstr(p, "i8 ");
  if (!p) return 0;
  long v = strtol(p + 3, NULL, 10);
  return v > 0 && v < 256 ? (int)v : 0;
}

void ok_ir_free(struct ok_ir *g) {
  if (!g) return;
  for (size_t i = 0; i < g->n; ++i) {
    free(g->f[i].name);
    free(g->f[i].out);
  }
  free(g->f);
  free(g->hash);
  free(g);
}

/* ---- PTX: the per-TU device assembly the object compile keeps (-save-temps). ----
 * The same facts as the IR, read from the code ptxas assembles: kernel environments are global
 * initializers (ExecMode is byte 2 of the little-endian array, whatever its element width), and
 * functions are `.entry`/`.func` headers at column 0 with bodies between column-0 braces. NVPTX
 * renames '.' in symbols to "_$_"; names are mapped back so they match the remarks' IR names. */

static int ptx_char(char c) {
  return c == '_' || c == '$' || c == '.' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static size_t ptx_ident(const char *p) {
  size_t n = 0;
  while (p[n] && ptx_char(p[n])) ++n;
  return n < MAX_NAME ? n : 0;
}

/* Copies a PTX symbol to its IR spelling ("_$_" -> "."); returns the new length. */
static size_t ptx_unmangle(const char *s, size_t n, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i + 3 <= n && !memcmp(s + i, "_$_", 3)) {
      out[o++] = '.';
      i += 2;
    } else {
      out[o++] = s[i];
    }
  }
  out[o] = 0;
  return o;
}

/* Name of the function a column-0 `.entry`/`.func` header declares; 0 if the line is none. */
static size_t ptx_header(const char *line, const char **name, int *is_extern) {
  if (line[0] != '.') return 0;
  const char *p = strstr(line, ".entry ");
  if (p) p += 7;
  else if ((p = strstr(line, ".func")) && (p[5] == ' ' || p[5] == '\t' || p[5] == 0)) p += 5;
  else return 0;
  *is_extern = !strncmp(line, ".extern ", 8);
  while (*p == ' ' || *p == '\t') ++p;
  if (*p == '(') { /* return parameters: (.param .b32 func_retval0) */
    p = strchr(p, ')');
    if (!p) return 0;
    ++p;
    while (*p == ' ' || *p == '\t') ++p;
  }
  *name = p;
  return ptx_ident(p);
}

/* ExecMode from `... X_kernel_environment[N] = {v0, ...}` (byte 2) or `... X_exec_mode = v`. */
static int ptx_exec_mode(const char *line, int env) {
  const char *eq = strstr(line, " = ");
  if (!eq) return 0;
  const char *p = eq + 3;
  if (!env) return (int)strtol(p, NULL, 0) & 0xff;
  int width = 0;
  if (strstr(line, ".b8 ") || strstr(line, ".u8 ")) width = 1;
  else if (strstr(line, ".b16 ") || strstr(line, ".u16 ")) width = 2;
  else if (strstr(line, ".b32 ") || strstr(line, ".u32 ")) width = 4;
  else if (strstr(line, ".b64 ") || strstr(line, ".u64 ")) width = 8;
  if (!width || *p != '{') return 0;
  ++p;
  /* Byte 2 lies in element 2 / width; skip that many elements. */
  for (int k = 0; k < 2 / width; ++k) {
    p = strchr(p, ',');
    if (!p) return 0;
    ++p;
  }
  unsigned long long v = strtoull(p, NULL, 0);
  int m = (int)((v >> (8 * (2 % width))) & 0xff);
  return m;
}

/* A column-0 header's function name in IR spelling (into name), or 0 if the line is none. */
static size_t ptx_header_name(const char *line, char *name, int *is_extern) {
  const char *s;
  size_t n = ptx_header(line, &s, is_extern);
  return n ? ptx_unmangle(s, n, name) : 0;
}

static int ptx_is(FILE *in) {
  char buf[256];
  for (int k = 0; k < 64 && fgets(buf, sizeof buf, in); ++k)
    if (!strncmp(buf, ".version", 8) || !strncmp(buf, ".target", 7)) return 1;
  return 0;
}

static struct ok_ir *ptx_load(FILE *in, const char *path, char *err, size_t errlen) {
  struct ok_ir *g = calloc(1, sizeof *g);
  char *line = NULL, name[MAX_NAME + 1];
  size_t cap = 0;
  ssize_t len;
  long lineno = 0;
  int bad = !g;
  /* Pass 1: every function the TU declares or defines, and the kernels' modes. */
  long pending = -1; /* header seen, `{` (definition) or `;` (prototype) not yet */
  while (!bad && (len = getline(&line, &cap, in)) > 0) {
    ++lineno;
    int ext = 0;
    size_t n = ptx_header_name(line, name, &ext);
    if (n) {
      pending = intern(g, name, n);
      if (pending < 0) bad = 1;
      if (ext) pending = -1;
      continue;
    }
    if (line[0] == '{' && pending >= 0) g->f[pending].defined = 1;
    if (line[0] == '{' || line[0] == ';' || line[0] == '}') pending = -1;
    if (line[0] == '.' && strstr(line, " = ")) {
      const char *eqs = strstr(line, " = ");
      /* the symbol is the last identifier before '[' or " = " */
      const char *e = eqs;
      const char *br = memchr(line, '[', (size_t)(eqs - line));
      if (br) e = br;
      const char *b = e;
      while (b > line && ptx_char(b[-1])) --b;
      size_t stem, m = (size_t)(e - b);
      if (m == 0 || m > MAX_NAME) continue;
      int env = ends_with(b, m, "_kernel_environment", &stem);
      if (env || ends_with(b, m, "_exec_mode", &stem)) {
        int mode = ptx_exec_mode(line, env);
        if (mode > 0) {
          size_t k2 = ptx_unmangle(b, stem, name);
          long k = intern(g, name, k2);
          if (k < 0) bad = 1;
          else g->f[k].kernel_mode = mode;
        }
      }
    }
  }
  /* Pass 2: edges from each body to the functions it names (calls, and addresses handed to the
   * runtime such as an outlined wrapper in __kmpc_parallel_51). */
  rewind(in);
  lineno = 0;
  long cur = -1, last_header = -1;
  while (!bad && (len = getline(&line, &cap, in)) > 0) {
    ++lineno;
    int ext = 0;
    size_t n = ptx_header_name(line, name, &ext);
    if (n) {
      last_header = ext ? -1 : find(g, name, n);
      continue;
    }
    if (line[0] == '{') {
      cur = last_header;
      continue;
    }
    if (line[0] == '}' || line[0] == ';') {
      cur = last_header = -1;
      continue;
    }
    if (cur < 0) continue;
    for (const char *p = line; *p;) {
      if (p[0] == '/' && p[1] == '/') break;
      if (!(*p == '_' || *p == '$' || ((*p | 32) >= 'a' && (*p | 32) <= 'z'))) {
        p += *p == '%' ? 1 + ptx_ident(p + 1) : 1; /* a register, a digit or a separator */
        continue;
      }
      size_t m = ptx_ident(p);
      if (!m) {
        ++p;
        continue;
      }
      size_t k2 = ptx_unmangle(p, m, name);
      long k = find(g, name, k2);
      if (k >= 0 && k != cur && add_edge(g, cur, k)) bad = 1;
      p += m;
    }
  }
  free(line);
  if (bad || ferror(in)) {
    snprintf(err, errlen, "%s:%ld: %s", path, lineno, ferror(in) ? "read error" : "out of memory");
    ok_ir_free(g);
    return NULL;
  }
  return g;
}

struct ok_ir *ok_ir_load(const char *path, char *err, size_t errlen) {
  FILE *in = fopen(path, "r");
  if (!in) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  if (ptx_is(in)) {
    rewind(in);
    struct ok_ir *p = ptx_load(in, path, err, errlen);
    fclose(in);
    return p;
  }
  rewind(in);
  struct ok_ir *g = calloc(1, sizeof *g);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  long cur = -1, lineno = 0;
  int bad = !g, saw_module = 0;
  while (!bad && (len = getline(&line, &cap, in)) > 0) {
    ++lineno;
    if (line[len - 1] == '\n') line[--len] = 0;
    const char *s;
    size_t n, stem;
    if (!strncmp(line, "; ModuleID", 10) || !strncmp(line, "target triple", 13)) saw_module = 1;
    if (line[0] == '@') {
      n = global_name(line + 1, &s);
      int env = n && ends_with(s, n, "_kernel_environment", &stem);
      if (env || (n && ends_with(s, n, "_exec_mode", &stem))) {
        int m = exec_mode_of(line, env);
        long k = m ? intern(g, s, stem) : -1;
        if (m && k < 0) bad = 1;
        else if (m) g->f[k].kernel_mode = m;
      }
    } else if (!strncmp(line, "define ", 7)) {
      const char *at = strchr(line, '@');
      n = at ? global_name(at + 1, &s) : 0;
      cur = n ? intern(g, s, n) : -1;
      if (n && cur < 0) bad = 1;
      else if (cur >= 0) g->f[cur].defined = 1;
    } else if (line[0] == '}') {
      cur = -1;
    } else if (cur >= 0) {
      /* Any @reference in a body: a call, or an outlined function handed to the runtime. */
      for (const char *p = strchr(line, '@'); p && !bad; p = strchr(p + 1, '@')) {
        n = global_name(p + 1, &s);
        if (!n || (s[0] >= '0' && s[0] <= '9')) continue;
        long k = intern(g, s, n);
        if (k < 0 || add_edge(g, cur, k)) bad = 1;
      }
    }
  }
  free(line);
  int rerr = ferror(in);
  fclose(in);
  if (bad || rerr || !saw_module) {
    snprintf(err, errlen, "%s:%ld: %s", path, lineno,
             rerr ? "read error" : !saw_module ? "not LLVM IR (no ModuleID or target triple)" : "out of memory");
    ok_ir_free(g);
    return NULL;
  }
  return g;
}

size_t ok_ir_nkernels(const struct ok_ir *g) {
  size_t c = 0;
  for (size_t i = 0; i < g->n; ++i) c += g->f[i].kernel_mode != 0;
  return c;
}

const char *ok_ir_kernel(const struct ok_ir *g, size_t idx, int *exec_mode) {
  for (size_t i = 0; i < g->n; ++i)
    if (g->f[i].kernel_mode && idx-- == 0) {
      if (exec_mode) *exec_mode = g->f[i].kernel_mode;
      return g->f[i].name;
    }
  return NULL;
}

int ok_ir_exec_mode(const struct ok_ir *g, const char *kernel) {
  long k = find(g, kernel, strlen(kernel));
  return k >= 0 ? g->f[k].kernel_mode : 0;
}

int ok_ir_reaches(const struct ok_ir *g, const char *kernel, const char *fn) {
  long from = find(g, kernel, strlen(kernel)), to = find(g, fn, strlen(fn));
  if (from < 0 || to < 0) return 0;
  if (from == to) return 1;
  char *seen = calloc(g->n, 1);
  int *stack = malloc(g->n * sizeof *stack);
  int found = 0;
  size_t sp = 0;
  if (!seen || !stack) goto out;
  stack[sp++] = (int)from;
  seen[from] = 1;
  while (sp && !found) {
    const struct fn *f = &g->f[stack[--sp]];
    for (size_t i = 0; i < f->nout; ++i) {
      int t = f->out[i];
      if (t == to) found = 1;
      if (!seen[t]) seen[t] = 1, stack[sp++] = t;
    }
  }
out:
  free(seen);
  free(stack);
  return found;
}

int ok_ir_defines(const struct ok_ir *g, const char *fn) {
  long k = find(g, fn, strlen(fn));
  return k >= 0 && g->f[k].defined;
}

const char *ok_exec_mode_name(int m) { return ok_mode_of_exec(m); }

/* Every function the TU declares or defines, by index (ompkit analyze counts the outlined
 * parallel-region wrappers a kernel reaches). */
size_t ok_ir_nfunctions(const struct ok_ir *g) { return g->n; }
const char *ok_ir_function(const struct ok_ir *g, size_t i) { return i < g->n ? g->f[i].name : NULL; }
