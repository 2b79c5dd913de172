/* CUDA side of the proxy contract: error handling and the device-ran flag. */
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
#endif
