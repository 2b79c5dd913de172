// SU3-like proxy in C++, OpenMP offload: su3_bench's v1: `target teams` + `parallel`, each team a block of sites, `omp for collapse(3)` per site.
// Its own translation unit, a template over the precision (su3_cxx_omp.hpp).
#include "su3_cxx_omp.hpp"

template <typename T> static void su3_cxx_v1_manual_t(const ok_params *p, ok_outcome *o) {
  Run<T> r(p, o);
  if (!r.ok) return;
  su3cxx::Site<T> *d_a = r.in->a.data(), *d_c = r.c.data();
  su3cxx::Matrix<T> *d_b = r.in->b.data();
  Seen *seen = &r.seen;
  const size_t len_a = r.in->a.size(), len_b = r.in->b.size(), len_c = r.c.size();
  const size_t total_sites = (size_t)r.st.sites; // su3_bench's size_t: its int loops compare with it
  const int iters = r.st.iters;
  double t0 = ok_proxy_now(), k0;
#pragma omp target data map(to : d_a[0:len_a], d_b[0:len_b]) map(tofrom : d_c[0:len_c], seen[0:1])
  {
    k0 = ok_proxy_now();
    for (int it = 0; it < iters; ++it) {
      // EXPECT-MODE: SPMD
#pragma omp target teams
      {
#pragma omp parallel
        {
          const int total_teams = omp_get_num_teams(), team_id = omp_get_team_num();
          const int sites_per_team = (total_sites + total_teams - 1) / total_teams;
          int istart = team_id * sites_per_team;
          if (istart > total_sites) istart = total_sites;
          int iend = istart + sites_per_team;
          if (iend > total_sites) iend = total_sites;
          for (int i = istart; i < iend; ++i) {
#pragma omp for collapse(3)
            for (int j = 0; j < SU3_LINKS; ++j)
              for (int k = 0; k < 3; ++k)
                for (int l = 0; l < 3; ++l) {
                  if (i + j + k + l == 0) see(seen);
                  SU3_CXX_ELEM(d_a, d_b, d_c, i, j, k, l);
                }
          }
        }
      }
    }
    k0 = ok_proxy_now() - k0;
  }
  r.done(p, o, t0, k0);
}

SU3_CXX_DISPATCH(v1_manual)
#ifndef OK_PROXY_TINY_QUICK // not registered in the ablation configurations (su3_cxx_omp.hpp)
OK_REGISTER(su3_cxx, v1_manual, "spmd", SU3_CXX_TIMER, su3_cxx_v1_manual)
#endif
