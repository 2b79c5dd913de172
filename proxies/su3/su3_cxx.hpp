// SU3-like proxy in C++, in su3_bench's own idiom (issue 21 §2): a complex class template with
// operators, matrix and site structs assigned whole, std::vector storage. The site has the C
// proxy's layout (su3_data.h, checked below), so both share the data, the host reference and the
// verification. Included by the omp_target (declare target) and CUDA (__host__ __device__) files.
#ifndef SU3_CXX_HPP
#define SU3_CXX_HPP
#include "su3_data.h"

#include <cstddef>
#include <type_traits>

#ifdef __CUDACC__
#define SU3_CXX_HD __host__ __device__
#else
#define SU3_CXX_HD
#endif

namespace su3cxx {
template <typename T> struct Complex {
  T re, im;
  SU3_CXX_HD Complex &operator+=(const Complex &o) {
    re += o.re, im += o.im;
    return *this;
  }
  SU3_CXX_HD friend Complex operator*(const Complex &a, const Complex &b) {
    return Complex{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
};
// The matrix and site of one precision T (float or double), as su3_bench's fsu3_/dsu3_ types.
template <typename T> struct Matrix {
  Complex<T> e[3][3];
};
template <typename T> struct Site {
  Matrix<T> link[SU3_LINKS];
  int x, y, z, t, index;
  char parity;
  int pad[sizeof(T) == sizeof(float) ? 2 : 10];
} __attribute__((aligned(16)));
static_assert(sizeof(Site<double>) == sizeof(su3_site_d) && offsetof(Site<double>, index) == offsetof(su3_site_d, index),
              "the C++ site must have the C proxy's layout (double)");
static_assert(sizeof(Site<float>) == sizeof(su3_site_f) && offsetof(Site<float>, index) == offsetof(su3_site_f, index),
              "the C++ site must have the C proxy's layout (float)");
static_assert(sizeof(Matrix<double>) == sizeof(su3_matrix_d) && sizeof(Matrix<float>) == sizeof(su3_matrix_f),
              "the C++ matrix must have the C proxy's layout");

} // namespace su3cxx

// One element, written in each loop body as su3_bench writes it: accumulate in a local complex
// of c's precision (operator* and operator+=), assign it whole.
#define SU3_CXX_ELEM(a, b, c, i, j, k, l)                                                          \
  do {                                                                                             \
    std::remove_reference_t<decltype((c)[i].link[j].e[k][l])> cc = {0, 0};                        \
    for (int m = 0; m < 3; ++m) cc += (a)[i].link[j].e[k][m] * (b)[j].e[m][l];                     \
    (c)[i].link[j].e[k][l] = cc;                                                                   \
  } while (0)
#endif
