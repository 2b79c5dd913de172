/* CUDA side of the proxy contract: error handling, the device-ran flag, and one timed run. */
#ifndef OK_PROXY_CUDA_CUH
#define OK_PROXY_CUDA_CUH
#include "ok_proxy.h"

#include <cstdio>
#include <cuda_runtime.h>

/* On a CUDA error: record it (the run is an error, nothing checked) and leave the function. */
#define OK_PROXY_CUDA(o, call)                                                                     \
  do {                                                                                             \
    cudaError_t ok_e_ = (call);                                                                    \
    if (ok_e_ != cudaSuccess) {                                                                    \
      snprintf((o)->detail, sizeof(o)->detail, "%s: %s", #call, cudaGetErrorString(ok_e_));        \
      (o)->verified = 0;                                                                           \
      (o)->error = 1;                                                                              \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

/* Written by thread 0 of block 0: the kernel really ran on the device. */
static __device__ __forceinline__ void ok_proxy_mark(int *on) {
  if (blockIdx.x == 0 && threadIdx.x == 0) *on = 1;
}

/* Blocks of `block` threads covering n items. */
static inline unsigned ok_proxy_blocks(long n, int block) { return (unsigned)((n + block - 1) / block); }

/* One timed run of a CUDA proxy (docs/proxies.md): the host clock from its start (end to end:
 * allocation, copies, kernels, copy-back, frees), its device arrays (freed by finish() or when the
 * run goes out of scope, after an error too), the device-ran flag `on`, and events around the
 * launches (kernel time). Every call keeps the first CUDA error, which finish() reports. */
struct ok_proxy_cuda_run {
  double t0 = ok_proxy_now();
  cudaError_t err = cudaSuccess;
  const char *what = "";
  void *mem[16];
  int nmem = 0;
  cudaEvent_t ev[2] = {nullptr, nullptr};
  int *on;

  ok_proxy_cuda_run() {
    on = fill<int>(1, 0);
    check(cudaEventCreate(&ev[0]), "cudaEventCreate") && check(cudaEventCreate(&ev[1]), "cudaEventCreate");
  }
  ~ok_proxy_cuda_run() {
    release();
    for (cudaEvent_t e : ev)
      if (e) cudaEventDestroy(e);
  }
  bool ok() const { return err == cudaSuccess; }
  bool check(cudaError_t e, const char *w) {
    if (e != cudaSuccess && ok()) err = e, what = w;
    return ok();
  }
  template <typename T> T *alloc(size_t n) {
    T *p = nullptr;
    if (ok() && nmem == 16) check(cudaErrorMemoryAllocation, "ok_proxy_cuda_run: more than 16 arrays");
    if (ok() && check(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc")) mem[nmem++] = p;
    return p;
  }
  /* A device copy of n host elements. */
  template <typename T> T *copy(const T *src, size_t n) {
    T *p = alloc<T>(n);
    if (p) check(cudaMemcpy(p, src, n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy to the device");
    return p;
  }
  /* n elements with every byte `byte`: the results' start, a state no correct run leaves (0, or
   * 0xff: NaN floats). */
  template <typename T> T *fill(size_t n, int byte) {
    T *p = alloc<T>(n);
    if (p) check(cudaMemset(p, byte, n * sizeof(T)), "cudaMemset");
    return p;
  }
  void start() { check(cudaEventRecord(ev[0]), "cudaEventRecord"); }
  void stop() {
    check(cudaGetLastError(), "kernel launch");
    check(cudaEventRecord(ev[1]), "cudaEventRecord");
  }
  void release() {
    while (nmem) cudaFree(mem[--nmem]);
  }
  /* Copies n results back to host, frees the device arrays and fills the outcome: kernel and end-
   * to-end time, device-ran, the launch shape; or the first error (the run is an error, nothing to
   * check). 0 on success. */
  template <typename T> int finish(T *host, const T *dev, size_t n, long teams, int threads, ok_outcome *o) {
    float ms = 0;
    int ran = 0;
    check(cudaEventSynchronize(ev[1]), "kernel") && check(cudaEventElapsedTime(&ms, ev[0], ev[1]), "cudaEventElapsedTime") &&
        check(cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy of the results") &&
        check(cudaMemcpy(&ran, on, sizeof ran, cudaMemcpyDeviceToHost), "cudaMemcpy of the device-ran flag");
    release();
    if (!ok()) {
      snprintf(o->detail, sizeof o->detail, "%s: %s", what, cudaGetErrorString(err));
      o->verified = 0, o->error = 1;
      return -1;
    }
    ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0;
    o->seconds = ms * 1e-3;
    o->on_device = ran, o->teams = (int)teams, o->threads = threads;
    return 0;
  }
};
#endif
