/* ompkit analyze (issue 21): any C or C++ source, per configuration and what-if flag, per target
 * region: mode, remarks, resources, globalization, the lowering audit, EXPECT verdicts, and with
 * --run the launches. Shared declarations of driver/analyze*.c. */
#ifndef OK_ANALYZE_H
#define OK_ANALYZE_H
#include "core.h"

#include <limits.h>

/* One configuration as analyze compiles with it (from the manifest's compile_flags). */
struct az_cfg {
  const char *name, *cc, *cxx, *cxx_why, *flags, *link, *version, *not_runnable;
  int gcc;            /* GCC offload: no LLVM remarks, IR or ExecMode */
  int compile_only;   /* no device runtime (-nogpulib): no program can be linked */
  struct ok_config oc; /* for check.c: name, compiler, artefacts = this variant's folder */
};

/* One compile of every file: a configuration, with or without one what-if flag. */
struct az_variant {
  int cfg;
  const char *whatif; /* NULL: the configuration as it is */
  char dir[PATH_MAX]; /* its artefacts: remarks/, keep/, resources/, log/ */
  int failed;         /* some file did not compile */
  char error[512];    /* the first compiler error line */
  double seconds;     /* wall time of its slowest file */
};

struct az {
  char **files; /* absolute paths */
  int nfiles;
  struct az_cfg *cfgs;
  int ncfgs;
  struct az_variant *vars;
  int nvars;
  char **user_flags; /* after `--` (no --run) or `-- FLAGS` */
  int nuser_flags;
  char **prog_args; /* --run -- ARGS */
  int nprog_args;
  int whatif, json, run, build_only, jobs;
  const char *whatif_configs; /* NULL: the reference one (the first non-matrix LLVM one); "all" */
  char out[PATH_MAX];
  const char *src_root; /* the kit's tree: scripts/ptxas-keep.sh */
  json_t *doc;          /* the result: files, configs, regions, expect, run */
};

extern const char *const az_whatif_flags[];
extern const int az_nwhatif;

/* analyze_jobs.c: every compile of every variant, in parallel; fills vars[].failed/error. */
int az_compile_all(struct az *a);
/* analyze_region.c: the regions of every file with each variant's data (doc "regions"). */
int az_collect(struct az *a);
/* analyze_diff.c: what changed per region under each what-if flag, and the costly regions. */
void az_whatif_diffs(struct az *a);
json_t *az_costly(const struct az *a);
/* analyze_output.c: the terminal table, report.md and report.html. */
void az_print_table(const struct az *a);
int az_write_reports(const struct az *a);
/* analyze_run.c: link and run the program per runnable configuration (--run, --build-only),
 * or run a folder built before (--run-built DIR). */
int az_build_programs(struct az *a);
int az_run_programs(struct az *a, const char *dir);
/* The short name of a what-if flag: "no-nested-parallelism", ..., "cuda-mode". */
const char *az_whatif_short(const char *flag);
int az_is_cxx(const char *path);
#endif
