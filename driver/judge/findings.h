/* `ompkit findings`: the findings' reproducers (docs/findings/repro/<name>/run.sh) as a regression
 * suite. nightly calls ok_findings_run and puts ok_findings_markdown's table into nightly.md. */
#ifndef OK_FINDINGS_H
#define OK_FINDINGS_H
#include <jansson.h>
#include <stdio.h>

struct ok_findings_opts {
  const char *dir;      /* the repro folder; NULL: <source_dir>/docs/findings/repro from the manifest */
  const char *configs;  /* "clang-19,gcc-12" (target-clang19 etc. accepted); NULL: every compiler */
  const char *only;     /* "name,name": these findings only; NULL: all */
  const char *own_llvm; /* an own LLVM prefix (compiler `own`); NULL: $FINDINGS_OWN_LLVM if set */
  int quick;            /* skip reproducers marked `# findings: slow` */
  int gpu;              /* 1 run GPU parts, 0 never, -1 when a GPU is listed (nvidia-smi) */
  int progress;         /* print one line per reproducer to stderr as it finishes */
};

/* Runs the reproducers. Returns the document
 *   {"dir", "compilers": {name: version}, "findings": [{"name", "skipped"?, "results": [{"compiler",
 *    "status", "expected", "version", "detail", "changed"}]}], "changed": N, "errors": N}
 * (changed: a status `reproduces`/`fixed` other than the one declared; errors: status `error`),
 * or NULL after a one-line error (no repro folder). */
/* A result row's members that share a name with a record field but are the findings table's own:
 * the compiler's short name (clang-19), reproduces/fixed/error, what run.sh printed. */
#define FINDING_COMPILER "compiler"
#define FINDING_STATUS "status"
#define FINDING_DETAIL "detail"
json_t *ok_findings_run(const struct ok_findings_opts *o);
/* The versions table (one row per finding, one column per compiler) as Markdown. */
void ok_findings_markdown(const json_t *doc, FILE *f);
#endif
