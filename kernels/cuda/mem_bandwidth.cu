/* mem_bandwidth, CUDA: global memory read and write bandwidth against the access stride (0..16
 * words), the copy kernel that is the device's copy-bandwidth reference (ok_membw.h; reduce_study
 * uses it too, mem_bandwidth_copy.cuh) and the scalar copy_u32 variant. 8 blocks per SM x 256
 * threads, grid-stride loops, CUDA events around each launch (runs of 0.1 ms or more: a launch's
 * microseconds stay under a few percent); GB/s of useful data. */
#include "mem_bandwidth_copy.cuh"
#include "ok_membw.h"
#include "prim_harness.cuh"

#include <algorithm>
#include <cstring>
#include <vector>

/* The reference copy: 16-byte loads, four independent ones per thread issued before their stores
 * (64 B in flight per thread, 128 KiB per SM at 2048 threads), grid-stride over n4 vectors. */
extern "C" __global__ void ok_cu_copy_ref(const uint4 *__restrict__ in, uint4 *__restrict__ out, long n4, int passes) {
  const long t = (long)blockIdx.x * blockDim.x + threadIdx.x, nt = (long)gridDim.x * blockDim.x;
  for (int r = 0; r < passes; ++r) {
    long k = t;
    for (; k + 3 * nt < n4; k += 4 * nt) {
      const uint4 a = in[k], b = in[k + nt], c = in[k + 2 * nt], d = in[k + 3 * nt];
      out[k] = a, out[k + nt] = b, out[k + 2 * nt] = c, out[k + 3 * nt] = d;
    }
    for (; k < n4; k += nt) out[k] = in[k];
  }
}

cudaError_t ok_cuda_copy_reference(const unsigned *in, unsigned *out, long n, int passes, int runs, double *secs,
                                   int *blocks) {
  int dev = 0, sms = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  if (e != cudaSuccess) return e;
  const int b = sms * OK_COPY_REF_PER_SM;
  if (blocks) *blocks = b;
  return ok_cuda_rate_runs(runs, [] { return cudaSuccess; },
                           [&] {
                             ok_cu_copy_ref<<<b, OK_COPY_REF_THREADS>>>((const uint4 *)in, (uint4 *)out, n / 4, passes);
                           },
                           secs);
}

void ok_cuda_copy_peak_note(double gbs, char *d, unsigned long n) {
  cudaDeviceProp prop;
  int dev = 0;
  const char *which = "no device name";
  double peak = cudaGetDevice(&dev) == cudaSuccess && cudaGetDeviceProperties(&prop, dev) == cudaSuccess
                    ? ok_dram_peak_gbs(prop.name, &which)
                    : 0;
  if (peak > 0) snprintf(d, n, "%.4g GB/s = %.0f %% of the data-sheet peak %.0f GB/s (%s)", gbs, 100 * gbs / peak, peak, which);
  else snprintf(d, n, "%.4g GB/s; data-sheet peak unknown (%s)", gbs, which);
}

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
  /* kind 0 read, 1 write (after every read: writes change A), 2 copy_u32, 3 the reference copy
   * (copies before the writes). */
  static const int order[4] = {0, 3, 2, 1};
  static const char *const op[4] = {"read", "write", "copy_u32", "copy"};
  int ref_blocks = 0;
  for (int oi = 0; oi < 4 && e == cudaSuccess; ++oi) {
    const int kind = order[oi], copy = kind >= 2;
    for (long s = copy ? 1 : 0; s <= (copy ? 1 : OK_MB_MAX_STRIDE); ++s) {
      if (!copy && (!ok_mb_stride_in(p->full, s) || (kind == 1 && !p->full))) continue;
      double secs[8];
      char param[32];
      snprintf(param, sizeof param, "op=%s", op[kind]);
      ok_rate r = {};
      r.type = "uint", r.threads = threads, r.teams = blocks, r.stride = copy ? 0 : s, r.param = param;
      /* stride 0 (one word) prints no stride field; the param carries the stride for every point */
      r.iters = OK_MB_REPS;
      r.work = (double)OK_MB_REPS * OK_MB_ACCESSES * sizeof(unsigned) * (copy ? 2 : 1);
      r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = runs;
      r.timer = "CUDA events around the launch";
      snprintf(r.code_symbol, sizeof r.code_symbol, "%s",
               kind == 0 ? "ok_cu_mb_read" : kind == 1 ? "ok_cu_mb_write" : kind == 2 ? "ok_cu_mb_copy" : "ok_cu_copy_ref");
      char sp[48];
      if (!copy) snprintf(sp, sizeof sp, "%s,stride=%ld", param, s), r.param = sp;
      /* A write point starts from the fill, so no earlier point's stores can pass its check. */
      if (kind == 1) mb_fill<<<blocks, threads>>>(A, n);
      /* Each copy starts from a zeroed B, so the check reads this point's copy only. */
      if (copy) e = cudaMemset(B, 0, OK_MB_ACCESSES * sizeof(unsigned));
      if (e == cudaSuccess && kind == 3) {
        e = ok_cuda_copy_reference(A, B, OK_MB_ACCESSES, OK_MB_REPS, runs, secs, &ref_blocks);
        r.teams = ref_blocks, r.threads = OK_COPY_REF_THREADS;
      } else if (e == cudaSuccess)
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
        } else { /* both copies */
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
        if (copy && r.verified) { /* the rate against the data sheet: the median run */
          std::vector<double> m(secs, secs + runs);
          std::sort(m.begin(), m.end());
          char note[200];
          ok_cuda_copy_peak_note(r.work / m[runs / 2] * 1e-9, note, sizeof note);
          size_t len = strlen(r.detail);
          snprintf(r.detail + len, sizeof r.detail - len, "; %s%s", kind == 3 ? "the reference copy: " : "", note);
        }
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
