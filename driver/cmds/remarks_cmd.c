/* ompkit remarks / resources: the parsers of remarks/ on the command line (and for tests). */
#include "core.h"
#include "remarks.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int print_remark(const struct ok_remark *r, void *ud) {
  int json = *(int *)ud;
  if (!json) {
    printf("%s:%d:%d: %s %s/%s in %s: %s\n", r->file ? r->file : "?", r->line, r->column, r->kind, r->pass, r->name,
           r->function, r->message);
    return 0;
  }
  json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:s?,s:i,s:i,s:s}", "kind", r->kind, "pass", r->pass, "name", r->name,
                        "function", r->function, "file", r->file, "line", r->line, "column", r->column, "message",
                        r->message);
  json_t *args = json_object();
  for (int i = 0; i < r->nargs; ++i)
    if (strcmp(r->args[i].key, "String")) json_object_set_new(args, r->args[i].key, json_string(r->args[i].value));
  json_object_set_new(j, "args", args);
  char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
  puts(s);
  free(s);
  json_decref(j);
  return 0;
}

static int print_resource(const struct ok_resource *r, void *ud) {
  (void)ud;
  if (r->vgprs >= 0) { /* an AMDGPU kernel's code object notes: its own names (docs/amdgpu.md) */
    printf("%s\t%s\tvgprs=%d\tsgprs=%d\tagprs=%d\tlds=%ld\tscratch=%ld\tvgpr_spills=%d\tsgpr_spills=%d\t"
           "max_workgroup=%d\twave=%d\n",
           r->function, r->tool, r->vgprs, r->sgprs, r->agprs, r->lds, r->scratch, r->vgpr_spills, r->sgpr_spills,
           r->max_wg, r->wave);
    return 0;
  }
  printf("%s\t%s\tregisters=%d\tstack=%ld\tsmem=%ld\tlmem=%ld\tspill_stores=%ld\tspill_loads=%ld\n", r->function,
         r->tool, r->registers, r->stack, r->smem, r->lmem, r->spill_stores, r->spill_loads);
  return 0;
}

static int files_cmd(int argc, char **argv, int remarks) {
  static const struct option lo[] = {{"json", 0, 0, 'j'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  const char *cmd = remarks ? "remarks" : "resources";
  int json = 0, nfiles = 0, rc = OK_EXIT_OK, ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    if (ch == 'j') json = 1;
    else if (ch == 'h') {
      printf("usage: ompkit %s [--json] FILE...\n", cmd);
      return OK_EXIT_OK;
    } else return ok_bad_option(cmd, argv);
  }
  for (int i = optind; i < argc; ++i) {
    ++nfiles;
    char err[512];
    long n = remarks ? ok_remarks_parse_file(argv[i], print_remark, &json, err, sizeof err)
                     : ok_resources_parse_file(argv[i], print_resource, NULL, err, sizeof err);
    if (n < 0) {
      ok_err("%s", err);
      rc = OK_EXIT_USAGE;
    }
  }
  if (!nfiles) {
    ok_err("%s: no input files (see ompkit %s --help)", cmd, cmd);
    return OK_EXIT_USAGE;
  }
  return rc;
}

int cmd_remarks(int argc, char **argv) { return files_cmd(argc, argv, 1); }
int cmd_resources(int argc, char **argv) { return files_cmd(argc, argv, 0); }
