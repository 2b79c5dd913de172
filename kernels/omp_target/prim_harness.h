/* OpenMP offload primitive harness: the CUDA harness's method (kernels/cuda/prim_harness.cuh) under
 * `target teams` + `parallel`. Each device thread reads clock64 (the nvvm special register) before
 * and after n_iter x OK_UNROLL steps; the maximum over threads is one sample, converted to time
 * with the SM clock measured once per sweep (a spin of known cycles timed by omp_get_wtime).
 *
 * A primitive is written once as STEP(P): the baseline body runs STEP(), the test STEP(PRIM). The
 * bodies are noinline declare-target functions (OK_OT_PAIR) with plain names, so the device code
 * names them; each kernel file has exactly two target regions (written out, so `ompkit check`
 * sees their EXPECT-MODE lines): an SPMD one (`target teams` with nothing but a `parallel` in
 * it) and a generic one (an opaque call before the `parallel`). Both call OK_OT_THREAD, which
 * dispatches on `which` = 2 x (the body pair's id) + (1 for the test) to the bodies. */
#ifndef OK_OT_PRIM_HARNESS_H
#define OK_OT_PRIM_HARNESS_H
#include "ok_bench.h"
#include "ok_prim_sweep.h"
#include "ok_portable.h"
#include "ok_unroll.h"

#include <omp.h>
#include <stddef.h>

/* Device clock: clock64 on NVPTX; on the host (fallback only, so the host side compiles and a
 * host run can be detected) nanoseconds from omp_get_wtime. GCC has no way to read clock64 from
 * OpenMP C (its nvptx inline asm would reach the host assembler too): there the device clock is
 * omp_get_wtime's, libgomp's %globaltimer in ns, so the "SM clock" it measures is 1000 MHz and
 * the cycle counts are nanoseconds (OK_OT_TIMER says so in every record). */
#pragma omp declare target
static inline long long ok_ot_clock(void) { return (long long)(omp_get_wtime() * 1e9); }
#pragma omp end declare target
#if OK_OT_CLANG_EXT
#pragma omp begin declare variant match(device = {arch(nvptx64)})
static inline long long ok_ot_clock(void) { return (long long)__nvvm_read_ptx_sreg_clock64(); }
#pragma omp end declare variant
#endif

#define OK_OT_LINE_BYTES 128
/* Address placements of a point, as the CUDA harness's (ok_prim_dev.placements). */
#define OK_OT_PLACEMENTS 8
#define OK_OT_PLACE_STEP (4096 + 128)

struct ok_tctx {
  int teams, threads;      /* requested */
  int act_teams, act_threads; /* read inside the region (thread 0 of team 0) */
  long n_iter, stride;
  int unroll;              /* steps per loop iteration of the bodies (the sweep's) */
  int dev, host;
  size_t bytes;
  void *dA, *dB;           /* device arrays at this placement, zeroed before each sample */
  void *baseA, *baseB;     /* their allocations: bytes + the placements' room */
  long long *dcycles;      /* per thread slot: team x threads + thread */
  double *dsink;
  int *dinfo;              /* [0] ran on the device, [1] teams, [2] threads of the parallel region */
  void *hA, *hB, *hzero;
  long long *hcycles;
  double *hsink;
  int info[3];
};

/* One primitive at one type: the common descriptor, then its body pair's id in the file's dispatch. */
struct ok_tprim {
  struct ok_prim c;
  int id;
};

/* A file's two target regions: run body `which` with the SPMD or the generic kernel. */
typedef void (*ok_tlaunch)(struct ok_tctx *c, int which);

struct ok_tsweep {
  const struct ok_tprim *prims;
  int nprims;
  ok_tlaunch launch;
  int strided;   /* sweep the stride list (ok_prim_strides) */
  int warp;      /* warp primitive */
  int max_total; /* >0: skip shapes with more threads in all (serialized primitives) */
  int unroll;    /* the bodies' unroll (OK_OT_BODY_REP); 0: OK_UNROLL */
  /* Optional: the sweep's own shapes, out[i] = {teams, threads}; returns how many (<= max), or
   * <= 0 with the reason in why (one error point). */
  int (*shapes)(const struct ok_params *p, int (*out)[2], int max, char *why, size_t nwhy);
  int unplaced; /* ok_prim_set's: no shared address in the timed body (ok_prim_sweep.h) */
};
/* Sweeps that time whole regions: 1 when target regions run on a device, else one `ran on host`
 * point is emitted and 0 returned. */
#ifdef __cplusplus /* a C++ primitive calls the C harness */
extern "C" {
#endif
int ok_ot_check_device(const struct ok_variant *v, const struct ok_params *p);
/* The device's SM count from the CUDA driver (libcuda, loaded at run time); 0 when unknown. */
int ok_ot_sm_count(int dev);
int ok_ot_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_tsweep *s);
/* 1 when a target region runs on a device (not the host fallback): rate sweeps check it first and
 * report one `ran on host` point instead of running their regions on the host. */
int ok_ot_device_available(void);
/* That one point (ok_emit_rate with ran_on_host); returns 1 for the sweep to return. */
int ok_ot_rate_on_host(const struct ok_variant *v, const struct ok_params *p);
#ifdef __cplusplus
}
#endif
/* A sweep entry point for OK_REGISTER_SWEEP: NAME runs ok_ot_sweep with the ok_tsweep fields given
 * (prims, nprims, launch, strided, warp, max_total[, unroll]). */
#define OK_OT_SWEEP(NAME, ...)                                            \
  static int NAME(const struct ok_variant *v, const struct ok_params *p) { \
    struct ok_tsweep s = {__VA_ARGS__};                                   \
    return ok_ot_sweep(v, p, &s);                                         \
  }

/* One body: a device function run by every thread of the parallel region. STEP may use A, B, VA,
 * VB, gtid (this thread's slot), lane, w (min(32, threads)), mask, stride, acc (AT). */
#define OK_OT_BODY(FN, T, AT, STEP) OK_OT_BODY_REP(FN, T, AT, STEP, OK_REP)
/* The same with another repetition macro (OK_REP10): for a step of thousands of cycles, where 100
 * copies only cost compile time (docs/findings/openmp-opt-reduction-compile-time.md); the sweep
 * then gives its unroll (10). */
#define OK_OT_BODY_REP(FN, T, AT, STEP, REP)                                                            \
  __attribute__((noinline)) void FN(T *A, T *B, long n_iter, long stride, int gtid, int lane, int w,     \
                                    unsigned mask, long long *cycles, double *sink) {                    \
    volatile T *const VA = A;                                                                           \
    volatile T *const VB = B;                                                                           \
    AT acc = (AT)lane;                                                                                  \
    (void)VA, (void)VB, (void)mask, (void)stride, (void)B, (void)w;                                     \
    _Pragma("omp barrier") const long long t0 = ok_ot_clock();                                          \
    for (long it = 0; it < n_iter; ++it) {                                                              \
      REP(STEP)                                                                                         \
    }                                                                                                   \
    const long long t1 = ok_ot_clock();                                                                 \
    cycles[gtid] = t1 - t0;                                                                             \
    sink[gtid] = (double)acc;                                                                           \
  }

/* Use between `#pragma omp declare target` and `#pragma omp end declare target`. */
#define OK_OT_PAIR(NAME, T, AT, STEP, PRIM) \
  OK_OT_BODY(NAME##_base, T, AT, STEP())    \
  OK_OT_BODY(NAME##_test, T, AT, STEP(PRIM))
/* The same with another repetition macro (OK_REP10): the sweep then gives its unroll (10). */
#define OK_OT_PAIR_REP(NAME, T, AT, STEP, PRIM, REP) \
  OK_OT_BODY_REP(NAME##_base, T, AT, STEP(), REP)    \
  OK_OT_BODY_REP(NAME##_test, T, AT, STEP(PRIM), REP)

/* The locals a file's launchers pass into their target regions. */
#define OK_OT_LOCALS(c)                                                                 \
  void *const dA = (c)->dA, *const dB = (c)->dB;                                        \
  long long *const dcyc = (c)->dcycles;                                                 \
  double *const dsink = (c)->dsink;                                                     \
  int *const dinfo = (c)->dinfo;                                                        \
  const int nt = (c)->teams, tl = (c)->threads, dev = (c)->dev;                         \
  const long n_iter = (c)->n_iter, stride = (c)->stride;

/* A thread of the parallel region: its slot, the device check, then the body `which`. DISPATCH
 * is a chain of OK_OT_CASE(...) ending in `{}`. */
#define OK_OT_THREAD(DISPATCH)                                                          \
  {                                                                                     \
    const int tid_ = omp_get_thread_num(), nth_ = omp_get_num_threads();               \
    const int gtid = omp_get_team_num() * tl + tid_;                                    \
    const int lane = tid_ & 31;                                                         \
    const int w = nth_ < 32 ? nth_ : 32;                                                \
    const unsigned mask = w == 32 ? 0xffffffffu : ((1u << w) - 1u);                     \
    if (gtid == 0) {                                                                    \
      dinfo[0] = !omp_is_initial_device();                                              \
      dinfo[1] = omp_get_num_teams();                                                   \
      dinfo[2] = nth_;                                                                  \
    }                                                                                   \
    if (tid_ < tl) { DISPATCH }                                                         \
  }

#define OK_OT_CASE(ID, NAME, T)                                                                  \
  if (which == 2 * (ID)) NAME##_base((T *)dA, (T *)dB, n_iter, stride, gtid, lane, w, mask, dcyc, dsink); \
  else if (which == 2 * (ID) + 1) NAME##_test((T *)dA, (T *)dB, n_iter, stride, gtid, lane, w, mask, dcyc, dsink); \
  else

/* FAMILY: PTX instruction family the test must hold more of than the base; CHECK: ok_check_*;
 * SIM: warp primitives' host simulation (ok_prim_sim); PARAM: fixed parameter or 0. */
#define OK_OT_PRIM(ID, NAME, TNAME, T, FAMILY, PER_STEP, CHECK, SIM, PARAM) \
  {{TNAME, #NAME "_test", FAMILY, sizeof(T), PER_STEP, 0, CHECK, SIM, PARAM}, ID}

#if OK_OT_CLANG_EXT
#define OK_OT_TIMER "clock64 per thread (nvvm sreg), max over threads; SM clock measured"
#else
#define OK_OT_TIMER "globaltimer ns per thread (device omp_get_wtime; no clock64 from GCC's OpenMP C), max over threads"
#endif
#endif
