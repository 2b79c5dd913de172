// SU3-like proxy in C++, OpenMP offload: su3_bench's v2: `target teams distribute parallel for` over sites x 36 work items.
// Its own translation unit, a template over the precision (su3_cxx_omp.hpp).
#include "su3_cxx_omp.hpp"

template <typename T> static void su3_cxx_v2_spmd_t(const ok_params *p, ok_outcome *o) {
  Run<T> r(p, o);
  if (!r.ok) return;
  su3cxx::Site<T> *d_a = r.in->a.data(), *d_c = r.c.data();
  su3cxx::Matrix<T> *d_b = r.in->b.data();
  Seen *seen = &r.seen;
  const size_t len_a = r.in->a.size(), len_b = r.in->b.size(), len_c = r.c.size();
  const size_t num_work_items = (size_t)r.st.sites * SU3_ELEMS; // su3_bench's size_t
  const int iters = r.st.iters;
  double t0 = ok_proxy_now(), k0;
#pragma omp target data map(to : d_a[0:len_a], d_b[0:len_b]) map(tofrom : d_c[0:len_c], seen[0:1])
  {
    k0 = ok_proxy_now();
    for (int it = 0; it < iters; ++it) {
      // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for
      for (int id = 0; id < num_work_items; ++id) {
        const int i = id / 36, j = (id % 36) / 9, k = (id % 9) / 3, l = id % 3;
        if (id == 0) see(seen);
        SU3_CXX_ELEM(d_a, d_b, d_c, i, j, k, l);
      }
    }
    k0 = ok_proxy_now() - k0;
  }
  r.done(p, o, t0, k0);
}

SU3_CXX_DISPATCH(v2_spmd)
#ifndef OK_PROXY_TINY_QUICK // not registered in the ablation configurations (su3_cxx_omp.hpp)
OK_REGISTER(su3_cxx, v2_spmd, "spmd", SU3_CXX_TIMER, su3_cxx_v2_spmd)
#endif
