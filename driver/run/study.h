/* A study's result folder: compile-time data (remarks, resources), the join of that data onto
 * each measurement, and the tables written at the end. */
#ifndef OK_STUDY_H
#define OK_STUDY_H
#include "core.h"

#include <limits.h>
#include <sched.h>

struct ok_disasm;
struct study_listing {
  char config[128];
  struct ok_disasm *host, *gpu;
  char gpu_level[16]; /* "sass", "ptx", or "sass-ptxas" (GCC's image PTX assembled here by ptxas) */
  /* CUDA's SASS listing comes from cuobjdump, which takes seconds on a large bench: it runs in
   * the background (started with the first GPU configuration) and is read when first needed. */
  int sass_pid;              /* > 0: cuobjdump running */
  double sass_t0;
  char sass_path[PATH_MAX + 64], sass_tool[PATH_MAX], sass_bench[PATH_MAX];
  /* GCC's offload image (keep/image/<lib>.ptx): ptxas assembles each for sass_arch first, then
   * sass_tool lists them (sass_bench is then the folder). Empty: a CUDA bench. */
  char sass_ptxas[PATH_MAX], sass_arch[16];
};

struct study {
  char dir[PATH_MAX];
  json_t *remarks;   /* config -> [records] (device side) */
  json_t *resources; /* config -> {function: {...}} */
  struct study_listing listings[32];
  int nlistings;
  json_t *modes;     /* config -> {kernel: "SPMD" | "Generic" | "Generic-SPMD"} (device IR) */
  json_t *kernel_remarks; /* config -> {kernel: [OMP IDs]} attributed through the call graph */
  json_t *kernel_ids;     /* config -> {kernel symbol: identity} (record/ok_kernel_id.h) */
  /* The CPUs the background listings run on (run_cores.h: the GPU side, when the host
   * configurations run beside the GPU work); NULL: wherever the study runs. */
  const cpu_set_t *listing_cpus;
};

void study_init(struct study *st, const char *dir);
void study_free(struct study *st);
/* Parses every enabled configuration's artefacts; writes remarks.jsonl and resources.jsonl. */
void study_compile_data(struct study *st, const struct ok_manifest *m);
/* Writes compile.jsonl: per configuration and device kernel, static mode, resources, remark IDs. */
void study_write_compile(struct study *st);
/* Starts the background SASS listings (cuobjdump) of every selected CUDA configuration; the study
 * calls it when the first GPU configuration starts, so host-timed configurations run undisturbed. */
void study_start_listings(struct study *st);
/* Waits for configuration c's background listing (SASS) and loads it, if it is not loaded yet:
 * `ompkit run --gpus` calls it before taking the study's lock, so one GPU's first primitive
 * waiting for its listing does not hold up the others. */
void study_ready_listing(struct study *st, const struct ok_config *c);
/* Whether configuration c's listing is still to be waited for (study_ready_listing). */
int study_listing_pending(const struct study *st, const struct ok_config *c);
/* Whether waiting for configuration c's listing now would block: its background job is still
 * running. Reaps nothing and takes no lock (the pool asks while another thread may wait). */
int study_listing_running(const struct study *st, const struct ok_config *c);
/* Adds kernel_symbol, kernel_id, observed_mode, static_mode (mode_mismatch when they differ), launch shape,
 * resources and remark IDs to one result. */
void study_join(struct study *st, const struct ok_config *c, json_t *result, const char *bench_stderr);
/* Writes results.csv from results.jsonl (atomically). */
int study_write_tables(struct study *st);
const char *study_git_sha(const struct ok_manifest *m);
#endif
