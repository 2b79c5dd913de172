/* ompkit nightly: the one command of a nightly compiler job (docs/nightly.md). Builds the
 * catalogue (with the given LLVM), runs ompkit check, the quick study (or nothing more with
 * --compile-only), compares with a stored baseline and writes nightly.md / nightly.json.
 * --result DIR skips the build and the study and judges DIR: the verdict logic is testable
 * without a compiler or a GPU. Exit: 0 holds, 1 a finding (regression against the baseline, a
 * failure that no EXPECT-FAIL marks, a broken expectation, a `fixed?` known defect), 2 usage,
 * environment or build error. */
#define _GNU_SOURCE
#include "check.h"
#include "compare.h"
#include "findings.h"
#include "status.h"
#include "ok_record.h"
#include "resultset.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct nopts {
  const char *llvm, *baseline, *out, *result, *sweep, *time_pct, *reg;
  const char *repeat; /* the study's --repeat: 3 unless given (compare judges timings over repeats) */
  const char *gpus;   /* the study's --gpus, when given */
  /* --history: earlier studies of the baseline's build, pooled into it by compare (--history) */
  const char *history[16];
  int nhistory;
  int compile_only;
};

static void usage(FILE *f) {
  fprintf(f,
          "usage: ompkit nightly --baseline DIR [--history DIR]... [--llvm PREFIX] [--compile-only] [--full]\n"
          "                      [--out DIR] [--repeat N] [--gpus LIST|all]\n"
          "       ompkit nightly --baseline DIR --result DIR [--out DIR]\n"
          "  Builds the catalogue (with the LLVM installed under PREFIX: OMPKIT_LLVM=PREFIX, build in\n"
          "  OUT/build), runs `ompkit check`, the quick study (--full: the full one; --compile-only: none,\n"
          "  for a machine without a GPU), compares the study with the baseline result folder and\n"
          "  writes OUT/nightly.md and OUT/nightly.json.\n"
          "  --result DIR  judge an existing result folder (no build, no study)\n"
          "  --out DIR     where everything goes (default: results/nightly-<UTC stamp>; with --result: DIR)\n"
          "  --repeat N    the study runs N times (default 3): compare judges a timing over its repeats\n"
          "                (a rank test), and one study against another moves host, launch and\n"
          "                transfer times beyond any threshold that would still see a real change\n"
          "  --gpus LIST|all  the study's work over those GPUs (ompkit run --gpus)\n"
          "  --history DIR earlier studies of the baseline's build (up to 16): their repeats join the\n"
          "                baseline's (ompkit compare --history), for points whose cost takes one of\n"
          "                two levels per bench process (docs/nightly.md)\n"
          "  --time-threshold PCT, --reg-threshold N   passed to ompkit compare\n"
          "exit: 0 holds; 1 a regression against the baseline, a failure no EXPECT-FAIL marks, a broken\n"
          "EXPECT line, or a known defect that passed (fixed?); 2 usage, environment or build error\n");
}

/* Runs argv with env additions, output appended to log; returns the exit code, -1 if it did not
 * run to an exit. */
static int step(char *const argv[], char *const env[], const char *log, double timeout_s) {
  struct ok_proc p;
  if (ok_spawn(argv, env, timeout_s, &p)) {
    ok_err("nightly: cannot run %s", argv[0]);
    return -1;
  }
  FILE *f = fopen(log, "a");
  if (f) {
    fprintf(f, "$");
    for (int i = 0; argv[i]; ++i) fprintf(f, " %s", argv[i]);
    fprintf(f, "\n%s%s", p.out ? p.out : "", p.err ? p.err : "");
    fclose(f);
  }
  int rc = p.exited ? p.code : -1;
  if (p.timed_out) ok_err("nightly: %s timed out after %.0f s (log: %s)", argv[0], timeout_s, log);
  ok_proc_free(&p);
  return rc;
}

/* Per variant, by ok_variant_class (the rule of the run's summary and the report): failures (one
 * entry per failing point), known defects (variant -> marker), fixed? variants. */
static void status_lists(json_t *lines, json_t *known, json_t *fixed, json_t *failures) {
  json_t *j, *groups = ok_variant_groups(lines);
  size_t i;
  json_array_foreach(lines, i, j) { /* every failing point, a configuration's own line too */
    if (!ok_status_fails(ok_line_status(j))) continue;
    const char *c = rs_str(j, OKF_config), *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
    const char *err = rs_str(j, OKF_error), *st = rs_str(j, OKF_status);
    char point[512];
    rs_point_label(j, point, sizeof point);
    ok_json_appendf(failures, "%s %s/%s%s%s: %s%s%s", c ? c : "?", k ? k : "-", v ? v : "-", point[0] ? " " : "", point,
          st ? st : "no status", err ? ": " : "", err ? err : "");
  }
  const char *key;
  json_object_foreach(groups, key, j) {
    long n[OK_SC_COUNT];
    enum ok_status_class vc = ok_group_class(j, n);
    json_t *first = json_object_get(j, "first");
    const char *mark = rs_str(json_object_get(j, "marked"), OKF_expect_fail);
    char name[768];
    snprintf(name, sizeof name, "%s %s/%s", rs_str(first, OKF_config) ?: "?", rs_str(first, OKF_kernel) ?: "-",
             rs_str(first, OKF_variant) ?: "-");
    if (vc == OK_SC_KNOWN) json_object_set_new(known, name, json_string(mark ? mark : ""));
    else if (vc == OK_SC_FIXED) ok_json_appendf(fixed, "%s: fixed? %ld point(s) passed under %s", name, n[OK_SC_FIXED], mark ? mark : "?");
  }
  json_decref(groups);
}

/* The verdict on result folder R against baseline B (and check.json, when given). Fills doc. */
static int judge(const char *rdir, const char *bdir, const char *check_path, const struct nopts *o, const char *outdir,
                 json_t *doc) {
  struct resultset R, B;
  if (rs_load(&R, rdir, "nightly", 1)) return OK_EXIT_USAGE;
  if (rs_load(&B, bdir, "nightly", 1)) {
    rs_free(&R);
    return OK_EXIT_USAGE;
  }
  json_t *known = json_object(), *fixed = json_array(), *failures = json_array();
  status_lists(R.lines, known, fixed, failures);
  size_t i;
  /* The baseline comparison: ompkit compare's own rules (compare.c), on the two folders. */
  char *ca[12 + 2 * 16] = {"compare", (char *)bdir, (char *)rdir, "--json", NULL};
  int na = 4;
  if (o->time_pct) ca[na++] = "--time-threshold", ca[na++] = (char *)o->time_pct;
  if (o->reg) ca[na++] = "--reg-threshold", ca[na++] = (char *)o->reg;
  for (int h = 0; h < o->nhistory; ++h) ca[na++] = "--history", ca[na++] = (char *)o->history[h];
  ca[na] = NULL;
  json_t *cmp = NULL;
  int crc = compare_main(na, ca, &cmp);
  if (crc > 1 || !cmp) ok_err("nightly: comparing with the baseline failed (compare exit %d)", crc);
  if (!cmp) {
    json_decref(known), json_decref(fixed), json_decref(failures);
    rs_free(&R), rs_free(&B);
    return OK_EXIT_USAGE;
  }
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/compare.json", outdir);
  json_dump_file(cmp, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  json_t *regressions = json_array(), *row;
  json_array_foreach(json_object_get(cmp, "rows"), i, row) {
    if (strcmp(ok_jstr(row, "verdict") ? ok_jstr(row, "verdict") : "", "regression")) continue;
    char why[1024] = "";
    size_t k;
    json_t *x;
    json_array_foreach(json_object_get(row, "regressions"), k, x)
      snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", why[0] ? "; " : "", json_string_value(x));
    const char *pt = ok_jstr(row, "point");
    ok_json_appendf(regressions, "%s %s/%s%s%s: %s", rs_str(row, OKF_config) ? rs_str(row, OKF_config) : "-",
          rs_str(row, OKF_kernel) ? rs_str(row, OKF_kernel) : "-", rs_str(row, OKF_variant) ? rs_str(row, OKF_variant) : "-",
          pt && pt[0] ? " " : "", pt ? pt : "", why);
  }
  /* Broken EXPECT lines: the check of this build (a study folder holds its own check.json). */
  json_t *check = NULL, *broken = json_array();
  char cp[PATH_MAX + 32];
  if (!check_path) {
    snprintf(cp, sizeof cp, "%s/check.json", rdir);
    if (!access(cp, R_OK)) check_path = cp;
  }
  if (check_path && !(check = json_load_file(check_path, 0, NULL))) {
    ok_err("nightly: %s: not a check.json", check_path);
    json_decref(cmp), json_decref(regressions), json_decref(broken);
    json_decref(known), json_decref(fixed), json_decref(failures);
    rs_free(&R), rs_free(&B);
    return OK_EXIT_USAGE;
  }
  json_array_foreach(json_object_get(check, "checks"), i, row) {
    if (!strcmp(ok_jstr(row, CHECK_STATUS) ? ok_jstr(row, CHECK_STATUS) : "", "pass")) continue;
    ok_json_appendf(broken, "%s:%lld: %s [%s]: expected %s, observed %s", ok_jstr(row, "file") ? ok_jstr(row, "file") : "?",
          (long long)json_integer_value(json_object_get(row, "line")), ok_jstr(row, "check") ? ok_jstr(row, "check") : "?",
          rs_str(row, OKF_config) ? rs_str(row, OKF_config) : "?", ok_jstr(row, "expected") ? ok_jstr(row, "expected") : "?",
          ok_jstr(row, "observed") ? ok_jstr(row, "observed") : "?");
  }
  int finding = json_array_size(regressions) || json_array_size(failures) || json_array_size(broken) ||
                json_array_size(fixed);
  json_object_set_new(doc, "result", json_string(rdir));
  json_object_set_new(doc, "baseline", json_string(bdir));
  json_t *hist = json_array();
  for (int h = 0; h < o->nhistory; ++h) json_array_append_new(hist, json_string(o->history[h]));
  json_object_set_new(doc, "history", hist);
  json_object_set_new(doc, "verdict", json_string(finding ? "finding" : "holds"));
  json_object_set_new(doc, "regressions", regressions);
  json_object_set_new(doc, "failures", failures);
  json_object_set_new(doc, "broken_expectations", broken);
  json_object_set_new(doc, "fixed", fixed);
  json_object_set_new(doc, "known_defects", known);
  struct ok_tally t; /* the run's summary and the report's header count the same way */
  ok_tally_lines(R.lines, &t);
  json_object_set_new(doc, "tally", ok_tally_json(&t));
  char tl[2048];
  ok_tally_format(&t, tl, sizeof tl);
  json_object_set_new(doc, "tally_line", json_string(tl));
  json_object_set_new(doc, "check", check ? json_pack("{s:O?,s:O?}", "hold", json_object_get(check, "hold"), "fail",
                                                      json_object_get(check, "fail"))
                                          : json_null());
  json_object_set_new(doc, "compare_summary", json_incref(json_object_get(cmp, "summary")));
  json_object_set_new(doc, "provenance_changes", json_incref(json_object_get(cmp, "provenance_changes")));
  json_decref(check);
  json_decref(cmp);
  rs_free(&R);
  rs_free(&B);
  return finding ? OK_EXIT_FINDING : OK_EXIT_OK;
}

static void md_list(FILE *f, const char *title, json_t *arr, const char *none) {
  fprintf(f, "\n## %s (%zu)\n\n", title, json_array_size(arr));
  if (!json_array_size(arr)) fprintf(f, "%s\n", none);
  size_t i;
  json_t *x;
  json_array_foreach(arr, i, x) fprintf(f, "- %s\n", json_string_value(x));
}

/* nightly.md and nightly.json in outdir; a summary on stdout. */
/* The findings' reproducers (ompkit findings --quick) with this night's compilers, the LLVM under
 * test as `own`: 1 when a finding's status changed against its declaration (a fix landed, or a
 * fixed bug came back) or a reproducer broke. No repro folder (a kit without docs/): none. */
static int nightly_findings(json_t *doc, const struct nopts *o) {
  struct ok_findings_opts fo = {.own_llvm = o->llvm, .quick = 1, .gpu = -1};
  printf("ompkit nightly: the findings' reproducers\n");
  json_t *f = ok_findings_run(&fo);
  if (!f) return 0;
  json_object_set_new(doc, "findings", f);
  return json_integer_value(json_object_get(f, "changed")) || json_integer_value(json_object_get(f, "errors"));
}

static void write_report(const char *outdir, json_t *doc, int rc) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/nightly.json", outdir);
  if (json_dump_file(doc, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER)) ok_err("nightly: cannot write %s", path);
  snprintf(path, sizeof path, "%s/nightly.md", outdir);
  FILE *f = fopen(path, "w");
  if (!f) {
    ok_err("nightly: cannot write %s: %s", path, strerror(errno));
    return;
  }
  fprintf(f, "# ompkit nightly: %s (exit %d)\n\n", rc == 0 ? "holds" : rc == 1 ? "FINDING" : "ERROR", rc);
  static const char *const keys[] = {"llvm", "build", "result", "baseline", "mode", NULL};
  for (int k = 0; keys[k]; ++k)
    if (ok_jstr(doc, keys[k])) fprintf(f, "- %s: `%s`\n", keys[k], ok_jstr(doc, keys[k]));
  if (ok_jstr(doc, "tally_line")) fprintf(f, "- results: %s\n", ok_jstr(doc, "tally_line"));
  json_t *ch = json_object_get(doc, "check");
  if (json_is_object(ch))
    fprintf(f, "- ompkit check: %lld hold, %lld fail\n", (long long)json_integer_value(json_object_get(ch, "hold")),
            (long long)json_integer_value(json_object_get(ch, "fail")));
  size_t i;
  json_t *x;
  json_array_foreach(json_object_get(doc, "provenance_changes"), i, x) fprintf(f, "- changed: %s\n", json_string_value(x));
  md_list(f, "Regressions against the baseline", json_object_get(doc, "regressions"), "None.");
  md_list(f, "Failures no EXPECT-FAIL marks", json_object_get(doc, "failures"), "None.");
  md_list(f, "Broken EXPECT lines (ompkit check)", json_object_get(doc, "broken_expectations"), "None.");
  md_list(f, "Known defects that passed (fixed?: remove the marker if the fix holds)", json_object_get(doc, "fixed"),
          "None.");
  json_t *kd = json_object_get(doc, "known_defects");
  fprintf(f, "\n## Known defects, failing as marked (%zu)\n\n", json_object_size(kd));
  const char *k;
  json_object_foreach(kd, k, x) fprintf(f, "- %s: %s\n", k, json_string_value(x));
  if (json_is_object(json_object_get(doc, "findings"))) {
    fprintf(f, "\n## Findings (ompkit findings --quick: %lld changed, %lld broken)\n\n",
            (long long)json_integer_value(json_object_get(json_object_get(doc, "findings"), "changed")),
            (long long)json_integer_value(json_object_get(json_object_get(doc, "findings"), "errors")));
    ok_findings_markdown(json_object_get(doc, "findings"), f);
  }
  fprintf(f, "\nThe point-by-point comparison: `compare.json` (ompkit compare BASELINE RESULT --json).\n");
  fclose(f);
  printf("ompkit nightly: %s: %zu regression(s), %zu failure(s), %zu broken expectation(s), %zu fixed?, %zu known "
         "defect(s); report %s/nightly.md\n",
         rc == 0 ? "holds" : "FINDING", json_array_size(json_object_get(doc, "regressions")),
         json_array_size(json_object_get(doc, "failures")), json_array_size(json_object_get(doc, "broken_expectations")),
         json_array_size(json_object_get(doc, "fixed")), json_object_size(kd), outdir);
}

/* The newest study folder under dir (run writes dir/latest -> <stamp>). */
static int latest(const char *dir, char *out, size_t n) {
  char l[PATH_MAX + 16];
  snprintf(l, sizeof l, "%s/latest", dir);
  char t[PATH_MAX];
  ssize_t k = readlink(l, t, sizeof t - 1);
  if (k <= 0) return -1;
  t[k] = 0;
  snprintf(out, n, "%s/%s", dir, t);
  return 0;
}

/* nightly's options into o, checked. Returns an exit status, or -1 to go on. */
static int nightly_opts(int argc, char **argv, struct nopts *o) {
  static const struct option lo[] = {{"llvm", 1, 0, 'l'},   {"baseline", 1, 0, 'b'},     {"out", 1, 0, 'o'},
                                     {"result", 1, 0, 'r'}, {"compile-only", 0, 0, 'c'}, {"full", 0, 0, 'f'},
                                     {"quick", 0, 0, 'q'},  {"time-threshold", 1, 0, 't'}, {"reg-threshold", 1, 0, 'g'},
                                     {"help", 0, 0, 'h'},   {"repeat", 1, 0, 'R'},       {"gpus", 1, 0, 'G'},
                                     {"history", 1, 0, 'H'}, {0, 0, 0, 0}};
  o->sweep = "--quick";
  o->repeat = "3";
  opterr = 0;
  optind = 1;
  int ch;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    switch (ch) {
    case 'h': usage(stdout); return OK_EXIT_OK;
    case 'l': o->llvm = optarg; break;
    case 'b': o->baseline = optarg; break;
    case 'o': o->out = optarg; break;
    case 'r': o->result = optarg; break;
    case 'c': o->compile_only = 1; break;
    case 'f': o->sweep = "--full"; break;
    case 'q': o->sweep = "--quick"; break;
    case 't': o->time_pct = optarg; break;
    case 'g': o->reg = optarg; break;
    case 'R':
      if (strspn(optarg, "0123456789") != strlen(optarg) || atoi(optarg) < 1 || atoi(optarg) > 1000) {
        ok_err("nightly: --repeat wants 1..1000, got '%s'", optarg);
        return OK_EXIT_USAGE;
      }
      o->repeat = optarg;
      break;
    case 'G': o->gpus = optarg; break;
    case 'H':
      if (o->nhistory >= 16) {
        ok_err("nightly: at most 16 --history folders");
        return OK_EXIT_USAGE;
      }
      o->history[o->nhistory++] = optarg;
      break;
    default: return ok_bad_option("nightly", argv);
    }
  }
  if (optind < argc) return ok_bad_argument("nightly", argv[optind]);
  if (!o->baseline) {
    ok_err("nightly: --baseline DIR is required (a result folder of an earlier run)");
    return OK_EXIT_USAGE;
  }
  if (o->result && (o->llvm || o->compile_only)) {
    ok_err("nightly: --result judges an existing folder; it takes no --llvm or --compile-only");
    return OK_EXIT_USAGE;
  }
  struct stat sb;
  if (stat(o->baseline, &sb) || !S_ISDIR(sb.st_mode)) {
    ok_err("nightly: --baseline %s is not a folder", o->baseline);
    return OK_EXIT_USAGE;
  }
  if (o->llvm && (stat(o->llvm, &sb) || !S_ISDIR(sb.st_mode))) {
    ok_err("nightly: --llvm %s is not a folder (an LLVM install prefix, with bin/clang)", o->llvm);
    return OK_EXIT_USAGE;
  }
  return -1;
}

/* The nightly's folder: --out, else --result's, else results/nightly-<stamp>; created. 0, or 1 after the error. */
static int nightly_out(const struct nopts *o, char *out, size_t n) {
  if (o->out) snprintf(out, n, "%s", o->out);
  else if (o->result) snprintf(out, n, "%s", o->result);
  else {
    char stamp[64];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
    snprintf(out, n, "results/nightly-%s", stamp);
  }
  if (ok_mkdirs(out)) {
    ok_err("nightly: cannot create %s: %s", out, strerror(errno));
    return 1;
  }
  return 0;
}

/* The build folder the job uses, absolute: with --llvm a build of its own (the matrix's
 * OMPKIT_LLVM names the configuration after the version clang reports); without, this kit's
 * build, brought up to date. 0, or 1 when the manifest cannot be read. */
static int nightly_build_dir(const struct nopts *o, const char *out, char *build, size_t nb, char *script, size_t ns) {
  struct ok_manifest m;
  if (ok_manifest_load(&m)) return 1;
  snprintf(script, ns, "%s/ompkit", m.source_dir ? m.source_dir : ".");
  if (o->llvm) snprintf(build, nb, "%s/build", out);
  else snprintf(build, nb, "%s", m.dir);
  char *abs = realpath(build, NULL);
  if (!abs && !ok_mkdirs(build)) abs = realpath(build, NULL);
  if (abs) snprintf(build, nb, "%s", abs);
  free(abs);
  ok_manifest_free(&m);
  return 0;
}

/* `ompkit check --json` of the build into check_path. 0, or 1 after the error. */
static int nightly_check(char *driver, char *const env[], const char *check_path) {
  struct ok_proc p;
  char *ca[] = {driver, "check", "--json", NULL};
  if (ok_spawn(ca, env, 300, &p) || !p.exited || p.code > 1) {
    ok_err("nightly: ompkit check could not run (%s)", p.err && p.err[0] ? strtok(p.err, "\n") : "no output");
    ok_proc_free(&p);
    return 1;
  }
  ok_write_atomic(check_path, p.out, p.outlen);
  ok_proc_free(&p);
  return 0;
}

/* The whole job: build, check, study, judge; doc gathers what nightly.json says. */
static int nightly_job(const struct nopts *o, const char *out, json_t *doc) {
  char log[PATH_MAX + 32], build[PATH_MAX + 32], driver[PATH_MAX + 64], script[PATH_MAX + 32];
  if (nightly_build_dir(o, out, build, sizeof build, script, sizeof script)) return OK_EXIT_USAGE;
  snprintf(log, sizeof log, "%s/nightly.log", out);
  snprintf(driver, sizeof driver, "%s/driver/ompkit", build);
  char env_llvm[PATH_MAX + 16], env_build[PATH_MAX + 32];
  snprintf(env_llvm, sizeof env_llvm, "OMPKIT_LLVM=%s", o->llvm ? o->llvm : "");
  snprintf(env_build, sizeof env_build, "OMPKIT_BUILD_DIR=%s", build);
  char *env[] = {env_build, o->llvm ? env_llvm : NULL, NULL};
  json_object_set_new(doc, "llvm", o->llvm ? json_string(o->llvm) : json_null());
  json_object_set_new(doc, "build", json_string(build));
  json_object_set_new(doc, "mode", json_string(o->compile_only ? "compile-only" : o->sweep + 2));
  printf("ompkit nightly: building in %s (log %s)\n", build, log);
  char *ba[] = {"/bin/sh", script, "build", NULL};
  int rc;
  if ((rc = step(ba, env, log, 7200)) != 0) {
    ok_err("nightly: the build failed (exit %d; log: %s)", rc, log);
    write_report(out, doc, OK_EXIT_USAGE);
    return OK_EXIT_USAGE;
  }
  char check_path[PATH_MAX + 32];
  snprintf(check_path, sizeof check_path, "%s/check.json", out);
  printf("ompkit nightly: ompkit check\n");
  if (nightly_check(driver, env, check_path)) {
    write_report(out, doc, OK_EXIT_USAGE);
    return OK_EXIT_USAGE;
  }
  char study[PATH_MAX + 32], rdir[PATH_MAX];
  snprintf(study, sizeof study, "%s/study", out);
  /* --compile-only: no bench runs, the folder's compile data (compile.jsonl) is compared per kernel. */
  const char *what = o->compile_only ? "--compile-only" : o->sweep;
  printf("ompkit nightly: the %s study\n", what + 2);
  char *ra[] = {driver, "run", (char *)what, "--out", study, NULL, NULL, NULL, NULL, NULL};
  int k = 5;
  if (!o->compile_only) ra[k++] = "--repeat", ra[k++] = (char *)o->repeat;
  if (!o->compile_only && o->gpus) ra[k++] = "--gpus", ra[k++] = (char *)o->gpus;
  rc = step(ra, env, log, 3600);
  if (latest(study, rdir, sizeof rdir)) {
    ok_err("nightly: the study wrote no result folder (exit %d; log: %s)", rc, log);
    write_report(out, doc, OK_EXIT_USAGE);
    return OK_EXIT_USAGE;
  }
  rc = judge(rdir, o->baseline, check_path, o, out, doc);
  if (rc != OK_EXIT_USAGE && nightly_findings(doc, o) && rc == OK_EXIT_OK) rc = OK_EXIT_FINDING;
  if (rc != OK_EXIT_USAGE) write_report(out, doc, rc);
  return rc;
}

int cmd_nightly(int argc, char **argv) {
  struct nopts o = {0};
  int rc = nightly_opts(argc, argv, &o);
  if (rc >= 0) return rc;
  char out[PATH_MAX];
  if (nightly_out(&o, out, sizeof out)) return OK_EXIT_USAGE;
  json_t *doc = json_object();
  if (o.result) {
    json_object_set_new(doc, "mode", json_string("judge an existing result folder"));
    rc = judge(o.result, o.baseline, NULL, &o, out, doc);
    if (rc != OK_EXIT_USAGE) write_report(out, doc, rc);
  } else rc = nightly_job(&o, out, doc);
  json_decref(doc);
  return rc;
}
