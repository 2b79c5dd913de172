/* multi_gpu_sync, CUDA: a barrier across GPUs kept by the CPU: one host thread per GPU launches an
 * empty kernel on its GPU, synchronizes the device and waits at a host barrier
 * (pthread_barrier_wait: the CUDA build has no host OpenMP; omp_target's twin uses `omp barrier`).
 * Repeat difference over steps: per op = one more step (launch + device sync + barrier) across N
 * GPUs; param gpus=N, for N = 1, 2, 4, ... and every visible GPU (one point per N). Each GPU is
 * driven by its own thread on its own primary context and default stream; no peer access is
 * assumed. The threads live for the whole point (not one spawn per sample: T(1) would hold it).
 * The multi-device cooperative launch is not built: cuda_coop_multi_device below says why. */
#include "harness.cuh"
#include "ok_sync_plan.h"

#include <pthread.h>
#include <cstring>
#include <thread>
#include <vector>

extern "C" __global__ void ok_cu_mgpu_step(unsigned *count) {
  if (count && threadIdx.x == 0) atomicAdd(count, 1u);
}

/* N workers and the caller meet at `go` (the caller has set n_steps, or quit), run their steps,
 * then meet at `done`. */
struct mctx {
  int ngpu;
  std::vector<unsigned *> dcount; /* per GPU */
  int counting, n_steps, quit;
  pthread_barrier_t go, done, step;
  std::vector<cudaError_t> err;
  std::vector<std::thread> th;
  cudaError_t e;
};

static void worker(mctx *c, int g) {
  cudaError_t e = cudaSetDevice(g);
  for (;;) {
    pthread_barrier_wait(&c->go);
    if (c->quit) break;
    unsigned *cnt = c->counting ? c->dcount[g] : nullptr;
    for (int s = 0; s < c->n_steps; ++s) {
      if (e == cudaSuccess) {
        ok_cu_mgpu_step<<<1, 32>>>(cnt);
        e = cudaGetLastError();
      }
      if (e == cudaSuccess) e = cudaDeviceSynchronize();
      pthread_barrier_wait(&c->step); /* every worker reaches it each step, errors or not */
    }
    c->err[g] = e;
    pthread_barrier_wait(&c->done);
  }
}

static int steps(void *vc, int n) {
  mctx *c = (mctx *)vc;
  c->n_steps = n;
  pthread_barrier_wait(&c->go);
  pthread_barrier_wait(&c->done);
  c->e = cudaSuccess;
  for (cudaError_t e : c->err)
    if (e != cudaSuccess) c->e = e;
  return c->e != cudaSuccess;
}

static void start(mctx *c) {
  pthread_barrier_init(&c->go, nullptr, (unsigned)c->ngpu + 1);
  pthread_barrier_init(&c->done, nullptr, (unsigned)c->ngpu + 1);
  pthread_barrier_init(&c->step, nullptr, (unsigned)c->ngpu);
  c->quit = 0, c->counting = 0;
  c->err.assign(c->ngpu, cudaSuccess);
  for (int g = 0; g < c->ngpu; ++g) c->th.emplace_back(worker, c, g);
}
static void stop(mctx *c) {
  c->quit = 1;
  pthread_barrier_wait(&c->go);
  for (auto &t : c->th) t.join();
  c->th.clear();
  pthread_barrier_destroy(&c->go), pthread_barrier_destroy(&c->done), pthread_barrier_destroy(&c->step);
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
  if (bad) snprintf(d, n, "check steps: %s", cudaGetErrorString(c->e));
  for (int g = 0; g < c->ngpu && !bad; ++g) {
    unsigned got = 0;
    cudaSetDevice(g);
    if (cudaMemcpy(&got, c->dcount[g], sizeof got, cudaMemcpyDeviceToHost) != cudaSuccess || got != OK_LAUNCH_K) {
      snprintf(d, n, "GPU %d counted %u of %d steps", g, got, OK_LAUNCH_K);
      bad = 1;
    }
  }
  cudaSetDevice(0);
  if (!bad) snprintf(d, n, "%d GPU(s), each counted %d steps", c->ngpu, OK_LAUNCH_K);
  return !bad;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  int visible = 0, rc = 0;
  cudaError_t e = cudaGetDeviceCount(&visible);
  std::vector<unsigned *> dcount;
  for (int g = 0; e == cudaSuccess && g < visible; ++g) {
    unsigned *d = nullptr;
    if ((e = cudaSetDevice(g)) == cudaSuccess) e = cudaMalloc(&d, sizeof(unsigned));
    dcount.push_back(d);
  }
  cudaSetDevice(0);
  if (e != cudaSuccess || visible < 1) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.param = "gpus=0", pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", e != cudaSuccess ? cudaGetErrorString(e) : "no GPU");
    ok_emit_point(v, p, &pt);
    rc = 1;
  } else {
    fprintf(stderr, "multi_gpu_sync: %d GPU(s) visible%s\n", visible, visible == 1 ? ", measuring N = 1 only" : "");
    int counts[16];
    const int ncounts = ok_gpu_counts(visible, counts, 16);
    for (int k = 0; k < ncounts; ++k) {
      const int N = counts[k];
      mctx c;
      c.ngpu = N, c.e = cudaSuccess;
      c.dcount.assign(dcount.begin(), dcount.begin() + N);
      char param[32];
      snprintf(param, sizeof param, "gpus=%d", N);
      start(&c);
      struct ok_launch_form f = {param, steps, verify, say_err, &c, 32, N, 0};
      rc |= ok_launch_point(v, p, &f);
      stop(&c);
      cudaSetDevice(0);
    }
  }
  for (int g = 0; g < (int)dcount.size(); ++g) cudaSetDevice(g), cudaFree(dcount[g]);
  cudaSetDevice(0);
  return rc;
}
OK_REGISTER_SWEEP(multi_gpu_sync, cuda_host_barrier, "cuda", "host clock, repeat difference over steps of launch + "
                  "cudaDeviceSynchronize + host barrier, one host thread per GPU", sweep)

/* The study's other form, a grid barrier spanning GPUs inside one multi-device cooperative launch:
 * CUDA 13's runtime header no longer declares cudaLaunchCooperativeKernelMultiDevice (it is listed
 * in generated_cudart_removed_meta.h; deprecated since CUDA 11.3, CUDA Runtime API "Deprecated
 * List"), and cooperative_groups.h has no multi_grid_group / this_multi_grid() to sync with. The
 * driver's cuLaunchCooperativeKernelMultiDevice remains, deprecated, but without multi_grid_group
 * it would launch kernels that cannot sync across GPUs. */
#if CUDART_VERSION >= 13000
#define OK_MGPU_COOP_WHY                                                                                  \
  "removed in CUDA 13: cudaLaunchCooperativeKernelMultiDevice is not in cuda_runtime_api.h (CUDA 13.0 "  \
  "generated_cudart_removed_meta.h; deprecated since 11.3, CUDA Runtime API Deprecated List) and "       \
  "cooperative_groups has no multi_grid_group"
#else
#define OK_MGPU_COOP_WHY "not implemented: cudaLaunchCooperativeKernelMultiDevice is deprecated since CUDA 11.3"
#endif
OK_REGISTER_NOT_BUILT(multi_gpu_sync, cuda_coop_multi_device, "cuda", OK_MGPU_COOP_WHY)
