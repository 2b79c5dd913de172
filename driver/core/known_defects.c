/* Known defects (known_defects.h): EXPECT-FAIL markers read from the kernel and proxy sources
 * and applied to result lines by ompkit run and ompkit nightly. */
#define _GNU_SOURCE
#include "resultset.h"
#include "known_defects.h"

#include "ok_record.h"
#include "status.h"

#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct kd_marker {
  struct ok_expect e; /* first: kd_find's pointer is the marker's */
  char file[PATH_MAX];
  char model[32];
};

struct ok_defects {
  struct kd_marker *v;
  size_t n, cap;
};

/* nftw has no user pointer: the walk in progress. */
static struct ok_defects *g_d;
static const char *g_model;
static char *g_err;
static size_t g_errlen;

static int on_source(const char *p, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb, (void)ftw;
  size_t len = strlen(p);
  static const char *const ext[] = {".c", ".cu", ".cpp", NULL}; /* the kernels' sources, C++ ones too */
  int src = 0;
  for (int e = 0; ext[e]; ++e) src |= len > strlen(ext[e]) && !strcmp(p + len - strlen(ext[e]), ext[e]);
  if (type != FTW_F || !src) return 0;
  struct ok_expect *v;
  size_t n;
  if (ok_expect_parse_file(p, &v, &n, g_err, g_errlen)) return 1;
  for (size_t i = 0; i < n; ++i) {
    if (v[i].kind != OK_EXPECT_FAIL) continue;
    /* A marker names a failing status of the one table (ok_status.def): anything else never matches. */
    if (!ok_status_fails(ok_status_parse(v[i].value, NULL)) && ok_status_parse(v[i].value, NULL) != OK_ST_NOT_BUILT) {
      snprintf(g_err, g_errlen, "%s:%d: EXPECT-FAIL: '%s' is not a failing status (ok_status.def)", p, v[i].line, v[i].value);
      free(v);
      return 1;
    }
    if (g_d->n == g_d->cap) {
      size_t cap = g_d->cap ? g_d->cap * 2 : 16;
      struct kd_marker *nv = realloc(g_d->v, cap * sizeof *nv);
      if (!nv) {
        free(v);
        snprintf(g_err, g_errlen, "out of memory");
        return 1;
      }
      g_d->v = nv, g_d->cap = cap;
    }
    struct kd_marker *k = &g_d->v[g_d->n++];
    k->e = v[i];
    snprintf(k->file, sizeof k->file, "%s", p);
    snprintf(k->model, sizeof k->model, "%s", g_model);
  }
  free(v);
  return 0;
}

/* <source_dir>/WHAT, else <manifest dir>/WHAT (a bundle carries the sources beside its manifest);
 * -1 when neither is a folder (out then names the first). */
static int tree_dir(const struct ok_manifest *m, const char *what, char *out, size_t n) {
  struct stat st;
  snprintf(out, n, "%s/%s", m->source_dir ? m->source_dir : ".", what);
  if (!stat(out, &st) && S_ISDIR(st.st_mode)) return 0;
  char first[PATH_MAX];
  snprintf(first, sizeof first, "%s", out);
  snprintf(out, n, "%s/%s", m->dir, what);
  if (!stat(out, &st) && S_ISDIR(st.st_mode)) return 0;
  snprintf(out, n, "%s", first);
  return -1;
}

int kd_sources_dir(const struct ok_manifest *m, char *out, size_t n) { return tree_dir(m, "kernels", out, n); }
int kd_proxies_dir(const struct ok_manifest *m, char *out, size_t n) { return tree_dir(m, "proxies", out, n); }

/* Walks <dir>/<model>/ for g_model; a missing folder is no error. */
static int walk_model(const char *dir) {
  char sub[PATH_MAX + 64];
  struct stat st;
  snprintf(sub, sizeof sub, "%s/%s", dir, g_model);
  if (stat(sub, &st) || !S_ISDIR(st.st_mode)) return 0;
  if (nftw(sub, on_source, 16, FTW_PHYS)) {
    if (!g_err[0]) snprintf(g_err, g_errlen, "cannot walk %s", sub);
    return -1;
  }
  return 0;
}

struct ok_defects *kd_load(const struct ok_manifest *m, const char *dir, char *err, size_t errlen) {
  char base[PATH_MAX], proxies[PATH_MAX];
  struct stat st;
  if (dir) snprintf(base, sizeof base, "%s", dir);
  else kd_sources_dir(m, base, sizeof base);
  if (stat(base, &st) || !S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "kernel sources not found at %s", base);
    return NULL;
  }
  /* The proxies' model files (proxies/<name>/<model>/) register variants too; a tree without
   * proxies (an old bundle) has none to mark. */
  int have_proxies = !dir && !kd_proxies_dir(m, proxies, sizeof proxies);
  struct ok_defects *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  g_d = d, g_err = err, g_errlen = errlen;
  err[0] = 0;
  for (int i = 0; i < m->n; ++i) {
    const char *model = m->configs[i].model;
    int seen = 0;
    for (int j = 0; j < i; ++j) seen |= !strcmp(m->configs[j].model, model);
    if (seen) continue;
    g_model = model;
    int bad = walk_model(base);
    DIR *pd = have_proxies && !bad ? opendir(proxies) : NULL;
    for (struct dirent *e; pd && !bad && (e = readdir(pd));) {
      if (e->d_name[0] == '.') continue;
      char one[PATH_MAX + 256];
      snprintf(one, sizeof one, "%s/%s", proxies, e->d_name);
      bad = walk_model(one);
    }
    if (pd) closedir(pd);
    if (bad) {
      kd_free(d);
      return NULL;
    }
  }
  return d;
}

void kd_free(struct ok_defects *d) {
  if (!d) return;
  free(d->v);
  free(d);
}

size_t kd_count(const struct ok_defects *d) { return d ? d->n : 0; }

static int applies(const struct kd_marker *k, const struct ok_config *c) {
  if (strcmp(k->model, c->model)) return 0;
  char tag[64];
  ok_compiler_tag(c->compiler_version, c->compiler, tag, sizeof tag);
  return ok_expect_applies_on(&k->e, 1, 0, tag, c->name, c->offload_arch);
}

const struct ok_expect *kd_find(const struct ok_defects *d, const struct ok_config *c, const char *kernel,
                                const char *variant) {
  if (!d || !kernel || !variant) return NULL;
  for (size_t i = 0; i < d->n; ++i)
    if (!strcmp(d->v[i].e.kernel, kernel) && !strcmp(d->v[i].e.variant, variant) && applies(&d->v[i], c))
      return &d->v[i].e;
  return NULL;
}

const struct ok_expect *kd_nth(const struct ok_defects *d, const struct ok_config *c, size_t i) {
  for (size_t k = 0; d && k < d->n; ++k)
    if (applies(&d->v[k], c) && i-- == 0) return &d->v[k].e;
  return NULL;
}

void kd_describe(const struct ok_expect *e, char *buf, size_t n) {
  const struct kd_marker *k = (const struct kd_marker *)e;
  snprintf(buf, n, "EXPECT-FAIL[%s]: %s%s%s%s at %s:%d", e->qualifier, e->value, e->note[0] ? " (" : "", e->note,
           e->note[0] ? ")" : "", k->file, e->line);
}

enum kd_outcome kd_apply(const struct ok_defects *d, const struct ok_config *c, json_t *line) {
  const struct ok_expect *e = kd_find(d, c, rs_str(line, OKF_kernel),
                                      rs_str(line, OKF_variant));
  if (!e) return KD_NONE;
  char what[PATH_MAX + 512];
  kd_describe(e, what, sizeof what);
  json_object_set_new(line, OK_FNAME(expect_fail), json_string(what));
  ok_line_normalize(line);
  enum ok_status s = ok_line_status(line);
  if (s == OK_ST_KNOWN_DEFECT) return KD_KNOWN; /* applied before (a line read back) */
  if (s == OK_ST_FIXED) return KD_PASSED;
  /* The marked status first: `not built` is no failure by itself, but marked it is the defect. */
  if (s != OK_ST_UNKNOWN && ok_status_parse(e->value, NULL) == s) {
    const char *err = rs_str(line, OKF_error);
    char why[1024];
    snprintf(why, sizeof why, "%s%s%s", ok_status_name(s), err && *err ? ": " : "", err && *err ? err : "");
    ok_line_set_status(line, OK_ST_KNOWN_DEFECT, why);
    return KD_KNOWN;
  }
  switch (ok_status_class(s)) {
  case OK_SC_PASS: /* passed under the marker: fixed? (its numbers stay) */
  case OK_SC_NOTMEAS: ok_line_set_status(line, OK_ST_FIXED, NULL); return KD_PASSED;
  case OK_SC_FAIL: return KD_OTHER;
  default: return KD_NONE; /* skipped, not built: says nothing about the defect */
  }
}
