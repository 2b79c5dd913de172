/* A study's result folder: compile-time data (remarks, resources), the join of that data onto
 * each measurement, and the tables written at the end. */
#ifndef OK_STUDY_H
#define OK_STUDY_H
#include "core.h"

#include <limits.h>

struct ok_disasm;
struct study_listing {
  char config[128];
  struct ok_disasm *host, *gpu;
  char gpu_level[8]; /* "sass" or "ptx" */
};

struct study {
  char dir[PATH_MAX];
  json_t *remarks;   /* config -> [records] (device side) */
  json_t *resources; /* config -> {function: {...}} */
  struct study_listing listings[32];
  int nlistings;
  json_t *modes;     /* config -> {kernel: "SPMD" | "Generic" | "Generic-SPMD"} (device IR) */
  json_t *kernel_remarks; /* config -> {kernel: [OMP IDs]} attributed through the call graph */
};

void study_init(struct study *st, const char *dir);
void study_free(struct study *st);
/* Parses every enabled configuration's artefacts; writes remarks.jsonl and resources.jsonl. */
void study_compile_data(struct study *st, const struct ok_manifest *m);
/* Adds kernel_symbol, observed_mode, static_mode (mode_mismatch when they differ), launch shape,
 * resources and remark IDs to one result. */
void study_join(struct study *st, const struct ok_config *c, json_t *result, const char *bench_stderr);
/* Writes results.csv from results.jsonl (atomically). */
int study_write_tables(struct study *st);
const char *study_git_sha(const struct ok_manifest *m);
#endif
