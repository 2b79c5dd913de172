/* launch, CUDA: what one kernel launch costs, host-timed by the repeat-difference method
 * (kernels/common/ok_sync_plan.h): T(1 launch + synchronize) is the latency, (T(k) - T(1)) / (k - 1)
 * the overhead each further back-to-back launch adds. Forms: a plain <<<>>> launch,
 * cudaLaunchCooperativeKernel, and CUDA graph replay (k replays of a one-node graph, and one
 * graph of k nodes); then kernel fusion: k launches of a __nanosleep kernel of duration d against
 * one launch of the fused kernel of duration k x d, the overhead with the GPU kept busy.
 * The null kernel is empty in the timed launches (its counter pointer is null); after the timing
 * the same form launches it k times with a counter, which must then read k (the check). */
#include "prim_harness.cuh"
#include "ok_sync_plan.h"

#include <cstring>

extern "C" __global__ void ok_cu_launch_null(unsigned *count) {
  if (count && threadIdx.x == 0) atomicAdd(count, 1u);
}

/* Sleeps until `cycles` SM cycles have passed (__nanosleep between clock64 reads); counts itself. */
extern "C" __global__ void ok_cu_launch_sleep(long long cycles, unsigned *count) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) __nanosleep(200);
  if (count && threadIdx.x == 0) atomicAdd(count, 1u);
}

enum form { PLAIN, COOP, GRAPH_REPLAY, GRAPH_NODES, FUSION };

struct lctx {
  enum form f;
  cudaStream_t s;
  unsigned *dcount, *count; /* count: null while timing, dcount for the check */
  cudaGraphExec_t one, many; /* GRAPH_*: a graph of 1 node and one of OK_LAUNCH_K nodes */
  long long cycles;          /* FUSION: one short kernel */
  int checking;
  cudaError_t e;
};

static cudaError_t enqueue(lctx *c, int n) {
  void *args[] = {&c->count};
  for (int i = 0; i < n; ++i) {
    if (c->f == PLAIN) ok_cu_launch_null<<<1, 32, 0, c->s>>>(c->count);
    else if (c->f == COOP) {
      cudaError_t e = cudaLaunchCooperativeKernel((void *)ok_cu_launch_null, 1, 32, args, 0, c->s);
      if (e != cudaSuccess) return e;
    } else if (c->f == FUSION) ok_cu_launch_sleep<<<1, 32, 0, c->s>>>(c->cycles, c->count);
  }
  return cudaGetLastError();
}

static int launch(void *vc, int n) {
  lctx *c = (lctx *)vc;
  cudaError_t e = cudaSuccess;
  if (c->f == GRAPH_REPLAY)
    for (int i = 0; i < n && e == cudaSuccess; ++i) e = cudaGraphLaunch(c->one, c->s);
  else if (c->f == GRAPH_NODES) e = cudaGraphLaunch(n == 1 ? c->one : c->many, c->s);
  else if (c->f == FUSION && n == 1 && !c->checking) {
    /* The fused kernel: the work of k short ones in one launch. */
    ok_cu_launch_sleep<<<1, 32, 0, c->s>>>(c->cycles * OK_LAUNCH_K, c->count);
    e = cudaGetLastError();
  } else e = enqueue(c, n);
  if (e == cudaSuccess) e = cudaStreamSynchronize(c->s);
  c->e = e;
  return e != cudaSuccess;
}

static void say_err(void *vc, char *d, unsigned long n) {
  snprintf(d, n, "launch: %s", cudaGetErrorString(((lctx *)vc)->e));
}

/* A graph of `nodes` null kernels, captured from the stream; `count` is baked into its nodes. */
static cudaError_t make_graph(lctx *c, int nodes, unsigned *count, cudaGraphExec_t *out) {
  cudaGraph_t g;
  cudaError_t e = cudaStreamBeginCapture(c->s, cudaStreamCaptureModeThreadLocal);
  if (e != cudaSuccess) return e;
  for (int i = 0; i < nodes; ++i) ok_cu_launch_null<<<1, 32, 0, c->s>>>(count);
  if ((e = cudaStreamEndCapture(c->s, &g)) != cudaSuccess) return e;
  e = cudaGraphInstantiate(out, g, 0);
  cudaGraphDestroy(g);
  return e;
}

/* The check: the form's own launch path, with the counter (graphs: the same graphs, captured with
 * it), must run each kernel once: k launches count k. */
static int verify(void *vc, char *d, unsigned long n) {
  lctx *c = (lctx *)vc;
  unsigned got = 0, want = OK_LAUNCH_K;
  cudaGraphExec_t one = c->one, many = c->many, cone = nullptr, cmany = nullptr;
  cudaError_t e = cudaMemset(c->dcount, 0, sizeof *c->dcount);
  if (e == cudaSuccess && (c->f == GRAPH_REPLAY || c->f == GRAPH_NODES)) {
    e = make_graph(c, 1, c->dcount, &cone);
    if (e == cudaSuccess) e = make_graph(c, OK_LAUNCH_K, c->dcount, &cmany);
    c->one = cone, c->many = cmany;
  }
  if (e == cudaSuccess) {
    c->count = c->dcount;
    c->checking = 1;
    launch(c, OK_LAUNCH_K);
    c->count = nullptr;
    c->checking = 0;
    e = c->e;
  }
  c->one = one, c->many = many;
  if (cone) cudaGraphExecDestroy(cone);
  if (cmany) cudaGraphExecDestroy(cmany);
  if (e == cudaSuccess) e = cudaMemcpy(&got, c->dcount, sizeof got, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    snprintf(d, n, "check launch: %s", cudaGetErrorString(e));
    return 0;
  }
  snprintf(d, n, "%u of %u kernels counted themselves", got, want);
  return got == want;
}

static int run_form(const struct ok_variant *v, const struct ok_params *p, enum form f, long long cycles,
                    const char *param) {
  lctx c;
  memset(&c, 0, sizeof c);
  c.f = f;
  c.cycles = cycles;
  struct ok_launch_form lf = {param, launch, verify, say_err, &c, 32, 1, 0};
  cudaError_t e = cudaStreamCreateWithFlags(&c.s, cudaStreamNonBlocking);
  if (e == cudaSuccess) e = cudaMalloc(&c.dcount, sizeof *c.dcount);
  int coop = 0;
  if (e == cudaSuccess && f == COOP) e = cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  /* Graphs: the timed ones have null counters; verify() captures counting twins. */
  if (e == cudaSuccess && (f == GRAPH_REPLAY || f == GRAPH_NODES)) {
    e = make_graph(&c, 1, nullptr, &c.one);
    if (e == cudaSuccess) e = make_graph(&c, OK_LAUNCH_K, nullptr, &c.many);
  }
  int rc;
  if (e != cudaSuccess || (f == COOP && !coop)) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.param = param, pt.threads = 32, pt.teams = 1, pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", e != cudaSuccess ? cudaGetErrorString(e) : "no cooperative launch");
    ok_emit_point(v, p, &pt);
    rc = 1;
  } else
    rc = ok_launch_point(v, p, &lf);
  if (c.one) cudaGraphExecDestroy(c.one);
  if (c.many) cudaGraphExecDestroy(c.many);
  cudaFree(c.dcount);
  if (c.s) cudaStreamDestroy(c.s);
  cudaGetLastError();
  return rc;
}

/* Fusion's short kernel: 2 us and 20 us (quick: 5 us), in cycles of the SM clock measured now. */
static long long us_to_cycles(double us) {
  static double mhz = -1;
  if (mhz < 0) mhz = ok_cuda_sm_clock_mhz();
  return mhz > 0 ? (long long)(us * mhz) : 0;
}

static int sweep_plain(const struct ok_variant *v, const struct ok_params *p) {
  return run_form(v, p, PLAIN, 0, "launch=plain");
}
static int sweep_coop(const struct ok_variant *v, const struct ok_params *p) {
  return run_form(v, p, COOP, 0, "launch=cooperative");
}
static int sweep_graph(const struct ok_variant *v, const struct ok_params *p) {
  return run_form(v, p, GRAPH_REPLAY, 0, "launch=graph,graph=1_node_replayed") |
         run_form(v, p, GRAPH_NODES, 0, "launch=graph,graph=k_nodes");
}
static int sweep_fusion(const struct ok_variant *v, const struct ok_params *p) {
  int rc = 0;
  const double quick[] = {5}, full[] = {2, 20};
  const double *us = p->full ? full : quick;
  for (int i = 0; i < (p->full ? 2 : 1); ++i) {
    char param[64];
    snprintf(param, sizeof param, "launch=fusion,kernel_us=%g", us[i]);
    long long cyc = us_to_cycles(us[i]);
    if (cyc <= 0) {
      struct ok_point pt;
      memset(&pt, 0, sizeof pt);
      pt.type = "", pt.param = param, pt.threads = 32, pt.teams = 1, pt.error = 1;
      snprintf(pt.detail, sizeof pt.detail, "could not measure the SM clock");
      ok_emit_point(v, p, &pt);
      rc = 1;
      continue;
    }
    rc |= run_form(v, p, FUSION, cyc, param);
  }
  return rc;
}
#define TIMER "host clock (CLOCK_MONOTONIC) around launches + cudaStreamSynchronize, repeat difference"
OK_REGISTER_SWEEP(launch, cuda_plain, "cuda", TIMER, sweep_plain)
OK_REGISTER_SWEEP(launch, cuda_cooperative, "cuda", TIMER, sweep_coop)
OK_REGISTER_SWEEP(launch, cuda_graph, "cuda", TIMER, sweep_graph)
OK_REGISTER_SWEEP(launch, cuda_fusion, "cuda", TIMER ", fused kernel of k x d as the baseline", sweep_fusion)
