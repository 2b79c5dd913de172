/* mem_bandwidth, CUDA: global memory read and write bandwidth against the access stride (0..16
 * words) and the copy kernel that is the device's copy-bandwidth reference (ok_membw.h). 8 blocks
 * per SM x 256 threads, grid-stride loops, CUDA events around each launch (runs of 0.1 ms or
 * more: a launch's microseconds stay under a few percent); GB/s of useful data. */
#include "ok_membw.h"
#include "prim_harness.cuh"

#include <vector>

extern "C" __global__ void ok_cu_mb_read(const unsigned *A, long stride, unsigned long long *sink) {
  const long t = (long)blockIdx.x * blockDim.x + threadIdx.x, nt = (long)gridDim.x * blockDim.x;
  unsigned long long acc = 0;
  for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
    for (long k = t; k < OK_MB_ACCESSES; k += nt) acc += A[k * stride];
  sink[t] = acc;
}
extern "C" __global__ void ok_cu_mb_write(unsigned *A, long stride) {
  const long t = (long)blockIdx.x * blockDim.x + threadIdx.x, nt = (long)gridDim.x * blockDim.x;
  for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
    for (long k = t; k < OK_MB_ACCESSES; k += nt) A[k * stride] = OK_MB_WORD;
}
extern "C" __global__ void ok_cu_mb_copy(const unsigned *__restrict__ A, unsigned *__restrict__ B) {
  const long t = (long)blockIdx.x * blockDim.x + threadIdx.x, nt = (long)gridDim.x * blockDim.x;
  for (int r = 0; r < OK_MB_REPS; ++r)
#pragma unroll 4
    for (long k = t; k < OK_MB_ACCESSES; k += nt) B[k] = A[k];
}
static __global__ void mb_fill(unsigned *A, long n) {
  for (long j = (long)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (long)gridDim.x * blockDim.x) A[j] = OK_MB_FILL(j);
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  cudaDeviceProp prop;
  int dev = 0, rc = 0, emitted = 0;
  const long n = OK_MB_ACCESSES * OK_MB_MAX_STRIDE + 1;
  unsigned *A = nullptr, *B = nullptr;
  unsigned long long *sink = nullptr;
  int blocks = 0, threads = 256;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
  if (e == cudaSuccess) blocks = 8 * prop.multiProcessorCount;
  if (e == cudaSuccess) e = cudaMalloc(&A, n * sizeof(unsigned));
  if (e == cudaSuccess) e = cudaMalloc(&B, OK_MB_ACCESSES * sizeof(unsigned));
  if (e == cudaSuccess) e = cudaMalloc(&sink, (size_t)blocks * threads * sizeof(unsigned long long));
  if (e == cudaSuccess) mb_fill<<<blocks, threads>>>(A, n), e = cudaDeviceSynchronize();
  const int nt = blocks * threads;
  std::vector<unsigned long long> hs(nt > 0 ? nt : 1);
  /* One read pass's total over the threads (the check of every kind). */
  auto read_total = [&](const unsigned *X, long stride, unsigned long long *tot) {
    ok_cu_mb_read<<<blocks, threads>>>(X, stride, sink);
    cudaError_t e2 = cudaMemcpy(hs.data(), sink, nt * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
    *tot = 0;
    for (int i = 0; i < nt; ++i) *tot += hs[i];
    return e2;
  };
  const int runs = p->full ? 5 : 3;
  /* kind 0 read, 1 write (after every read: writes change A), 2 copy (before the writes). */
  static const int order[3] = {0, 2, 1};
  for (int oi = 0; oi < 3 && e == cudaSuccess; ++oi) {
    const int kind = order[oi];
    for (long s = kind == 2 ? 1 : 0; s <= (kind == 2 ? 1 : OK_MB_MAX_STRIDE); ++s) {
      if (kind != 2 && (!ok_mb_stride_in(p->full, s) || (kind == 1 && !p->full))) continue;
      double secs[8];
      char param[32];
      snprintf(param, sizeof param, "op=%s", kind == 0 ? "read" : kind == 1 ? "write" : "copy");
      ok_rate r = {};
      r.type = "uint", r.threads = threads, r.teams = blocks, r.stride = kind == 2 ? 0 : s, r.param = param;
      /* stride 0 (one word) prints no stride field; the param carries the stride for every point */
      r.iters = OK_MB_REPS;
      r.work = (double)OK_MB_REPS * OK_MB_ACCESSES * sizeof(unsigned) * (kind == 2 ? 2 : 1);
      r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = runs;
      r.timer = "CUDA events around the launch";
      snprintf(r.code_symbol, sizeof r.code_symbol, "ok_cu_mb_%s", kind == 0 ? "read" : kind == 1 ? "write" : "copy");
      char sp[48];
      if (kind != 2) snprintf(sp, sizeof sp, "%s,stride=%ld", param, s), r.param = sp;
      /* A write point starts from the fill, so no earlier point's stores can pass its check. */
      if (kind == 1) mb_fill<<<blocks, threads>>>(A, n);
      e = ok_cuda_rate_runs(runs, [] { return cudaSuccess; },
                            [&] {
                              if (kind == 0) ok_cu_mb_read<<<blocks, threads>>>(A, s, sink);
                              else if (kind == 1) ok_cu_mb_write<<<blocks, threads>>>(A, s);
                              else ok_cu_mb_copy<<<blocks, threads>>>(A, B);
                            },
                            secs);
      unsigned long long tot = 0, want = 0;
      if (e == cudaSuccess) {
        if (kind == 0) {
          e = cudaMemcpy(hs.data(), sink, nt * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
          for (int i = 0; i < nt; ++i) tot += hs[i];
          want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, s);
        } else if (kind == 1) {
          e = read_total(A, s, &tot);
          want = OK_MB_ACCESSES * (unsigned long long)OK_MB_WORD * OK_MB_REPS;
        } else {
          e = read_total(B, 1, &tot);
          want = OK_MB_REPS * ok_mb_read_sum(OK_MB_ACCESSES, 1);
        }
      }
      if (e != cudaSuccess) {
        r.error = 1;
        snprintf(r.detail, sizeof r.detail, "mem_bandwidth: %s", cudaGetErrorString(e));
      } else {
        r.verified = tot == want;
        snprintf(r.detail, sizeof r.detail, "%s: read-back sum %llu, the host expects %llu", r.verified ? "ok" : "wrong",
                 tot, want);
      }
      if (r.error || !r.verified) rc = 1;
      ok_emit_rate(v, p, &r);
      ++emitted;
      if (r.error) break;
    }
  }
  if (e != cudaSuccess && !emitted) {
    ok_rate r = {};
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "mem_bandwidth setup: %s", cudaGetErrorString(e));
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  cudaFree(A), cudaFree(B), cudaFree(sink);
  cudaGetLastError();
  return rc;
}
OK_REGISTER_SWEEP(mem_bandwidth, cuda, "cuda", "CUDA events around the launch", sweep)
