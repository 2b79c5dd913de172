/* The atomic contention map's operations written with OpenMP atomics (ok_contention.h says what
 * each does), shared by the host (native) and offload (omp_target) kernels so both models run the
 * same constructs. A is unsigned *, i the element, t the thread, it the iteration, acc an
 * unsigned long long the thread sums old values into. */
#ifndef OK_CONTENTION_OMP_H
#define OK_CONTENTION_OMP_H
#include "ok_contention.h"

#define OK_AC_OMP_ADD(A, i, t, it, iters, acc) _Pragma("omp atomic update relaxed") A[i] += 1u;
/* An increment by compare-and-swap: retry with the value the failed CAS saw. */
#define OK_AC_OMP_CAS(A, i, t, it, iters, acc)                                    \
  {                                                                               \
    unsigned o_, q_;                                                              \
    _Pragma("omp atomic read relaxed") o_ = A[i];                                 \
    for (;;) {                                                                    \
      _Pragma("omp atomic compare capture relaxed") {                             \
        q_ = A[i];                                                                \
        if (A[i] == o_) { A[i] = o_ + 1u; }                                       \
      }                                                                           \
      if (q_ == o_) break;                                                        \
      o_ = q_;                                                                    \
    }                                                                             \
  }
#define OK_AC_OMP_EXCH(A, i, t, it, iters, acc)                                   \
  {                                                                               \
    unsigned old_;                                                                \
    _Pragma("omp atomic capture relaxed") {                                       \
      old_ = A[i];                                                                \
      A[i] = (unsigned)(t) + 1u;                                                  \
    }                                                                             \
    acc += old_;                                                                  \
  }
#define OK_AC_OMP_MIN(A, i, t, it, iters, acc)                                    \
  {                                                                               \
    const unsigned v_ = OK_MIN_VALUE(iters, it, t);                               \
    _Pragma("omp atomic compare relaxed") if (v_ < A[i]) { A[i] = v_; }           \
  }
#define OK_AC_OMP_MAX(A, i, t, it, iters, acc)                                    \
  {                                                                               \
    const unsigned v_ = OK_MAX_VALUE(it, t);                                      \
    _Pragma("omp atomic compare relaxed") if (v_ > A[i]) { A[i] = v_; }           \
  }
/* The baseline twin of every op: the same loop and index, no atomic (the code check compares). */
#define OK_AC_OMP_BASE(A, i, t, it, iters, acc) (void)(A), acc += (unsigned long long)(i);

/* X(name, OPMACRO) over the five ops, in ok_aop_names order. */
#define OK_AC_OMP_OPS(X) \
  X(add, OK_AC_OMP_ADD) X(cas, OK_AC_OMP_CAS) X(exch, OK_AC_OMP_EXCH) X(min, OK_AC_OMP_MIN) X(max, OK_AC_OMP_MAX)

/* One thread's loop: the fixed index idx[t] (-1: idle) or, when `random`, the LCG from seed[t]. */
#define OK_AC_LOOP(OP, A, idx, seed, sink, t, iters, random, groups, padding) \
  {                                                                          \
    unsigned long long acc = 0;                                              \
    if (random) {                                                            \
      unsigned x_ = seed[t];                                                 \
      for (int it = 0; it < iters; ++it) {                                   \
        x_ = OK_LCG(x_);                                                     \
        const long i = OK_RAND_INDEX(x_, groups, padding);                   \
        OP(A, i, t, it, iters, acc)                                          \
      }                                                                      \
    } else if (idx[t] >= 0) {                                                \
      const long i = idx[t];                                                 \
      for (int it = 0; it < iters; ++it) { OP(A, i, t, it, iters, acc) }     \
    }                                                                        \
    sink[t] = acc;                                                           \
  }
#endif
