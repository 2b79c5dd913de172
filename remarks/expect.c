/* EXPECT comment parser (see expect.h). Line-based; a comment that starts with "EXPECT" is a
 * directive and must be well formed, other comments are prose. */
#include "expect.h"
#include "ok_modes.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_SOURCE_BYTES = 64 << 20, MAX_EXPECTS = 1 << 16, MAX_PER_REGION = 256 /* bind() is quadratic */ };

struct st {
  const char *name;
  char *err;
  size_t errlen;
  struct ok_expect *v;
  size_t n, cap, first_pending;
  /* EXPECT-FAIL lines, kept apart: they wait for a registration, which follows the variant's
   * pragmas; [f_pending, fn) have not found theirs yet. Appended to v at the end. */
  struct ok_expect *f;
  size_t fn, fcap, f_pending;
};

static int fail(struct st *s, int line, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(s->err, s->errlen, "%s:%d: %s", s->name, line, msg);
  return -1;
}

const char *ok_expect_kind_name(enum ok_expect_kind k) {
  switch (k) {
  case OK_EXPECT_REMARK: return "EXPECT-REMARK";
  case OK_EXPECT_NO_REMARK: return "EXPECT-NO-REMARK";
  case OK_EXPECT_MODE: return "EXPECT-MODE";
  case OK_EXPECT_MAX_REGISTERS: return "EXPECT-MAX-REGISTERS";
  case OK_EXPECT_FAIL: return "EXPECT-FAIL";
  }
  return "EXPECT-?";
}

static const char *skip_ws(const char *p, const char *e) {
  while (p < e && (*p == ' ' || *p == '\t')) ++p;
  return p;
}

static int word_is(const char *p, const char *e, const char *w) {
  size_t n = strlen(w);
  return (size_t)(e - p) >= n && !memcmp(p, w, n) && (p + n == e || !(isalnum((unsigned char)p[n]) || p[n] == '_'));
}

/* Whether [p,e) is a "#pragma omp target" that makes a kernel. */
static int is_target_pragma(const char *p, const char *e) {
  p = skip_ws(p, e);
  if (p == e || *p != '#') return 0;
  p = skip_ws(p + 1, e);
  if (!word_is(p, e, "pragma")) return 0;
  p = skip_ws(p + 6, e);
  if (!word_is(p, e, "omp")) return 0;
  p = skip_ws(p + 3, e);
  if (!word_is(p, e, "target")) return 0;
  p = skip_ws(p + 6, e);
  /* Data-movement directives make no kernel; expectations wait for the next one that does. */
  static const char *data[] = {"data", "enter", "exit", "update", NULL};
  for (int i = 0; data[i]; ++i)
    if (word_is(p, e, data[i])) return 0;
  return 1;
}

static long number(const char **pp, const char *e) {
  const char *p = *pp;
  long v = 0;
  if (p == e || !isdigit((unsigned char)*p)) return -1;
  while (p < e && isdigit((unsigned char)*p)) {
    v = v * 10 + (*p - '0');
    if (v > 65535) return -1;
    ++p;
  }
  *pp = p;
  return v;
}

/* One directive: p points at "EXPECT", e at the end of the comment text. */
static int directive(struct st *s, int line, const char *p, const char *e) {
  while (e > p && isspace((unsigned char)e[-1])) --e;
  static const struct {
    const char *w;
    enum ok_expect_kind k;
  } names[] = {{"EXPECT-NO-REMARK", OK_EXPECT_NO_REMARK},
               {"EXPECT-REMARK", OK_EXPECT_REMARK},
               {"EXPECT-MODE", OK_EXPECT_MODE},
               {"EXPECT-MAX-REGISTERS", OK_EXPECT_MAX_REGISTERS},
               {"EXPECT-FAIL", OK_EXPECT_FAIL}};
  struct ok_expect x;
  memset(&x, 0, sizeof x);
  int found = 0;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && !found; ++i) {
    size_t n = strlen(names[i].w);
    if ((size_t)(e - p) >= n && !memcmp(p, names[i].w, n) && (p + n == e || p[n] == ':' || p[n] == '[' || p[n] == ' ')) {
      x.kind = names[i].k;
      p += n;
      found = 1;
    }
  }
  if (!found) {
    const char *w = p;
    while (w < e && (isalnum((unsigned char)*w) || *w == '-' || *w == '_')) ++w;
    return fail(s, line,
                "unknown directive '%.*s' (EXPECT-REMARK, EXPECT-NO-REMARK, EXPECT-MODE, EXPECT-MAX-REGISTERS, "
                "EXPECT-FAIL)",
                (int)(w - p > 40 ? 40 : w - p), p);
  }
  const char *kn = ok_expect_kind_name(x.kind);
  if (p < e && *p == '[') {
    const char *q = ++p;
    while (q < e && (isalnum((unsigned char)*q) || *q == '-' || *q == '_' || *q == '.')) ++q;
    if (q == p || q == e || *q != ']' || (size_t)(q - p) >= sizeof x.qualifier)
      return fail(s, line, "%s: compiler qualifier must be [name] of letters, digits, '-', '_' or '.'", kn);
    memcpy(x.qualifier, p, (size_t)(q - p));
    p = q + 1;
  }
  if (x.kind == OK_EXPECT_FAIL && !x.qualifier[0])
    return fail(s, line, "%s: a known defect belongs to a compiler: write EXPECT-FAIL[clang-19]: STATUS (link)", kn);
  if (p == e || *p != ':') return fail(s, line, "%s: expected ':' after the directive", kn);
  p = skip_ws(p + 1, e);
  if (p == e) return fail(s, line, "%s: missing value", kn);
  const char *v = p;
  if (x.kind == OK_EXPECT_FAIL) {
    /* STATUS [(note)]: the status is words (letters, digits, spaces, '-', '_'), the note runs to
     * the closing parenthesis at the end of the line. */
    const char *q = p;
    while (q < e && *q != '(') ++q;
    const char *ve = q;
    while (ve > v && isspace((unsigned char)ve[-1])) --ve;
    size_t n = (size_t)(ve - v);
    if (!n) return fail(s, line, "%s: missing status (for example 'wrong result')", kn);
    if (n >= sizeof x.value) return fail(s, line, "%s: status longer than %zu characters", kn, sizeof x.value - 1);
    for (const char *c = v; c < ve; ++c)
      if (!(isalnum((unsigned char)*c) || *c == ' ' || *c == '-' || *c == '_'))
        return fail(s, line, "%s: status must be words such as 'wrong result', got '%.*s'", kn, (int)n, v);
    memcpy(x.value, v, n);
    if (q < e) {
      if (e[-1] != ')') return fail(s, line, "%s: the note must end with ')'", kn);
      size_t nn = (size_t)(e - 1 - (q + 1));
      if (nn >= sizeof x.note) return fail(s, line, "%s: note longer than %zu characters", kn, sizeof x.note - 1);
      memcpy(x.note, q + 1, nn);
    }
    p = e;
  } else if (x.kind == OK_EXPECT_MAX_REGISTERS) {
    x.max = number(&p, e);
    if (x.max <= 0) return fail(s, line, "%s: expected a register count 1..65535, got '%.*s'", kn, (int)(e - v), v);
    p = skip_ws(p, e);
    if (p < e && *p == '+') {
      ++p;
      x.tolerance = number(&p, e);
      if (x.tolerance < 0) return fail(s, line, "%s: expected a tolerance '+N' after the count", kn);
    }
    snprintf(x.value, sizeof x.value, "%ld", x.max);
  } else {
    while (p < e && !isspace((unsigned char)*p)) ++p;
    size_t n = (size_t)(p - v);
    if (n >= sizeof x.value) return fail(s, line, "%s: value longer than %zu characters", kn, sizeof x.value - 1);
    memcpy(x.value, v, n);
    if (x.kind == OK_EXPECT_MODE) {
      const char *mode = ok_mode_name(x.value); /* its name, whatever the case or alias */
      if (mode) strcpy(x.value, mode);
      else return fail(s, line, "%s: mode must be SPMD, Generic or Generic-SPMD, got '%s'", kn, x.value);
    } else {
      int ok = isalpha((unsigned char)x.value[0]);
      for (size_t i = 0; ok && i < n; ++i) ok = isalnum((unsigned char)x.value[i]) || x.value[i] == '_' || x.value[i] == '-';
      if (!ok) return fail(s, line, "%s: remark ID must be a name such as OMP120 or HeapToStack, got '%s'", kn, x.value);
    }
  }
  p = skip_ws(p, e);
  if (p != e) return fail(s, line, "%s: unexpected text after the value: '%.*s'", kn, (int)(e - p > 40 ? 40 : e - p), p);
  x.line = line;
  if (s->n - s->first_pending == MAX_PER_REGION && x.kind != OK_EXPECT_FAIL)
    return fail(s, line, "more than %d expectations for one target region", MAX_PER_REGION);
  if (s->n == MAX_EXPECTS) return fail(s, line, "more than %d expectations", MAX_EXPECTS);
  if (x.kind == OK_EXPECT_FAIL) {
    for (size_t i = s->f_pending; i < s->fn; ++i)
      if (!strcmp(s->f[i].qualifier, x.qualifier))
        return fail(s, line, "%s: a second EXPECT-FAIL[%s] for the same variant (line %d)", kn, x.qualifier, s->f[i].line);
    if (s->fn == MAX_PER_REGION) return fail(s, line, "more than %d EXPECT-FAIL lines", MAX_PER_REGION);
    if (s->fn == s->fcap) {
      size_t cap = s->fcap ? s->fcap * 2 : 8;
      struct ok_expect *nf = realloc(s->f, cap * sizeof *nf);
      if (!nf) return fail(s, line, "out of memory");
      s->f = nf;
      s->fcap = cap;
    }
    s->f[s->fn++] = x;
    return 0;
  }
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    struct ok_expect *nv = realloc(s->v, cap * sizeof *nv);
    if (!nv) return fail(s, line, "out of memory");
    s->v = nv;
    s->cap = cap;
  }
  s->v[s->n++] = x;
  return 0;
}

/* Whether [p,e) is an OK_REGISTER*(KERNEL, VARIANT, ...) line; fills the names. */
static int is_registration(const char *p, const char *e, char *kernel, size_t kn, char *variant, size_t vn) {
  p = skip_ws(p, e);
  if ((size_t)(e - p) < 11 || memcmp(p, "OK_REGISTER", 11)) return 0;
  p += 11;
  while (p < e && (isalnum((unsigned char)*p) || *p == '_')) ++p;
  p = skip_ws(p, e);
  if (p == e || *p != '(') return 0;
  char *dst[2] = {kernel, variant};
  size_t cap[2] = {kn, vn};
  for (int k = 0; k < 2; ++k) {
    p = skip_ws(p + 1, e);
    const char *w = p;
    while (p < e && (isalnum((unsigned char)*p) || *p == '_')) ++p;
    if (p == w || (size_t)(p - w) >= cap[k]) return 0;
    memcpy(dst[k], w, (size_t)(p - w));
    dst[k][p - w] = 0;
    p = skip_ws(p, e);
    if (p == e || *p != ',') return 0;
  }
  return 1;
}

/* Same slot: two expectations about the same thing (they must agree if equally qualified). */
static int same_slot(const struct ok_expect *a, const struct ok_expect *b) {
  int ra = a->kind == OK_EXPECT_REMARK || a->kind == OK_EXPECT_NO_REMARK;
  int rb = b->kind == OK_EXPECT_REMARK || b->kind == OK_EXPECT_NO_REMARK;
  if (ra && rb) return !strcmp(a->value, b->value);
  return a->kind == b->kind;
}

/* Binds the pending expectations to the pragma at `line` and rejects contradictions. */
static int bind(struct st *s, int line) {
  for (size_t i = s->first_pending; i < s->n; ++i) {
    s->v[i].pragma_line = line;
    for (size_t j = s->first_pending; j < i; ++j)
      if (same_slot(&s->v[i], &s->v[j]) && !strcmp(s->v[i].qualifier, s->v[j].qualifier))
        return fail(s, s->v[i].line, "%s: %s conflicts with %s: %s at line %d for the same target region",
                    ok_expect_kind_name(s->v[i].kind), s->v[i].value, ok_expect_kind_name(s->v[j].kind), s->v[j].value,
                    s->v[j].line);
  }
  s->first_pending = s->n;
  return 0;
}

int ok_expect_parse_buffer(const char *name, const char *buf, size_t len, struct ok_expect **out, size_t *n,
                           char *err, size_t errlen) {
  struct st s = {name, err, errlen, NULL, 0, 0, 0, NULL, 0, 0, 0};
  int line = 0, in_block = 0, rc = 0;
  *out = NULL;
  *n = 0;
  for (const char *p = buf, *end = buf + len; p < end && !rc;) {
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e) e = end;
    ++line;
    if (memchr(p, 0, (size_t)(e - p))) {
      rc = fail(&s, line, "NUL byte: not a C source");
      break;
    }
    char kern[64], var[64];
    if (!in_block && is_target_pragma(p, e)) {
      rc = bind(&s, line);
    } else if (!in_block && s.f_pending < s.fn && is_registration(p, e, kern, sizeof kern, var, sizeof var)) {
      for (size_t i = s.f_pending; i < s.fn; ++i) {
        s.f[i].pragma_line = line;
        snprintf(s.f[i].kernel, sizeof s.f[i].kernel, "%s", kern);
        snprintf(s.f[i].variant, sizeof s.f[i].variant, "%s", var);
      }
      s.f_pending = s.fn;
    } else {
      /* Find a // comment outside block comments (string literals are not looked at: EXPECT
       * directives live in plain comment lines). */
      for (const char *q = p; q < e && !rc; ++q) {
        if (in_block) {
          if (q + 1 < e && q[0] == '*' && q[1] == '/') in_block = 0, ++q;
        } else if (q + 1 < e && q[0] == '/' && q[1] == '*') {
          in_block = 1, ++q;
        } else if (q + 1 < e && q[0] == '/' && q[1] == '/') {
          const char *t = skip_ws(q + 2, e);
          if (e - t >= 6 && !memcmp(t, "EXPECT", 6) && (t + 6 == e || t[6] == '-' || t[6] == '_' || t[6] == ':' ||
                                                       t[6] == '['))
            rc = directive(&s, line, t, e);
          break;
        }
      }
    }
    p = e + 1;
  }
  if (!rc && s.first_pending < s.n)
    rc = fail(&s, s.v[s.first_pending].line, "%s has no '#pragma omp target' below it",
              ok_expect_kind_name(s.v[s.first_pending].kind));
  if (!rc && s.f_pending < s.fn)
    rc = fail(&s, s.f[s.f_pending].line, "EXPECT-FAIL has no OK_REGISTER*(KERNEL, VARIANT, ...) line below it");
  if (!rc && s.fn) {
    struct ok_expect *nv = realloc(s.v, (s.n + s.fn) * sizeof *nv);
    if (!nv) rc = fail(&s, 0, "out of memory");
    else {
      s.v = nv;
      memcpy(s.v + s.n, s.f, s.fn * sizeof *s.f);
      s.n += s.fn;
    }
  }
  free(s.f);
  if (rc) {
    free(s.v);
    return -1;
  }
  *out = s.v;
  *n = s.n;
  return 0;
}

int ok_expect_parse_file(const char *path, struct ok_expect **out, size_t *n, char *err, size_t errlen) {
  *out = NULL;
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0) size = ftell(f);
  rewind(f);
  char *buf = size >= 0 && size <= MAX_SOURCE_BYTES ? malloc((size_t)size + 1) : NULL;
  size_t len = buf ? fread(buf, 1, (size_t)size, f) : 0;
  int bad = !buf || ferror(f) || len != (size_t)size;
  fclose(f);
  if (bad) {
    snprintf(err, errlen, "%s: cannot read (or larger than %d bytes)", path, MAX_SOURCE_BYTES);
    free(buf);
    return -1;
  }
  int rc = ok_expect_parse_buffer(path, buf, len, out, n, err, errlen);
  free(buf);
  return rc;
}

/* The offload target families a qualifier may name, by the architecture's prefix: an EXPECT line
 * about what one back end's pipeline does (AMD's device link runs openmp-opt again, docs/amdgpu.md). */
static const struct { const char *family, *arch_prefix; } targets[] = {{"amdgpu", "gfx"}, {"nvptx", "sm_"}};

const char *ok_target_family(const char *arch) {
  for (size_t k = 0; arch && k < sizeof targets / sizeof targets[0]; ++k)
    if (!strncmp(arch, targets[k].arch_prefix, strlen(targets[k].arch_prefix))) return targets[k].family;
  return NULL;
}

static int target_matches(const char *q, const char *arch) {
  if (!arch || !arch[0]) return 0;
  if (!strcmp(q, arch)) return 1;
  for (size_t k = 0; k < sizeof targets / sizeof targets[0]; ++k)
    if (!strcmp(q, targets[k].family) && !strncmp(arch, targets[k].arch_prefix, strlen(targets[k].arch_prefix)))
      return 1;
  return 0;
}

static int qual_matches(const char *q, const char *tag, const char *config, const char *arch) {
  if (!q[0]) return 1;
  if (config && !strcmp(q, config)) return 1;
  if (target_matches(q, arch)) return 1;
  if (!tag) return 0;
  if (!strcmp(q, tag)) return 1;
  /* "clang" matches every clang-NN. */
  size_t n = strlen(q);
  return !strncmp(tag, q, n) && tag[n] == '-';
}

int ok_expect_applies_on(const struct ok_expect *v, size_t n, size_t i, const char *tag, const char *config,
                         const char *arch) {
  if (!qual_matches(v[i].qualifier, tag, config, arch)) return 0;
  if (v[i].qualifier[0]) return 1;
  for (size_t j = 0; j < n; ++j)
    if (j != i && v[j].pragma_line == v[i].pragma_line && v[j].qualifier[0] && same_slot(&v[i], &v[j]) &&
        qual_matches(v[j].qualifier, tag, config, arch))
      return 0;
  return 1;
}

int ok_expect_applies(const struct ok_expect *v, size_t n, size_t i, const char *tag, const char *config) {
  return ok_expect_applies_on(v, n, i, tag, config, NULL);
}

void ok_compiler_tag(const char *compiler_version, const char *compiler, char *out, size_t n) {
  const char *v = compiler_version ? compiler_version : "";
  const char *p = strstr(v, "clang version ");
  if (p) {
    snprintf(out, n, "clang-%d", atoi(p + strlen("clang version ")));
    return;
  }
  const char *b = compiler ? strrchr(compiler, '/') : NULL;
  snprintf(out, n, "%s", b ? b + 1 : compiler ? compiler : "?");
}

/* The kernel-making target directives of a source, for `ompkit analyze` (issue 21): the same
 * is_target_pragma rule that binds EXPECT lines, outside block comments; the text has its
 * backslash-continued lines joined. */
long ok_target_pragmas(const char *buf, size_t len, ok_pragma_cb cb, void *ud) {
  long count = 0;
  int line = 0, in_block = 0;
  for (const char *p = buf, *end = buf + len; p < end;) {
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e) e = end;
    ++line;
    int first = line;
    if (!in_block && is_target_pragma(p, e)) {
      char text[1024];
      size_t used = 0;
      for (;;) { /* join continuation lines */
        const char *t = skip_ws(p, e), *te = e;
        int cont = te > t && te[-1] == '\\';
        if (cont) --te;
        while (te > t && (te[-1] == ' ' || te[-1] == '\t' || te[-1] == '\r')) --te;
        int k = snprintf(text + used, sizeof text - used, "%s%.*s", used ? " " : "", (int)(te - t), t);
        if (k > 0) used = used + (size_t)k < sizeof text ? used + (size_t)k : sizeof text - 1;
        if (!cont || e >= end) break;
        p = e + 1;
        e = memchr(p, '\n', (size_t)(end - p));
        if (!e) e = end;
        ++line;
      }
      ++count;
      if (cb && cb(first, text, ud)) break;
    } else {
      for (const char *q = p; q + 1 < e; ++q) {
        if (in_block && q[0] == '*' && q[1] == '/') in_block = 0, ++q;
        else if (!in_block && q[0] == '/' && q[1] == '/') break;
        else if (!in_block && q[0] == '/' && q[1] == '*') in_block = 1, ++q;
      }
    }
    p = e + 1;
  }
  return count;
}
