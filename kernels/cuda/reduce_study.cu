/* reduce_study, CUDA: the sync study's reduction case study (Zhang et al., IPDPS 2020), sum and
 * max of N unsigned ints (2^25 quick, 2^26 full; 15-bit values and one large one, so the max has
 * one right answer), into a 64-bit result:
 *   1 cuda_atomic_per_element   one global atomic per element
 *   2 cuda_warp_shfl_atomic     warp shuffle reduction, then one global atomic per warp
 *   3 cuda_block_shared_atomic  block-scoped atomic into shared memory, one global atomic per block
 *   4 cuda_reduce_sync          __reduce_add/max_sync per warp, block atomics, one global per block
 *   5 cuda_persistent           persistent threads (a full-occupancy grid) accumulate privately,
 *                               then __reduce_*_sync, block and global atomics
 *   cuda_cub                    cub::DeviceReduce::Reduce, the library anchor
 *   cuda_copy                   the device's copy bandwidth, in the same run, that the reductions'
 *                               read bandwidth is held against: the reference copy kernel of
 *                               mem_bandwidth op=copy (mem_bandwidth_copy.cuh), 4 GiB per launch
 * Kernels 1-4 give each thread one element (the study's form). Timed with CUDA events around the
 * kernel (the result's reset is outside); per_op = seconds per element; every run is checked
 * against the host's sum/max (exact). */
#include "mem_bandwidth_copy.cuh"
#include "ok_membw.h"
#include "ok_sync_plan.h"
#include "prim_harness.cuh"

#include <algorithm>
#include <cstring>
#include <cub/device/device_reduce.cuh>
#include <vector>

typedef unsigned long long ull;

struct Sum {
  static constexpr ull identity = 0;
  __host__ __device__ ull operator()(ull a, ull b) const { return a + b; }
  static __device__ void global(ull *p, ull v) { atomicAdd(p, v); }
  static __device__ void block(ull *p, ull v) { atomicAdd_block(p, v); }
  static __device__ unsigned warp(unsigned v) { return __reduce_add_sync(0xffffffffu, v); }
};
struct Max {
  static constexpr ull identity = 0;
  __host__ __device__ ull operator()(ull a, ull b) const { return a > b ? a : b; }
  static __device__ void global(ull *p, ull v) { atomicMax(p, v); }
  static __device__ void block(ull *p, ull v) { atomicMax_block(p, v); }
  static __device__ unsigned warp(unsigned v) { return __reduce_max_sync(0xffffffffu, v); }
};

template <class Op> __global__ void k_atomic_elem(const unsigned *in, long n, ull *out) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) Op::global(out, in[i]);
}

/* Shuffle reduction of a 64-bit value over the full warp (blocks are multiples of 32, n too). */
template <class Op> __device__ ull warp_shfl(ull v) {
  for (int o = 16; o > 0; o >>= 1) v = Op()(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}
template <class Op> __global__ void k_warp_shfl(const unsigned *in, long n, ull *out) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  ull v = i < n ? in[i] : Op::identity;
  v = warp_shfl<Op>(v);
  if ((threadIdx.x & 31) == 0) Op::global(out, v);
}
template <class Op> __global__ void k_block_shared(const unsigned *in, long n, ull *out) {
  __shared__ ull acc;
  if (threadIdx.x == 0) acc = Op::identity;
  __syncthreads();
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) Op::block(&acc, in[i]);
  __syncthreads();
  if (threadIdx.x == 0) Op::global(out, acc);
}
/* Per-warp partials stay 32-bit: 32 x 15-bit values and the one large value fit. */
template <class Op> __global__ void k_reduce_sync(const unsigned *in, long n, ull *out) {
  __shared__ ull acc;
  if (threadIdx.x == 0) acc = Op::identity;
  __syncthreads();
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = Op::warp(i < n ? in[i] : 0u);
  if ((threadIdx.x & 31) == 0) Op::block(&acc, v);
  __syncthreads();
  if (threadIdx.x == 0) Op::global(out, acc);
}
template <class Op> __global__ void k_persistent(const unsigned *in, long n, ull *out) {
  __shared__ ull acc;
  if (threadIdx.x == 0) acc = Op::identity;
  __syncthreads();
  ull mine = Op::identity;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    mine = Op()(mine, in[i]);
  mine = warp_shfl<Op>(mine); /* 64-bit: a thread's private sum outgrows __reduce_add_sync */
  if ((threadIdx.x & 31) == 0) Op::block(&acc, mine);
  __syncthreads();
  if (threadIdx.x == 0) Op::global(out, acc);
}
/* One data set per process: filled on the device once, its reference computed on the host once. */
static unsigned *d_in, *d_copy;
static ull *d_out;
static long g_n;
static ull ref_sum, ref_max;
static cudaError_t setup(long n) {
  if (g_n == n) return cudaSuccess;
  cudaFree(d_in), cudaFree(d_copy), cudaFree(d_out);
  g_n = 0;
  std::vector<unsigned> h(n);
  ok_reduce_fill(h.data(), n, &ref_sum, &ref_max);
  cudaError_t e;
  if ((e = cudaMalloc(&d_in, n * sizeof(unsigned))) != cudaSuccess) return e;
  if ((e = cudaMalloc(&d_copy, n * sizeof(unsigned))) != cudaSuccess) return e;
  if ((e = cudaMalloc(&d_out, sizeof(ull))) != cudaSuccess) return e;
  if ((e = cudaMemcpy(d_in, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice)) != cudaSuccess) return e;
  g_n = n;
  return cudaSuccess;
}

enum method { ATOMIC_ELEM, WARP_SHFL, BLOCK_SHARED, REDUCE_SYNC, PERSISTENT, CUB };

/* tmp_bytes by reference: CUB's first call (tmp == nullptr) only writes the size it needs. */
template <class Op> static cudaError_t launch(enum method m, long n, void *tmp, size_t &tmp_bytes, int pgrid) {
  const int t = 256;
  const unsigned blocks = (unsigned)((n + t - 1) / t);
  switch (m) {
  case ATOMIC_ELEM: k_atomic_elem<Op><<<blocks, t>>>(d_in, n, d_out); break;
  case WARP_SHFL: k_warp_shfl<Op><<<blocks, t>>>(d_in, n, d_out); break;
  case BLOCK_SHARED: k_block_shared<Op><<<blocks, t>>>(d_in, n, d_out); break;
  case REDUCE_SYNC: k_reduce_sync<Op><<<blocks, t>>>(d_in, n, d_out); break;
  case PERSISTENT: k_persistent<Op><<<pgrid, t>>>(d_in, n, d_out); break;
  case CUB: return cub::DeviceReduce::Reduce(tmp, tmp_bytes, d_in, d_out, n, Op(), Op::identity);
  }
  return cudaGetLastError();
}

static double g_copy_gbs; /* the copy bandwidth measured in this process (0: not yet) */

/* The reference copy (the same kernel, shape and 4 GiB per launch as mem_bandwidth op=copy), then
 * every element of the copy compared with the input. */
static int measure_copy(const struct ok_variant *v, const struct ok_params *p) {
  const long n = p->full ? (1L << 26) : (1L << 25);
  const int runs = p->full ? (p->runs > 0 && p->runs <= 16 ? p->runs : 9) : 5;
  const int passes = (int)(OK_MB_REPS * OK_MB_ACCESSES / n);
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  pt.type = "uint", pt.param = "op=copy", pt.unit = "s", pt.n_iter = (long)n * passes, pt.unroll = 1, pt.threads = OK_COPY_REF_THREADS;
  double secs[16];
  cudaError_t e = setup(n);
  if (e == cudaSuccess) e = cudaMemset(d_copy, 0, n * sizeof(unsigned));
  if (e == cudaSuccess) e = ok_cuda_copy_reference(d_in, d_copy, n, passes, runs, secs, &pt.teams);
  std::vector<unsigned> ha(e == cudaSuccess ? n : 0), hb(e == cudaSuccess ? n : 0);
  if (e == cudaSuccess) e = cudaMemcpy(ha.data(), d_in, n * 4, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) e = cudaMemcpy(hb.data(), d_copy, n * 4, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", cudaGetErrorString(e));
    cudaGetLastError();
  } else if (memcmp(ha.data(), hb.data(), n * 4)) {
    long k = 0;
    while (ha[k] == hb[k]) ++k;
    snprintf(pt.detail, sizeof pt.detail, "copy wrong at element %ld: %u, the input %u", k, hb[k], ha[k]);
  } else {
    pt.verified = 1, pt.measured = 1;
    ok_time_stats(secs, runs, (double)n * passes, &pt.st);
    g_copy_gbs = 8.0 * n * passes / pt.st.test_median * 1e-9;
    char note[200];
    ok_cuda_copy_peak_note(g_copy_gbs, note, sizeof note);
    snprintf(pt.detail, sizeof pt.detail, "every element copied; the reference copy (mem_bandwidth op=copy's kernel), "
             "%d passes of %ld words per launch, read + write: %s", passes, n, note);
  }
  ok_emit_point(v, p, &pt);
  return pt.error || !pt.verified;
}

static int measure(const struct ok_variant *v, const struct ok_params *p, enum method m, int is_max) {
  const long n = p->full ? (1L << 26) : (1L << 25);
  const int runs = p->full ? (p->runs > 0 ? p->runs : 9) : 5; /* quick: 5 runs of 2^25 */
  char param[32];
  snprintf(param, sizeof param, "op=%s", is_max ? "max" : "sum");
  struct ok_point pt;
  memset(&pt, 0, sizeof pt);
  pt.type = "uint", pt.param = param, pt.unit = "s", pt.n_iter = n, pt.unroll = 1;
  int sms = 0, occ = 0;
  size_t tmp_bytes = 0;
  void *tmp = nullptr;
  cudaError_t e = setup(n);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  if (e == cudaSuccess)
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, is_max ? (void *)k_persistent<Max> : (void *)k_persistent<Sum>, 256, 0);
  const int pgrid = sms * std::max(occ, 1);
  if (e == cudaSuccess && m == CUB) {
    e = is_max ? launch<Max>(CUB, n, nullptr, tmp_bytes, 0) : launch<Sum>(CUB, n, nullptr, tmp_bytes, 0);
    if (e == cudaSuccess) e = cudaMalloc(&tmp, tmp_bytes);
  }
  pt.threads = 256;
  pt.teams = m == PERSISTENT ? pgrid : m == CUB ? 0 : (int)((n + 255) / 256);
  std::vector<double> t;
  ull got = 0, want = is_max ? ref_max : ref_sum;
  for (int r = 0; e == cudaSuccess && r < runs + 1; ++r) { /* run 0: warm-up */
    if ((e = cudaMemset(d_out, 0, sizeof(ull))) != cudaSuccess) break;
    double s = 0;
    cudaError_t le = cudaSuccess;
    e = ok_time_events([&] { le = is_max ? launch<Max>(m, n, tmp, tmp_bytes, pgrid) : launch<Sum>(m, n, tmp, tmp_bytes, pgrid); }, &s);
    if (e == cudaSuccess) e = le;
    if (e != cudaSuccess) break;
    if ((e = cudaMemcpy(&got, d_out, sizeof got, cudaMemcpyDeviceToHost)) != cudaSuccess)
      break;
    if (got != want) {
      snprintf(pt.detail, sizeof pt.detail, "run %d: %s %llu, the host's %llu", r, param, got, want);
      break;
    }
    if (r) t.push_back(s);
  }
  cudaFree(tmp);
  if (e != cudaSuccess) {
    pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", cudaGetErrorString(e));
    cudaGetLastError();
  } else if ((int)t.size() == runs) {
    pt.verified = 1, pt.measured = 1;
    ok_time_stats(t.data(), runs, (double)n, &pt.st);
    const double med = pt.st.test_median;
    const double gbs = (double)n * 4 / med * 1e-9;
    snprintf(pt.detail, sizeof pt.detail, "%s = host's %llu every run; %.4g GB/s", param, want, gbs);
    if (g_copy_gbs > 0) {
      size_t len = strlen(pt.detail);
      snprintf(pt.detail + len, sizeof pt.detail - len, ", %.0f %% of the copy kernel's %.4g GB/s", 100 * gbs / g_copy_gbs,
               g_copy_gbs);
    }
  }
  ok_emit_point(v, p, &pt);
  return pt.error || !pt.verified;
}

#define DEF(NAME, M)                                                         \
  static int sweep_##NAME(const struct ok_variant *v, const struct ok_params *p) { \
    return measure(v, p, M, 0) | measure(v, p, M, 1);                        \
  }
DEF(atomic_elem, ATOMIC_ELEM)
DEF(warp_shfl, WARP_SHFL)
DEF(block_shared, BLOCK_SHARED)
DEF(reduce_sync, REDUCE_SYNC)
DEF(persistent, PERSISTENT)
DEF(cub, CUB)
static int sweep_copy(const struct ok_variant *v, const struct ok_params *p) { return measure_copy(v, p); }
#define TIMER "CUDA events around the kernel; per op = seconds per element"
/* The copy first: the reductions' lines state their share of its bandwidth. */
OK_REGISTER_SWEEP(reduce_study, cuda_copy, "cuda", TIMER, sweep_copy)
OK_REGISTER_SWEEP(reduce_study, cuda_atomic_per_element, "cuda", TIMER, sweep_atomic_elem)
OK_REGISTER_SWEEP(reduce_study, cuda_warp_shfl_atomic, "cuda", TIMER, sweep_warp_shfl)
OK_REGISTER_SWEEP(reduce_study, cuda_block_shared_atomic, "cuda", TIMER, sweep_block_shared)
OK_REGISTER_SWEEP(reduce_study, cuda_reduce_sync, "cuda", TIMER, sweep_reduce_sync)
OK_REGISTER_SWEEP(reduce_study, cuda_persistent, "cuda", TIMER, sweep_persistent)
OK_REGISTER_SWEEP(reduce_study, cuda_cub, "cuda", TIMER, sweep_cub)
