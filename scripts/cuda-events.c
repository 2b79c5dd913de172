/* LD_PRELOAD shim for `ompkit analyze --run` (driver/analyze/analyze_run.c): times every kernel launch of
 * a CUDA program with CUDA events, without touching its source. The program is linked with
 * `-cudart shared`, so its launches go through libcudart.so's __cudaLaunchKernel (nvcc 12.8+
 * stubs), __cudaLaunchKernel_ptsz or cudaLaunchKernel; this library defines them first: an event
 * is recorded on the launch's stream before and after the real call, the stop event is waited for,
 * and one line per launch goes to $OMPKIT_CUDA_EVENTS (else stderr):
 *   ompkit-cuda-event: kernel NAME grid X,Y,Z block X,Y,Z ms T
 * Waiting serializes the host with each launch (the kernel's own time is what is measured, not
 * the overlap of launches). Kernel handles are named through __cudaGetKernel's function pointer
 * and cudaFuncGetName. */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t, cudaStream_t);
typedef cudaError_t (*getkernel_fn)(cudaKernel_t *, const void *);

enum { MAX_KERNELS = 4096 };
static struct {
  const void *handle, *fn;
} kernels[MAX_KERNELS];
static int nkernels;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;

static const char *name_of(const void *f, int is_handle) {
  const void *fn = f;
  if (is_handle) {
    fn = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nkernels; ++i)
      if (kernels[i].handle == f) fn = kernels[i].fn;
    pthread_mutex_unlock(&lock);
  }
  const char *name = NULL;
  if (!fn || cudaFuncGetName(&name, fn) != cudaSuccess || !name) return "?";
  return name;
}

static void emit(const char *name, dim3 g, dim3 b, float ms) {
  pthread_mutex_lock(&lock);
  if (!out) {
    const char *p = getenv("OMPKIT_CUDA_EVENTS");
    out = p && *p ? fopen(p, "a") : NULL;
    if (!out) out = stderr;
  }
  fprintf(out, "ompkit-cuda-event: kernel %s grid %u,%u,%u block %u,%u,%u ms %.6f\n", name, g.x, g.y, g.z, b.x, b.y, b.z, ms);
  fflush(out);
  pthread_mutex_unlock(&lock);
}

static cudaError_t timed(const char *sym, const void *f, int is_handle, dim3 g, dim3 b, void **args, size_t smem,
                         cudaStream_t s) {
  launch_fn real = (launch_fn)dlsym(RTLD_NEXT, sym);
  if (!real) return cudaErrorUnknown;
  cudaEvent_t e0, e1;
  int ev = cudaEventCreate(&e0) == cudaSuccess && cudaEventCreate(&e1) == cudaSuccess;
  if (ev) cudaEventRecord(e0, s);
  cudaError_t r = real(f, g, b, args, smem, s);
  float ms = -1;
  if (ev && r == cudaSuccess && cudaEventRecord(e1, s) == cudaSuccess && cudaEventSynchronize(e1) == cudaSuccess)
    cudaEventElapsedTime(&ms, e0, e1);
  if (ev) cudaEventDestroy(e0), cudaEventDestroy(e1);
  if (r == cudaSuccess) emit(name_of(f, is_handle), g, b, ms);
  return r;
}

cudaError_t __cudaGetKernel(cudaKernel_t *k, const void *fn) {
  getkernel_fn real = (getkernel_fn)dlsym(RTLD_NEXT, "__cudaGetKernel");
  cudaError_t r = real ? real(k, fn) : cudaErrorUnknown;
  pthread_mutex_lock(&lock);
  if (r == cudaSuccess && nkernels < MAX_KERNELS) kernels[nkernels].handle = *k, kernels[nkernels++].fn = fn;
  pthread_mutex_unlock(&lock);
  return r;
}

cudaError_t __cudaLaunchKernel(cudaKernel_t k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s) {
  return timed("__cudaLaunchKernel", (const void *)k, 1, g, b, args, smem, s);
}

cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s) {
  return timed("__cudaLaunchKernel_ptsz", (const void *)k, 1, g, b, args, smem, s);
}

cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s) {
  return timed("cudaLaunchKernel", f, 0, g, b, args, smem, s);
}
