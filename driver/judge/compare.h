/* ompkit compare: two result folders (or two configurations of one) point by point. Its JSON
 * document's members that are the record's own fields are named by OK_FNAME; these are compare's. */
#ifndef OK_COMPARE_H
#define OK_COMPARE_H
#include <jansson.h>

/* ompkit compare with argv as its command line ("compare", A, B, options): with doc, its --json
 * document into *doc (the caller owns it; NULL unless 0 or 1 is returned) and nothing printed;
 * without, what the command prints. Returns compare's exit status. */
int compare_main(int argc, char **argv, json_t **doc);

#define CMP_GPU "gpu" /* a point that ran on another card: {"a": gpu_uuid, "b": gpu_uuid} */
#endif
