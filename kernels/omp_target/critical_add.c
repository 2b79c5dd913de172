/* critical_add, OpenMP target: `omp critical` does not link for NVPTX with LLVM 19 (the device
 * runtime lacks impl::setCriticalLock; docs/offload-gaps.md), so the closest expressible form is
 * omp_set_lock / omp_unset_lock around the add, as in kernels/native/critical_add.c: the test has one
 * more locked add per step. One device lock, initialized by its own target region per sweep.
 * LLVM 19's device omp_set_lock tests the CAS result inverted (a thread that finds the lock taken
 * returns as if it held it), so expect lost updates: the check reports them. Shapes stop at 1024
 * threads in all: a working lock serializes every add. SPMD and generic kernels.
 * Unrolled 10 times, not 100: a locked add is a CAS loop and a release (hundreds of cycles even
 * uncontended), so the loop's overhead is lost in it either way, and 800 inlined lock loops made
 * this the slowest TU of the omp_target builds (9.8 to 17.6 s of CPU per configuration,
 * docs/build.md). The sweeps state the unroll. */
#include "opaque.h"
#include "prim_harness.h"

#define LOCKED_ADD      \
  omp_set_lock(&lock);  \
  VA[0] += 1;           \
  omp_unset_lock(&lock);
#define STEP(P) LOCKED_ADD P
#define TYPES(X) X(0, int, int) X(1, ull, unsigned long long) X(2, float, float) X(3, double, double)

#pragma omp declare target
static omp_lock_t lock;
#define PAIR(ID, TN, T) OK_OT_PAIR_REP(ok_ot_lock_add_##TN, T, T, STEP, LOCKED_ADD, OK_REP10)
TYPES(PAIR)
#pragma omp end declare target

#define CASE(ID, TN, T) OK_OT_CASE(ID, ok_ot_lock_add_##TN, T)
#define DISPATCH TYPES(CASE) {}

static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

static void launch_generic(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: Generic
  // EXPECT-REMARK: OMP121
  // EXPECT-REMARK: OMP132
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
  {
    ok_opaque_touch(0); /* unknown side effect in the sequential team part: the kernel stays generic */
#pragma omp parallel
    OK_OT_THREAD(DISPATCH)
  }
}

/* The runtime's lock is inlined into the per-file PTX: its cmpxchg is atom.*cas; the call stays
 * when it is not inlined. */
#define F "atom\\..*cas|omp_set_lock"
#define PRIM(ID, TN, T) OK_OT_PRIM(ID, ok_ot_lock_add_##TN, #TN, T, F, 2, ok_check_a0_count, 0, "lock=omp_set_lock"),
static const struct ok_tprim prims[] = {TYPES(PRIM)};
/* omp_init_lock on the device: the host runtime's lock (the host plugin) is not a zero word. */
static int sweep(const struct ok_variant *v, const struct ok_params *p, ok_tlaunch launch) {
  struct ok_tsweep s = {prims, 4, launch, 0, 0, 1024, 10};
  const int dev = omp_get_default_device();
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP120
#pragma omp target device(dev)
  omp_init_lock(&lock);
  int rc = ok_ot_sweep(v, p, &s);
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-REMARK: OMP120
#pragma omp target device(dev)
  omp_destroy_lock(&lock);
  return rc;
}
static int sweep_spmd(const struct ok_variant *v, const struct ok_params *p) { return sweep(v, p, launch_spmd); }
static int sweep_generic(const struct ok_variant *v, const struct ok_params *p) { return sweep(v, p, launch_generic); }
// EXPECT-FAIL[clang-19]: wrong result (docs/findings/device-lock-loses-updates.md)
// EXPECT-FAIL[clang-16]: wrong result (docs/findings/device-lock-loses-updates.md: the same omp_set_lock in LLVM 16's bitcode)
OK_REGISTER_SWEEP(critical_add, omp_set_lock_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
// EXPECT-FAIL[clang-19]: wrong result (docs/findings/device-lock-loses-updates.md)
// EXPECT-FAIL[clang-16]: wrong result (docs/findings/device-lock-loses-updates.md: the same omp_set_lock in LLVM 16's bitcode)
OK_REGISTER_SWEEP(critical_add, omp_set_lock_generic, "generic", OK_OT_TIMER, sweep_generic)

/* `omp critical` itself, where the compiler's device runtime links it: the build probes that
 * (kernels/CMakeLists.txt, OK_OMP_CRITICAL_LINKS). Where it does not (clang 19), the marker below
 * makes `ompkit run` record the variant as a known defect, `not built`, instead of leaving it out. */
#ifdef OK_OMP_CRITICAL_LINKS
#define CRITICAL_ADD _Pragma("omp critical(ok_critical_add)") VA[0] += 1;
#define CSTEP(P) CRITICAL_ADD P
#pragma omp declare target
OK_OT_PAIR_REP(ok_ot_critical_add_int, int, int, CSTEP, CRITICAL_ADD, OK_REP10)
#pragma omp end declare target
static void launch_critical_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(OK_OT_CASE(0, ok_ot_critical_add_int, int){})
}
static const struct ok_tprim critical_prims[] = {
    /* GCC's libgomp entry points: GOMP_critical_(name_)start. */
    OK_OT_PRIM(0, ok_ot_critical_add_int, "int", int,
               "atom\\..*cas|__kmpc_critical|GOMP_critical_start|GOMP_critical_name_start", 2, ok_check_a0_count, 0,
               "lock=omp critical"),
};
static int sweep_critical_spmd(const struct ok_variant *v, const struct ok_params *p) {
  struct ok_tsweep s = {critical_prims, 1, launch_critical_spmd, 0, 0, 1024, 10};
  return ok_ot_sweep(v, p, &s);
}
// EXPECT-FAIL[clang-19]: not built (docs/findings/omp-critical-does-not-link.md)
// EXPECT-FAIL[clang-16]: wrong result (links under LLVM 16, loses updates on the H200: 88730 of 204800; docs/findings/omp-critical-does-not-link.md)
OK_REGISTER_SWEEP(critical_add, omp_critical_spmd, "spmd", OK_OT_TIMER, sweep_critical_spmd)
#endif
