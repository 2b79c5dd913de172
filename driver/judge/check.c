/* ompkit check: the EXPECT comments of the omp_target sources against what the build produced
 * (device remarks, static execution mode from the device IR, registers from nvlink -v).
 * FileCheck-like report; exit 0 all hold, 1 a mismatch, 2 usage or environment. */
#define _GNU_SOURCE
#include "core.h"
#include "check.h"
#include "expect.h"
#include "known_defects.h"
#include "ok_kernel_id.h"
#include "ok_modes.h"
#include "ok_record.h"
#include "remarks.h"

#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct rec {
  char *function, *name;
  int line;
};

struct recs {
  struct rec *v;
  size_t n, cap;
};

static int keep_rec(const struct ok_remark *r, void *ud) {
  struct recs *x = ud;
  if (x->n == x->cap) {
    size_t cap = x->cap ? x->cap * 2 : 256;
    struct rec *nv = realloc(x->v, cap * sizeof *nv);
    if (!nv) return 1;
    x->v = nv;
    x->cap = cap;
  }
  x->v[x->n].function = strdup(r->function);
  x->v[x->n].name = strdup(r->name);
  x->v[x->n].line = r->line;
  x->n++;
  return 0;
}

static void recs_free(struct recs *x) {
  for (size_t i = 0; i < x->n; ++i) free(x->v[i].function), free(x->v[i].name);
  free(x->v);
  memset(x, 0, sizeof *x);
}

/* Sources found under --sources (or the catalogue), sorted. */
static char **g_files;
static size_t g_nfiles, g_capfiles;

static int g_only_omp_target; /* walking proxies/: only the omp_target model's files */

static int on_path(const char *p, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb, (void)ftw;
  if (type != FTW_F || !ok_is_kernel_source(p)) return 0;
  if (g_only_omp_target && !strstr(p, "/omp_target/")) return 0;
  if (g_nfiles == g_capfiles) {
    g_capfiles = g_capfiles ? g_capfiles * 2 : 64;
    char **nf = realloc(g_files, g_capfiles * sizeof *nf);
    if (!nf) return -1;
    g_files = nf;
  }
  g_files[g_nfiles++] = strdup(p);
  return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The tag EXPECT qualifiers name ("clang-19", "gcc-12"): one rule for check and run (expect.c). */
static void compiler_tag(const struct ok_config *c, char *out, size_t n) {
  ok_compiler_tag(c->compiler_version, c->compiler, out, n);
}

static int sym_matches(const char *fn, const char *sym) {
  size_t n = strlen(sym);
  return !strncmp(fn, sym, n) && (fn[n] == 0 || fn[n] == '_');
}

/* Whether the kernel symbol was made for the pragma at `line`: its name says _l<line>[_<n>]. */
int ok_kernel_for_line(const char *sym, int line) {
  struct ok_offload_sym o;
  return ok_offload_sym_parse(sym, &o) == 0 && o.line == line;
}

/* Whether the kernel's directive is in the source at `path` (its identity's file, from the TU's
 * keep/<stem>.sources): a header's region on the same line as the source's is not the source's.
 * By file name, as the TU itself is found by its stem: `check --sources DIR` judges a copy of a
 * source against the build's kernels. A build without the map (before identities): yes. */
static int kernel_in_file(const char *sym, json_t *sources, const char *path) {
  struct ok_offload_sym o;
  if (ok_offload_sym_parse(sym, &o)) return 1;
  const char *file = json_string_value(json_object_get(sources, o.filekey));
  if (!file) return 1;
  const char *fb = strrchr(file, '/'), *pb = strrchr(path, '/');
  return !strcmp(fb ? fb + 1 : file, pb ? pb + 1 : path);
}

struct out {
  int json, verbose;
  json_t *checks;
  long hold, failed, unattributed;
};

/* Remarks of one kernel: its own, its outlined helpers' (named after it), and those of any
 * function it reaches in the TU's call graph. */
int ok_remark_attributed(const char *function, const char *kernel, const struct ok_ir *ir) {
  return sym_matches(function, kernel) || (ir && ok_ir_reaches(ir, kernel, function));
}

static int attributed(const struct rec *r, const char *kernel, const struct ok_ir *ir) {
  return ok_remark_attributed(r->function, kernel, ir);
}

static void observed_ids(const struct recs *rs, const char *kernel, const struct ok_ir *ir, char *buf, size_t n) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < rs->n; ++i) {
    const struct rec *r = &rs->v[i];
    if (strncmp(r->name, "OMP", 3) || !attributed(r, kernel, ir)) continue;
    char pat[80];
    snprintf(pat, sizeof pat, " %s ", r->name);
    char padded[4096];
    snprintf(padded, sizeof padded, " %s ", buf);
    if (strstr(padded, pat)) continue;
    int k = snprintf(buf + used, n - used, "%s%s", used ? " " : "", r->name);
    if (k < 0 || (size_t)k >= n - used) break;
    used += (size_t)k;
  }
  if (!buf[0]) snprintf(buf, n, "no OMP remarks");
}

static void report(struct out *o, const struct ok_config *c, const char *tag, const char *file,
                   const struct ok_expect *e, const char *kernel, int ok, const char *expected, const char *observed,
                   const char *where) {
  char what[128];
  snprintf(what, sizeof what, "%s%s%s%s: %s", ok_expect_kind_name(e->kind), e->qualifier[0] ? "[" : "", e->qualifier,
           e->qualifier[0] ? "]" : "", e->value);
  if (e->kind == OK_EXPECT_MAX_REGISTERS && e->tolerance)
    snprintf(what + strlen(what), sizeof what - strlen(what), " +%ld", e->tolerance);
  if (ok) ++o->hold;
  else ++o->failed;
  if (o->json) {
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:s?,s:s,s:s,s:s,s:s,s:s,s:s?}", CHECK_STATUS, ok ? "pass" : "fail",
                          OK_FNAME(config), c->name, OK_FNAME(compiler), tag, "file", file, "line", e->line, "pragma_line",
                          e->pragma_line, OK_FNAME(kernel), kernel, "directive", ok_expect_kind_name(e->kind), "value", e->value,
                          "check", what, "expected", expected, "observed", observed, "evidence", where);
    if (e->qualifier[0]) json_object_set_new(j, "qualifier", json_string(e->qualifier));
    json_array_append_new(o->checks, j);
    return;
  }
  if (ok && !o->verbose) return;
  printf("%s:%d: %s: %s [%s, %s]\n", file, e->line, ok ? "ok" : "error", what, c->name, tag);
  if (ok) return;
  printf("  kernel:   %s (target region at %s:%d)\n", kernel ? kernel : "(none)", file, e->pragma_line);
  printf("  expected: %s\n", expected);
  printf("  observed: %s\n", observed);
  if (where) printf("  from:     %s\n", where);
}

static int newer(const char *a, const char *b) {
  struct stat sa, sb;
  return !stat(a, &sa) && !stat(b, &sb) && sa.st_mtime > sb.st_mtime;
}

/* Whether this configuration is held to the source's EXPECT comments: its sub-build lists those
 * sources in expect-sources.txt (the ablation configurations: the proxies only); a build without
 * the list is held to every source. */
static int built_here(const struct ok_config *c, const char *stem) {
  char path[PATH_MAX + 32], line[512];
  snprintf(path, sizeof path, "%s/expect-sources.txt", c->artefacts);
  FILE *f = fopen(path, "r");
  if (!f) return 1;
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    found = !strcmp(line, stem);
  }
  fclose(f);
  return found;
}

/* Checks one source against one configuration. Returns 0, or -1 on an environment error. */
static int check_file(struct out *o, const struct ok_config *c, const char *tag, const char *path, const char *unit,
                      struct ok_expect *ex, size_t nex, json_t *regs, int warn_stale) {
  const char *b = strrchr(unit ? unit : path, '/');
  char stem[256], yaml[PATH_MAX + 300], ll[PATH_MAX + 300], err[1024];
  snprintf(stem, sizeof stem, "%s", b ? b + 1 : unit ? unit : path);
  char *dot = strrchr(stem, '.');
  if (dot) *dot = 0; /* x.c, x.cpp */
  snprintf(yaml, sizeof yaml, "%s/remarks/%s.device.opt.yaml", c->artefacts, stem);
  if (!built_here(c, stem)) return 0; /* not held to this source (the ablation configurations) */
  ok_device_code_path(ll, sizeof ll, c->artefacts, stem);
  struct ok_ir *ir = ok_ir_load(ll, err, sizeof err);
  if (!ir) {
    ok_err("check: %s: %s (build first: ./ompkit build)", c->name, err);
    return -1;
  }
  struct recs rs = {0};
  if (ok_remarks_parse_file(yaml, keep_rec, &rs, err, sizeof err) < 0) {
    ok_err("check: %s: %s (build first: ./ompkit build)", c->name, err);
    recs_free(&rs);
    ok_ir_free(ir);
    return -1;
  }
  json_t *sources = ok_kernel_sources_load(c->artefacts, stem);
  const char *fam = ok_target_family(c->offload_arch);
  const int amd = fam && !strcmp(fam, "amdgpu");
  if (warn_stale && newer(path, ll))
    fprintf(stderr, "ompkit: check: warning: %s is newer than %s; rebuild for current results\n", path, ll);
  for (size_t i = 0; i < nex; ++i) {
    const struct ok_expect *e = &ex[i];
    if (e->kind == OK_EXPECT_FAIL) continue; /* a run-time outcome: ompkit run applies it (known_defects.c) */
    if (!ok_expect_applies_on(ex, nex, i, tag, c->name, c->offload_arch)) continue;
    /* MAX-REGISTERS counts NVPTX registers (nvlink); an AMD kernel's VGPRs are held only by a
     * line that names its target ([amdgpu], [gfx90a]): the two back ends' counts differ. */
    if (e->kind == OK_EXPECT_MAX_REGISTERS && !e->qualifier[0] && amd) continue;
    /* The kernel(s) this target region became. */
    size_t nk = ok_ir_nkernels(ir), found = 0;
    for (size_t k = 0; k < nk; ++k) {
      int mode;
      const char *ks = ok_ir_kernel(ir, k, &mode);
      if (!ok_kernel_for_line(ks, e->pragma_line) || !kernel_in_file(ks, sources, path)) continue;
      ++found;
      char expected[256], observed[4096], where[PATH_MAX + 400];
      int ok = 0;
      switch (e->kind) {
      case OK_EXPECT_FAIL: continue; /* skipped above */
      case OK_EXPECT_REMARK:
      case OK_EXPECT_NO_REMARK: {
        int seen = 0, rline = 0;
        for (size_t r = 0; r < rs.n && !seen; ++r)
          if (!strcmp(rs.v[r].name, e->value) && attributed(&rs.v[r], ks, ir)) seen = 1, rline = rs.v[r].line;
        ok = (e->kind == OK_EXPECT_REMARK) == seen;
        snprintf(expected, sizeof expected, "%s %s on the kernel, its outlined helpers or the functions it calls",
                 e->kind == OK_EXPECT_REMARK ? "remark" : "no remark", e->value);
        char ids[2048];
        observed_ids(&rs, ks, ir, ids, sizeof ids);
        if (seen && rline) snprintf(observed, sizeof observed, "%s (%s at source line %d)", ids, e->value, rline);
        else snprintf(observed, sizeof observed, "%s; mode %s", ids, ok_exec_mode_name(mode) ? ok_exec_mode_name(mode) : "?");
        snprintf(where, sizeof where, "%s", yaml);
        break;
      }
      case OK_EXPECT_MODE: {
        const char *m = ok_exec_mode_name(mode);
        ok = m && !strcmp(m, e->value);
        snprintf(expected, sizeof expected, "execution mode %s", e->value);
        if (!m) snprintf(observed, sizeof observed, "unknown ExecMode %d", mode);
        else if (ok_mode_of(m) == OKMODE_GENERIC_SPMD) snprintf(observed, sizeof observed, "%s (generic region SPMDized by the compiler)", m);
        else snprintf(observed, sizeof observed, "%s", m);
        snprintf(where, sizeof where, "%s (ExecMode %d in %s_kernel_environment)", ll, mode, ks);
        break;
      }
      case OK_EXPECT_MAX_REGISTERS: {
        json_t *rv = json_object_get(regs, ks);
        snprintf(expected, sizeof expected, "at most %ld registers%s", e->max + e->tolerance, "");
        if (e->tolerance)
          snprintf(expected, sizeof expected, "at most %ld registers (%ld +%ld)", e->max + e->tolerance, e->max,
                   e->tolerance);
        if (!rv) {
          snprintf(observed, sizeof observed, "no resource line for this kernel");
        } else {
          ok = json_integer_value(rv) <= e->max + e->tolerance;
          snprintf(observed, sizeof observed, "%lld %s", (long long)json_integer_value(rv), amd ? "VGPRs" : "registers");
        }
        snprintf(where, sizeof where, "%s/resources/*.txt", c->artefacts);
        break;
      }
      }
      report(o, c, tag, path, e, ks, ok, expected, observed, where);
    }
    if (!found) {
      char expected[128], observed[256];
      snprintf(expected, sizeof expected, "an offload kernel named __omp_offloading_*_l%d", e->pragma_line);
      snprintf(observed, sizeof observed, "none among the %zu kernel(s) of the device IR", nk);
      report(o, c, tag, path, e, NULL, 0, expected, observed, ll);
    }
  }
  /* Remarks that no kernel of this TU reaches (for instance in a function only a pointer calls). */
  for (size_t r = 0; r < rs.n; ++r) {
    if (strncmp(rs.v[r].name, "OMP", 3)) continue;
    int any = 0;
    for (size_t k = 0, nk = ok_ir_nkernels(ir); k < nk && !any; ++k) any = attributed(&rs.v[r], ok_ir_kernel(ir, k, NULL), ir);
    if (!any) {
      ++o->unattributed;
      if (o->verbose && !o->json) printf("%s: note: %s in %s is unattributed (no kernel reaches it)\n", yaml, rs.v[r].name, rs.v[r].function);
    }
  }
  recs_free(&rs);
  ok_ir_free(ir);
  json_decref(sources);
  return 0;
}

/* A kernel's registers: NVPTX's, or an AMD kernel's VGPRs (their own count, see check_tu). */
static int on_regs(const struct ok_resource *r, void *ud) {
  json_object_set_new(ud, r->function, json_integer(r->vgprs >= 0 ? r->vgprs : r->registers));
  return 0;
}

/* Whether a path is a kernel source check reads: C, or C++ (issue 21). */
int ok_is_kernel_source(const char *p) {
  size_t n = strlen(p);
  return (n > 2 && !strcmp(p + n - 2, ".c")) || (n > 4 && !strcmp(p + n - 4, ".cpp"));
}

/* One source's EXPECT lines against one artefacts folder laid out as a configuration's
 * (remarks/<stem>.device.opt.yaml, keep/<stem>.ptx, resources/ *.txt): `ompkit analyze` builds
 * such folders and takes check's verdicts from here. A header's lines (path a header, unit the
 * translation unit that includes it: its stem names the artefacts) are judged on the kernels whose
 * identity names the header (issue 30 §7); unit NULL: path is the unit. Appends check records to
 * `checks`. Returns 0, 1 a malformed EXPECT line or missing artefacts (one-line message in err). */
int ok_check_source_in(const struct ok_config *c, const char *path, const char *unit, json_t *checks, long *hold,
                       long *failed, char *err, size_t errlen) {
  struct out o = {1, 0, checks, 0, 0, 0};
  struct ok_expect *ex = NULL;
  size_t nex = 0;
  *hold = *failed = 0;
  if (ok_expect_parse_file(path, &ex, &nex, err, errlen)) return 1;
  char tag[64], pat[PATH_MAX + 32];
  compiler_tag(c, tag, sizeof tag);
  json_t *regs = json_object();
  glob_t g;
  snprintf(pat, sizeof pat, "%s/resources/*.txt", c->artefacts);
  if (glob(pat, 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; ++k) ok_resources_parse_file(g.gl_pathv[k], on_regs, regs, err, errlen);
    globfree(&g);
  }
  err[0] = 0;
  int rc = nex ? check_file(&o, c, tag, path, unit, ex, nex, regs, 0) : 0;
  if (rc) snprintf(err, errlen, "%s: artefacts missing under %s", c->name, c->artefacts);
  json_decref(regs);
  free(ex);
  *hold = o.hold, *failed = o.failed;
  return rc ? 1 : 0;
}

int ok_check_source(const struct ok_config *c, const char *path, json_t *checks, long *hold, long *failed, char *err,
                    size_t errlen) {
  return ok_check_source_in(c, path, NULL, checks, hold, failed, err, errlen);
}

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit check [--config NAME | --compiler NAME] [--sources DIR] [--json] [-v]\n"
             "  Compares the EXPECT-* comments of the omp_target sources with the built artefacts.\n"
             "  --config NAME    one configuration (default: every enabled omp_target one of the reference\n"
             "                   compilers, their AMD targets included; the compiler matrix's when named)\n"
             "  --compiler NAME  configurations whose compiler is NAME (clang-19, or the compiler's file name)\n"
             "  --sources DIR    read the EXPECT comments from the .c and .cpp files under DIR (recursively)\n"
             "  --json           one JSON object on stdout\n"
             "  -v               also print the expectations that hold\n"
             "exit: 0 all hold, 1 a mismatch, 2 usage or environment error\n");
}

/* What to check: which configurations (by name or compiler) and where the sources are. */
struct check_opts {
  const char *want_config, *want_compiler, *sources;
};

/* check's options into o and q. Returns an exit status, or -1 to go on. */
static int check_opts(int argc, char **argv, struct out *o, struct check_opts *q) {
  static const struct option lo[] = {{"json", 0, 0, 'j'},     {"verbose", 0, 0, 'v'}, {"help", 0, 0, 'h'},
                                     {"config", 1, 0, 'c'},   {"compiler", 1, 0, 'C'}, {"sources", 1, 0, 's'},
                                     {0, 0, 0, 0}};
  int ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "hv", lo, NULL)) != -1) {
    switch (ch) {
    case 'j': o->json = 1; break;
    case 'v': o->verbose = 1; break;
    case 'h': usage(stdout); return OK_EXIT_OK;
    case 'c': q->want_config = optarg; break;
    case 'C': q->want_compiler = optarg; break;
    case 's': q->sources = optarg; break;
    default: return ok_bad_option("check", argv);
    }
  }
  if (optind < argc) return ok_bad_argument("check", argv[optind]);
  if (q->want_config && q->want_compiler) {
    ok_err("check: give --config or --compiler, not both");
    return OK_EXIT_USAGE;
  }
  return -1;
}

/* A compiler-matrix configuration built by a reference configuration's own compiler for another
 * target (target-clang19-gfx90a): the EXPECT lines, qualified per target where the targets
 * differ ([amdgpu]), describe it too, so the default check covers it. */
static int reference_compiler_other_target(const struct ok_manifest *m, const struct ok_config *c) {
  if (!c->offload_arch || !c->compiler) return 0;
  for (int k = 0; k < m->n; ++k) {
    const struct ok_config *r = &m->configs[k];
    if (r != c && !r->matrix && r->enabled && r->model_id == OKM_OMP_TARGET && r->compiler && !strcmp(r->compiler, c->compiler))
      return 1;
  }
  return 0;
}

/* The configurations to check into picked (np of them); the compiler matrix's, left to
 * --config, named in matrix_left. Returns OK_EXIT_OK or the usage status after its error. */
static int pick_configs(const struct ok_manifest *m, const struct check_opts *q, int *picked, int *np,
                        char *matrix_left, size_t nml) {
  int rc = OK_EXIT_OK;
  for (int i = 0; i < m->n && *np < 256; ++i) {
    const struct ok_config *c = &m->configs[i];
    char tag[64];
    compiler_tag(c, tag, sizeof tag);
    const char *base = c->compiler ? strrchr(c->compiler, '/') : NULL;
    base = base ? base + 1 : c->compiler;
    int match = q->want_config ? !strcmp(c->name, q->want_config)
                : q->want_compiler ? !strcmp(tag, q->want_compiler) || (base && !strcmp(base, q->want_compiler))
                                   : 1;
    if (!match || c->model_id != OKM_OMP_TARGET) {
      if (match && q->want_config) {
        ok_err("check: configuration %s is %s, not omp_target", c->name, c->model);
        rc = OK_EXIT_USAGE;
      }
      continue;
    }
    if (!c->enabled) {
      if (q->want_config || q->want_compiler) {
        ok_err("check: configuration %s is disabled (%s)", c->name, c->reason);
        rc = OK_EXIT_USAGE;
      }
      continue;
    }
    /* EXPECT lines are about LLVM's remarks and modes: a GCC configuration has none to check;
     * configurations that share a build (target-clang16-oldplugin) are checked once. */
    int gcc = base && !strncmp(base, "gcc", 3), dup = 0;
    for (int k = 0; k < *np; ++k) dup |= !strcmp(m->configs[picked[k]].artefacts, c->artefacts);
    /* The EXPECT lines describe the reference compiler; the compiler matrix's other compilers are
     * compared with them on request (--config NAME), where their differences are the point. */
    if (c->matrix && !q->want_config && !q->want_compiler && !reference_compiler_other_target(m, c)) {
      size_t l = strlen(matrix_left);
      snprintf(matrix_left + l, nml - l, "%s%s", l ? ", " : "", c->name);
      continue;
    }
    if (gcc || dup) {
      if (q->want_config) {
        if (gcc) ok_err("check: configuration %s has no LLVM remarks to check (GCC)", c->name), rc = OK_EXIT_USAGE;
        else picked[(*np)++] = i;
      }
      continue;
    }
    picked[(*np)++] = i;
  }
  if (rc == OK_EXIT_OK && !*np) {
    if (q->want_config || q->want_compiler)
      ok_err("check: no omp_target configuration named %s", q->want_config ? q->want_config : q->want_compiler);
    else ok_err("check: no omp_target configuration is enabled (ompkit list --configs says why)");
    rc = OK_EXIT_USAGE;
  }
  return rc;
}

/* The sources into g_files, sorted: dir's, and without --sources the proxies' omp_target files
 * (proxies/<name>/omp_target/), which are part of the catalogue. 0, or 1 after the error. */
static int find_sources(const struct ok_manifest *m, const char *dir, int own_sources) {
  g_nfiles = 0;
  if (nftw(dir, on_path, 16, FTW_PHYS)) {
    ok_err("check: cannot walk %s", dir);
    return 1;
  }
  char pdir[PATH_MAX];
  if (!own_sources && !kd_proxies_dir(m, pdir, sizeof pdir)) { /* the build's tree, else the bundle's copy */
    g_only_omp_target = 1;
    int bad = nftw(pdir, on_path, 16, FTW_PHYS);
    g_only_omp_target = 0;
    if (bad) {
      ok_err("check: cannot walk %s", pdir);
      return 1;
    }
  }
  qsort(g_files, g_nfiles, sizeof *g_files, cmp_str);
  return 0;
}

/* Every source's EXPECT lines first (a malformed one stops the check before any report), then
 * each picked configuration against them. nsrc, nexp: sources with EXPECT lines, and the lines. */
static int check_sources(struct out *o, const struct ok_manifest *m, const int *picked, int np, int own_sources,
                         size_t *nsrc, size_t *nexp) {
  int rc = OK_EXIT_OK;
  struct ok_expect **ex = calloc(g_nfiles + 1, sizeof *ex);
  size_t *nex = calloc(g_nfiles + 1, sizeof *nex);
  char err[1024];
  for (size_t f = 0; f < g_nfiles && rc == OK_EXIT_OK; ++f) {
    if (ok_expect_parse_file(g_files[f], &ex[f], &nex[f], err, sizeof err)) {
      ok_err("check: %s", err);
      rc = OK_EXIT_USAGE;
    }
    *nexp += nex[f];
    *nsrc += nex[f] > 0;
  }
  for (int p = 0; p < np && rc == OK_EXIT_OK; ++p) {
    const struct ok_config *c = &m->configs[picked[p]];
    char tag[64];
    compiler_tag(c, tag, sizeof tag);
    json_t *regs = json_object();
    glob_t g;
    char pat[PATH_MAX + 32];
    snprintf(pat, sizeof pat, "%s/resources/*.txt", c->artefacts);
    if (glob(pat, 0, NULL, &g) == 0) {
      for (size_t k = 0; k < g.gl_pathc; ++k) ok_resources_parse_file(g.gl_pathv[k], on_regs, regs, err, sizeof err);
      globfree(&g);
    }
    for (size_t f = 0; f < g_nfiles && rc == OK_EXIT_OK; ++f)
      if (nex[f] && check_file(o, c, tag, g_files[f], NULL, ex[f], nex[f], regs, !own_sources)) rc = OK_EXIT_USAGE;
    json_decref(regs);
  }
  for (size_t f = 0; f < g_nfiles; ++f) free(ex[f]);
  free(ex);
  free(nex);
  for (size_t f = 0; f < g_nfiles; ++f) free(g_files[f]);
  return rc;
}

/* check --json's document. */
static json_t *check_json(const struct out *o, size_t nsrc) {
  return json_pack("{s:b,s:i,s:i,s:i,s:i,s:o}", "ok", !o->failed, "sources", (json_int_t)nsrc, "hold",
                   (json_int_t)o->hold, "fail", (json_int_t)o->failed, "unattributed_remarks",
                   (json_int_t)o->unattributed, "checks", json_incref(o->checks));
}

/* The check's summary: one JSON object (--json) or its lines. */
static void print_check(const struct out *o, size_t nsrc, int np, const char *matrix_left) {
  if (o->json) {
    json_t *j = check_json(o, nsrc);
    char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
    puts(s);
    free(s);
    json_decref(j);
  } else {
    printf("ompkit check: %zu source(s), %ld check(s) in %d configuration(s): %ld hold, %ld fail%s\n", nsrc,
           o->hold + o->failed, np, o->hold, o->failed, o->failed ? "" : " - all expectations hold");
    if (matrix_left[0]) printf("ompkit check: compiler matrix, checked only with --config NAME: %s\n", matrix_left);
  }
}

/* The check of the driver's build, as asked by o and q: printed, or with doc its --json document
 * into *doc. Returns check's exit status. */
static int check_main(struct out *o, const struct check_opts *q, json_t **doc) {
  struct ok_manifest m;
  if (ok_manifest_load(&m)) return OK_EXIT_USAGE;
  g_nfiles = 0;
  char dir[PATH_MAX];
  if (q->sources) snprintf(dir, sizeof dir, "%s", q->sources);
  else {
    char k[PATH_MAX - 16];
    kd_sources_dir(&m, k, sizeof k); /* the build's tree, else the bundle's copy */
    snprintf(dir, sizeof dir, "%s/omp_target", k);
  }
  struct stat st;
  if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
    ok_err("check: %s is not a directory", dir);
    ok_manifest_free(&m);
    return OK_EXIT_USAGE;
  }
  int picked[256], np = 0;
  char matrix_left[1024] = ""; /* compiler-matrix configurations left to --config */
  int rc = pick_configs(&m, q, picked, &np, matrix_left, sizeof matrix_left);
  if (rc == OK_EXIT_OK && find_sources(&m, dir, q->sources != NULL)) rc = OK_EXIT_USAGE;
  if (rc != OK_EXIT_OK) {
    ok_manifest_free(&m);
    return rc;
  }
  o->checks = json_array();
  size_t nexp = 0, nsrc = 0;
  rc = check_sources(o, &m, picked, np, q->sources != NULL, &nsrc, &nexp);
  if (rc == OK_EXIT_OK && !nexp) {
    ok_err("check: no EXPECT comments in the .c/.cpp files under %s", dir);
    rc = OK_EXIT_USAGE;
  }
  if (rc == OK_EXIT_OK) {
    rc = o->failed ? OK_EXIT_FINDING : OK_EXIT_OK;
    if (doc) *doc = check_json(o, nsrc);
    else print_check(o, nsrc, np, matrix_left);
  }
  json_decref(o->checks);
  ok_manifest_free(&m);
  return rc;
}

int ok_check_doc(json_t **doc) {
  struct out o = {.json = 1};
  struct check_opts q = {0};
  *doc = NULL;
  return check_main(&o, &q, doc);
}

int cmd_check(int argc, char **argv) {
  struct out o = {0};
  struct check_opts q = {0};
  int rc = check_opts(argc, argv, &o, &q);
  if (rc >= 0) return rc;
  return check_main(&o, &q, NULL);
}
