/* EXPECT comments in kernel sources: what a compiler should do with the next target region.
 *
 *   // EXPECT-REMARK: OMP121            the kernel (or its outlined helpers) gets this remark
 *   // EXPECT-NO-REMARK: OMP120         ... does not get it
 *   // EXPECT-MODE: SPMD                static execution mode: SPMD | Generic | Generic-SPMD
 *   // EXPECT-MAX-REGISTERS: 64 +8      registers <= 64, tolerating 8 more
 *   // EXPECT-REMARK[clang-19]: OMP121  only for that compiler (a tag or a configuration name)
 *   // EXPECT-MODE[amdgpu]: Generic-SPMD only for that target family (amdgpu, nvptx) or arch (gfx942)
 *
 * Each applies to the next `#pragma omp target` that makes a kernel (not target data/update).
 *
 *   // EXPECT-FAIL[clang-19]: wrong result (docs/offload-gaps.md#anchor)
 *
 * is a known defect of a compiler: it applies to the variant registered by the next
 * OK_REGISTER*(KERNEL, VARIANT, ...) line (target pragmas in between do not take it). The value
 * is the status the variant's failing lines start with (`wrong result`, `timeout`, `crashed`,
 * `not built`); the parenthesized rest is the note, a link to where the defect is described. The
 * [qualifier] is required: a compiler tag (`clang-19`: every configuration built by clang 19;
 * `clang`: every clang) or a configuration name (`target-clang19-cudamode`). ompkit run reports a
 * matching failure as `known defect`, and a marked variant whose every line passes as `fixed?`
 * (docs/check.md "Known defects"). */
#ifndef OK_EXPECT_H
#define OK_EXPECT_H
#include <stddef.h>

enum ok_expect_kind { OK_EXPECT_REMARK, OK_EXPECT_NO_REMARK, OK_EXPECT_MODE, OK_EXPECT_MAX_REGISTERS, OK_EXPECT_FAIL };

struct ok_expect {
  enum ok_expect_kind kind;
  char value[64];     /* remark ID, or mode spelled SPMD / Generic / Generic-SPMD; FAIL: a status */
  long max, tolerance; /* MAX-REGISTERS */
  char qualifier[64]; /* "" applies to every compiler */
  int line;           /* line of the EXPECT comment */
  int pragma_line;    /* line of the #pragma omp target it applies to (the kernel's _l<N>); FAIL:
                         line of the OK_REGISTER it applies to */
  char note[192];     /* FAIL: the text in parentheses after the status (a link) */
  char kernel[64], variant[64]; /* FAIL: the registered variant */
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
/* The same for a configuration that compiles for arch (sm_90, gfx90a): a qualifier may also name
 * the architecture or its target family, `[amdgpu]` (gfx*) or `[nvptx]` (sm_*). */
/* The target family of an offload architecture: "amdgpu" (gfx*), "nvptx" (sm_*), or NULL. */
const char *ok_target_family(const char *arch);
int ok_expect_applies_on(const struct ok_expect *v, size_t n, size_t i, const char *tag, const char *config,
                         const char *arch);

/* "clang-19" from a version line "Debian clang version 19.1.7 ...", else the compiler's file
 * name ("gcc-12" for /usr/bin/gcc-12): the tag that EXPECT qualifiers name. */
void ok_compiler_tag(const char *compiler_version, const char *compiler, char *out, size_t n);

/* The kernel-making `#pragma omp target` directives of a source (not target data/enter/exit/
 * update), outside block comments: cb(line, directive text with continuations joined, ud) for
 * each; a non-zero return stops. Returns how many were seen. */
typedef int (*ok_pragma_cb)(int line, const char *text, void *ud);
long ok_target_pragmas(const char *buf, size_t len, ok_pragma_cb cb, void *ud);
#endif
