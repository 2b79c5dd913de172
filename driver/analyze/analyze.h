/* ompkit analyze (issue 21): any C or C++ source, per configuration and what-if flag, per target
 * region: mode, remarks, resources, globalization, the lowering audit, EXPECT verdicts, and with
 * --run the launches. Shared declarations of driver/analyze*.c. */
#ifndef OK_ANALYZE_H
#define OK_ANALYZE_H
#include "core.h"
#include "ok_status.h"

#include <limits.h>

/* A status of analysis.json by its row of record/ok_status.def (AZ_ST(NO_KERNEL): "no kernel"). */
#define AZ_ST(id) ok_status_name(OK_ST_##id)

/* One configuration as analyze compiles with it (from the manifest's compile_flags). */
struct az_cfg {
  const char *name, *cc, *cxx, *cxx_why, *flags, *link, *version, *not_runnable;
  int gcc;            /* GCC offload: no LLVM remarks, IR or ExecMode */
  int compile_only;   /* no device runtime (-nogpulib): no program can be linked */
  int amd;            /* an AMD GPU (oc.offload_arch gfx*): scripts/compile.sh --amdgpu compiles and
                         links each unit; its kernels are in ir/<stem>.device.ll, its resources in
                         resources/<stem>.notes.txt (docs/amdgpu.md) */
  struct ok_config oc; /* for check.c: name, compiler, artefacts = this variant's folder */
};

/* One translation unit: a source file, its own flags (the user's, filtered: analyze_input.c) and
 * the folder its compile runs in (a compile database's "directory"; NULL: the current one). */
struct az_tu {
  char *file; /* absolute */
  char **argv;
  int argc;
  char *dir;
  char stem[256]; /* unique among the units: keep/<stem>.ptx, remarks/<stem>.device.opt.yaml */
  int has_kernels; /* some configuration emitted an offload kernel for it (after the first compiles) */
};

/* One compile of every file: a configuration, with or without one what-if flag. */
struct az_variant {
  int cfg;
  const char *whatif; /* NULL: the configuration as it is */
  char dir[PATH_MAX]; /* its artefacts: remarks/, keep/, resources/, log/ */
  int failed;         /* some file did not compile */
  int crashed;        /* ... because the compiler crashed (an ICE, a signal) */
  char error[512];    /* the first compiler error line (a crash: its first lines, joined) */
  double seconds;     /* wall time of its slowest file */
  char note[512];     /* GCC: why the device link (scripts/gcc-offload-keep.sh) gave less than all */
};

struct az {
  char **files; /* absolute paths: the units' files (tus[i].file) */
  int nfiles;
  struct az_tu *tus;
  int ntus;
  json_t *headers; /* headers named on the command line: not compiled as their own units */
  char root[PATH_MAX]; /* the program's root: kernel identities name files relative to it */
  char arch_user[64], arch_said[512]; /* the program's offload target and the flag that said it */
  int arch_forced;      /* ... given in `-- FLAGS` with -p: over the database's (arch_over) */
  char arch_over[512];
  int allow_failures; /* --allow-compile-failures: a configuration's failure keeps exit 0 */
  struct az_cfg *cfgs;
  int ncfgs;
  struct az_variant *vars;
  int nvars;
  char **user_flags; /* after `--` (no --run) or `-- FLAGS` */
  int nuser_flags;
  char **prog_args; /* --run -- ARGS */
  int nprog_args;
  int whatif, json, run, build_only, jobs;
  int ncompiles; /* compiler processes run */
  int from_build; /* read each configuration's build artefacts (kit sources) instead of compiling */
  const char *whatif_configs; /* NULL: the reference one (the first non-matrix LLVM one); "all" */
  const char *whatif_flags;   /* NULL: all five; else short names ("cuda-mode,no-thread-state") */
  char out[PATH_MAX];
  const char *src_root; /* the kit's tree: scripts/ptxas-keep.sh */
  char arch[32];        /* the build's offload_arch (sm_90): GCC's PTX is assembled for it */
  char cuda_bin[PATH_MAX]; /* CUDA 11.8's ptxas and nvlink (from a configuration's --cuda-path) */
  char nvcc[PATH_MAX], cuda_cfg[64]; /* the CUDA configuration's compiler and name: .cu files */
  struct az_tu *cuda_tus; /* --cuda-program (or a second -p): the CUDA form's units, own flags and folder */
  int ncuda;
  char **cuda_link; /* ... and the -l, -L, -Wl, options of its link (from its compile database) */
  int ncuda_link;
  json_t *doc;          /* the result: files, configs, regions, expect, run */
};

extern const char *const az_whatif_flags[];
extern const int az_nwhatif;

/* analyze_input.c: the translation units (files and -- FLAGS, or -p BUILD_DIR). */
int az_add_files(struct az *a, char **files, int nfiles);
int az_add_compdb(struct az *a, const char *dbdir, char **files, int nfiles);
/* --cuda-program FILE|BUILD_DIR (or a second -p): the same program's CUDA build, a source or a
 * compile database whose units nvcc compiles with their own flags (the offload target the OpenMP
 * program's); 0, or an exit status after a one-line error. */
int az_add_cuda_program(struct az *a, const char *what);
void az_finish_tus(struct az *a);
char *az_target_flags(const struct az *a, const char *flags, int gcc);
int az_is_fortran(const char *path);
int az_is_header(const char *path);
/* analyze_jobs.c: every compile of every variant, in parallel; fills vars[].failed/error. */
int az_compile_all(struct az *a);
/* analyze_jobs.c: FILE preprocessed (-E) as variant v's device compile sees it, into OUT; 0 when done. */
int az_preprocess(const struct az *a, int v, const char *file, const char *out);
/* analyze_nokernel.c: the entry of a region that has no kernel in variant v: why, in words (the
 * directive #if'd out, compiled but not emitted, or a construct the compiler is known to drop).
 * *pp caches the preprocessed file's state per (variant, file): start it at 0. */
json_t *az_no_kernel_entry(const struct az *a, int v, const char *file, int line, const char *directive, int *pp);
/* analyze_nokernel.c: a kernel entry e that LLVM 16 left without its loop (a `teams loop` nested in
 * `target`, the line after the directive at `line`; `to`: the next region's line or 0) is marked
 * wrong code with the finding's name. */
void az_known_empty_kernel(const struct az *a, int v, const char *file, int line, int to, json_t *e);
int az_known_drop(const struct az *a, int v, const char *directive);
/* analyze_region.c: the regions of every file with each variant's data (doc "regions"). */
int az_collect(struct az *a);
/* analyze_host.c: the entry of a region a configuration emitted no kernel for (its host side). */
json_t *az_missing_kernel(const struct az *a, const struct az_variant *var, int t, json_t *region);
/* analyze_cause.c: why a region runs its loop one thread per team, from its preprocessed body. */
char *az_one_thread_cause(const struct az *a, const struct az_variant *var, int t, json_t *region);
int az_live_target(const struct az *a, const struct az_variant *var, int t, char *where, size_t n);
/* analyze_diff.c: what changed per region under each what-if flag, and the costly regions. */
void az_whatif_diffs(struct az *a);
json_t *az_costly(const struct az *a);
/* analyze_gcc.c: target-gcc12's entry per region (omplower dump, mkoffload PTX, nvlink -v). */
struct az_gcc;
struct az_gcc *az_gcc_open(const struct az_variant *var, const char *stem);
json_t *az_gcc_entry(const struct az_gcc *g, const char *file, int line, int next_line);
void az_gcc_close(struct az_gcc *g);
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
/* A .cu file: the program's CUDA form, built with nvcc for --run and timed with CUDA events. */
int az_is_cu(const char *path);
#endif
