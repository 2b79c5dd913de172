/* ompkit list: configurations (enabled or why not) and the kernels each bench registers. */
#include "core.h"
#include "resultset.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_list(int argc, char **argv) {
  static const struct option lo[] = {{"json", 0, 0, 'j'}, {"configs", 0, 0, 'c'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  int json = 0, configs_only = 0, ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    switch (ch) {
    case 'j': json = 1; break;
    case 'c': configs_only = 1; break;
    case 'h': printf("usage: ompkit list [--configs] [--json]\n"); return OK_EXIT_OK;
    default: return ok_bad_option("list", argv);
    }
  }
  if (optind < argc) return ok_bad_argument("list", argv[optind]);
  struct ok_manifest m;
  if (ok_manifest_load(&m)) return OK_EXIT_USAGE;
  int rc = OK_EXIT_OK;
  for (int i = 0; i < m.n; ++i) {
    const struct ok_config *c = &m.configs[i];
    if (configs_only || !c->enabled || c->not_runnable[0]) {
      if (json) {
        json_t *j = json_pack("{s:s,s:s,s:b,s:s}", OK_FNAME(config), c->name, OK_FNAME(model), c->model, "enabled", c->enabled,
                              "compiler_version", c->compiler_version);
        if (!c->enabled) json_object_set_new(j, "reason", json_string(c->reason));
        if (c->not_runnable[0]) json_object_set_new(j, "not_runnable", json_string(c->not_runnable));
        if (c->run_env[0]) json_object_set_new(j, "run_env", json_string(c->run_env));
        char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
        json_decref(j);
      } else if (c->enabled && c->not_runnable[0])
        printf("%-16s enabled   %s (compile data only; not runnable: %s)\n", c->name, c->compiler_version,
               c->not_runnable);
      else if (c->enabled)
        printf("%-16s enabled   %s%s%s\n", c->name, c->compiler_version, c->run_env[0] ? "; runs with " : "",
               c->run_env);
      else
        printf("%-16s disabled  %s\n", c->name, c->reason);
      continue;
    }
    char *argv2[] = {(char *)c->bench, "--list", NULL};
    struct ok_proc p;
    if (ok_spawn(argv2, NULL, 60, &p) || !p.exited || p.code) {
      ok_err("list: %s: bench --list failed", c->name);
      rc = OK_EXIT_USAGE;
      continue;
    }
    for (char *line = strtok(p.out, "\n"); line; line = strtok(NULL, "\n")) {
      if (json) {
        puts(line);
        continue;
      }
      json_t *j = json_loads(line, 0, NULL);
      const char *nb = json_string_value(json_object_get(j, "not_built"));
      printf("%-16s %s/%s (%s)%s%s\n", c->name, rs_str(j, OKF_kernel),
             rs_str(j, OKF_variant), rs_str(j, OKF_source_mode),
             nb ? "  not built: " : "", nb ? nb : "");
      json_decref(j);
    }
    ok_proc_free(&p);
  }
  ok_manifest_free(&m);
  return rc;
}
