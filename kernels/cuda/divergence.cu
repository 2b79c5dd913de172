/* divergence, CUDA: P = 1, 2, 4, 8, 16, 32 distinct paths per warp (kernels/common/ok_divergence.h),
 * 4 blocks per SM x 256 threads, CUDA events around the launch; the rate is calls per second, and
 * a point's slowdown is P = 1's rate over its own (docs/microbench.md). */
#include "ok_divergence.h"
#include "prim_harness.cuh"

#include <cmath>
#include <vector>

#define DEV_FN(k) OK_DIV_FN(static __device__ __noinline__, k)
OK_DIV_X(DEV_FN)
namespace host_ref {
#define HFN(k) static float f##k(float x) { OK_DIV_F8(x, k) return x; }
OK_DIV_X(HFN)
#define HCASE(k) case k: x = f##k(x); break;
static float run(int path, float x, int iters) {
  for (int i = 0; i < iters; ++i) switch (path) { OK_DIV_X(HCASE) default: break; }
  return x;
}
} // namespace host_ref

extern "C" __global__ void ok_cu_divergence(float *out, int paths, int iters) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31, path = lane % paths;
  float x = (float)lane;
  for (int i = 0; i < iters; ++i) OK_DIV_SWITCH(path, x)
  out[t] = x;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  cudaDeviceProp prop;
  int dev = 0, rc = 0, emitted = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
  const int blocks = e == cudaSuccess ? 4 * prop.multiProcessorCount : 1, threads = 256, nt = blocks * threads;
  float *out = nullptr;
  if (e == cudaSuccess) e = cudaMalloc(&out, nt * sizeof(float));
  std::vector<float> h(nt);
  for (int k = 0; k < OK_DIV_NPATHS && e == cudaSuccess; ++k) {
    const int P = ok_div_paths[k];
    if (!ok_div_paths_in(p->full, P)) continue;
    double secs[8];
    char param[32];
    snprintf(param, sizeof param, "paths=%d", P);
    ok_rate r = {};
    r.type = "float", r.threads = threads, r.teams = blocks, r.param = param, r.iters = OK_DIV_ITERS;
    r.work = (double)nt * OK_DIV_ITERS, r.scale = 1e-9, r.unit = "Gcalls/s", r.seconds = secs;
    r.runs = p->full ? 5 : 3;
    r.timer = "CUDA events around the launch";
    e = ok_cuda_rate_runs(r.runs, [] { return cudaSuccess; }, [&] { ok_cu_divergence<<<blocks, threads>>>(out, P, OK_DIV_ITERS); }, secs);
    if (e == cudaSuccess) e = cudaMemcpy(h.data(), out, nt * sizeof(float), cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      r.error = 1;
      snprintf(r.detail, sizeof r.detail, "divergence: %s", cudaGetErrorString(e));
    } else {
      float want[32];
      for (int l = 0; l < 32; ++l) want[l] = host_ref::run(l % P, (float)l, OK_DIV_ITERS);
      r.verified = 1;
      snprintf(r.detail, sizeof r.detail, "every thread matches the host's run of its path (1e-6 relative)");
      for (int t = 0; t < nt && r.verified; ++t)
        if (!(std::fabs(h[t] - want[t & 31]) <= 1e-6f * std::fmax(1.f, std::fabs(want[t & 31])))) {
          r.verified = 0;
          snprintf(r.detail, sizeof r.detail, "thread %d: %.9g, the host's %.9g", t, h[t], want[t & 31]);
        }
    }
    if (r.error || !r.verified) rc = 1;
    ok_emit_rate(v, p, &r);
    ++emitted;
  }
  if (!emitted) {
    ok_rate r = {};
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "divergence setup: %s", cudaGetErrorString(e));
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  cudaFree(out);
  cudaGetLastError();
  return rc;
}
OK_REGISTER_SWEEP(divergence, cuda, "cuda", "CUDA events around the launch", sweep)
