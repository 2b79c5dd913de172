/* ompkit export: a result folder in the forms LLVM's nightly dashboards read. --lnt DIR writes
 * LNT's JSON report format 2 (one file per configuration: LNT's "machine" is the bucket results
 * are compared in), --lit FILE the JSON `llvm-lit -o` writes (what llvm-test-suite's compare.py
 * reads). Metric names and their units: docs/nightly.md "Dashboards". Exit 0, or 2 on bad input. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "resultset.h"
#include "provenance.h"
#include "status.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lnt.testing's status constants. */
enum { LNT_PASS = 0, LNT_FAIL = 1, LNT_XFAIL = 2 };

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit export RESULT_DIR [--lnt DIR] [--lit FILE] [--machine NAME]\n"
             "  --lnt DIR      LNT report format 2, DIR/<config>.lnt.json per configuration (lnt submit / lnt import)\n"
             "  --lit FILE     lit's JSON result form (llvm-lit -o), every configuration in one file\n"
             "  --machine NAME LNT machine name prefix (default: the result's host; in a merged folder, each part's\n"
             "                 label, and CONFIG@LABEL is exported as CONFIG on machine LABEL); the configuration is appended\n"
             "Metrics (docs/nightly.md): execution_time (s), per_op_cycles, registers, smem_bytes, spill_bytes,\n"
             "stack_bytes, remark_count, remarks, execution_status (0 pass, 1 fail, 2 known defect).\n");
}

/* The test's name: kernel/variant, and the point when there is one ("type=int,threads=32"). */
static void test_name(json_t *j, char *buf, size_t n) {
  char point[512];
  rs_point_label(j, point, sizeof point);
  for (char *p = point; *p; ++p)
    if (*p == ' ') *p = ',';
  const char *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
  snprintf(buf, n, "%s/%s%s%s", k ? k : "-", v ? v : "-", point[0] ? "/" : "", point);
}

/* LNT has no XPASS: a fixed? point is a failure there, as it fails the run. */
static int status_code(enum ok_status s) {
  switch (ok_status_class(s)) {
  case OK_SC_KNOWN: return LNT_XFAIL;
  case OK_SC_FAIL:
  case OK_SC_FIXED: return LNT_FAIL;
  default: return LNT_PASS;
  }
}

/* The metrics of one result line, as an object (numbers and strings). */
static json_t *metrics(json_t *j) {
  json_t *m = json_object();
  json_object_set_new(m, "execution_status", json_integer(status_code(ok_line_status(j))));
  if (rs_is_ok(j)) {
    double med, mn, mx;
    const char *which = rs_metric(j, &med, &mn, &mx);
    /* Seconds: a whole kernel's run, or one operation of a primitive. */
    if (which && !strcmp(which, OK_FNAME(time_s))) json_object_set_new(m, "execution_time", json_real(med));
    else if (!isnan(rs_ns_per_op(j)) && rs_get(j, OKF_per_op_ns))
      json_object_set_new(m, "execution_time", json_real(rs_ns_per_op(j) * 1e-9));
    json_t *c = json_object_get(rs_get(j, OKF_per_op_cycles), "median");
    if (json_is_number(c)) json_object_set_new(m, OK_FNAME(per_op_cycles), json_real(json_number_value(c)));
  }
  static const enum ok_field_id ints[] = {OKF_registers, OKF_smem_bytes, OKF_stack_bytes};
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; ++k) {
    long v = rs_int(j, ints[k]);
    if (v >= 0) json_object_set_new(m, ok_fields[ints[k]].name, json_integer(v));
  }
  long ss = rs_int(j, OKF_spill_stores_bytes), sl = rs_int(j, OKF_spill_loads_bytes);
  if (ss >= 0 || sl >= 0) json_object_set_new(m, "spill_bytes", json_integer((ss > 0 ? ss : 0) + (sl > 0 ? sl : 0)));
  json_t *r = rs_get(j, OKF_remarks);
  if (json_is_array(r)) {
    char ids[1024] = "";
    size_t i;
    json_t *x;
    json_array_foreach(r, i, x) if (json_is_string(x))
        snprintf(ids + strlen(ids), sizeof ids - strlen(ids), "%s%s", ids[0] ? "," : "", json_string_value(x));
    json_object_set_new(m, "remark_count", json_integer((json_int_t)json_array_size(r)));
    json_object_set_new(m, OK_FNAME(remarks), json_string(ids)); /* a Hash-like string metric: changes show */
  }
  return m;
}

static const char *prov_compiler(json_t *prov, const char *config) {
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(prov, "configs"), i, c) if (ok_jstr(c, "name") && !strcmp(ok_jstr(c, "name"), config)) return
      ok_jstr(c, "compiler_version");
  return NULL;
}

/* "19.1.7" from "Debian clang version 19.1.7 (3~deb12u1)" or "clang 19.1.7": the first word
 * that starts with a digit. LNT orders runs by this field. */
static void version_of(const char *v, char *out, size_t n) {
  for (const char *p = v; p && *p; p += strcspn(p, " "), p += strspn(p, " "))
    if (*p >= '0' && *p <= '9') {
      snprintf(out, n, "%.*s", (int)strcspn(p, " "), p);
      return;
    }
  snprintf(out, n, "unknown");
}

/* A merged folder's part (ompkit merge's merged_from entry) that measured CONFIG@LABEL, or NULL:
 * its configurations are exported as that node's, so that a merged night lands on the same LNT
 * machines as each node's own folder exported with --machine LABEL would. */
static json_t *merged_part(json_t *prov, const char *config) {
  const char *at = strrchr(config, '@');
  size_t i;
  json_t *e;
  if (at) json_array_foreach(json_object_get(prov, "merged_from"), i, e) if (ok_jstr(e, "label") && !strcmp(ok_jstr(e, "label"), at + 1)) return e;
  return NULL;
}

/* One configuration's LNT document: its machine (NAME__CONFIG, LNT's convention for comparing a
 * configuration within a machine) and run. machine NULL: the result's host, or for a merged part,
 * the part's label with the configuration's own name. */
static json_t *lnt_doc(struct resultset *rs, const char *c, const char *machine, json_t *tests) {
  json_t *part = merged_part(rs->prov, c), *src = part ? part : rs->prov;
  char ver[128], mname[512], when[64];
  const char *cv = prov_compiler(rs->prov, c);
  version_of(cv, ver, sizeof ver);
  if (machine) snprintf(mname, sizeof mname, "%s__%s", machine, c);
  else if (part) snprintf(mname, sizeof mname, "%s__%.*s", ok_jstr(part, "label"), (int)(strrchr(c, '@') - c), c);
  else snprintf(mname, sizeof mname, "%s__%s", ok_jstr(rs->prov, PROV_HOST) ? ok_jstr(rs->prov, PROV_HOST) : "ompkit", c);
  const char *date = ok_jstr(src, "date") ? ok_jstr(src, "date") : "1970-01-01T00:00:00Z";
  snprintf(when, sizeof when, "%.19s", date); /* LNT wants %Y-%m-%dT%H:%M:%S */
  /* s*: a field this study lacks (no GPU used: hardware) is left out; LNT's machine fields are strings. */
  return json_pack("{s:s,s:{s:s,s:s*,s:s*,s:s*},s:{s:s,s:s,s:s,s:s*,s:s*,s:s*,s:s*},s:O}", "format_version", "2",
                   "machine", "name", mname, "hardware", ok_jstr(json_object_get(src, PROV_GPU), "device_name"), PROV_HOST,
                   ok_jstr(src, PROV_HOST), "cpu", ok_jstr(rs->prov, "cpu"), "run", "start_time", when, "end_time", when,
                   "llvm_project_revision", ver, "compiler_version", cv, "ompkit_git_sha", ok_jstr(src, "git_sha"),
                   "sweep", ok_jstr(rs->prov, "sweep"), "offload_arch", ok_jstr(rs->prov, "offload_arch"), "tests", tests);
}

static int write_lnt(struct resultset *rs, const char *dir, const char *machine) {
  if (ok_mkdirs(dir)) {
    ok_err("export: cannot create %s: %s", dir, strerror(errno));
    return -1;
  }
  json_t *by_config = json_object(), *m_tmp; /* config -> tests array */
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) {
    const char *c = rs_str(j, OKF_config);
    if (!c || !rs_str(j, OKF_kernel)) continue; /* a configuration's own status line */
    json_t *tests = json_object_get(by_config, c);
    if (!tests) json_object_set_new(by_config, c, tests = json_array());
    char name[1024];
    test_name(j, name, sizeof name);
    json_t *t = json_pack("{s:s}", "name", name);
    json_object_update(t, m_tmp = metrics(j));
    json_decref(m_tmp);
    json_array_append_new(tests, t);
  }
  const char *c;
  json_t *tests;
  int rc = 0;
  json_object_foreach(by_config, c, tests) {
    char path[4096 + 300];
    json_t *doc = lnt_doc(rs, c, machine, tests);
    snprintf(path, sizeof path, "%s/%s.lnt.json", dir, c);
    char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    if (!s || ok_write_atomic(path, s, strlen(s))) {
      ok_err("export: cannot write %s", path);
      rc = -1;
    } else printf("export: %s (%zu tests)\n", path, json_array_size(tests));
    free(s);
    json_decref(doc);
  }
  if (!json_object_size(by_config)) {
    ok_err("export: %s has no kernel results", rs->dir);
    rc = -1;
  }
  json_decref(by_config);
  return rc;
}

static int write_lit(struct resultset *rs, const char *file) {
  json_t *tests = json_array();
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) {
    const char *c = rs_str(j, OKF_config), *s = rs_str(j, OKF_status);
    if (!c || !rs_str(j, OKF_kernel)) continue;
    char name[1100], base[1024];
    test_name(j, base, sizeof base);
    snprintf(name, sizeof name, "ompkit :: %s/%s", c, base);
    const char *code = ok_status_class_lit[ok_status_class(ok_line_status(j))];
    json_t *m = metrics(j);
    json_object_del(m, "execution_status");
    json_t *et = json_object_get(m, "execution_time");
    if (et) json_object_set(m, "exec_time", et), json_object_del(m, "execution_time"); /* test-suite's name */
    const char *err = rs_str(j, OKF_error);
    json_t *t = json_pack("{s:s,s:s,s:f,s:s,s:o}", "name", name, "code", code, "elapsed",
                          et ? json_number_value(json_object_get(m, "exec_time")) : 0.0, "output",
                          err ? err : s ? s : "", "metrics", m);
    json_array_append_new(tests, t);
  }
  json_t *doc = json_pack("{s:[iii],s:f,s:o}", "__version__", 17, 0, 6, "elapsed", 0.0, "tests", tests);
  char *s = json_dumps(doc, JSON_INDENT(2) | JSON_REAL_PRECISION(9));
  int rc = 0;
  if (!s || ok_write_atomic(file, s, strlen(s))) {
    ok_err("export: cannot write %s", file);
    rc = -1;
  } else printf("export: %s (%zu tests)\n", file, json_array_size(tests));
  free(s);
  json_decref(doc);
  return rc;
}

int cmd_export(int argc, char **argv) {
  static const struct option lo[] = {
      {"lnt", 1, 0, 'l'}, {"lit", 1, 0, 't'}, {"machine", 1, 0, 'm'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  const char *lnt = NULL, *lit = NULL, *machine = NULL;
  opterr = 0;
  optind = 1;
  int ch;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    switch (ch) {
    case 'h': usage(stdout); return OK_EXIT_OK;
    case 'l': lnt = optarg; break;
    case 't': lit = optarg; break;
    case 'm': machine = optarg; break;
    default: return ok_bad_option("export", argv);
    }
  }
  if (argc - optind != 1) {
    ok_err("export: want one result folder, got %d (see ompkit export --help)", argc - optind);
    return OK_EXIT_USAGE;
  }
  if (!lnt && !lit) {
    ok_err("export: say what to write: --lnt DIR and/or --lit FILE");
    return OK_EXIT_USAGE;
  }
  struct resultset rs;
  if (rs_load(&rs, argv[optind], "export", 1)) return OK_EXIT_USAGE;
  int rc = 0;
  if (lnt) rc |= write_lnt(&rs, lnt, machine);
  if (lit) rc |= write_lit(&rs, lit);
  rs_free(&rs);
  return rc ? OK_EXIT_USAGE : OK_EXIT_OK;
}
