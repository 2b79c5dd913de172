/* check.c's pieces that other commands use (ompkit analyze, issue 21). */
#ifndef OK_CHECK_H
#define OK_CHECK_H
#include "core.h"

#include <stddef.h>

/* check.json's row: "status" is the check's verdict ("pass"/"fail"), not a result line's status;
 * its "config", "compiler" and "kernel" are the record's (OK_FNAME). */
#define CHECK_STATUS "status"

/* `ompkit check --json` as a function: the driver's build (its manifest, or $OMPKIT_MANIFEST)
 * against the EXPECT lines. Returns check's exit status (0 all hold, 1 a mismatch, 2 could not
 * check, after a line on stderr); with 0 or 1, *doc is the document check --json prints (the
 * caller owns it), else NULL. */
int ok_check_doc(json_t **doc);

int ok_is_kernel_source(const char *path); /* .c or .cpp */
int ok_check_source(const struct ok_config *c, const char *path, json_t *checks, long *hold, long *failed,
                    char *err, size_t errlen);
/* The same for a header's EXPECT lines (path) on the kernels of the unit that includes it. */
int ok_check_source_in(const struct ok_config *c, const char *path, const char *unit, json_t *checks, long *hold,
                       long *failed, char *err, size_t errlen);
struct ok_ir;
/* A remark on `function` belongs to `kernel`: the kernel itself, its outlined helpers (named after
 * it), or a function it reaches in the TU's call graph. */
int ok_remark_attributed(const char *function, const char *kernel, const struct ok_ir *ir);
/* Whether an offload kernel symbol was made for the target pragma at `line` (it ends in _l<line>). */
int ok_kernel_for_line(const char *sym, int line);
#endif
