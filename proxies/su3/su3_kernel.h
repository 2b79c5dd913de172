/* SU3-like proxy: one output element, host and device (omp_target includes it inside
 * `declare target`, CUDA compiles it __host__ __device__). */
#ifndef SU3_KERNEL_H
#define SU3_KERNEL_H
#include "su3_data.h"

/* c[i].link[j].e[k][l] = sum over m of a[i].link[j].e[k][m] * b[j].e[m][l], complex, accumulated
 * in a local and stored whole as su3_bench does, in the precision of c (su3_cplx_d or _f). A
 * macro, written in each loop body as su3_bench writes it: clang lowers `teams loop` to parallel
 * work only when its body calls no function (docs/proxies.md). */
#define SU3_ELEM_AT(i, j, k, l, a, b, c)                                                           \
  do {                                                                                             \
    __typeof__((c)[i].link[j].e[k][l]) cc_ = {0, 0};                                               \
    for (int m_ = 0; m_ < 3; ++m_) {                                                               \
      const __typeof__(cc_) x_ = (a)[i].link[j].e[k][m_], y_ = (b)[j].e[m_][l];                    \
      cc_.re += x_.re * y_.re - x_.im * y_.im;                                                     \
      cc_.im += x_.re * y_.im + x_.im * y_.re;                                                     \
    }                                                                                              \
    (c)[i].link[j].e[k][l] = cc_;                                                                  \
  } while (0)

/* Work item id of sites x SU3_ELEMS (su3_bench's v2 and CUDA): site id / 36, then link, row and
 * column of the element. */
#define SU3_ITEM(id, a, b, c)                                                                      \
  do {                                                                                             \
    const int i_ = (id) / 36, j_ = ((id) % 36) / 9, k_ = ((id) % 9) / 3, l_ = (id) % 3;            \
    SU3_ELEM_AT(i_, j_, k_, l_, a, b, c);                                                          \
  } while (0)
#endif
