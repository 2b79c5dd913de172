/* SU3-like proxy, OpenMP offload, written as su3_bench writes it (its mat_nn_openmp.hpp: int
 * indices, the product accumulated in a local and stored whole, no clauses where it gives none):
 * su3_bench's v3: `target teams distribute parallel for collapse(4)` with num_teams(1600)
 * thread_limit(128), run-time values as in su3_bench.
 * Its own translation unit, built for float and double: su3_omp.h says why and how. */
#ifndef SU3_R
#include "su3_omp.h"
#define SU3_R f
#include __FILE__ /* the float pass */
#undef SU3_R
#define SU3_R d
#define SU3_OUTER
#endif

static void SU3_T(su3_v3_collapse)(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct SU3_T(su3_site) *a = r.a;
  const struct SU3_T(su3_matrix) *b = r.b;
  struct SU3_T(su3_site) *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const size_t total_sites = (size_t)r.st.sites; /* su3_bench's size_t: its int loops compare with it */
  /* su3_bench's clauses are run-time values (its -n option and threads-per-team argument), not
   * constants: clang then sets no .maxntid on the kernel (docs/proxies.md). --teams/--threads
   * set them here. */
  const size_t num_teams = p->teams_given ? (size_t)p->teams : SU3_TEAMS,
               threads_per_team = p->threads_given ? (size_t)p->threads : SU3_THREADS;
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for collapse(4) num_teams(num_teams) thread_limit(threads_per_team)
    for (int i = 0; i < total_sites; ++i)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(i + j + k + l)
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}

#ifdef SU3_OUTER
SU3_DISPATCH(v3_collapse)
OK_REGISTER(su3, v3_collapse, "spmd", SU3_TIMER, su3_v3_collapse)
#endif
