/* Known defects: the EXPECT-FAIL[compiler]: STATUS (note) markers of the kernel sources
 * (remarks/expect.h), applied to result lines. A line that fails as marked becomes
 * `known defect` (not a failure); a marked line that passes is `fixed?`, and a variant is
 * fixed? only when all its marked lines pass (ok_variant_class: a finding, as lit's XPASS is:
 * the marker should go). docs/check.md "Known defects". */
#ifndef OK_KNOWN_DEFECTS_H
#define OK_KNOWN_DEFECTS_H
#include "core.h"
#include "expect.h"

struct ok_defects;

/* Reads every EXPECT-FAIL under <dir>/<model>/ for the models of m's configurations (dir: the
 * manifest's source_dir/kernels unless given; then the proxies' proxies/<name>/<model>/ too).
 * NULL with a one-line reason in err when the kernel sources cannot be read or a marker is
 * malformed; an empty set when there are none. */
struct ok_defects *kd_load(const struct ok_manifest *m, const char *dir, char *err, size_t errlen);
void kd_free(struct ok_defects *d);
/* The kernel sources: <source_dir>/kernels, else <manifest dir>/kernels (a bundle); -1 when
 * neither exists (out then names the first). */
int kd_sources_dir(const struct ok_manifest *m, char *out, size_t n);
/* The proxies' sources, found the same way: <source_dir>/proxies, else <manifest dir>/proxies. */
int kd_proxies_dir(const struct ok_manifest *m, char *out, size_t n);
size_t kd_count(const struct ok_defects *d);

/* The marker that covers c's kernel/variant, or NULL. */
const struct ok_expect *kd_find(const struct ok_defects *d, const struct ok_config *c, const char *kernel,
                                const char *variant);
/* The i-th marker that applies to c (NULL past the end): for variants the bench did not build. */
const struct ok_expect *kd_nth(const struct ok_defects *d, const struct ok_config *c, size_t i);

enum kd_outcome { KD_NONE, KD_KNOWN, KD_PASSED, KD_OTHER };
/* One result line of c: unmarked, or skipped/not built under a marker (KD_NONE); failed as
 * marked: status `known defect`, `error` "<status>[: why]" (KD_KNOWN); passed under a marker:
 * status `fixed?` (KD_PASSED); failed otherwise (KD_OTHER, still a failure). Marked lines get
 * "expect_fail", the marker in words. Statuses: record/ok_status.def. */
enum kd_outcome kd_apply(const struct ok_defects *d, const struct ok_config *c, json_t *line);

/* "EXPECT-FAIL[clang-19]: wrong result (note) at FILE:LINE" */
void kd_describe(const struct ok_expect *e, char *buf, size_t n);
#endif
