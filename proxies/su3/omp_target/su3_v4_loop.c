/* SU3-like proxy, OpenMP offload, written as su3_bench writes it (its mat_nn_openmp.hpp: int
 * indices, the product accumulated in a local and stored whole, no clauses where it gives none):
 * su3_bench's v4: `target teams loop collapse(4)`.
 * Its own translation unit, built for float and double: su3_omp.h says why and how. */
#ifndef SU3_R
#include "su3_omp.h"
#define SU3_R f
#include __FILE__ /* the float pass */
#undef SU3_R
#define SU3_R d
#define SU3_OUTER
#endif

static void SU3_T(su3_v4_loop)(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct SU3_T(su3_site) *a = r.a;
  const struct SU3_T(su3_matrix) *b = r.b;
  struct SU3_T(su3_site) *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const size_t total_sites = (size_t)r.st.sites; /* su3_bench's size_t: its int loops compare with it */
  /* What ran, from a region of its own before the timed ones (the driver reads the last launch
   * line as the measured kernel): an API call in the loop body would itself make clang lower the
   * loop to a generic teams distribute. */
#pragma omp target
  {
    seen->on_device = !omp_is_initial_device();
    seen->teams = seen->threads = 0;
  }
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams loop collapse(4)
    for (int i = 0; i < total_sites; ++i)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}

#ifdef SU3_OUTER
SU3_DISPATCH(v4_loop)
// EXPECT-FAIL[clang-16]: wrong result (docs/findings/clang16-teams-loop-collapse-writes-nothing.md)
OK_REGISTER(su3, v4_loop, "spmd", SU3_TIMER, su3_v4_loop)
#endif
