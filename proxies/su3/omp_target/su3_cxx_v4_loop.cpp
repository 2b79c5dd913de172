// SU3-like proxy in C++, OpenMP offload: su3_bench's v4: `target teams loop collapse(4)`.
// Its own translation unit, a template over the precision (su3_cxx_omp.hpp).
#include "su3_cxx_omp.hpp"

template <typename T> static void su3_cxx_v4_loop_t(const ok_params *p, ok_outcome *o) {
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
    // What ran, from a region of its own (an API call in the loop body changes its lowering).
#pragma omp target
    seen->on_device = !omp_is_initial_device();
    k0 = ok_proxy_now();
    for (int it = 0; it < iters; ++it) {
#pragma omp target teams loop collapse(4)
      for (int i = 0; i < total_sites; ++i)
        for (int j = 0; j < SU3_LINKS; ++j)
          for (int k = 0; k < 3; ++k)
            for (int l = 0; l < 3; ++l) SU3_CXX_ELEM(d_a, d_b, d_c, i, j, k, l);
    }
    k0 = ok_proxy_now() - k0;
  }
  r.done(p, o, t0, k0);
}

SU3_CXX_DISPATCH(v4_loop)
#ifndef OK_PROXY_TINY_QUICK // not registered in the ablation configurations (su3_cxx_omp.hpp)
// EXPECT-FAIL[clang-16]: wrong result (combined target teams loop: clang 16 emits no code, docs/findings/clang16-teams-loop-collapse-writes-nothing.md; seen on an H100 2026-11-26)
OK_REGISTER(su3_cxx, v4_loop, "spmd", SU3_CXX_TIMER, su3_cxx_v4_loop)
#endif
