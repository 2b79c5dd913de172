/* The C twin of teams_loop_ops.cpp: the same loop with the complex arithmetic written out, as the
 * kit's su3.c does. -DCALL: the body calls a static inline helper instead, to show that any call,
 * not C++, decides the lowering; -DMATH: it calls sqrt() from <math.h>. -DNESTED: `target` +
 * nested `teams loop`. */
#include <math.h>
typedef struct {
  double re, im;
} cplx;
static inline cplx fma_c(cplx c, cplx a, cplx b) {
  cplx r = {c.re + a.re * b.re - a.im * b.im, c.im + a.re * b.im + a.im * b.re};
  return r;
}

void mul_add(cplx *c, const cplx *a, const cplx *b, int n) {
#ifdef NESTED
#pragma omp target map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
#pragma omp teams loop
#else
#pragma omp target teams loop map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
#endif
  for (int i = 0; i < n; i++) {
#if defined(CALL)
    c[i] = fma_c(c[i], a[i], b[i]);
#elif defined(MATH)
    c[i].re = sqrt(a[i].re * b[i].re);
#else
    cplx r = {c[i].re + a[i].re * b[i].re - a[i].im * b[i].im, c[i].im + a[i].re * b[i].im + a[i].im * b[i].re};
    c[i] = r;
#endif
  }
}
