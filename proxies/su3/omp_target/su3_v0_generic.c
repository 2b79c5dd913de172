/* SU3-like proxy, OpenMP offload, written as su3_bench writes it (its mat_nn_openmp.hpp: int
 * indices, the product accumulated in a local and stored whole, no clauses where it gives none):
 * su3_bench's v0: `target teams distribute` over sites + a nested `parallel for collapse(3)` over
 * each site's 36 elements.
 * Its own translation unit, built for float and double: su3_omp.h says why and how. */
#ifndef SU3_R
#include "su3_omp.h"
#define SU3_R f
#include __FILE__ /* the float pass */
#undef SU3_R
#define SU3_R d
#define SU3_OUTER
#endif

static void SU3_T(su3_v0_generic)(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct SU3_T(su3_site) *a = r.a;
  const struct SU3_T(su3_matrix) *b = r.b;
  struct SU3_T(su3_site) *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const size_t total_sites = (size_t)r.st.sites; /* su3_bench's size_t: its int loops compare with it */
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: Generic-SPMD
    // EXPECT-MODE[target-clang19-nospmd]: Generic
    // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
    // EXPECT-REMARK: OMP120
    // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
    // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
    // EXPECT-REMARK[target-clang19-nospmd]: OMP131
#pragma omp target teams distribute
    for (int i = 0; i < total_sites; ++i) {
#pragma omp parallel for collapse(3)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(i + j + k + l)
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}

#ifdef SU3_OUTER
SU3_DISPATCH(v0_generic)
OK_REGISTER(su3, v0_generic, "generic", SU3_TIMER, su3_v0_generic)
#endif
