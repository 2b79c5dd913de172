/* atomic_contention, OpenMP target: the contention x padding map (kernels/common/ok_contention.h)
 * with the OpenMP atomics of ok_contention_omp.h (update, compare capture, capture, compare), the
 * same 128 teams x 256 threads, indices and checks as kernels/cuda/atomic_contention.cu, and the
 * same timer: %globaltimer per thread, latest end - earliest start (launch costs stay out). Each
 * op's body is a plain-named device function with a _base twin without the atomic (never run;
 * the study's PTX check compares them).
 * The map runs over the threads that really ran: a first region with no op reads the shape
 * (GCC 12's libgomp gives 128 x 8, one OpenMP thread per warp, where 128 x 256 was asked), and
 * the indices, counts and checks are made for that many threads; the record's teams and threads
 * say which. Contention k still means k threads on one address, but fewer run at once. */
#include "ok_contention_omp.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* min, max and the CAS are `omp atomic compare`: where the compiler lacks it the map is listed as
 * not built rather than built without them. */
#if OK_OT_HAS_ATOMIC_COMPARE

#define OK_AC_TEAMS 128
#define OK_AC_THREADS 256

#pragma omp declare target
static inline unsigned long long ac_gtimer(void) { return (unsigned long long)(omp_get_wtime() * 1e9); }
#pragma omp end declare target
#if OK_OT_CLANG_EXT /* GCC: libgomp's nvptx omp_get_wtime already reads %globaltimer */
#pragma omp begin declare variant match(device = {arch(nvptx64)})
static inline unsigned long long ac_gtimer(void) { return __nvvm_read_ptx_sreg_globaltimer(); }
#pragma omp end declare variant
#endif

#pragma omp declare target
#define AC_FN(NAME, OP)                                                                                        \
  __attribute__((noinline)) void NAME(unsigned *A, const int *idx, const unsigned *seed, unsigned long long *sink, \
                                      int t, int iters, int random, long groups, int padding) {                \
    OK_AC_LOOP(OP, A, idx, seed, sink, t, iters, random, groups, padding)                                      \
  }
#define AC_PAIR(N, OP) AC_FN(ok_ot_ac_##N##_test, OP) AC_FN(ok_ot_ac_##N##_base, OK_AC_OMP_BASE)
OK_AC_OMP_OPS(AC_PAIR)
#pragma omp end declare target

struct ac_ctx {
  int dev, host;
  unsigned *A, *out;
  int *idx;
  unsigned *seed;
  unsigned long long *sink, *tim, *htim;
  int *info; /* [0] ran on the device, [1] teams, [2] threads */
  long T;     /* the threads that ran (ac_shape): the map's threads */
  int shape[3];
};
static const long ac_T = (long)OK_AC_TEAMS * OK_AC_THREADS; /* requested: the buffers' size */

/* which = op (test body) or OK_NAOP + op (its base twin, which the sweep never asks for); -1: no
 * op, only the shape into info. Thread t = team x (threads that ran) + thread, t < c->T. */
static void ac_region(struct ac_ctx *c, int which, int iters, int random, long groups, int padding) {
  const long T = c->T;
  unsigned *A = c->A;
  int *idx = c->idx, *info = c->info;
  unsigned *seed = c->seed;
  unsigned long long *sink = c->sink, *tim = c->tim;
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(OK_AC_TEAMS) thread_limit(OK_AC_THREADS) device(c->dev) \
    is_device_ptr(A, idx, seed, sink, tim, info)
#pragma omp parallel
  {
    const int t = omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
    if (t == 0) info[0] = !omp_is_initial_device(), info[1] = omp_get_num_teams(), info[2] = omp_get_num_threads();
    if (t < T && which >= 0) {
      tim[2 * t] = ac_gtimer();
#define AC_CALL(N, OP)                                                                                   \
  if (which == OK_AOP_##OP) ok_ot_ac_##N##_test(A, idx, seed, sink, t, iters, random, groups, padding); \
  else if (which == OK_NAOP + OK_AOP_##OP) ok_ot_ac_##N##_base(A, idx, seed, sink, t, iters, random, groups, padding); \
  else
      AC_CALL(add, ADD) AC_CALL(cas, CAS) AC_CALL(exch, EXCH) AC_CALL(min, MIN) AC_CALL(max, MAX) {}
      tim[2 * t + 1] = ac_gtimer();
    }
  }
}

/* Fills counters [0, size) with v (mode 0) or gathers out[g] = A[g x padding] (mode 1). */
static void ac_util(struct ac_ctx *c, int mode, long size, unsigned v, long groups, int padding) {
  unsigned *A = c->A, *out = c->out;
  // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for device(c->dev) is_device_ptr(A, out)
  for (long k = 0; k < (mode ? groups : size); ++k) {
    if (mode) out[k] = A[k * padding];
    else A[k] = v;
  }
}

static int ac_alloc(void *vc, long max_elems, char *err, size_t n) {
  struct ac_ctx *c = vc;
  c->A = omp_target_alloc((size_t)max_elems * sizeof(unsigned), c->dev);
  c->out = omp_target_alloc(ac_T * sizeof(unsigned), c->dev);
  c->idx = omp_target_alloc(ac_T * sizeof(int), c->dev);
  c->seed = omp_target_alloc(ac_T * sizeof(unsigned), c->dev);
  c->sink = omp_target_alloc(ac_T * sizeof(unsigned long long), c->dev);
  c->tim = omp_target_alloc(2 * ac_T * sizeof(unsigned long long), c->dev);
  c->info = omp_target_alloc(3 * sizeof(int), c->dev);
  c->htim = calloc(2 * (size_t)ac_T, sizeof(unsigned long long));
  if (!c->A || !c->out || !c->idx || !c->seed || !c->sink || !c->tim || !c->info || !c->htim) {
    snprintf(err, n, "omp_target_alloc failed (%ld counters)", max_elems);
    return 1;
  }
  return 0;
}
static int ac_upload(void *vc, const int *idx, const unsigned *seed, char *err, size_t n) {
  struct ac_ctx *c = vc;
  if (omp_target_memcpy(c->idx, idx, c->T * sizeof(int), 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->seed, seed, c->T * sizeof(unsigned), 0, 0, c->dev, c->host)) {
    snprintf(err, n, "omp_target_memcpy of the indices failed");
    return 1;
  }
  return 0;
}
static int ac_run(void *vc, const struct ok_cmap *m, double *s, char *err, size_t n) {
  struct ac_ctx *c = vc;
  int info[3] = {0, 0, 0};
  const long T = c->T;
  memset(c->htim, 0, 2 * (size_t)ac_T * sizeof *c->htim);
  ac_util(c, 0, m->size, ok_cmap_init_value(m), 0, 1);
  if (omp_target_memcpy(c->tim, c->htim, 2 * ac_T * sizeof *c->htim, 0, 0, c->dev, c->host) ||
      omp_target_memcpy(c->info, info, sizeof info, 0, 0, c->dev, c->host)) {
    snprintf(err, n, "omp_target_memcpy to the device failed");
    return 1;
  }
  ac_region(c, m->op, (int)m->iters, m->pattern == OK_PAT_RANDOM, m->groups, m->padding);
  if (omp_target_memcpy(c->htim, c->tim, 2 * ac_T * sizeof *c->htim, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(info, c->info, sizeof info, 0, 0, c->host, c->dev)) {
    snprintf(err, n, "omp_target_memcpy from the device failed");
    return 1;
  }
  if (info[0] && (info[1] != c->shape[1] || info[2] != c->shape[2])) {
    /* The map's indices and expected counts are for the shape the first region read. */
    snprintf(err, n, "the region ran as %d x %d, the shape probe as %d x %d: the map is made for the latter", info[1],
             info[2], c->shape[1], c->shape[2]);
    return 1;
  }
  if (!info[0]) { /* the fetch reports it: no number from a host run */
    *s = 1;
    return 0;
  }
  return ok_span_ns(c->htim, T, s, err, n);
}
static int ac_fetch(void *vc, const struct ok_cmap *m, unsigned *got, unsigned long long *sink, int *on, char *err,
                    size_t n) {
  struct ac_ctx *c = vc;
  int info[3] = {0, 0, 0};
  ac_util(c, 1, 0, 0, m->groups, m->padding);
  if (omp_target_memcpy(got, c->out, (size_t)m->groups * sizeof *got, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(sink, c->sink, c->T * sizeof *sink, 0, 0, c->host, c->dev) ||
      omp_target_memcpy(info, c->info, sizeof info, 0, 0, c->host, c->dev)) {
    snprintf(err, n, "omp_target_memcpy of the counters failed");
    return 1;
  }
  *on = info[0];
  return 0;
}
static void ac_release(void *vc) {
  struct ac_ctx *c = vc;
  void *d[] = {c->A, c->out, c->idx, c->seed, c->sink, c->tim, c->info};
  for (int i = 0; i < 7; ++i)
    if (d[i]) omp_target_free(d[i], c->dev);
  free(c->htim);
}

/* The shape the map's region runs in: the region once with no op (c->info must exist). 0 with
 * c->T and c->shape set; else the reason in why and 1 (ran on the host) or 2 (no usable shape). */
static int ac_shape(struct ac_ctx *c, char *why, size_t n) {
  int info[3] = {0, 0, 0};
  c->T = 0;
  if (omp_target_memcpy(c->info, info, sizeof info, 0, 0, c->dev, c->host)) return snprintf(why, n, "omp_target_memcpy failed"), 2;
  ac_region(c, -1, 0, 0, 1, 1);
  if (omp_target_memcpy(info, c->info, sizeof info, 0, 0, c->host, c->dev)) return snprintf(why, n, "omp_target_memcpy failed"), 2;
  const int v = ok_ot_shape_verdict(why, n, info, OK_AC_TEAMS, OK_AC_THREADS);
  if (v) return v;
  memcpy(c->shape, info, sizeof info);
  c->T = (long)info[1] * info[2];
  return 0;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  struct ac_ctx c;
  memset(&c, 0, sizeof c);
  c.dev = omp_get_default_device();
  c.host = omp_get_initial_device();
  char why[160] = "";
  c.info = omp_target_alloc(3 * sizeof(int), c.dev);
  const int shape = c.info ? ac_shape(&c, why, sizeof why) : 2;
  if (c.info) omp_target_free(c.info, c.dev), c.info = NULL;
  if (shape) { /* one line says why: no map without the shape it is made for */
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.type = "uint", r.teams = OK_AC_TEAMS, r.threads = OK_AC_THREADS, r.timer = OK_SPAN_TIMER;
    r.ran_on_host = shape == 1, r.error = shape != 1;
    snprintf(r.detail, sizeof r.detail, "shape probe: %s", c.info || why[0] ? why : "omp_target_alloc failed");
    ok_emit_rate(v, p, &r);
    return 1;
  }
  struct ok_cmap_dev d = {&c, c.T, c.shape[1], c.shape[2], "ok_ot_ac_%s_test", NULL, 32,
                          ac_alloc, ac_upload, ac_run, ac_fetch, ac_release};
  return ok_cmap_sweep(v, p, &d);
}
OK_REGISTER_SWEEP(atomic_contention, map_spmd, "spmd", OK_SPAN_TIMER, sweep)
#else
OK_REGISTER_NOT_BUILT(atomic_contention, map_spmd, "spmd", OK_OT_NO_ATOMIC_COMPARE_WHY)
#endif
