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
/* Address placements of a point (ok_prim_dev.placements): how many, and how far apart. */
#define OK_GPU_PLACEMENTS 8
#define OK_GPU_PLACE_STEP (4096 + 128)

typedef void (*ok_claunch)(int blocks, int threads, void *A, void *B, long n_iter, long stride,
                           long long *cycles, double *sink);

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
 * lane, w (warp width: min(32, blockDim.x)), mask (the lanes of this warp), stride, acc (AT). */
#define OK_CUDA_KERNEL(FN, T, AT, STEP)                                                            \
  OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                             \
  static void FN##_launch(int b, int t, void *A, void *B, long n, long s, long long *c, double *k) { \
    FN<<<b, t>>>((T *)A, (T *)B, n, s, c, k);                                                      \
  }

/* The same kernel launched with cudaLaunchCooperativeKernel (grid-wide sync allowed). */
#define OK_CUDA_COOP_KERNEL(FN, T, AT, STEP)                                                       \
  OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                             \
  static void FN##_launch(int b, int t, void *A, void *B, long n, long s, long long *c, double *k) { \
    T *a = (T *)A, *bb = (T *)B;                                                                   \
    void *args[] = {&a, &bb, &n, &s, &c, &k};                                                      \
    cudaLaunchCooperativeKernel((void *)FN, b, t, args, 0, 0);                                     \
  }
#define OK_CUDA_COOP_PAIR(NAME, T, AT, STEP, PRIM) \
  OK_CUDA_COOP_KERNEL(NAME##_base, T, AT, STEP())  \
  OK_CUDA_COOP_KERNEL(NAME##_test, T, AT, STEP(PRIM))

/* The kernel alone (OK_CUDA_KERNEL adds its <<<>>> launcher). */
#define OK_CUDA_KERNEL_BODY(FN, T, AT, STEP)                                                       \
  extern "C" __global__ void FN(T *A, T *B, long n_iter, long stride, long long *cycles, double *sink) { \
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;                                        \
    const int lane = threadIdx.x & 31;                                                             \
    const int w = blockDim.x < 32 ? (int)blockDim.x : 32;                                          \
    const unsigned mask = w == 32 ? 0xffffffffu : ((1u << w) - 1u);                                \
    volatile T *const VA = A;                                                                      \
    volatile T *const VB = B;                                                                      \
    AT acc = (AT)lane;                                                                             \
    (void)VA, (void)VB, (void)mask, (void)stride, (void)B;                                         \
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
