/* atomic_contention, CUDA: the contention x padding map (kernels/common/ok_contention.h). Every
 * thread of 128 blocks x 256 runs `iters` atomics on 32-bit counters at host-made indices. A run's
 * time is the latest thread's end minus the earliest thread's start on %globaltimer (the device's
 * nanosecond clock, common to all SMs), the same timer as the omp_target form, so launch costs
 * stay out of both and the ratio map compares the atomics alone; events time the launch as a
 * cross-check. The host checks every counter. Each op has a _test kernel and a
 * _base twin without the atomic (never launched; the study's SASS/PTX check compares them). */
#include "ok_contention.h"
#include "prim_harness.cuh"

#define OK_AC_TEAMS 128
#define OK_AC_THREADS 256

#define AC_ADD atomicAdd(&A[i], 1u);
#define AC_CAS                                          \
  {                                                     \
    unsigned o = *(volatile unsigned *)&A[i];           \
    unsigned q;                                         \
    while ((q = atomicCAS(&A[i], o, o + 1u)) != o) o = q;  \
  }
#define AC_EXCH acc += atomicExch(&A[i], (unsigned)t + 1u);
#define AC_MIN atomicMin(&A[i], OK_MIN_VALUE(iters, it, t));
#define AC_MAX atomicMax(&A[i], OK_MAX_VALUE(it, t));
#define AC_BASE acc += (unsigned long long)i;

static __device__ __forceinline__ unsigned long long ok_cu_gtimer(void) {
  unsigned long long v;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(v));
  return v;
}

#define AC_KERNEL(NAME, OP)                                                                             \
  extern "C" __global__ void NAME(unsigned *A, const int *idx, const unsigned *seed, unsigned long long *sink, \
                                  int iters, int random, long groups, int padding, unsigned long long *tim) { \
    const int t = blockIdx.x * blockDim.x + threadIdx.x;                                                \
    unsigned long long acc = 0;                                                                         \
    tim[2 * t] = ok_cu_gtimer();                                                                        \
    if (random) {                                                                                       \
      unsigned x = seed[t];                                                                             \
      for (int it = 0; it < iters; ++it) {                                                              \
        x = OK_LCG(x);                                                                                  \
        const long i = OK_RAND_INDEX(x, groups, padding);                                               \
        OP                                                                                              \
      }                                                                                                 \
    } else if (idx[t] >= 0) {                                                                           \
      const long i = idx[t];                                                                            \
      for (int it = 0; it < iters; ++it) { OP }                                                         \
    }                                                                                                   \
    tim[2 * t + 1] = ok_cu_gtimer();                                                                    \
    sink[t] = acc;                                                                                      \
  }
#define AC_PAIR(N, OP) AC_KERNEL(ok_cu_ac_##N##_test, OP) AC_KERNEL(ok_cu_ac_##N##_base, AC_BASE)
AC_PAIR(add, AC_ADD)
AC_PAIR(cas, AC_CAS)
AC_PAIR(exch, AC_EXCH)
AC_PAIR(min, AC_MIN)
AC_PAIR(max, AC_MAX)

typedef void (*ac_fn)(unsigned *, const int *, const unsigned *, unsigned long long *, int, int, long, int,
                      unsigned long long *);
static const ac_fn ac_test[OK_NAOP] = {ok_cu_ac_add_test, ok_cu_ac_cas_test, ok_cu_ac_exch_test, ok_cu_ac_min_test,
                                       ok_cu_ac_max_test};

static __global__ void ac_gather(const unsigned *A, unsigned *out, long groups, int padding) {
  const long g = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g < groups) out[g] = A[g * padding];
}

struct ac_ctx {
  unsigned *A, *out;
  int *idx;
  unsigned *seed;
  unsigned long long *sink, *tim, *htim;
  double ev_last; /* events time of the last run */
};
static const long ac_T = (long)OK_AC_TEAMS * OK_AC_THREADS;

static int ac_err(cudaError_t e, const char *what, char *err, size_t n) {
  if (e == cudaSuccess) return 0;
  snprintf(err, n, "%s: %s", what, cudaGetErrorString(e));
  return 1;
}
static int ac_alloc(void *vc, long max_elems, char *err, size_t n) {
  ac_ctx *c = (ac_ctx *)vc;
  cudaError_t e;
  if ((e = cudaMalloc(&c->A, (size_t)max_elems * sizeof(unsigned))) == cudaSuccess &&
      (e = cudaMalloc(&c->out, ac_T * sizeof(unsigned))) == cudaSuccess &&
      (e = cudaMalloc(&c->idx, ac_T * sizeof(int))) == cudaSuccess &&
      (e = cudaMalloc(&c->seed, ac_T * sizeof(unsigned))) == cudaSuccess)
    e = cudaMalloc(&c->sink, ac_T * sizeof(unsigned long long));
  if (e == cudaSuccess) e = cudaMalloc(&c->tim, 2 * ac_T * sizeof(unsigned long long));
  if (e == cudaSuccess && !(c->htim = (unsigned long long *)malloc(2 * ac_T * sizeof(unsigned long long))))
    e = cudaErrorMemoryAllocation;
  return ac_err(e, "cudaMalloc", err, n);
}
static int ac_upload(void *vc, const int *idx, const unsigned *seed, char *err, size_t n) {
  ac_ctx *c = (ac_ctx *)vc;
  cudaError_t e = cudaMemcpy(c->idx, idx, ac_T * sizeof(int), cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemcpy(c->seed, seed, ac_T * sizeof(unsigned), cudaMemcpyHostToDevice);
  return ac_err(e, "cudaMemcpy of the indices", err, n);
}
static int ac_run(void *vc, const ok_cmap *m, double *s, char *err, size_t n) {
  ac_ctx *c = (ac_ctx *)vc;
  cudaError_t e = cudaMemset(c->A, ok_cmap_init_value(m) ? 0xff : 0, (size_t)m->size * sizeof(unsigned));
  if (e == cudaSuccess) e = cudaMemset(c->tim, 0, 2 * ac_T * sizeof(unsigned long long));
  if (e == cudaSuccess)
    e = ok_time_events(
        [&] {
          ac_test[m->op]<<<OK_AC_TEAMS, OK_AC_THREADS>>>(c->A, c->idx, c->seed, c->sink, (int)m->iters,
                                                         m->pattern == OK_PAT_RANDOM, m->groups, m->padding, c->tim);
        },
        &c->ev_last);
  if (e == cudaSuccess) e = cudaMemcpy(c->htim, c->tim, 2 * ac_T * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  if (ac_err(e, "atomic_contention kernel", err, n)) return 1;
  return ok_span_ns(c->htim, ac_T, s, err, n);
}
static int ac_fetch(void *vc, const ok_cmap *m, unsigned *got, unsigned long long *sink, int *on, char *err, size_t n) {
  ac_ctx *c = (ac_ctx *)vc;
  ac_gather<<<(unsigned)((m->groups + 255) / 256), 256>>>(c->A, c->out, m->groups, m->padding);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaMemcpy(got, c->out, m->groups * sizeof(unsigned), cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) e = cudaMemcpy(sink, c->sink, ac_T * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  *on = 1; /* a CUDA kernel runs on the device or fails */
  return ac_err(e, "reading the counters back", err, n);
}
static void ac_release(void *vc) {
  ac_ctx *c = (ac_ctx *)vc;
  cudaFree(c->A), cudaFree(c->out), cudaFree(c->idx), cudaFree(c->seed), cudaFree(c->sink), cudaFree(c->tim);
  free(c->htim);
  cudaGetLastError();
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  ac_ctx c = {};
  ok_cmap_dev d = {&c, ac_T, OK_AC_TEAMS, OK_AC_THREADS, "ok_cu_ac_%s_test", nullptr, 32,
                   ac_alloc, ac_upload, ac_run, ac_fetch, ac_release};
  return ok_cmap_sweep(v, p, &d);
}
OK_REGISTER_SWEEP(atomic_contention, cuda, "cuda", OK_SPAN_TIMER, sweep)
