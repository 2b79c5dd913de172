/* CUDA model helpers shared by the .cu kernel files. */
#ifndef OK_CUDA_HARNESS_CUH
#define OK_CUDA_HARNESS_CUH
#include "ok_bench.h"

#include <cstdio>
#include <cuda_runtime.h>

/* On a CUDA error: record it in the outcome (verification fails with the reason) and return. */
#define OK_CUDA(o, call)                                                                           \
  do {                                                                                             \
    cudaError_t ok_e_ = (call);                                                                    \
    if (ok_e_ != cudaSuccess) {                                                                    \
      snprintf((o)->detail, sizeof (o)->detail, "%s: %s", #call, cudaGetErrorString(ok_e_));       \
      (o)->verified = 0;                                                                            \
      (o)->error = 1;                                                                           \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

/* Times a launch with CUDA events; the lambda enqueues the kernel. */
template <typename F> static cudaError_t ok_time_events(F launch, double *seconds) {
  cudaEvent_t a, b;
  cudaError_t e;
  if ((e = cudaEventCreate(&a)) != cudaSuccess) return e;
  if ((e = cudaEventCreate(&b)) != cudaSuccess) return e;
  cudaEventRecord(a);
  launch();
  cudaEventRecord(b);
  if ((e = cudaGetLastError()) != cudaSuccess) return e;
  if ((e = cudaEventSynchronize(b)) != cudaSuccess) return e;
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  *seconds = ms * 1e-3;
  return cudaSuccess;
}
#endif
