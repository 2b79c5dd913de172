// SU3-like proxy in C++, OpenMP offload (issue 21 §2): what the five form files
// (su3_cxx_v<N>_*.cpp) share. su3_bench's OpenMP versions in its own idiom (su3_cxx.hpp: a
// complex class with operators, structs assigned whole, std::vector storage mapped with
// `target data` as su3_bench maps it), the same pragmas, sizes and data as the C forms, so kernel
// su3_cxx against kernel su3 compares the languages alone. Each form is its own translation unit
// for the reason the C forms are (su3_omp.h), and a template over the precision: one variant
// runs float or double as the run asks (su3_setting).
// The openmp-opt ablation configurations (OK_PROXY_TINY_QUICK) build them but do not register
// them: they ask which transformation matters, which the C forms answer, and the C++ twin would
// add about 14 s to an H100's full study (docs/proxies.md, "Time").
#ifndef SU3_CXX_OMP_HPP
#define SU3_CXX_OMP_HPP
#include <cstring>
#include <omp.h>
#include <type_traits>
#include <vector>

#pragma omp declare target
#include "su3_cxx.hpp"
#pragma omp end declare target

namespace {
constexpr int kTeams = 1600;  // su3_bench's NUM_TEAMS (v3)
constexpr int kThreads = 128; // su3_bench's threads per team (v3)

struct Seen {
  int on_device, teams, threads;
};
#pragma omp declare target
inline void see(Seen *s) {
  s->on_device = !omp_is_initial_device(), s->teams = omp_get_num_teams(), s->threads = omp_get_num_threads();
}
#pragma omp end declare target

// The inputs as vectors, copied from the C proxy's sites once per size (su3_bench fills its
// vectors once per program, not per timed run; a copy per run cost about 0.3 s at 32^4).
template <typename T> struct Inputs {
  long sites = -1;
  std::vector<su3cxx::Site<T>> a;
  std::vector<su3cxx::Matrix<T>> b;
};
template <typename T> static Inputs<T> *inputs(const struct su3_setting &st) {
  static Inputs<T> in;
  if (in.sites == st.sites) return &in;
  const void *cb;
  const void *ca = su3_data_get(&st, &cb);
  if (!ca) return nullptr;
  in.a.assign((size_t)st.sites, su3cxx::Site<T>{}), in.b.assign(SU3_LINKS, su3cxx::Matrix<T>{});
  std::memcpy((void *)in.a.data(), ca, in.a.size() * sizeof(su3cxx::Site<T>));
  std::memcpy((void *)in.b.data(), cb, in.b.size() * sizeof(su3cxx::Matrix<T>));
  in.sites = st.sites;
  return &in;
}

// One run in precision T: the inputs mapped for the run, a fresh result vector; the timed
// kernels between.
template <typename T> struct Run {
  struct su3_setting st;
  Inputs<T> *in;
  std::vector<su3cxx::Site<T>> c;
  Seen seen{};
  bool ok = false;
  Run(const ok_params *p, ok_outcome *o) : st(su3_setting(p, o)), in(st.sites > 0 ? inputs<T>(st) : nullptr) {
    if (st.sites <= 0) return; // a bad --type: the outcome says so
    if (!in) {
      o->error = 1;
      ok_proxy_verdict(o, 0, "su3_cxx: out of host memory");
      return;
    }
    c.resize((size_t)st.sites);
    std::memset((void *)c.data(), 0xff, c.size() * sizeof(su3cxx::Site<T>)); // NaN: an unwritten value fails
    ok = true;
  }
  void done(const ok_params *p, ok_outcome *o, double t0, double kernel_s) {
    ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0, o->seconds = kernel_s;
    o->on_device = seen.on_device, o->teams = seen.teams, o->threads = seen.threads;
    o->ops = (double)st.sites * SU3_LINKS * st.iters;
    if (p->inject_fault) c[0].link[0].e[0][0].re += 1;
    su3_verify(c.data(), &st, o);
  }
};
} // namespace

// The variant of a form: the instance of the run's precision (a bad --type reaches the double
// one, whose Run reports it); the measured kernel is the one in that instance (the hint, part of
// the mangled name).
#define SU3_CXX_DISPATCH(form)                                                                     \
  [[maybe_unused]] static void su3_cxx_##form(const ok_params *p, ok_outcome *o) {                \
    ok_outcome probe = *o;                                                                         \
    if (su3_single(p, &probe) == 1) su3_cxx_##form##_t<float>(p, o), o->symbol_hint = "su3_cxx_" #form "_tIfE"; \
    else su3_cxx_##form##_t<double>(p, o), o->symbol_hint = "su3_cxx_" #form "_tIdE";              \
  }
#define SU3_CXX_TIMER "host clock around the iterations' target regions (kernel); e2e adds the target data mapping"
#endif
