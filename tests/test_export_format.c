/* Validates ompkit export's output against the formats the dashboards read: LNT's report format 2
 * (llvm.org/docs/lnt/importing_data.html: machine.name; run.start_time and end_time as
 * %Y-%m-%dT%H:%M:%S; an order field, llvm_project_revision; tests with a name and metrics that are
 * numbers, strings or lists of numbers) and lit's JSON (`llvm-lit -o`: __version__, tests with
 * name "SUITE :: path", a result code and numeric or string metrics).
 * usage: test_export_format lnt FILE... | lit FILE */
#include "ok_check.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static int is_time(const char *s) {
  int y, mo, d, h, mi, se;
  char tail;
  return s && strlen(s) == 19 && sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &se, &tail) == 6;
}

static int metric_ok(json_t *v) {
  if (json_is_number(v) || json_is_string(v)) return 1;
  if (!json_is_array(v)) return 0;
  size_t i;
  json_t *x;
  json_array_foreach(v, i, x) if (!json_is_number(x)) return 0;
  return 1;
}

static void lnt(const char *path) {
  json_error_t e;
  json_t *d = json_load_file(path, 0, &e);
  CHECK(json_is_object(d), "%s: not JSON: %s", path, e.text);
  if (!d) return;
  CHECK(json_is_string(json_object_get(d, "format_version")) &&
            !strcmp(json_string_value(json_object_get(d, "format_version")), "2"),
        "%s: format_version is not \"2\"", path);
  json_t *m = json_object_get(d, "machine"), *r = json_object_get(d, "run"), *t = json_object_get(d, "tests");
  CHECK(json_is_string(json_object_get(m, "name")) && json_string_length(json_object_get(m, "name")), "%s: machine.name", path);
  const char *k;
  json_t *v;
  json_object_foreach(m, k, v) CHECK(json_is_string(v), "%s: machine.%s is not a string", path, k);
  CHECK(is_time(json_string_value(json_object_get(r, "start_time"))), "%s: run.start_time", path);
  CHECK(is_time(json_string_value(json_object_get(r, "end_time"))), "%s: run.end_time", path);
  CHECK(json_is_string(json_object_get(r, "llvm_project_revision")), "%s: run.llvm_project_revision (the order)", path);
  json_object_foreach(r, k, v) CHECK(json_is_string(v), "%s: run.%s is not a string", path, k);
  CHECK(json_is_array(t) && json_array_size(t) > 0, "%s: tests", path);
  size_t i;
  json_t *x;
  json_array_foreach(t, i, x) {
    CHECK(json_is_string(json_object_get(x, "name")), "%s: tests[%zu].name", path, i);
    json_object_foreach(x, k, v) if (strcmp(k, "name")) CHECK(metric_ok(v), "%s: tests[%zu].%s is not a metric", path, i, k);
    CHECK(json_is_integer(json_object_get(x, "execution_status")), "%s: tests[%zu].execution_status", path, i);
  }
  json_decref(d);
}

static void lit(const char *path) {
  json_error_t e;
  json_t *d = json_load_file(path, 0, &e);
  CHECK(json_is_object(d), "%s: not JSON: %s", path, e.text);
  if (!d) return;
  CHECK(json_is_array(json_object_get(d, "__version__")), "%s: __version__", path);
  CHECK(json_is_number(json_object_get(d, "elapsed")), "%s: elapsed", path);
  json_t *t = json_object_get(d, "tests");
  CHECK(json_is_array(t) && json_array_size(t) > 0, "%s: tests", path);
  static const char *const codes[] = {"PASS", "FAIL", "XFAIL", "XPASS", "UNSUPPORTED", "UNRESOLVED", "TIMEOUT", NULL};
  size_t i;
  json_t *x;
  json_array_foreach(t, i, x) {
    const char *n = json_string_value(json_object_get(x, "name")), *c = json_string_value(json_object_get(x, "code"));
    CHECK(n && strstr(n, " :: "), "%s: tests[%zu].name '%s' is not 'SUITE :: path'", path, i, n ? n : "");
    int known = 0;
    for (int k = 0; c && codes[k]; ++k) known |= !strcmp(c, codes[k]);
    CHECK(known, "%s: tests[%zu].code '%s'", path, i, c ? c : "");
    CHECK(json_is_number(json_object_get(x, "elapsed")), "%s: tests[%zu].elapsed", path, i);
    CHECK(json_is_string(json_object_get(x, "output")), "%s: tests[%zu].output", path, i);
    const char *k;
    json_t *v;
    json_object_foreach(json_object_get(x, "metrics"), k, v)
      CHECK(json_is_number(v) || json_is_string(v), "%s: tests[%zu].metrics.%s", path, i, k);
  }
  json_decref(d);
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "lnt") && strcmp(argv[1], "lit"))) {
    fprintf(stderr, "usage: test_export_format lnt FILE... | lit FILE\n");
    return 2;
  }
  for (int i = 2; i < argc; ++i) (!strcmp(argv[1], "lnt") ? lnt : lit)(argv[i]);
  if (!failures) printf("%s: %d file(s) valid\n", argv[1], argc - 2);
  return failures != 0;
}
