/* CUDA primitive harness: in-kernel clock64() per thread around n_iter x OK_UNROLL steps, the
 * maximum over threads per run, converted to time with the SM clock measured during the run.
 * Each sample is also timed with CUDA events, a cross-check that includes launch costs (they
 * cancel in the test - baseline difference). A primitive is written once as STEP(P); the
 * baseline is STEP(), the test STEP(PRIM): one more primitive per step. */
#ifndef OK_CUDA_PRIM_HARNESS_CUH
#define OK_CUDA_PRIM_HARNESS_CUH
#include "harness.cuh"
#include "ok_prim_sweep.h"
#include "ok_unroll.h"

#include <cstddef>

/* 128-byte L2/L1 lines on sm_70 and later. */
#define OK_GPU_LINE_BYTES 128
/* Address placements of a point (ok_prim_dev.placements): how many, and how far apart; a one-block
 * point uses as many for SMs (ok_prim_dev.smids, ok_sm_claim). */
#define OK_GPU_PLACEMENTS 8
#define OK_GPU_PLACE_STEP (4096 + 128)

/* place: NULL, a plain launch; else the SM placement's control block (ok_sm_claim), and blocks is
 * the grid that looks for the SM, not the point's shape. */
typedef void (*ok_claunch)(int blocks, int threads, void *A, void *B, long n_iter, long stride,
                           long long *cycles, double *sink, int *place);

/* SM placement of a one-block point (ok_prim_run.place_sm): the control block's words. */
enum { OK_PL_TARGET, OK_PL_CLAIMED, OK_PL_LEFT, OK_PL_SMID, OK_PL_WORDS };
/* Launches a sample tries before its placement counts as not measured (OK_PRIM_NOT_PLACED): a grid
 * of OK_PL_GRID_PER_SM blocks per SM reaches every SM of an idle GPU at the first try. */
#define OK_PL_TRIES 8
#define OK_PL_GRID_PER_SM 2

/* %smid of the SM this thread runs on (PTX: not contiguous, and may change under preemption,
 * which a measured block does not meet). */
static __device__ __forceinline__ unsigned ok_smid(void) {
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  return sm;
}

/* Whether this block is the one that measures, in a grid launched to find one SM: the first block
 * on the target SM claims the run with a CAS; every other block counts itself out and leaves before
 * any timed work. The claimer waits until all the others have left, so that its timed body runs
 * alone on the GPU, as a one-block launch does; they never wait on anything, so the wait ends once
 * they have been scheduled on the other SMs. Called by every thread; the answer is the block's. */
static __device__ __forceinline__ bool ok_sm_claim(int *pl) {
  int mine = 0;
  if (threadIdx.x == 0) {
    const unsigned sm = ok_smid();
    mine = (int)sm == pl[OK_PL_TARGET] && atomicCAS(&pl[OK_PL_CLAIMED], 0, 1) == 0;
    if (mine) {
      pl[OK_PL_SMID] = (int)sm;
      while (*(volatile int *)&pl[OK_PL_LEFT] < (int)gridDim.x - 1) {
      }
    } else {
      atomicAdd(&pl[OK_PL_LEFT], 1);
    }
  }
  return __syncthreads_or(mine) != 0;
}

struct ok_cctx {
  int blocks, threads;
  long n_iter, stride;
  void *dA, *dB;        /* device arrays at this placement, zeroed before each sample */
  void *baseA, *baseB;  /* their allocations: bytes + the placements' room */
  size_t bytes;
  long long *dcycles;   /* per thread */
  double *dsink;        /* per thread: the accumulator, so no result is dead */
  long long *hcycles;
  double *hsink;
  void *hA, *hB;
};

/* One primitive at one type: the common descriptor, then its kernels' launchers. */
struct ok_cprim {
  struct ok_prim c;
  ok_claunch base, test;
};

/* Kernel body shared by every primitive. STEP may use: A, B (T*), VA, VB (volatile views), gtid,
 * blk (the block, never blockIdx.x: a block placed on an SM is block 0 of the point whatever its
 * index in the grid that found the SM), lane, w (warp width: min(32, blockDim.x)), mask (the
 * lanes of this warp), stride, acc (AT). */
#define OK_CUDA_KERNEL(FN, T, AT, STEP)                                                            \
  OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                             \
  static void FN##_launch(int b, int t, void *A, void *B, long n, long s, long long *c, double *k, int *pl) { \
    FN<<<b, t>>>((T *)A, (T *)B, n, s, c, k, pl);                                                  \
  }

/* The same kernel launched with cudaLaunchCooperativeKernel (grid-wide sync allowed). A sweep whose
 * STEP syncs the grid sets ok_csweep.grid_wide: its blocks cannot leave early, so no SM placement. */
#define OK_CUDA_COOP_KERNEL(FN, T, AT, STEP)                                                       \
  OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                             \
  static void FN##_launch(int b, int t, void *A, void *B, long n, long s, long long *c, double *k, int *pl) { \
    T *a = (T *)A, *bb = (T *)B;                                                                   \
    void *args[] = {&a, &bb, &n, &s, &c, &k, &pl};                                                 \
    cudaLaunchCooperativeKernel((void *)FN, b, t, args, 0, 0);                                     \
  }
#define OK_CUDA_COOP_PAIR(NAME, T, AT, STEP, PRIM) \
  OK_CUDA_COOP_KERNEL(NAME##_base, T, AT, STEP())  \
  OK_CUDA_COOP_KERNEL(NAME##_test, T, AT, STEP(PRIM))

/* The kernel alone (OK_CUDA_KERNEL adds its <<<>>> launcher). */
#define OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                       \
  extern "C" __global__ void FN(T *A, T *B, long n_iter, long stride, long long *cycles, double *sink, \
                                int *place) {                                                      \
    if (place && !ok_sm_claim(place)) return;                                                      \
    const int blk = place ? 0 : (int)blockIdx.x;                                                   \
    const int gtid = blk * blockDim.x + threadIdx.x;                                               \
    const int lane = threadIdx.x & 31;                                                             \
    const int w = blockDim.x < 32 ? (int)blockDim.x : 32;                                          \
    const unsigned mask = w == 32 ? 0xffffffffu : ((1u << w) - 1u);                                \
    volatile T *const VA = A;                                                                      \
    volatile T *const VB = B;                                                                      \
    AT acc = (AT)lane;                                                                             \
    (void)VA, (void)VB, (void)mask, (void)stride, (void)B, (void)blk;                              \
    __syncthreads();                                                                               \
    const long long t0 = clock64();                                                                \
    for (long it = 0; it < n_iter; ++it) {                                                         \
      OK_REP(STEP)                                                                                 \
    }                                                                                              \
    const long long t1 = clock64();                                                                \
    cycles[gtid] = t1 - t0;                                                                        \
    sink[gtid] = (double)acc;                                                                      \
  }

#define OK_CUDA_PAIR(NAME, T, AT, STEP, PRIM) \
  OK_CUDA_KERNEL(NAME##_base, T, AT, STEP())  \
  OK_CUDA_KERNEL(NAME##_test, T, AT, STEP(PRIM))

/* FAMILY: SASS|PTX instruction family the test must hold more of than the base; CHECK: ok_check_*;
 * SIM: warp primitives' host simulation (ok_prim_sim); PARAM: fixed parameter or nullptr. */
#define OK_CPRIM(NAME, TNAME, T, FAMILY, PER_STEP, CHECK, SIM, PARAM)                              \
  {{TNAME, #NAME "_test", FAMILY, sizeof(T), PER_STEP, 0, CHECK, SIM, PARAM}, NAME##_base_launch, \
   NAME##_test_launch}

struct ok_csweep {
  const struct ok_cprim *prims;
  int nprims;
  int strided; /* sweep the stride list (ok_prim_strides) */
  int warp;    /* warp primitive: thread counts stay powers of two */
  /* Optional: the sweep's own shapes, out[i] = {blocks, threads} (at most max); returns how many,
   * or -1 with the reason in why. Points then carry param blocks_per_sm=blocks/SMs. */
  int (*shapes)(const struct ok_params *p, int sms, int (*out)[2], int max, char *why, size_t nwhy);
  int unplaced; /* ok_prim_set's: no shared address in the timed body (ok_prim_sweep.h) */
  int grid_wide; /* the body syncs the grid (a cooperative launch): one-block points not placed over SMs */
};
int ok_cuda_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_csweep *s);
/* SM clock in MHz, measured now (a clock64 spin timed with events); 0 on failure. */
double ok_cuda_sm_clock_mhz(void);
/* clock64's resolution in cycles, measured now (ok_clock_resolution of back-to-back reads). */
double ok_cuda_clock_resolution(void);

/* Rate points (ok_emit_rate): `runs` timed launches after one warm-up, each timed with events;
 * reset() runs before every launch, outside the timing (zeroing the counters, say). */
template <typename R, typename L> static cudaError_t ok_cuda_rate_runs(int runs, R reset, L launch, double *secs) {
  cudaError_t e;
  double s = 0;
  for (int r = -1; r < runs; ++r) {
    if ((e = reset()) != cudaSuccess) return e;
    if ((e = ok_time_events(launch, &s)) != cudaSuccess) return e;
    if (r >= 0) secs[r] = s;
  }
  return cudaSuccess;
}

#define OK_CUDA_TYPES(X) X(int, int) X(ull, unsigned long long) X(float, float) X(double, double)
#endif
