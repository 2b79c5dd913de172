/* fence, OpenMP target: `omp flush` between updates of two arrays (each thread its own element); the baseline updates both with no flush between them. SPMD and generic kernels.
 * omp_flush_store: the CUDA reference's store form (kernels/cuda/fence.cu, docs/fidelity.md), a
 * flush between plain stores to one array, stride 1; no loads.
 * plain_rmw_*: the reference's own workload (issue 22 §3), the CUDA plain_rmw form with the flush
 * where __threadfence is: plain (non-volatile) arrays, A[i] += 1; flush; B[i] += 1, stride 1. */
#include "opaque.h"
#include "prim_harness.h"
#define PRIM _Pragma("omp flush")
#define STEP(P) VA[gtid] += 1; P VB[gtid] += 1;
#define TYPES(X) X(0, int, int) X(1, double, double)
#define STEP_STORE(P) VA[gtid] = ++acc; P
#define STORE_TYPES(X) X(2, int, int) X(3, double, double)
#define STEP_PLAIN(P) A[gtid] += 1; P B[gtid] += 1;
#define PLAIN_TYPES(X) X(4, int, int) X(5, double, double)

#pragma omp declare target
#define PAIR(ID, TN, T) OK_OT_PAIR(ok_ot_fence_##TN, T, int, STEP, PRIM)
TYPES(PAIR)
#define STORE_PAIR(ID, TN, T) OK_OT_PAIR(ok_ot_fence_store_##TN, T, int, STEP_STORE, PRIM)
STORE_TYPES(STORE_PAIR)
#define PLAIN_PAIR(ID, TN, T) OK_OT_PAIR(ok_ot_fence_plain_##TN, T, int, STEP_PLAIN, PRIM)
PLAIN_TYPES(PLAIN_PAIR)
#pragma omp end declare target

#define CASE(ID, TN, T) OK_OT_CASE(ID, ok_ot_fence_##TN, T)
#define STORE_CASE(ID, TN, T) OK_OT_CASE(ID, ok_ot_fence_store_##TN, T)
#define PLAIN_CASE(ID, TN, T) OK_OT_CASE(ID, ok_ot_fence_plain_##TN, T)
#define DISPATCH TYPES(CASE) STORE_TYPES(STORE_CASE) PLAIN_TYPES(PLAIN_CASE) {}

static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

static void launch_generic(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: Generic
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
  {
    ok_opaque_touch(0); /* unknown side effect in the sequential team part: the kernel stays generic */
#pragma omp parallel
    OK_OT_THREAD(DISPATCH)
  }
}

#define PRIMS(ID, TN, T) OK_OT_PRIM(ID, ok_ot_fence_##TN, #TN, T, "^[[:space:]]*(membar|fence)\\.", 1, ok_check_two_arrays, 0, 0),
static const struct ok_tprim prims[] = {TYPES(PRIMS)};
#define NPRIMS ((int)(sizeof prims / sizeof prims[0]))
#define STORE_PRIMS(ID, TN, T) \
  OK_OT_PRIM(ID, ok_ot_fence_store_##TN, #TN, T, "^[[:space:]]*(membar|fence)\\.", 1, ok_check_stores, 0, "stores=array,stride=1"),
static const struct ok_tprim store_prims[] = {STORE_TYPES(STORE_PRIMS)};
#define PLAIN_PRIMS(ID, TN, T)                                                                         \
  OK_OT_PRIM(ID, ok_ot_fence_plain_##TN, #TN, T, "^[[:space:]]*(membar|fence)\\.", 1, ok_check_two_arrays, 0, \
             "workload=reference,rmw=plain,stride=1"),
static const struct ok_tprim plain_prims[] = {PLAIN_TYPES(PLAIN_PRIMS)};
OK_OT_SWEEP(sweep_spmd, prims, NPRIMS, launch_spmd, 0, 0, 0)
OK_OT_SWEEP(sweep_generic, prims, NPRIMS, launch_generic, 0, 0, 0)
OK_OT_SWEEP(sweep_store_spmd, store_prims, 2, launch_spmd, 0, 0, 0)
OK_OT_SWEEP(sweep_store_generic, store_prims, 2, launch_generic, 0, 0, 0)
OK_REGISTER_SWEEP(fence, omp_flush_spmd, "spmd", OK_OT_TIMER, sweep_spmd)
OK_REGISTER_SWEEP(fence, omp_flush_generic, "generic", OK_OT_TIMER, sweep_generic)
OK_REGISTER_SWEEP(fence, omp_flush_store_spmd, "spmd", OK_OT_TIMER, sweep_store_spmd)
OK_REGISTER_SWEEP(fence, omp_flush_store_generic, "generic", OK_OT_TIMER, sweep_store_generic)
OK_OT_SWEEP(sweep_plain_spmd, plain_prims, 2, launch_spmd, 0, 0, 0)
OK_OT_SWEEP(sweep_plain_generic, plain_prims, 2, launch_generic, 0, 0, 0)
OK_REGISTER_SWEEP(fence, plain_rmw_spmd, "spmd", OK_OT_TIMER, sweep_plain_spmd)
OK_REGISTER_SWEEP(fence, plain_rmw_generic, "generic", OK_OT_TIMER, sweep_plain_generic)
