/* What the omp_target kernels need beyond standard OpenMP, behind ONE guard.
 *
 * OK_OT_CLANG_EXT is 1 where the compiler has LLVM's OpenMP extensions: <ompx.h> (shuffles,
 * ballot, ompx_sync_block), `begin assumes` with the ext_ assumptions, `begin declare variant`.
 * It is 0 under GCC (GCC 12: no ompx.h, "expected 'declare' before 'assumes'"). OK_OT_OMPX narrows
 * it to compilers whose ompx probe passed (cmake/configs_matrix.cmake). A variant that needs an
 * extension registers, when it is 0, OK_REGISTER_NOT_BUILT(..., OK_OT_CLANG_ONLY(why)): the study
 * lists it as "not built: clang extension (why)" instead of losing it. */
#ifndef OK_PORTABLE_H
#define OK_PORTABLE_H
#include <omp.h>
#include <stdio.h>

#if defined(__clang__)
#define OK_OT_CLANG_EXT 1
#else
#define OK_OT_CLANG_EXT 0
#endif
#define OK_OT_CLANG_ONLY(WHY) "clang extension (" WHY ")"
/* <ompx.h> came with LLVM 17: a clang whose ompx probe failed gets OK_NO_OMPX. */
#if OK_OT_CLANG_EXT && !defined(OK_NO_OMPX)
#define OK_OT_OMPX 1
#else
#define OK_OT_OMPX 0
#endif
#if OK_OT_CLANG_EXT
#define OK_OT_NO_OMPX_WHY(WHAT) "feature probe: this LLVM has no ompx.h (LLVM 17+) for " WHAT
#else
#define OK_OT_NO_OMPX_WHY(WHAT) OK_OT_CLANG_ONLY(WHAT " from ompx.h")
#endif

/* `omp atomic compare` is OpenMP 5.1: clang has it from its 5.1 default (_OPENMP 202011, LLVM 17;
 * clang 16 defaults to 5.0 and rejects it), GCC from 12 (whose _OPENMP still says 4.5). */
#if (defined(__clang__) && _OPENMP >= 202011) || (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 12)
#define OK_OT_HAS_ATOMIC_COMPARE 1
#else
#define OK_OT_HAS_ATOMIC_COMPARE 0
#endif
#define OK_OT_NO_ATOMIC_COMPARE_WHY "compiler limit (omp atomic compare is OpenMP 5.1; this compiler's default OpenMP is older)"

/* Standard OpenMP that a compiler has not implemented: not a clang extension, a compiler limit.
 * GCC 12 and 13 answer `#pragma omp allocate` with "sorry, unimplemented" (GCC 14 has it for C). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#define OK_OT_HAS_OMP_ALLOCATE 0
#else
#define OK_OT_HAS_OMP_ALLOCATE 1
#endif
/* GCC 12 for nvptx: `omp for reduction(+ : A[t:1])` (an array section) calls
 * __atomic_compare_exchange_16, which nothing provides: the offload link fails (mkoffload:
 * "unresolved symbol __atomic_compare_exchange_16"). Checked with GCC 12.2 only. */
#ifndef OK_OT_HAS_SECTION_REDUCTION /* -DOK_OT_HAS_SECTION_REDUCTION=1 reproduces the failure */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ <= 12
#define OK_OT_HAS_SECTION_REDUCTION 0
#else
#define OK_OT_HAS_SECTION_REDUCTION 1
#endif
#endif
#define OK_OT_NO_SECTION_REDUCTION_WHY \
  "compiler limit (GCC 12 nvptx: array-section reduction needs __atomic_compare_exchange_16, unresolved at the offload link)"

/* The OpenMP API calls allowed strictly inside `teams` are omp_get_num_teams/omp_get_team_num
 * only; GCC enforces it (clang does not), so under GCC the kernels' other queries there go through
 * functions. Under clang they stay direct calls: a wrapper changed openmp-opt's remarks (more
 * OMP121 in state_machine with clang 19). */
#if defined(__clang__)
#define ok_ot_on_device() (!omp_is_initial_device())
#define ok_ot_thread_limit() omp_get_thread_limit()
#define ok_ot_set_num_threads(n) omp_set_num_threads(n)
#else
#pragma omp declare target
static inline int ok_ot_on_device(void) { return !omp_is_initial_device(); }
static inline int ok_ot_thread_limit(void) { return omp_get_thread_limit(); }
static inline void ok_ot_set_num_threads(int n) { omp_set_num_threads(n); }
#pragma omp end declare target
#endif

/* The shape a fixed-shape region really ran in. GCC 12's libgomp nvptx runs one OpenMP thread
 * per warp (the 32 lanes serve `simd`) and gave 8 threads per team where thread_limit(256) asked
 * for 256 (H200, 2026-11-23); clang gives 256. Such kernels compute over the threads that ran
 * and record that shape (teams/threads and this note); only omp_is_initial_device() in the
 * region says "ran on host". Writes "" when the shape is the one requested. */
static inline void ok_ot_shape_note(char *d, unsigned long n, int teams, int threads, int want_teams, int want_threads) {
  d[0] = 0;
  if (teams != want_teams || threads != want_threads)
    snprintf(d, n, "ran %d x %d for %d x %d requested%s", teams, threads, want_teams, want_threads,
             OK_OT_CLANG_EXT ? "" : " (libgomp nvptx: one OpenMP thread per warp)");
}

/* The verdict on a fixed-shape region from what it read inside (info: [0] !omp_is_initial_device(),
 * [1] teams, [2] threads; its loops index by that shape): 0 ran on the device (d: the shape note,
 * "" when as requested), 1 ran on the host, 2 no usable shape (none, or more than requested, which
 * the buffers are not sized for). d says which, in words. */
static inline int ok_ot_shape_verdict(char *d, unsigned long n, const int *info, int want_teams, int want_threads) {
  if (!info[0]) {
    snprintf(d, n, "the region ran on the host (omp_is_initial_device)");
    return 1;
  }
  if (info[1] < 1 || info[1] > want_teams || info[2] < 1 || info[2] > want_threads) {
    snprintf(d, n, "the region ran as %d x %d, outside the 1..%d x 1..%d requested", info[1], info[2], want_teams,
             want_threads);
    return 2;
  }
  ok_ot_shape_note(d, n, info[1], info[2], want_teams, want_threads);
  return 0;
}
#endif
