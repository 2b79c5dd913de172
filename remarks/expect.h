/* EXPECT comments in kernel sources: what a compiler should do with the next target region.
 *
 *   // EXPECT-REMARK: OMP121            the kernel (or its outlined helpers) gets this remark
 *   // EXPECT-NO-REMARK: OMP120         ... does not get it
 *   // EXPECT-MODE: SPMD                static execution mode: SPMD | Generic | Generic-SPMD
 *   // EXPECT-MAX-REGISTERS: 64 +8      registers <= 64, tolerating 8 more
 *   // EXPECT-REMARK[clang-19]: OMP121  only for that compiler (a tag or a configuration name)
 *
 * Each applies to the next `#pragma omp target` that makes a kernel (not target data/update). */
#ifndef OK_EXPECT_H
#define OK_EXPECT_H
#include <stddef.h>

enum ok_expect_kind { OK_EXPECT_REMARK, OK_EXPECT_NO_REMARK, OK_EXPECT_MODE, OK_EXPECT_MAX_REGISTERS };

struct ok_expect {
  enum ok_expect_kind kind;
  char value[64];     /* remark ID, or mode spelled SPMD / Generic / Generic-SPMD */
  long max, tolerance; /* MAX-REGISTERS */
  char qualifier[64]; /* "" applies to every compiler */
  int line;           /* line of the EXPECT comment */
  int pragma_line;    /* line of the #pragma omp target it applies to (the kernel's _l<N>) */
};

/* Parses the EXPECT comments of one C source. On success returns 0 and a malloc'ed array in
 * *out (free() it); on a malformed EXPECT line returns -1 with "FILE:LINE: why" in err. */
int ok_expect_parse_buffer(const char *name, const char *buf, size_t len, struct ok_expect **out, size_t *n,
                           char *err, size_t errlen);
int ok_expect_parse_file(const char *path, struct ok_expect **out, size_t *n, char *err, size_t errlen);

/* "EXPECT-REMARK", "EXPECT-MODE", ... */
const char *ok_expect_kind_name(enum ok_expect_kind k);

/* Whether v[i] is in force for a configuration whose compiler tag is `tag` (e.g. "clang-19") and
 * whose name is `config`: unqualified ones hold unless a qualified one that applies covers the
 * same thing (same kind slot for MODE/MAX-REGISTERS, same ID for REMARK/NO-REMARK). */
int ok_expect_applies(const struct ok_expect *v, size_t n, size_t i, const char *tag, const char *config);
#endif
