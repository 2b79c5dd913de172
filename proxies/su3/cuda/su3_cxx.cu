// SU3-like proxy in C++, CUDA in su3_bench's idiom (issue 21 §2): the complex class with operators
// of su3_cxx.hpp, std::vector storage copied to the device, su3_bench's k_mat_nn (one thread per
// element, 128 per block); the reference of kernel su3_cxx, beside kernel su3's C-style CUDA.
// A template over the precision, picked per run (su3_setting).
#include "su3_cxx.hpp"
#include "ok_proxy_cuda.cuh"

#include <cstring>
#include <vector>

template <typename T>
__global__ void su3_cxx_k_mat_nn(const su3cxx::Site<T> *__restrict__ a, const su3cxx::Matrix<T> *__restrict__ b,
                                 su3cxx::Site<T> *__restrict__ c, int total_sites, int *on) {
  ok_proxy_mark(on);
  const int myThread = blockDim.x * blockIdx.x + threadIdx.x, mySite = myThread / 36;
  if (mySite < total_sites) {
    const int j = (myThread % 36) / 9, k = (myThread % 9) / 3, l = myThread % 3;
    SU3_CXX_ELEM(a, b, c, mySite, j, k, l);
  }
}

template <typename T> static void su3_cxx_cuda_run(const struct ok_params *p, const struct su3_setting &st, struct ok_outcome *o) {
  const void *cb;
  const void *ca = su3_data_get(&st, &cb);
  if (!ca) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3_cxx: out of host memory");
    return;
  }
  std::vector<su3cxx::Site<T>> a((size_t)st.sites), c((size_t)st.sites);
  std::vector<su3cxx::Matrix<T>> b(SU3_LINKS);
  std::memcpy((void *)a.data(), ca, a.size() * sizeof(su3cxx::Site<T>));
  std::memcpy((void *)b.data(), cb, b.size() * sizeof(su3cxx::Matrix<T>));
  const unsigned blocks = ok_proxy_blocks(st.sites * SU3_ELEMS, 128);
  ok_proxy_cuda_run r;
  const su3cxx::Site<T> *da = r.copy(a.data(), a.size());
  const su3cxx::Matrix<T> *db = r.copy(b.data(), b.size());
  su3cxx::Site<T> *dc = r.fill<su3cxx::Site<T>>(c.size(), 0xff); // NaN: an unwritten value fails
  if (r.ok()) {
    r.start();
    for (int it = 0; it < st.iters; ++it) su3_cxx_k_mat_nn<T><<<blocks, 128>>>(da, db, dc, (int)st.sites, r.on);
    r.stop();
  }
  if (!r.finish(c.data(), dc, c.size(), blocks, 128, o)) {
    o->ops = (double)st.sites * SU3_LINKS * st.iters;
    if (p->inject_fault) c[0].link[0].e[0][0].re += 1;
    su3_verify(c.data(), &st, o);
  }
}

static void su3_cxx_cuda(const struct ok_params *p, struct ok_outcome *o) {
  const struct su3_setting st = su3_setting(p, o);
  if (st.sites <= 0) return; // a bad --type: the outcome says so
  if (st.single) su3_cxx_cuda_run<float>(p, st, o);
  else su3_cxx_cuda_run<double>(p, st, o);
}
OK_REGISTER(su3_cxx, cuda, "cuda", "CUDA events around the iterations' launches (kernel); e2e: host clock around alloc, copies, kernels",
            su3_cxx_cuda)
