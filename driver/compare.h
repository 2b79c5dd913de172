/* ompkit compare: two result folders (or two configurations of one) point by point. Its JSON
 * document's members that are the record's own fields are named by OK_FNAME; these are compare's. */
#ifndef OK_COMPARE_H
#define OK_COMPARE_H
#define CMP_GPU "gpu" /* a point that ran on another card: {"a": gpu_uuid, "b": gpu_uuid} */
#endif
