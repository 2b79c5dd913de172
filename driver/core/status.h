/* Statuses on result lines (record/ok_status.h is the vocabulary): reading a line's
 * status, turning record format 1's "name: why" into format 2, and the one tally of a result
 * folder that the run's summary, the report's header, nightly.json and the exports print. */
#ifndef OK_DRIVER_STATUS_H
#define OK_DRIVER_STATUS_H
#include "ok_status.h"

#include <jansson.h>
#include <stddef.h>

/* The status of a result line (OK_ST_UNKNOWN when it has none or one outside the table). */
enum ok_status ok_line_status(json_t *line);
/* Sets the line's status (its name) and, when why is non-empty, its `error`. */
void ok_line_set_status(json_t *line, enum ok_status s, const char *why);
/* Format 1 -> 2 in place: "known defect: wrong result" becomes status "known defect" with
 * `error` "wrong result[: old error]", and "ok" under an EXPECT-FAIL marker becomes "fixed?".
 * A format-2 line is left as it is. */
void ok_line_normalize(json_t *line);

/* The variants of a set of lines, the one grouping every per-variant verdict uses: an object
 * "config|kernel|variant" -> {"first": its first line, "n": [points per class], "marked": its
 * first line that failed as marked, else its first that passed under a marker}. A new reference. */
json_t *ok_variant_groups(json_t *lines);
/* A group's points per class (n) and its verdict, ok_variant_class. */
enum ok_status_class ok_group_class(json_t *group, long n[OK_SC_COUNT]);

/* A result folder counted two ways: points (merged result lines) and variants (config, kernel,
 * variant), each by status class; a variant's class is ok_variant_class of its points. Lines
 * without a kernel are a configuration's own status, counted apart. */
struct ok_tally {
  long points, point_class[OK_SC_COUNT];
  long variants, variant_class[OK_SC_COUNT];
  long known_partly; /* known-defect variants with some points passing (fixed? points) */
  long configs, config_class[OK_SC_COUNT];
};
void ok_tally_lines(json_t *lines, struct ok_tally *t);
/* "variants: 689 (0 failed, 26 known defect, …) · points: 15612 (15464 passed, …)" */
void ok_tally_format(const struct ok_tally *t, char *buf, size_t n);
/* {"variants": {"total": N, "failed": N, ...}, "points": {...}, "configurations": {...}} */
json_t *ok_tally_json(const struct ok_tally *t);
/* Exit status of a tally: 1 when any variant or configuration failed or is fixed?, else 0. */
int ok_tally_exit(const struct ok_tally *t);
#endif
