#ifndef OK_DISASM_H
#define OK_DISASM_H
#include <regex.h>
#include <stddef.h>

struct ok_disasm;
/* Loads an objdump -d, cuobjdump -sass or PTX listing. 0 on success, -1 with a one-line error. */
int ok_disasm_load(const char *path, struct ok_disasm **out, char *err, size_t errlen);
void ok_disasm_free(struct ok_disasm *d);
/* Lines matching re in sym and its clones/outlined parts; *functions says how many were found. */
long ok_disasm_count(const struct ok_disasm *d, const char *sym, const regex_t *re, int *functions);
/* An omp_target primitive's family (PTX mnemonics, "st\\.") as a regex for a SASS listing, to
 * compile with REG_ICASE: for GCC's image PTX assembled by ptxas. NULL without memory; caller frees. */
char *ok_disasm_sass_family(const char *ptx_family);
#endif
