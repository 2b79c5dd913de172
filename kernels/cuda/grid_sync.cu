/* grid_sync, CUDA: cooperative groups' this_grid().sync() by the baseline/test method of the
 * primitive harness, over blocks/SM in {1, 2, 4, ...} x threads in {32 ... 1024}; shapes the
 * occupancy does not allow are skipped (ok_grid_shapes, CTest-tested). Baseline and test are the
 * same kernel, both launched with cudaLaunchCooperativeKernel, and differ by exactly one grid sync
 * per step (OK_UNROLL unrolled steps per iteration): the timed loop holds nothing else, so no
 * memory traffic in it interacts with the barrier. Both kernels sync once before the clock starts
 * (every block has started: the launch skew stays out of the timing) and once after it stops (the
 * witness: each block's step count, stored before it, is read by its neighbour block after it).
 * Beside it, cuda_split: the same shapes split into kernel launches instead (the repeat-difference
 * cost of one more launch of an empty kernel of that shape).
 * grid_sync_probe: grid sync from half of the grid deadlocks, on purpose (docs/sync.md). */
#include "ok_sync_plan.h"
#include "prim_harness.cuh"

#include <cooperative_groups.h>
#include <cstring>

namespace cg = cooperative_groups;

/* The split: an empty kernel of the grid's shape; with a counter (the check) each block counts. */
extern "C" __global__ void ok_cu_launch_split(unsigned *count) {
  if (count && threadIdx.x == 0) atomicAdd(count, 1u);
}

/* Before: the body was "thread 0 bumps its block's counter; (test: grid sync;) every thread reads
 * the neighbour block's counter" through volatile (system-scope) loads and stores. On the H200 the
 * baseline then ran 3500 cycles a step at 1 block/SM and the test 2700 (the sync throttled the
 * contended loads), so test < baseline and nothing was measured at 1-4 blocks/SM. */
#define OK_GS_KERNEL(FN, P)                                                                            \
  extern "C" __global__ void FN(int *A, int *B, long n_iter, long stride, long long *cycles, double *sink) { \
    (void)B, (void)stride;                                                                             \
    cg::grid_group g = cg::this_grid();                                                                \
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;                                            \
    int steps = 0;                                                                                     \
    g.sync(); /* warm-up: every block resident and started */                                          \
    const long long t0 = clock64();                                                                    \
    for (long it = 0; it < n_iter; ++it) {                                                             \
      OK_REP(P ++steps;)                                                                               \
    }                                                                                                  \
    const long long t1 = clock64();                                                                    \
    cycles[gtid] = t1 - t0;                                                                            \
    if (threadIdx.x == 0) A[blockIdx.x] = steps;                                                       \
    g.sync(); /* the witness, outside the timing */                                                    \
    sink[gtid] = (double)steps + (double)((volatile int *)A)[(blockIdx.x + 1) % gridDim.x];            \
  }                                                                                                    \
  static void FN##_launch(int b, int t, void *A, void *B, long n, long s, long long *c, double *k, int *pl) { \
    (void)pl; /* grid_wide: never placed over SMs */                                                   \
    int *a = (int *)A, *bb = (int *)B;                                                                 \
    void *args[] = {&a, &bb, &n, &s, &c, &k};                                                          \
    cudaLaunchCooperativeKernel((void *)FN, b, t, args, 0, 0);                                         \
  }
OK_GS_KERNEL(ok_cu_grid_sync_base, )
OK_GS_KERNEL(ok_cu_grid_sync_test, g.sync();)

/* Every block counted every step, and every thread read its neighbour's count after the witness
 * sync: N + N. The timed syncs themselves are proven present by the SASS check (the test holds
 * OK_UNROLL more grid syncs than the baseline). */
static int check_grid(const ok_prim_run *c, const ok_prim *pr, char *d, size_t n) {
  const double N = (double)c->n_iter * OK_UNROLL;
  const int *A = (const int *)c->A;
  for (int b = 0; b < c->teams; ++b)
    if (A[b] != (int)N) {
      snprintf(d, n, "block %d's step count %d, expected %.0f", b, A[b], N);
      return 0;
    }
  for (int t = 0; t < c->teams * c->threads; ++t)
    if (c->sink[t] != 2 * N) {
      snprintf(d, n, "thread %d: own steps + neighbour's count = %.17g, expected %.0f: the neighbour's count was "
               "read before the sync", t, c->sink[t], 2 * N);
      return 0;
    }
  (void)pr;
  snprintf(d, n, "%.0f steps in every block; every neighbour read after the witness sync", N);
  return 1;
}

static int occupancy(void *kernel, int threads) {
  int n = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, threads, 0) != cudaSuccess) return -1;
  return n;
}
static int occ_test(void *ctx, int threads) {
  (void)ctx;
  return occupancy((void *)ok_cu_grid_sync_test, threads);
}
static int occ_null(void *ctx, int threads) {
  (void)ctx;
  return occupancy((void *)ok_cu_launch_split, threads);
}

static int plan(ok_occupancy_fn occ, const struct ok_params *p, int sms, int (*out)[2], int max, char *why,
                size_t nwhy) {
  struct ok_grid_shape sh[64];
  int skipped = 0, n = ok_grid_shapes(sms, p->full, occ, nullptr, sh, 64, &skipped);
  if (n < 0) {
    snprintf(why, nwhy, "cudaOccupancyMaxActiveBlocksPerMultiprocessor failed");
    return -1;
  }
  for (int i = 0; i < n && i < max; ++i) out[i][0] = sh[i].blocks, out[i][1] = sh[i].threads;
  if (skipped) fprintf(stderr, "grid_sync: %d shape(s) skipped, beyond the occupancy\n", skipped);
  return n < max ? n : max;
}
static int shapes(const struct ok_params *p, int sms, int (*out)[2], int max, char *why, size_t nwhy) {
  return plan(occ_test, p, sms, out, max, why, nwhy);
}

/* The grid barrier's arrival, one per sync (SASS ATOM.E.ADD.STRONG.GPU, PTX atom.add.release.gpu):
 * the test holds OK_UNROLL more than the baseline's two (checked with ptxas + cuobjdump: 102 vs 2;
 * BAR.SYNC 407 vs 7, MEMBAR 204 vs 4, the spin's load 103 vs 3; 20 registers each). */
#define F "ATOMG?\\.|atom\\."
static const ok_cprim prims[] = {OK_CPRIM(ok_cu_grid_sync, "", int, F, 1, check_grid, nullptr, nullptr)};
static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {prims, 1, 0, 0, shapes, 0, 1}; /* grid_wide: its blocks wait for each other */
  return ok_cuda_sweep(v, p, &s);
}
OK_REGISTER_SWEEP(grid_sync, cuda_grid_group, "cuda", "clock64 per thread, max over threads, measured SM clock; "
                  "cooperative launch", sweep)

/* cuda_split: the kernel boundary that replaces a grid sync, per launch of the same shape. */
struct split_ctx {
  int blocks, threads;
  cudaStream_t s;
  unsigned *count, *dcount;
  cudaError_t e;
};
static int split_launch(void *vc, int n) {
  split_ctx *c = (split_ctx *)vc;
  for (int i = 0; i < n; ++i) ok_cu_launch_split<<<c->blocks, c->threads, 0, c->s>>>(c->count);
  c->e = cudaGetLastError();
  if (c->e == cudaSuccess) c->e = cudaStreamSynchronize(c->s);
  return c->e != cudaSuccess;
}
static void split_err(void *vc, char *d, unsigned long n) {
  snprintf(d, n, "launch: %s", cudaGetErrorString(((split_ctx *)vc)->e));
}
static int split_verify(void *vc, char *d, unsigned long n) {
  split_ctx *c = (split_ctx *)vc;
  unsigned got = 0, want = (unsigned)OK_LAUNCH_K * c->blocks;
  cudaError_t e = cudaMemset(c->dcount, 0, sizeof got);
  if (e == cudaSuccess) {
    c->count = c->dcount;
    split_launch(c, OK_LAUNCH_K);
    c->count = nullptr;
    e = c->e;
  }
  if (e == cudaSuccess) e = cudaMemcpy(&got, c->dcount, sizeof got, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    snprintf(d, n, "check launch: %s", cudaGetErrorString(e));
    return 0;
  }
  snprintf(d, n, "%u of %u blocks counted themselves", got, want);
  return got == want;
}
static int sweep_split(const struct ok_variant *v, const struct ok_params *p) {
  cudaDeviceProp prop;
  int sh[64][2], rc = 0;
  char why[160] = "", param[64];
  int n = cudaGetDeviceProperties(&prop, 0) == cudaSuccess ? plan(occ_null, p, prop.multiProcessorCount, sh, 64, why, sizeof why) : -1;
  if (n < 0) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "no shapes: %s", why[0] ? why : "no CUDA device");
    ok_emit_point(v, p, &pt);
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    if (p->threads_given && sh[i][1] != p->threads) continue;
    if (p->teams_given && sh[i][0] != p->teams) continue;
    split_ctx c;
    memset(&c, 0, sizeof c);
    c.blocks = sh[i][0], c.threads = sh[i][1];
    snprintf(param, sizeof param, "blocks_per_sm=%d", sh[i][0] / prop.multiProcessorCount);
    struct ok_launch_form f = {param, split_launch, split_verify, split_err, &c, c.threads, c.blocks, 0};
    c.e = cudaStreamCreateWithFlags(&c.s, cudaStreamNonBlocking);
    if (c.e == cudaSuccess) c.e = cudaMalloc(&c.dcount, sizeof(unsigned));
    if (c.e != cudaSuccess) {
      struct ok_point pt;
      memset(&pt, 0, sizeof pt);
      pt.type = "", pt.param = param, pt.threads = c.threads, pt.teams = c.blocks, pt.error = 1;
      snprintf(pt.detail, sizeof pt.detail, "%s", cudaGetErrorString(c.e));
      ok_emit_point(v, p, &pt);
      rc = 1;
    } else rc |= ok_launch_point(v, p, &f);
    cudaFree(c.dcount);
    if (c.s) cudaStreamDestroy(c.s);
  }
  return rc;
}
OK_REGISTER_SWEEP(grid_sync, cuda_split, "cuda", "host clock around launches + cudaStreamSynchronize, repeat "
                  "difference: one more launch of an empty kernel of the shape", sweep_split)

/* The deadlock probe: half the blocks call grid sync, the others exit; the grid barrier waits for
 * every block forever. The bench says "armed" just before it blocks, so the driver's short probe
 * timeout counts from there, kills the process (which frees the GPU) and records
 * "deadlock (expected)". A return is the unexpected outcome and fails the check. */
extern "C" __global__ void ok_cu_grid_sync_partial(int *passed) {
  if (blockIdx.x < gridDim.x / 2) {
    cg::this_grid().sync();
    if (threadIdx.x == 0) atomicAdd(passed, 1);
  }
}
static void probe(const struct ok_params *p, struct ok_outcome *o) {
  (void)p;
  int *dpassed = nullptr, blocks = 0, threads = 128, passed = -1;
  cudaDeviceProp prop;
  OK_CUDA(o, cudaGetDeviceProperties(&prop, 0));
  blocks = prop.multiProcessorCount; /* 1 block/SM: all resident, so the cooperative launch is legal */
  OK_CUDA(o, cudaMalloc(&dpassed, sizeof(int)));
  OK_CUDA(o, cudaMemset(dpassed, 0, sizeof(int)));
  OK_CUDA(o, cudaDeviceSynchronize());
  cudaFuncAttributes fa; /* loads the kernel's module now (lazy loading): the probe timeout is for the hang */
  OK_CUDA(o, cudaFuncGetAttributes(&fa, (const void *)ok_cu_grid_sync_partial));
  void *args[] = {&dpassed};
  o->threads = threads, o->teams = blocks, o->on_device = 1;
  printf("{\"event\":\"armed\",\"kernel\":\"grid_sync_probe\",\"variant\":\"cuda_partial_grid\"}\n");
  fflush(stdout);
  double t0 = ok_host_now();
  OK_CUDA(o, cudaLaunchCooperativeKernel((void *)ok_cu_grid_sync_partial, blocks, threads, args, 0, 0));
  OK_CUDA(o, cudaDeviceSynchronize()); /* the deadlock blocks here */
  OK_CUDA(o, cudaMemcpy(&passed, dpassed, sizeof passed, cudaMemcpyDeviceToHost));
  cudaFree(dpassed);
  o->seconds = ok_host_now() - t0;
  o->verified = 0;
  snprintf(o->detail, sizeof o->detail, "no deadlock: grid sync from %d of %d blocks returned (%d passed)",
           blocks / 2, blocks, passed);
}
OK_REGISTER(grid_sync_probe, cuda_partial_grid, "cuda", "driver's probe timeout after the armed line", probe)
