/* GCC 12 nvptx: which shape of a double `omp atomic update` faults. FORM selects:
 * 1 omp_target_alloc'ed counter (is_device_ptr), target teams + parallel, atomic inline;
 * 2 the same, the atomic in a declare-target function called per thread (not inlined);
 * 3 form 2 with 100 atomics unrolled in the function, as the kit's test body. */
#include <omp.h>
#include <stdio.h>
#ifndef FORM
#define FORM 1
#endif
#pragma omp declare target
__attribute__((noinline)) void add1(TYPE *a) {
#if FORM == 3
#define A1 _Pragma("omp atomic update") a[0] += 1;
#define A10 A1 A1 A1 A1 A1 A1 A1 A1 A1 A1
  A10 A10 A10 A10 A10 A10 A10 A10 A10 A10
#else
#pragma omp atomic update
  a[0] += 1;
#endif
}
#pragma omp end declare target
int main(void) {
  int dev = omp_get_default_device();
  TYPE *d = omp_target_alloc(sizeof(TYPE), dev), h = 0;
  omp_target_memcpy(d, &h, sizeof h, 0, 0, dev, omp_get_initial_device());
#pragma omp target teams num_teams(1) thread_limit(32) is_device_ptr(d)
#pragma omp parallel
  {
#if FORM == 1
#pragma omp atomic update
    d[0] += 1;
#else
    add1(d);
#endif
  }
  omp_target_memcpy(&h, d, sizeof h, 0, 0, omp_get_initial_device(), dev);
  int per = FORM == 3 ? 100 : 1;
  printf("form %d %s: %.0f (want %d x threads)\n", FORM, TYPE_NAME, (double)h, per);
  return 0;
}
