/* Device functions defined in opaque.c, a separate translation unit: the optimizer compiling a
 * kernel cannot see their bodies. Each declaration states what the caller may assume about one. */
#ifndef OK_OPAQUE_H
#define OK_OPAQUE_H
#ifdef __cplusplus
extern "C" { /* defined in opaque.c; C++ cases (issue 21) call them */
#endif
#pragma omp declare target
/* Unknown side effects, may hold parallel regions: blocks SPMDization, needs the state-machine fallback. */
void ok_opaque_touch(unsigned long long *p);
/* Unknown callee that may keep the pointer: a local passed here must stay globalized. */
void ok_opaque_use(unsigned *p);
/* The same, but the pointer does not outlive the call: the local can go back to the stack. */
void ok_opaque_use_noescape(__attribute__((noescape)) unsigned *p);
#pragma omp end declare target

/* Safe for every thread to run (SPMD-amenable); clang 19 has no [[omp::assume]] in C, the
 * `assumes` directive with the ext_ prefix gives the same "ompx_spmd_amenable" assumption. */
#include "ok_portable.h"
#if OK_OT_CLANG_EXT
#pragma omp begin assumes ext_spmd_amenable
#pragma omp declare target
void ok_opaque_amenable(unsigned long long *p);
#pragma omp end declare target
#pragma omp end assumes

/* Holds no parallel region ("omp_no_parallelism"): the state machine needs no fallback. */
#pragma omp begin assumes no_parallelism
#pragma omp declare target
void ok_opaque_no_parallelism(unsigned long long *p);
#pragma omp end declare target
#pragma omp end assumes
#endif
#ifdef __cplusplus
}
#endif
#endif
