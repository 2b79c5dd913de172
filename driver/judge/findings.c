/* ompkit findings: runs every finding's reproducer (docs/findings/repro/<name>/run.sh) with every
 * installed compiler and compares each status with what the reproducer declares. A run.sh prints
 * one line per compiler: "finding\tNAME\tCOMPILER\tSTATUS\tEXPECTED\tVERSION\tDETAIL"
 * (docs/findings/repro/lib.sh). Exit 1 when a status changed (an upstream fix landed, or a fixed
 * defect came back) or a reproducer broke, so a nightly job learns it the day it happens. */
#define _GNU_SOURCE
#include "findings.h"

#include "core.h"
#include "resultset.h"

#include <dirent.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const known[] = {"clang-16", "clang-19", "clang-22", "gcc-12", "own"};
#define N_KNOWN (sizeof known / sizeof known[0])

/* "target-clang19,gcc-12" -> "clang-19,gcc-12" in out; -1 (with the bad name in bad) when a name
 * is none of the known compilers. The kit's configuration names are accepted for convenience. */
static int normalize_configs(const char *in, char *out, size_t n, char *bad, size_t bn) {
  char *copy = strdup(in), *save = NULL;
  out[0] = 0;
  int rc = 0;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    char name[64];
    int v;
    if (sscanf(t, "target-clang%d", &v) == 1) snprintf(name, sizeof name, "clang-%d", v);
    else if (sscanf(t, "target-gcc%d", &v) == 1) snprintf(name, sizeof name, "gcc-%d", v);
    else snprintf(name, sizeof name, "%s", t);
    size_t i = 0;
    while (i < N_KNOWN && strcmp(known[i], name)) ++i;
    if (i == N_KNOWN) {
      snprintf(bad, bn, "%s", t);
      rc = -1;
      break;
    }
    size_t l = strlen(out);
    snprintf(out + l, n - l, "%s%s", l ? "," : "", name);
  }
  free(copy);
  return rc;
}

static int in_list(const char *list, const char *name) {
  if (!list) return 1;
  size_t l = strlen(name);
  for (const char *p = list; (p = strstr(p, name)); p += l)
    if ((p == list || p[-1] == ',') && (p[l] == ',' || !p[l])) return 1;
  return 0;
}

/* A run.sh marked "# findings: slow" in its first lines is left out by --quick. */
static int is_slow(const char *script) {
  FILE *f = fopen(script, "r");
  if (!f) return 0;
  char line[256];
  int slow = 0;
  for (int i = 0; i < 5 && fgets(line, sizeof line, f); ++i) slow |= strstr(line, "# findings: slow") != NULL;
  fclose(f);
  return slow;
}

static int changed(const char *status, const char *expected) {
  int s = !strcmp(status, "reproduces") || !strcmp(status, "fixed");
  int e = !strcmp(expected, "reproduces") || !strcmp(expected, "fixed");
  return s && e && strcmp(status, expected);
}

/* Parses one run.sh's output into results (an array); returns how many lines it took. */
static int parse_lines(char *out, json_t *results, json_t *compilers) {
  int n = 0;
  char *save = NULL;
  for (char *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char *f[7] = {0};
    int k = 0;
    for (char *p = line; k < 7; ++k) {
      f[k] = p;
      char *tab = k < 6 ? strchr(p, '\t') : NULL;
      if (!tab) break;
      *tab = 0;
      p = tab + 1;
    }
    if (k < 6 || strcmp(f[0], "finding")) continue;
    json_t *r = json_pack("{s:s, s:s, s:s, s:s, s:s, s:b}", FINDING_COMPILER, f[2], FINDING_STATUS, f[3], "expected", f[4],
                          "version", f[5], FINDING_DETAIL, f[6] ? f[6] : "", "changed", changed(f[3], f[4]));
    json_array_append_new(results, r);
    if (f[5][0]) json_object_set_new(compilers, f[2], json_string(f[5]));
    ++n;
  }
  return n;
}

static json_t *run_one(const struct ok_findings_opts *o, const char *dir, const char *name, json_t *compilers) {
  char script[4400], cfg[600], gpu[32], own[4200];
  snprintf(script, sizeof script, "%s/%s/run.sh", dir, name);
  json_t *f = json_pack("{s:s, s:[]}", "name", name, "results");
  if (o->quick && is_slow(script)) {
    json_object_set_new(f, "skipped", json_string("slow (left out by --quick)"));
    return f;
  }
  char *env[4] = {0};
  int ne = 0;
  if (o->configs) snprintf(cfg, sizeof cfg, "FINDINGS_CONFIGS=%s", o->configs), env[ne++] = cfg;
  if (o->gpu >= 0) snprintf(gpu, sizeof gpu, "FINDINGS_GPU=%d", o->gpu), env[ne++] = gpu;
  if (o->own_llvm) snprintf(own, sizeof own, "FINDINGS_OWN_LLVM=%s", o->own_llvm), env[ne++] = own;
  char *argv[] = {"/bin/sh", script, NULL};
  struct ok_proc p;
  double t0 = ok_now();
  json_t *results = json_object_get(f, "results");
  if (ok_spawn(argv, env, 900, &p)) {
    json_object_set_new(f, "skipped", json_string("could not start sh"));
    return f;
  }
  int n = parse_lines(p.out, results, compilers);
  if (!p.exited || p.code || !n) { /* the reproducer itself broke: one error row says how */
    char why[300];
    for (char *e = p.err; e && *e; ++e)
      if (*e == '\n') *e = ' ';
    snprintf(why, sizeof why, "run.sh %s%s: %.200s", p.timed_out ? "timed out" : "failed",
             n ? " after its lines" : " with no result line", p.err ? p.err : "");
    json_array_append_new(results, json_pack("{s:s, s:s, s:s, s:s, s:s, s:b}", FINDING_COMPILER, "run.sh", FINDING_STATUS,
                                             "error", "expected", "n/a", "version", "", FINDING_DETAIL, why, "changed", 0));
  }
  if (o->progress) fprintf(stderr, "ompkit findings: %s (%.1f s)\n", name, ok_now() - t0);
  ok_proc_free(&p);
  return f;
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

static int repro_dir(const struct ok_findings_opts *o, char *out, size_t n) {
  if (o->dir) {
    snprintf(out, n, "%s", o->dir);
  } else {
    struct ok_manifest m;
    if (ok_manifest_load(&m)) return -1;
    snprintf(out, n, "%s/docs/findings/repro", m.source_dir ? m.source_dir : m.dir);
    ok_manifest_free(&m);
  }
  struct stat st;
  if (stat(out, &st) || !S_ISDIR(st.st_mode)) {
    ok_err("no findings folder at %s (give one with --dir)", out);
    return -1;
  }
  return 0;
}

json_t *ok_findings_run(const struct ok_findings_opts *o) {
  char dir[4096];
  if (repro_dir(o, dir, sizeof dir)) return NULL;
  struct dirent **ents;
  int ne = scandir(dir, &ents, NULL, by_name);
  if (ne < 0) {
    ok_err("cannot read %s", dir);
    return NULL;
  }
  json_t *doc = json_pack("{s:s, s:{}, s:[]}", "dir", dir, "compilers", "findings");
  json_t *compilers = json_object_get(doc, "compilers"), *all = json_object_get(doc, "findings");
  int nchanged = 0, nerr = 0;
  for (int i = 0; i < ne; ++i) {
    char script[4400];
    struct stat st;
    snprintf(script, sizeof script, "%s/%s/run.sh", dir, ents[i]->d_name);
    int take = ents[i]->d_name[0] != '.' && !stat(script, &st) && in_list(o->only, ents[i]->d_name);
    if (take) {
      json_t *f = run_one(o, dir, ents[i]->d_name, compilers);
      size_t k;
      json_t *r;
      json_array_foreach(json_object_get(f, "results"), k, r) {
        nchanged += json_is_true(json_object_get(r, "changed"));
        nerr += !strcmp(ok_jstr(r, FINDING_STATUS), "error");
      }
      json_array_append_new(all, f);
    }
    free(ents[i]);
  }
  free(ents);
  json_object_set_new(doc, "changed", json_integer(nchanged));
  json_object_set_new(doc, "errors", json_integer(nerr));
  return doc;
}

/* A row's cell: the status, "!" when it changed against the declaration. */
static void cell(const json_t *f, const char *compiler, char *out, size_t n) {
  size_t k;
  json_t *r;
  snprintf(out, n, "%s", json_object_get(f, "skipped") ? "skipped" : "-");
  json_array_foreach(json_object_get(f, "results"), k, r) {
    if (strcmp(ok_jstr(r, FINDING_COMPILER), compiler)) continue;
    snprintf(out, n, "%s%s", ok_jstr(r, FINDING_STATUS),
             json_is_true(json_object_get(r, "changed")) ? " (!)" : "");
  }
}

static void table(const json_t *doc, FILE *f, int md) {
  const json_t *comp = json_object_get(doc, "compilers");
  fprintf(f, md ? "| finding |" : "%-44s", md ? "" : "finding");
  for (size_t c = 0; c < N_KNOWN; ++c) {
    const char *v = json_string_value(json_object_get(comp, known[c]));
    if (!v) continue;
    char h[96];
    snprintf(h, sizeof h, "%s %s", known[c], v);
    fprintf(f, md ? " %s |" : " %-20s", h);
  }
  fprintf(f, "\n");
  if (md) {
    fprintf(f, "|---|");
    for (size_t c = 0; c < N_KNOWN; ++c)
      if (json_object_get(comp, known[c])) fprintf(f, "---|");
    fprintf(f, "\n");
  }
  size_t i;
  json_t *fd;
  json_array_foreach(json_object_get(doc, "findings"), i, fd) {
    const char *name = json_string_value(json_object_get(fd, "name"));
    if (md) fprintf(f, "| `%s` |", name);
    else fprintf(f, "%-44s", name);
    for (size_t c = 0; c < N_KNOWN; ++c) {
      if (!json_object_get(comp, known[c])) continue;
      char s[64];
      cell(fd, known[c], s, sizeof s);
      fprintf(f, md ? " %s |" : " %-20s", s);
    }
    fprintf(f, "\n");
  }
}

void ok_findings_markdown(const json_t *doc, FILE *f) { table(doc, f, 1); }

/* Below the table: every changed status and every error, with the reproducer's own words. */
static void list_changes(const json_t *doc, FILE *f) {
  size_t i, k;
  json_t *fd, *r;
  json_array_foreach(json_object_get(doc, "findings"), i, fd) {
    json_array_foreach(json_object_get(fd, "results"), k, r) {
      const char *st = ok_jstr(r, FINDING_STATUS);
      int ch = json_is_true(json_object_get(r, "changed")), er = !strcmp(st, "error");
      if (!ch && !er) continue;
      const char *name = json_string_value(json_object_get(fd, "name")), *c = ok_jstr(r, FINDING_COMPILER);
      const char *detail = ok_jstr(r, FINDING_DETAIL);
      if (ch) fprintf(f, "CHANGED: %s %s: declared %s, now %s: %s\n", name, c, json_string_value(json_object_get(r, "expected")), st, detail);
      else fprintf(f, "ERROR: %s %s: %s\n", name, c, detail);
    }
  }
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: ompkit findings [--configs A,B] [--only NAME,NAME] [--quick] [--json | --markdown]\n"
          "                       [--own-llvm PREFIX] [--gpu | --no-gpu] [--dir DIR]\n\n"
          "Runs every docs/findings/repro/<name>/run.sh with every installed compiler (clang-16,\n"
          "clang-19, clang-22, gcc-12, and `own` with --own-llvm) and prints the versions table:\n"
          "per finding and compiler `reproduces`, `fixed`, `n/a` or `error`; (!) marks a status that\n"
          "differs from the reproducer's declaration. GPU parts run only where a GPU is listed.\n"
          "  --configs A,B  compilers to try (target-clang19 and the like are accepted)\n"
          "  --only N,N     these findings only      --quick  leave out reproducers marked slow\n"
          "  --json         the whole document       --markdown  the table in Markdown (nightly.md)\n"
          "Exit: 0 every status as declared; 1 a status changed or a reproducer broke; 2 usage.\n");
}

int cmd_findings(int argc, char **argv) {
  struct ok_findings_opts o = {.gpu = -1, .progress = 1};
  int json = 0, md = 0;
  static char cfg[600];
  static const struct option lo[] = {{"configs", 1, 0, 'c'}, {"only", 1, 0, 'o'},     {"dir", 1, 0, 'd'},
                                     {"own-llvm", 1, 0, 'l'}, {"quick", 0, 0, 'q'},    {"json", 0, 0, 'j'},
                                     {"markdown", 0, 0, 'm'}, {"gpu", 0, 0, 'g'},      {"no-gpu", 0, 0, 'G'},
                                     {"help", 0, 0, 'h'},     {0, 0, 0, 0}};
  int ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    switch (ch) {
    case 'h': return usage(stdout), OK_EXIT_OK;
    case 'c': {
      char bad[64];
      if (normalize_configs(optarg, cfg, sizeof cfg, bad, sizeof bad)) {
        ok_err("unknown compiler '%s' in --configs (known: clang-16, clang-19, clang-22, gcc-12, own)", bad);
        return OK_EXIT_USAGE;
      }
      o.configs = cfg;
      break;
    }
    case 'o': o.only = optarg; break;
    case 'd': o.dir = optarg; break;
    case 'l': o.own_llvm = optarg; break;
    case 'q': o.quick = 1; break;
    case 'j': json = 1; break;
    case 'm': md = 1; break;
    case 'g': o.gpu = 1; break;
    case 'G': o.gpu = 0; break;
    default: return ok_bad_option("findings", argv);
    }
  }
  if (optind < argc) return ok_bad_argument("findings", argv[optind]);
  if (json && md) {
    ok_err("--json and --markdown exclude each other");
    return OK_EXIT_USAGE;
  }
  json_t *doc = ok_findings_run(&o);
  if (!doc) return OK_EXIT_USAGE;
  if (!json_array_size(json_object_get(doc, "findings"))) {
    ok_err("no reproducer matched (--only %s) in %s", o.only ? o.only : "(all)", json_string_value(json_object_get(doc, "dir")));
    json_decref(doc);
    return OK_EXIT_USAGE;
  }
  if (json) {
    char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    puts(s);
    free(s);
  } else {
    table(doc, stdout, md);
    list_changes(doc, md ? stderr : stdout);
  }
  int rc = json_integer_value(json_object_get(doc, "changed")) || json_integer_value(json_object_get(doc, "errors"));
  json_decref(doc);
  return rc ? OK_EXIT_FINDING : OK_EXIT_OK;
}
