/* ompkit schema: the result record's fields and the models, printed from the one table
 * (record/ok_record.def). The Markdown form is docs/results-schema.md's field table. */
#include "core.h"
#include "resultset.h"
#include "ok_record.h"
#include "ok_status.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

/* The field's unit, in the --json table (a member of schema's document, not the record's unit). */
#define SCHEMA_UNIT "unit"

static const char *const kind_name[] = {"string", "integer", "number", "boolean", "list of strings",
                                        "{median, min, max}", "object"};
static const char *const role_name[] = {"identity", "point", "measurement", "context", "point (launch shape)"};

static void md(const char *s) {
  for (; *s; ++s) {
    if (*s == '|') putchar('\\'); /* a table cell */
    putchar(*s);
  }
}

static void markdown(void) {
  puts("| field | kind | unit | role | on | meaning |\n|---|---|---|---|---|---|");
  for (int i = 0; i < OKF_COUNT; ++i) {
    const struct ok_field *f = &ok_fields[i];
    printf("| `%s` | %s | %s | %s | ", f->name, kind_name[f->kind], f->unit[0] ? f->unit : "", role_name[f->role]);
    md(f->scope);
    fputs(" | ", stdout);
    md(f->doc);
    puts(" |");
  }
  puts("\nRole `point`: the field names the point (report, compare, merge, nightly and the exports match points on"
       "\nevery one present); `point (launch shape)`: the same, but left out when a workload is paired across models;"
       "\n`identity`: configuration, kernel and variant; `measurement`: what was measured or decided;"
       "\n`context`: how and where.\n\n| model | GPU | |\n|---|---|---|");
  for (int i = 0; i < OKM_COUNT; ++i)
    printf("| `%s` | %s | %s |\n", ok_models[i].name, ok_models[i].needs_gpu ? "yes" : "no", ok_models[i].doc);
  printf("\nStatuses (`status`, record format %d; record/ok_status.def): every count, list and exit status "
         "asks their class.\n\n| status | class | lit | meaning |\n|---|---|---|---|\n", OK_RECORD_VERSION);
  for (int i = 0; i < OK_ST_COUNT; ++i)
    printf("| `%s` | %s | %s | %s |\n", ok_statuses[i].name, ok_status_class_names[ok_statuses[i].cls],
           ok_status_class_lit[ok_statuses[i].cls], ok_statuses[i].doc);
}

static void json(void) {
  json_t *doc = json_object(), *fs = json_array(), *ms = json_array();
  for (int i = 0; i < OKF_COUNT; ++i) {
    const struct ok_field *f = &ok_fields[i];
    json_array_append_new(fs, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "name", f->name, "kind", kind_name[f->kind],
                                        SCHEMA_UNIT, f->unit, "role", role_name[f->role], "csv", f->csv, "on", f->scope,
                                        "meaning", f->doc));
  }
  for (int i = 0; i < OKM_COUNT; ++i)
    json_array_append_new(ms, json_pack("{s:s,s:b,s:s}", "name", ok_models[i].name, "needs_gpu",
                                        ok_models[i].needs_gpu, "meaning", ok_models[i].doc));
  json_object_set_new(doc, "fields", fs);
  json_object_set_new(doc, "models", ms);
  json_t *st = json_array();
  for (int i = 0; i < OK_ST_COUNT; ++i)
    json_array_append_new(st, json_pack("{s:s,s:s,s:s,s:s}", "name", ok_statuses[i].name, "class",
                                         ok_status_class_names[ok_statuses[i].cls], "lit",
                                         ok_status_class_lit[ok_statuses[i].cls], "meaning", ok_statuses[i].doc));
  json_object_set_new(doc, "statuses", st);
  json_object_set_new(doc, "record_version", json_integer(OK_RECORD_VERSION));
  json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  putchar('\n');
  json_decref(doc);
}

int cmd_schema(int argc, char **argv) {
  static const struct option lo[] = {{"json", 0, 0, 'j'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  int as_json = 0, ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    if (ch == 'j') as_json = 1;
    else if (ch == 'h') {
      printf("usage: ompkit schema [--json]\n"
             "Prints the fields of a results.jsonl line (name, kind, unit, role, which lines carry it,\n"
             "meaning) and the models, from record/ok_record.def: a Markdown table\n"
             "(docs/results-schema.md's) or, with --json, one JSON document.\n");
      return OK_EXIT_OK;
    } else return ok_bad_option("schema", argv);
  }
  if (optind < argc) return ok_bad_argument("schema", argv[optind]);
  if (as_json) json();
  else markdown();
  return OK_EXIT_OK;
}
