/* multi_gpu_sync, CUDA: a barrier across all visible GPUs kept by the CPU: one host thread per GPU
 * launches an empty kernel on its GPU, synchronizes the device and waits at a host barrier
 * (pthread_barrier_wait: the CUDA build has no host OpenMP; omp_target's twin uses `omp barrier`).
 * Repeat difference over steps: per op = one more step (launch + device sync + barrier) across N
 * GPUs; param gpus=N. Written for N GPUs; with one visible it measures N = 1 (and says so).
 * The multi-device cooperative launch (cudaLaunchCooperativeKernelMultiDevice) is gone from
 * CUDA 13's runtime, so there is no driver-side twin to measure here. */
#include "harness.cuh"
#include "ok_sync_plan.h"

#include <pthread.h>
#include <cstring>
#include <thread>
#include <vector>

extern "C" __global__ void ok_cu_mgpu_step(unsigned *count) {
  if (count && threadIdx.x == 0) atomicAdd(count, 1u);
}

struct mctx {
  int ngpu;
  std::vector<unsigned *> dcount; /* per GPU */
  int counting;
  cudaError_t e;
};

static int steps(void *vc, int n) {
  mctx *c = (mctx *)vc;
  pthread_barrier_t bar;
  pthread_barrier_init(&bar, nullptr, (unsigned)c->ngpu);
  std::vector<cudaError_t> err(c->ngpu, cudaSuccess);
  std::vector<std::thread> th;
  for (int g = 0; g < c->ngpu; ++g)
    th.emplace_back([&, g] {
      cudaError_t e = cudaSetDevice(g);
      unsigned *cnt = c->counting ? c->dcount[g] : nullptr;
      for (int s = 0; s < n; ++s) {
        if (e == cudaSuccess) {
          ok_cu_mgpu_step<<<1, 32>>>(cnt);
          e = cudaGetLastError();
        }
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        pthread_barrier_wait(&bar); /* every thread reaches it each step, errors or not */
      }
      err[g] = e;
    });
  for (auto &t : th) t.join();
  pthread_barrier_destroy(&bar);
  c->e = cudaSuccess;
  for (cudaError_t e : err)
    if (e != cudaSuccess) c->e = e;
  return c->e != cudaSuccess;
}

static void say_err(void *vc, char *d, unsigned long n) { snprintf(d, n, "%s", cudaGetErrorString(((mctx *)vc)->e)); }

static int verify(void *vc, char *d, unsigned long n) {
  mctx *c = (mctx *)vc;
  for (int g = 0; g < c->ngpu; ++g) {
    cudaSetDevice(g);
    cudaMemset(c->dcount[g], 0, sizeof(unsigned));
  }
  c->counting = 1;
  steps(c, OK_LAUNCH_K);
  c->counting = 0;
  int bad = c->e != cudaSuccess;
  for (int g = 0; g < c->ngpu && !bad; ++g) {
    unsigned got = 0;
    cudaSetDevice(g);
    if (cudaMemcpy(&got, c->dcount[g], sizeof got, cudaMemcpyDeviceToHost) != cudaSuccess || got != OK_LAUNCH_K) {
      snprintf(d, n, "GPU %d counted %u of %d steps", g, got, OK_LAUNCH_K);
      bad = 1;
    }
  }
  cudaSetDevice(0);
  if (!bad)
    snprintf(d, n, "%d GPU(s)%s: each counted %d steps; multi-device cooperative launch: not in CUDA 13", c->ngpu,
             c->ngpu == 1 ? " (only one visible: N = 1)" : "", OK_LAUNCH_K);
  return !bad;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  mctx c;
  c.ngpu = 0, c.counting = 0, c.e = cudaGetDeviceCount(&c.ngpu);
  char param[32];
  snprintf(param, sizeof param, "gpus=%d", c.ngpu);
  for (int g = 0; c.e == cudaSuccess && g < c.ngpu; ++g) {
    unsigned *d = nullptr;
    if ((c.e = cudaSetDevice(g)) == cudaSuccess) c.e = cudaMalloc(&d, sizeof(unsigned));
    c.dcount.push_back(d);
  }
  cudaSetDevice(0);
  int rc;
  if (c.e != cudaSuccess || c.ngpu < 1) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.param = param, pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", c.e != cudaSuccess ? cudaGetErrorString(c.e) : "no GPU");
    ok_emit_point(v, p, &pt);
    rc = 1;
  } else {
    fprintf(stderr, "multi_gpu_sync: %d GPU(s) visible%s\n", c.ngpu, c.ngpu == 1 ? ", measuring N = 1" : "");
    struct ok_launch_form f = {param, steps, verify, say_err, &c, 32, c.ngpu, 0};
    rc = ok_launch_point(v, p, &f);
  }
  for (int g = 0; g < (int)c.dcount.size(); ++g) cudaSetDevice(g), cudaFree(c.dcount[g]);
  cudaSetDevice(0);
  return rc;
}
OK_REGISTER_SWEEP(multi_gpu_sync, cuda_host_barrier, "cuda", "host clock, repeat difference over steps of launch + "
                  "cudaDeviceSynchronize + host barrier, one host thread per GPU", sweep)
