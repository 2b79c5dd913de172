/* grid_sync, OpenMP target: OpenMP has no barrier across teams. Two stand-ins for CUDA's
 * this_grid().sync() (kernels/cuda/grid_sync.cu):
 *   atomic_counter_barrier_spmd  a hand-made barrier: each team's thread 0 adds 1 to a global
 *       counter and spins until every team of this generation has arrived, between two team
 *       barriers. ONLY SAFE WHEN EVERY TEAM IS RESIDENT at once (a team waiting for one that never
 *       starts spins forever), so it runs with one team per SM (the SM count from the CUDA
 *       driver): 1 team/SM x {128, 1024} threads. Baseline/test by the primitive harness.
 *   split_spmd, split_generic  the work split into two target regions instead: the repeat-difference
 *       cost of one more `target teams` region of that shape with an empty parallel body. */
#include "ok_sync_plan.h"
#include "opaque.h"
#include "prim_harness.h"

#include <stdio.h>
#include <string.h>

/* A generation is num_teams arrivals: the one that makes the count a multiple of it releases all.
 * The spin reads relaxed, then flushes: clang 19's NVPTX backend cannot select an acquire or
 * seq_cst atomic load ("Cannot select: AtomicLoad", docs/findings/nvptx-atomic-read-acquire.md).
 * GCC 12 compiles that relaxed `omp atomic read` (and a volatile read alike) to a weak `ld.u32`,
 * which ptxas hoists out of the loop: the spin never saw another team arrive and every barrier
 * ran into its bound (docs/findings/gcc12-relaxed-load-hoisted.md). Under GCC the spin reads
 * with `acquire`, which GCC follows with membar.sys (ptxas: MEMBAR + CCTL.IVALL in the loop,
 * and the load stays in it). The wait is bounded in time (OK_BAR_MAX_TICKS of ok_ot_clock, read
 * every 256 spins), and the first team to give up raises A[1], which ends every later wait of
 * the launch: teams that are not all resident give a wrong result in about one bound, not a
 * hang (the H200 run of GCC's code spent 1.5 s per barrier, thousands of barriers per launch).
 * A[2] keeps how many teams had arrived when one gave up. */
#if OK_OT_CLANG_EXT
#define BAR_LOAD(v) _Pragma("omp atomic read") v = A[0];
#define OK_BAR_MAX_TICKS (1LL << 27) /* clock64 cycles: about 70 ms at 1.9 GHz */
#else
#define BAR_LOAD(v) _Pragma("omp atomic read acquire") v = A[0];
#define OK_BAR_MAX_TICKS (1LL << 26) /* ns (device omp_get_wtime): about 67 ms */
#endif
#define TEAM_BAR                                                   \
  {                                                                \
    _Pragma("omp barrier") if (omp_get_thread_num() == 0) {        \
      const int nt_ = omp_get_num_teams();                         \
      int old_;                                                    \
      int cur_;                                                    \
      _Pragma("omp atomic capture seq_cst") old_ = A[0]++;         \
      const int goal_ = (old_ / nt_ + 1) * nt_;                    \
      const long long t0_ = ok_ot_clock();                         \
      long spins_ = 0;                                             \
      for (;;) {                                                   \
        BAR_LOAD(cur_)                                             \
        if (cur_ >= goal_) break;                                  \
        if (!(++spins_ & 255) && (VA[1] || ok_ot_clock() - t0_ > OK_BAR_MAX_TICKS)) break; \
      }                                                            \
      if (cur_ < goal_ && !VA[1]) { /* gave up: not all resident */ \
        VA[2] = cur_ - (goal_ - nt_);                              \
        VA[1] = 1;                                                 \
      }                                                            \
      _Pragma("omp flush")                                         \
    }                                                              \
    _Pragma("omp barrier")                                         \
  }
#define STEP(P) P acc += 1;

#pragma omp declare target
OK_OT_BODY_REP(ok_ot_grid_bar_base, int, int, STEP(), OK_REP10)
OK_OT_BODY_REP(ok_ot_grid_bar_test, int, int, STEP(TEAM_BAR), OK_REP10)
#pragma omp end declare target

#define DISPATCH OK_OT_CASE(0, ok_ot_grid_bar, int) {}
static void launch_spmd(struct ok_tctx *c, int which) {
  OK_OT_LOCALS(c)
  // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(dA, dB, dcyc, dsink, dinfo)
#pragma omp parallel
  OK_OT_THREAD(DISPATCH)
}

/* The counter holds one arrival per team per barrier, and every thread ran every step. */
static int check(const struct ok_prim_run *c, const struct ok_prim *pr, char *d, size_t n) {
  const long steps = c->n_iter * c->unroll;
  const int got = ((const int *)c->A)[0];
  if (!ok_check_ran(c, pr, d, n)) return 0;
  if (((const int *)c->A)[1]) {
    /* omp_get_num_teams() says how many teams ran, not how many ran at once (libgomp's nvptx
     * plugin may run them as fewer CUDA blocks, one team after another in each). */
    snprintf(d, n, "not all teams resident at once: a team gave up waiting at the barrier with %d of %d teams arrived "
             "(%d requested); the hand-made barrier needs every team running", ((const int *)c->A)[2], c->act_teams,
             c->teams);
    return 0;
  }
  if (got != steps * c->act_teams) {
    snprintf(d, n, "barrier counter %d, expected %ld (%ld barriers x %d teams)", got, steps * c->act_teams, steps,
             c->act_teams);
    return 0;
  }
  /* The threads that ran: the runtime may give fewer than asked (896 of 1024 on the H200). */
  for (int tm = 0; tm < c->act_teams; ++tm)
    for (int i = 0; i < c->act_threads; ++i) {
      const int t = tm * c->threads + i;
      if (c->sink[t] != (i & 31) + steps) {
        snprintf(d, n, "thread %d of team %d ended with %.17g, expected %ld", i, tm, c->sink[t], (i & 31) + steps);
        return 0;
      }
    }
  snprintf(d, n, "%ld barriers across %d teams (hand-made; safe only with every team resident)", steps, c->act_teams);
  return 1;
}

/* One team per SM: every team resident whatever the kernel's occupancy. */
static int shapes(const struct ok_params *p, int (*out)[2], int max, char *why, size_t nwhy) {
  int sms = ok_ot_sm_count(omp_get_default_device());
  if (sms <= 0) {
    snprintf(why, nwhy, "SM count unknown (libcuda not loadable): without it the barrier could deadlock");
    return 0;
  }
  int n = 0;
  out[n][0] = sms, out[n][1] = 1024, ++n;
  if (max > 1) out[n][0] = sms, out[n][1] = 128, ++n;
  if (p->full && max > 2) out[n][0] = sms / 2 > 0 ? sms / 2 : 1, out[n][1] = 1024, ++n;
  return n;
}

#define F "atom\\.|red\\."
static const struct ok_tprim prims[] = {OK_OT_PRIM(0, ok_ot_grid_bar, "", int, F, 1, check, 0, "barrier=atomic_counter")};
OK_OT_SWEEP(sweep_bar, prims, 1, launch_spmd, 0, 0, 0, 10, shapes)
OK_REGISTER_SWEEP(grid_sync, atomic_counter_barrier_spmd, "spmd", OK_OT_TIMER "; hand-made barrier, all teams resident",
                  sweep_bar)

/* The split: k target regions of the shape, each an empty parallel; the check counts teams. */
#pragma omp declare target
static inline void count_team(int *cnt) {
#pragma omp atomic
  cnt[0] += 1;
  if (omp_is_initial_device()) {
#pragma omp atomic
    cnt[1] += 1;
  }
}
#pragma omp end declare target
struct split {
  int teams, threads, dev, generic;
  int *cnt, *dcnt;
  struct ok_launch_form *lf;
};
static int split_launch(void *vc, int k) {
  struct split *c = vc;
  int *cnt = c->cnt;
  const int nt = c->teams, tl = c->threads, dev = c->dev;
  for (int i = 0; i < k; ++i)
    if (!c->generic) {
      // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(cnt)
#pragma omp parallel
      if (cnt && omp_get_thread_num() == 0) count_team(cnt);
    } else {
      // EXPECT-MODE: Generic
#pragma omp target teams num_teams(nt) thread_limit(tl) device(dev) is_device_ptr(cnt)
      {
        ok_opaque_touch(0); /* an unknown side effect before the parallel: the kernel stays generic */
#pragma omp parallel
        if (cnt && omp_get_thread_num() == 0) count_team(cnt);
      }
    }
  return 0;
}
static int split_verify(void *vc, char *d, unsigned long n) {
  struct split *c = vc;
  int h[2] = {0, 0};
  const int host = omp_get_initial_device();
  if (omp_target_memcpy(c->dcnt, h, sizeof h, 0, 0, c->dev, host)) return snprintf(d, n, "memcpy failed"), 0;
  c->cnt = c->dcnt;
  split_launch(c, OK_LAUNCH_K);
  c->cnt = NULL;
  if (omp_target_memcpy(h, c->dcnt, sizeof h, 0, 0, host, c->dev)) return snprintf(d, n, "memcpy failed"), 0;
  if (h[1]) c->lf->on_host = 1;
  snprintf(d, n, "%d regions: %d of %d teams counted, %d on the host", OK_LAUNCH_K, h[0], OK_LAUNCH_K * c->teams, h[1]);
  return h[0] == OK_LAUNCH_K * c->teams && !h[1];
}
static int sweep_split(const struct ok_variant *v, const struct ok_params *p, int generic) {
  if (!ok_ot_check_device(v, p)) return 1;
  int sh[8][2], rc = 0;
  char why[160] = "", param[32];
  int ns = shapes(p, sh, 8, why, sizeof why);
  struct split c;
  memset(&c, 0, sizeof c);
  c.dev = omp_get_default_device();
  c.generic = generic;
  c.dcnt = omp_target_alloc(2 * sizeof(int), c.dev);
  if (ns <= 0 || !c.dcnt) {
    struct ok_point pt;
    memset(&pt, 0, sizeof pt);
    pt.type = "", pt.error = 1;
    snprintf(pt.detail, sizeof pt.detail, "%s", ns <= 0 ? why : "omp_target_alloc failed");
    ok_emit_point(v, p, &pt);
    return 1;
  }
  for (int i = 0; i < ns; ++i) {
    if ((p->threads_given && sh[i][1] != p->threads) || (p->teams_given && sh[i][0] != p->teams)) continue;
    c.teams = sh[i][0], c.threads = sh[i][1];
    snprintf(param, sizeof param, "blocks_per_sm=%d", c.teams == ok_ot_sm_count(c.dev) ? 1 : 0);
    struct ok_launch_form f = {param, split_launch, split_verify, NULL, &c, c.threads, c.teams, 0};
    c.lf = &f;
    rc |= ok_launch_point(v, p, &f);
  }
  omp_target_free(c.dcnt, c.dev);
  return rc;
}
static int sweep_split_spmd(const struct ok_variant *v, const struct ok_params *p) { return sweep_split(v, p, 0); }
static int sweep_split_generic(const struct ok_variant *v, const struct ok_params *p) { return sweep_split(v, p, 1); }
#define SPLIT_TIMER "host clock around target regions, repeat difference: one more target teams region of the shape"
OK_REGISTER_SWEEP(grid_sync, split_spmd, "spmd", SPLIT_TIMER, sweep_split_spmd)
OK_REGISTER_SWEEP(grid_sync, split_generic, "generic", SPLIT_TIMER, sweep_split_generic)
