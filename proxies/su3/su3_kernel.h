/* SU3-like proxy: one output element, host and device (omp_target includes it inside
 * `declare target`, CUDA compiles it __host__ __device__). */
#ifndef SU3_KERNEL_H
#define SU3_KERNEL_H
#include "su3_data.h"

/* c[site][j].e[k][l] = sum over m of a[site][j].e[k][m] * b[j].e[m][l] (complex). A macro as
 * well as a function: clang lowers `teams loop` to parallel work only when its body calls no
 * function (docs/proxies.md), so v4_loop writes the product in the loop body, as su3_bench does. */
#define SU3_ELEM_AT(site, j, k, l, a, b, c)                                                        \
  do {                                                                                             \
    const struct su3_matrix *x_ = &(a)[(site) * SU3_LINKS + (j)], *y_ = &(b)[(j)];                 \
    float re_ = 0, im_ = 0;                                                                        \
    for (int m_ = 0; m_ < 3; ++m_) {                                                               \
      re_ += x_->e[k][m_].re * y_->e[m_][l].re - x_->e[k][m_].im * y_->e[m_][l].im;                \
      im_ += x_->e[k][m_].re * y_->e[m_][l].im + x_->e[k][m_].im * y_->e[m_][l].re;                \
    }                                                                                              \
    (c)[(site) * SU3_LINKS + (j)].e[k][l].re = re_;                                                \
    (c)[(site) * SU3_LINKS + (j)].e[k][l].im = im_;                                                \
  } while (0)

static inline OK_HD void su3_elem_at(long site, int j, int k, int l, const struct su3_matrix *a,
                                     const struct su3_matrix *b, struct su3_matrix *c) {
  SU3_ELEM_AT(site, j, k, l, a, b, c);
}

/* Work item id of sites x SU3_ELEMS: consecutive ids are consecutive elements of one site. */
static inline OK_HD void su3_elem(long id, const struct su3_matrix *a, const struct su3_matrix *b,
                                  struct su3_matrix *c) {
  long site = id / SU3_ELEMS;
  int r = (int)(id % SU3_ELEMS);
  su3_elem_at(site, r / 9, (r / 3) % 3, r % 3, a, b, c);
}
#endif
