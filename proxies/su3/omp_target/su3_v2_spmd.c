/* SU3-like proxy, OpenMP offload, written as su3_bench writes it (its mat_nn_openmp.hpp: int
 * indices, the product accumulated in a local and stored whole, no clauses where it gives none):
 * su3_bench's v2: `target teams distribute parallel for` over sites x 36 work items.
 * Its own translation unit, built for float and double: su3_omp.h says why and how. */
#ifndef SU3_R
#include "su3_omp.h"
#define SU3_R f
#include __FILE__ /* the float pass */
#undef SU3_R
#define SU3_R d
#define SU3_OUTER
#endif

static void SU3_T(su3_v2_spmd)(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct SU3_T(su3_site) *a = r.a;
  const struct SU3_T(su3_matrix) *b = r.b;
  struct SU3_T(su3_site) *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const size_t num_work_items = (size_t)r.st.sites * SU3_ELEMS; /* su3_bench's size_t */
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for
    for (int id = 0; id < num_work_items; ++id) {
      SU3_SEEN(id)
      SU3_ITEM(id, a, b, c);
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}

#ifdef SU3_OUTER
SU3_DISPATCH(v2_spmd)
OK_REGISTER(su3, v2_spmd, "spmd", SU3_TIMER, su3_v2_spmd)
#endif
