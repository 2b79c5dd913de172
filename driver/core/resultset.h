/* A finished result folder read back: results.jsonl (repeats merged), provenance.json and, when
 * present, remarks.jsonl. Shared by `report` and `compare`. */
#ifndef OK_RESULTSET_H
#define OK_RESULTSET_H
#include "core.h"
#include "ok_record.h"

#include <limits.h>

struct resultset {
  char dir[PATH_MAX];
  json_t *prov;    /* provenance.json */
  json_t *lines;   /* merged result objects, in first-seen order; each has RS_KEY */
  json_t *remarks; /* remarks.jsonl records (array, empty when the file is absent) */
  json_t *compile; /* compile.jsonl: per configuration and device kernel, its compile data (array) */
};

/* Members the result set adds to a merged line (not record fields): its point key (rs_key), how
 * many studies' lines it merges (--repeat), and per metric each repeat's median and spread. */
#define RS_KEY "_key"
#define RS_REPEATS "repeats"
#define RS_MEDIANS "_medians"
#define RS_SPREADS "_spreads"

/* Fields that name a measured point besides config/kernel/variant (the OK_R_DIM and OK_R_SHAPE rows of
 * record/ok_record.def, in table order); any may be absent. NULL-terminated. */
extern const char *const rs_point_fields[];

/* Loads DIR. need_prov: refuse a folder without a readable provenance.json. Prints one line
 * (prefixed "<cmd>: ") and returns -1 on bad input. */
int rs_load(struct resultset *rs, const char *dir, const char *cmd, int need_prov);
/* Joins another study's repeats to rs's points (compare --history); 0, or -1 after the error. */
int rs_add_repeats(struct resultset *rs, const char *dir, const char *cmd);
void rs_free(struct resultset *rs);

/* "config|kernel|variant|type=..|threads=..|param=..": the identity of a point across folders.
 * Every point dimension counts; param's ran=TxN tokens (what ran, not what was asked) do not. */
void rs_key(json_t *j, int with_config, char *buf, size_t n);
/* The point's dimensions alone, "|type=int|threads=128|…", in table order: every OK_R_DIM row
 * (RS_DIM_WORK), every OK_R_SHAPE row (RS_DIM_SHAPE), param left out with RS_DIM_NO_PARAM. The
 * one definition of a point's identity: rs_key, the report's rows and workloads use it. */
enum { RS_DIM_WORK = 1, RS_DIM_SHAPE = 2, RS_DIM_NO_PARAM = 4 };
void rs_dims_key(json_t *j, unsigned what, char *buf, size_t n);
/* param without its ran=TxN tokens (omp_target records there the shape a region got: a
 * measurement, not part of the point); "" when nothing else is left. */
void rs_param_key(const char *param, char *out, size_t n);
/* Human-readable point ("threads=128 teams=128"), empty when there are no point fields. */
void rs_point_label(json_t *j, char *buf, size_t n);

/* The time-like metric of a line: time_s, else per_op_ns, else per_op_cycles. Returns the
 * metric's name (NULL when there is none); min/max are NAN when not recorded. */
const char *rs_metric(json_t *j, double *median, double *min, double *max);
/* The metric compare judges: per_op_cycles where the point has it (a clock-timed GPU point),
 * else rs_metric's. */
const char *rs_compare_metric(json_t *j, double *median, double *min, double *max);
/* The medians of a point's repeats (ompkit run --repeat N) for metric, in study order, at most
 * max; returns how many (1 for a point of one study). */
int rs_repeat_medians(json_t *j, const char *metric, double *out, int max);
/* The median over a point's repeats of each repeat's own (max - min) / median of metric: how far
 * one study's runs of the point scatter. NAN when no repeat recorded min and max. */
double rs_run_spread(json_t *j, const char *metric);
/* Cost of one operation in ns (per_op_ns.median, else ns_per_op_total); NAN when unknown. */
double rs_ns_per_op(json_t *j);
/* A record field of a line (or of a compile.jsonl entry) by its enum, never by a string: a name
 * the table (record/ok_record.def) lacks does not compile. rs_int: the integer or -1; rs_str:
 * the string or NULL. Members that are not record fields (provenance, the driver's own
 * documents): ok_jstr/ok_jint (core.h). */
static inline json_t *rs_get(json_t *j, enum ok_field_id f) { return json_object_get(j, ok_fields[f].name); }
static inline const char *rs_str(json_t *j, enum ok_field_id f) { return ok_jstr(j, ok_fields[f].name); }
static inline long rs_int(json_t *j, enum ok_field_id f) { return ok_jint(j, ok_fields[f].name); }
/* Verified and measured (status ok, or fixed?: a marked defect that passed), ok_status_measured. */
int rs_is_ok(json_t *j);
/* Formats seconds with a unit (ns/us/ms/s). */
void rs_fmt_time(double s, char *buf, size_t n);

/* ompkit report: writes DIR/report.md and DIR/report.html (plots under DIR/plots/). Called by
 * `ompkit run` at the end of a study. slow_ratio: omp_target/CUDA ratio worth a finding.
 * Returns 0, or -1 after a one-line error. */
int report_write(const char *dir, double slow_ratio, int quiet);
#endif
