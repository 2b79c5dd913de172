// SU3-like proxy in C++, OpenMP offload: su3_bench's v0: `target teams distribute` + nested `parallel for collapse(3)`.
// Its own translation unit, a template over the precision (su3_cxx_omp.hpp).
#include "su3_cxx_omp.hpp"

template <typename T> static void su3_cxx_v0_generic_t(const ok_params *p, ok_outcome *o) {
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
              if (i + j + k + l == 0) see(seen);
              SU3_CXX_ELEM(d_a, d_b, d_c, i, j, k, l);
            }
      }
    }
    k0 = ok_proxy_now() - k0;
  }
  r.done(p, o, t0, k0);
}

SU3_CXX_DISPATCH(v0_generic)
#ifndef OK_PROXY_TINY_QUICK // not registered in the ablation configurations (su3_cxx_omp.hpp)
OK_REGISTER(su3_cxx, v0_generic, "generic", SU3_CXX_TIMER, su3_cxx_v0_generic)
#endif
