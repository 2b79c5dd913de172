/* ompkit: the driver. One file per subcommand; exit 0 ok, 1 a finding, 2 usage/environment. */
#include "core.h"

#include <stdio.h>
#include <string.h>

int cmd_run(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_remarks(int argc, char **argv);
int cmd_resources(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_schema(int argc, char **argv);
int cmd_nightly(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_findings(int argc, char **argv);

static const struct {
  const char *name;
  int (*fn)(int, char **);
  const char *help;
} cmds[] = {
    {"run", cmd_run, "run the study (all enabled configurations) and write results/<timestamp>/"},
    {"list", cmd_list, "list configurations and kernels (--json for machines)"},
    {"remarks", cmd_remarks, "parse optimization-record YAML files and print the records"},
    {"resources", cmd_resources, "parse ptxas/nvlink -v output or llvm-readelf --notes of an AMDGPU code object: per-kernel resources"},
    {"report", cmd_report, "write report.md and a self-contained report.html for a result folder"},
    {"compare", cmd_compare, "compare two result folders; exit 1 on a regression (nightly CI)"},
    {"check", cmd_check, "check the EXPECT-* comments of the omp_target sources against the build"},
    {"nightly", cmd_nightly, "build, check, run the quick study, compare with a baseline: the nightly job's one command"},
    {"export", cmd_export, "write a result folder as LNT report JSON (--lnt DIR) or lit's JSON (--lit FILE)"},
    {"merge", cmd_merge, "merge result folders of several nodes (Slurm jobs) into one folder and report"},
    {"analyze", cmd_analyze, "what each compiler makes of the target regions of any C/C++ file (docs/analyze.md)"},
    {"findings", cmd_findings, "run the findings' reproducers with every compiler; exit 1 when a status changed"},
    {"schema", cmd_schema, "print the result record's fields and the models (docs/results-schema.md)"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit <command> [options]   (ompkit <command> --help for each)\n\ncommands:\n");
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i) fprintf(f, "  %-10s %s\n", cmds[i].name, cmds[i].help);
  fprintf(f, "  %-10s %s\n  %-10s %s\n", "test", "build and run the CTest suite (./ompkit script)", "bundle",
          "make a self-contained GPU bundle (./ompkit script)");
}

int main(int argc, char **argv) {
  /* Line-buffered even into a file or pipe: progress lines survive whatever ends the process. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc < 2) {
    usage(stderr);
    return OK_EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return OK_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i)
    if (!strcmp(argv[1], cmds[i].name)) return cmds[i].fn(argc - 1, argv + 1);
  ok_err("unknown command '%s' (see ompkit --help)", argv[1]);
  return OK_EXIT_USAGE;
}
