// SU3-like proxy in C++, OpenMP offload: su3_bench's v3: `collapse(4)` with num_teams(1600) thread_limit(128).
// Its own translation unit, a template over the precision (su3_cxx_omp.hpp).
#include "su3_cxx_omp.hpp"

template <typename T> static void su3_cxx_v3_collapse_t(const ok_params *p, ok_outcome *o) {
  Run<T> r(p, o);
  if (!r.ok) return;
  su3cxx::Site<T> *d_a = r.in->a.data(), *d_c = r.c.data();
  su3cxx::Matrix<T> *d_b = r.in->b.data();
  Seen *seen = &r.seen;
  const size_t len_a = r.in->a.size(), len_b = r.in->b.size(), len_c = r.c.size();
  const size_t total_sites = (size_t)r.st.sites; // su3_bench's size_t: its int loops compare with it
  const int iters = r.st.iters;
  // su3_bench's clauses are run-time values (su3_omp.h, v3), set here by --teams/--threads.
  const size_t num_teams = p->teams_given ? (size_t)p->teams : kTeams,
               threads_per_team = p->threads_given ? (size_t)p->threads : kThreads;
  double t0 = ok_proxy_now(), k0;
#pragma omp target data map(to : d_a[0:len_a], d_b[0:len_b]) map(tofrom : d_c[0:len_c], seen[0:1])
  {
    k0 = ok_proxy_now();
    for (int it = 0; it < iters; ++it) {
      // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for collapse(4) num_teams(num_teams) thread_limit(threads_per_team)
      for (int i = 0; i < total_sites; ++i)
        for (int j = 0; j < SU3_LINKS; ++j)
          for (int k = 0; k < 3; ++k)
            for (int l = 0; l < 3; ++l) {
              if (i + j + k + l == 0) see(seen);
              SU3_CXX_ELEM(d_a, d_b, d_c, i, j, k, l);
            }
    }
    k0 = ok_proxy_now() - k0;
  }
  r.done(p, o, t0, k0);
}

SU3_CXX_DISPATCH(v3_collapse)
#ifndef OK_PROXY_TINY_QUICK // not registered in the ablation configurations (su3_cxx_omp.hpp)
OK_REGISTER(su3_cxx, v3_collapse, "spmd", SU3_CXX_TIMER, su3_cxx_v3_collapse)
#endif
