/* The status vocabulary (ok_status.def) and the one answer to each question asked of a status:
 * which class it is in, whether it fails a run, whether it carries a measurement, and how a
 * variant's points add up to one verdict. C and C++ (nvcc compiles the CUDA bench). */
#ifndef OK_STATUS_H
#define OK_STATUS_H
#include <string.h>

enum ok_status_class { OK_SC_PASS, OK_SC_FAIL, OK_SC_KNOWN, OK_SC_FIXED, OK_SC_NOTMEAS, OK_SC_LIMIT, OK_SC_SKIP, OK_SC_COUNT };

enum ok_status {
  OK_ST_UNKNOWN = -1, /* no status, or text that is none of the table's: a failure, whatever it says */
#define OK_STATUS(id, name, cls, doc) OK_ST_##id,
#include "ok_status.def"
  OK_ST_COUNT
};

struct ok_status_row {
  const char *name;
  enum ok_status_class cls;
  const char *doc;
};

static const struct ok_status_row ok_statuses[OK_ST_COUNT] = {
#define OK_STATUS(id, name, cls, doc) {name, cls, doc},
#include "ok_status.def"
};

/* How a class is counted, in the run's summary, the report's header and nightly.json alike. */
static const char *const ok_status_class_names[OK_SC_COUNT] = {
    "passed", "failed", "known defect", "fixed?", "not measured", "not built or not runnable", "skipped"};

/* lit's result code of each class (llvm-lit -o): a known defect is XFAIL, a fixed? one XPASS, a
 * point with no number UNSUPPORTED. */
static const char *const ok_status_class_lit[OK_SC_COUNT] = {"PASS", "FAIL", "XFAIL", "XPASS",
                                                             "UNSUPPORTED", "UNSUPPORTED", "UNSUPPORTED"};

/* The record format, provenance.json's `record_version`: 3 names each device kernel by its
 * identity (`kernel_id`, record/ok_kernel_id.h) and measures a GPU primitive point at several
 * address placements (`per_op_cycles` is the nearest one's, `per_op_far_cycles` the farthest's);
 * 2 writes a table name alone in `status` (the why in `error`); 1 wrote "name: why" there. */
#define OK_RECORD_VERSION 3

static inline const char *ok_status_name(enum ok_status s) {
  return s >= 0 && s < OK_ST_COUNT ? ok_statuses[s].name : "unknown status";
}

/* A status text of either format: its status, and (reason) where a format-1 why starts ("" when
 * none). "known defect: wrong result" -> OK_ST_KNOWN_DEFECT, "wrong result". */
static inline enum ok_status ok_status_parse(const char *text, const char **reason) {
  if (reason) *reason = "";
  for (int i = 0; text && i < OK_ST_COUNT; ++i) {
    size_t n = strlen(ok_statuses[i].name);
    if (strncmp(text, ok_statuses[i].name, n) || (text[n] && text[n] != ':')) continue;
    if (reason && text[n] == ':') *reason = text + n + 1 + (text[n + 1] == ' ');
    return (enum ok_status)i;
  }
  return OK_ST_UNKNOWN;
}

static inline enum ok_status_class ok_status_class(enum ok_status s) {
  return s >= 0 && s < OK_ST_COUNT ? ok_statuses[s].cls : OK_SC_FAIL;
}
/* A failure: exit status 1, listed under "Failed". */
static inline int ok_status_fails(enum ok_status s) { return ok_status_class(s) == OK_SC_FAIL; }
/* Exit status 1 (a finding): a failure, or a marked defect that passed (as lit's XPASS). */
static inline int ok_status_is_finding(enum ok_status s) {
  return ok_status_class(s) == OK_SC_FAIL || ok_status_class(s) == OK_SC_FIXED;
}
/* Verified and timed: its numbers may be shown, compared and ranked. */
static inline int ok_status_measured(enum ok_status s) { return s == OK_ST_OK || s == OK_ST_FIXED; }

/* One rule for a variant whose points differ (a known defect that fails at some points and passes
 * at others): any failure fails it; else any point that failed as marked makes it a known defect
 * (partly passing when some points passed); only when every marked point passed is it fixed?;
 * else passed when any point passed; else its points' one class. n: points per class. */
static inline enum ok_status_class ok_variant_class(const long n[OK_SC_COUNT]) {
  static const enum ok_status_class order[] = {OK_SC_FAIL, OK_SC_KNOWN, OK_SC_FIXED, OK_SC_PASS,
                                               OK_SC_NOTMEAS, OK_SC_LIMIT, OK_SC_SKIP};
  for (unsigned i = 0; i < sizeof order / sizeof order[0]; ++i)
    if (n[order[i]] > 0) return order[i];
  return OK_SC_SKIP;
}
#endif
