/* The primitive sweep engine, one for every model (ok_prim_sweep.c), and the result checks
 * (ok_prim_checks.c). The flow: types -> shapes -> strides -> allocate -> calibrate -> the
 * baseline/test pair (ok_measure.h) -> check -> floor -> emit. A model gives an adapter
 * (struct ok_prim_dev) that only allocates, launches one sample and reads its clock back; the
 * kernel bodies and their pragmas stay in the model's files. Host C: built into every
 * configuration (gcc, clang offload host pass, nvcc's host compiler). */
#ifndef OK_PRIM_SWEEP_H
#define OK_PRIM_SWEEP_H
#include "ok_bench.h"

#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

struct ok_prim;
/* One point's run as the checks read it: host copies of what the last test sample left. A slot
 * is team x (requested threads) + thread. */
struct ok_prim_run {
  int teams, threads;         /* requested shape (host: 1 x team size) */
  int act_teams, act_threads; /* the shape that ran (the adapter's sample sets them) */
  long n_iter, stride;        /* stride: elements between threads' locations; 0: none */
  int unroll, locations;      /* steps per loop iteration; locations written (atomic write) */
  long line;                  /* elements of this type per cache line of the model */
  size_t bytes;               /* of A and B each */
  const void *A, *B;
  const double *sink;         /* per slot: the accumulator, so no result is dead */
  const long long *cycles;    /* per slot: the timed span (> 0: the thread ran), or NULL */
  const long *iters;          /* per slot: iterations done, or NULL */
  int lane_acc;               /* 1: accumulators start at the lane (the GPU bodies), 0: at 0 */
  double read_add;            /* added to each value read (the GPU bodies count reads of 0 as 1) */
  /* Address placements (docs/fidelity.md, "Where the address sits"): the adapter allocates
   * place_room more bytes for A and B each and runs every sample on the arrays place_off bytes
   * into their allocations. 0 and 0 for a model that does not place. */
  size_t place_room, place_off;
  /* SM placements (one-block points, ok_prim_dev.smids): >= 0, the sample's block must run on the
   * SM of this %smid, and the adapter sets ran_sm to the SM it ran on (or returns
   * OK_PRIM_NOT_PLACED when no block landed there); -1, wherever the launch puts it. */
  int place_sm, ran_sm;
};
typedef int (*ok_prim_check)(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* Warp primitives: out[lane] is what each lane of a width-w warp holds after `steps` executions. */
typedef void (*ok_prim_sim)(int w, long steps, double *out);

/* A primitive at one type; each model's descriptor starts with it (ok_hprim, ok_tprim, ok_cprim). */
struct ok_prim {
  const char *type;    /* "int", "ull", "float", "double"; "" when the primitive has none */
  const char *symbol;  /* the function or kernel holding the test body */
  const char *family;  /* instruction family the test must hold more of than the base; NULL: none */
  size_t elem;         /* sizeof the type */
  int per_step;        /* primitive executions per step in the test body (what the checks count) */
  double init_a;       /* value array A starts from (host reads) */
  ok_prim_check check; /* verifies the last test run; fills d; 1 when right */
  ok_prim_sim sim;
  const char *param;   /* fixed parameter, e.g. "order=relaxed"; NULL: none */
};

/* Samples end 0, or with one of these (err says why). */
/* OK_PRIM_NOT_PLACED: no block of the launch landed on the SM place_sm asked for; the placement is
 * not measured, and never reported as if it were. */
enum { OK_PRIM_ERROR = -1, OK_PRIM_ON_HOST = -2, OK_PRIM_NOT_PLACED = -3 };

/* A model's side of the sweep. */
struct ok_prim_dev {
  void *ctx;
  const char *unit;    /* sample unit: "s" or "cycles" */
  double clock_mhz;    /* cycles: the SM clock measured for this sweep */
  double resolution;   /* the clock's resolution in sample units (floors); 0: unknown */
  int line_bytes;      /* cache line: the stride list's line and the checks' */
  int lane_acc;        /* struct ok_prim_run's */
  double read_add;
  const char *broken;  /* non-NULL: every point is an error with this reason (no SM clock) */
  /* Allocates the point's buffers for r's shape, stride and pr's type; 0 ok, else err. */
  int (*alloc)(void *ctx, const struct ok_prim *pr, struct ok_prim_run *r, char *err, size_t n);
  /* One sample of r->n_iter iterations: resets the arrays, runs the baseline (test 0) or the test
   * body, sets r->act_*; *value in `unit`. 0, OK_PRIM_ERROR or OK_PRIM_ON_HOST. */
  int (*sample)(void *ctx, const struct ok_prim *pr, struct ok_prim_run *r, int test, double *value, char *err,
                size_t n);
  /* After the pair: host copies of A, B, sink (and cycles or iters) into r; 0 ok. */
  int (*fetch)(void *ctx, struct ok_prim_run *r, char *err, size_t n);
  /* The measured pair starts: forget the calibration's wall times. May be NULL. */
  void (*pair_start)(void *ctx);
  /* Appends the model's cross-check of the per-op cost (ops per thread) to the detail. May be NULL. */
  void (*cross_check)(void *ctx, double ops, char *detail, size_t n);
  /* The model's point fields: param (into buf), affinity, smt. */
  void (*annotate)(void *ctx, const struct ok_prim *pr, const struct ok_prim_run *r, struct ok_point *pt, char *buf,
                   size_t nbuf);
  void (*release)(void *ctx, struct ok_prim_run *r, int failed);
  /* GPU: a one-thread atomic costs up to 1.5x more when its address sits in the L2 partition
   * far from the measuring SM, and where a fresh allocation lands differs between two GPUs of a
   * node. So a point is measured at up to `placements` addresses, place_step bytes apart, and
   * reports the nearest (ok_prim_placements). <= 1: one placement (the host).
   * Last, so that an adapter that does not place leaves them 0. */
  int placements;
  size_t place_step;
  /* A device-wide fence (or a single-address atomic) from one block costs what the path from its
   * SM to the L2 costs: 655 cycles from one SM of an H200, 800-900 from another, and which SM a
   * one-block launch gets differs between two cards of a node. So a one-block point places its
   * block over SMs instead of its address: placement k of np runs on the SM ok_prim_sm_target
   * picks from these %smid numbers (sorted; the ids need not be contiguous), and the point reports
   * the nearest SM. NULL or fewer than 2: the model does not place blocks. */
  const int *smids;
  int nsmids;
};

/* What one variant sweeps. */
struct ok_prim_set {
  const void *prims;   /* the model's descriptors, each starting with struct ok_prim */
  size_t prim_size;    /* sizeof one */
  int nprims;
  int strided;         /* sweep the stride list (ok_prim_strides) */
  int locations;       /* sweep 1 and 2 written locations (atomic write) */
  const int (*shape)[2]; /* {teams, threads} */
  int nshape;
  long max_total;      /* > 0: skip shapes with more threads in all (serialized primitives) */
  int unroll;
  /* 1: the timed operation touches no shared address (registers, warp exchanges, a block's
   * barrier): where the arrays sit cannot change its cost, so one placement. */
  int unplaced;
};

/* Quick sweeps run the first listed type and double; full sweeps every type; --type only that. */
int ok_prim_type_runs(const struct ok_params *p, const char *first_type, const char *type);
/* Strides (elements): none (0) when not strided; quick 1 and one line; full 1 2 4 8 16 32 and
 * one line. Returns how many (<= 8). */
int ok_prim_strides(int strided, int full, long line, long *out);
/* Iterations for the pair from test samples of 1 and 11 iterations (seconds; t11 = 0: not taken,
 * the 1-iteration sample was a quarter of the budget or more): the per-iteration time is their
 * difference / 10 (fixed costs cancel), n = budget / that, within [1, base]. *one_s: that time. */
long ok_prim_iters(double t1_s, double t11_s, double budget_s, long base, double *one_s);
/* The most placements a point of this device measures: its count, or OK_PLACEMENTS's (for
 * experiments); 1 when the device does not place (dev_step 0). */
int ok_prim_max_placements(int dev_placements, size_t dev_step);
/* Placements a point measures: at most max_placements, and no more than fit the per-sample budget
 * at one iteration each (one_s: one iteration's time), so that a point costs what one placement
 * cost before; at least 1. */
int ok_prim_placements(int max_placements, double one_s, double budget_s);
/* The SM placement k of np runs on: smids[k x n / np], so that the placements spread evenly over
 * the n SM ids a device has (sorted); -1 when there are none. */
int ok_prim_sm_target(const int *smids, int n, int k, int np);
/* Whether a point of `teams` blocks places its block over SMs rather than its address: one block,
 * a device that places blocks (2 or more SM ids), a body with an address, and more than one
 * placement allowed. */
int ok_prim_sm_placed(const struct ok_prim_dev *d, int teams, int unplaced, int max_placements);
/* Bytes between placements: the device's step, or OK_PLACE_STEP's. */
size_t ok_prim_place_step(size_t dev_step);
/* Whether the 1-iteration sample alone calibrates. */
int ok_prim_cal_alone(double t1_s, double budget_s);

/* Runs every point; emits one line each (ok_emit_point). 0 when every point verified. */
int ok_prim_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_prim_set *s,
                  const struct ok_prim_dev *d);

/* The checks, one set for every model. */
int ok_check_ran(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A[0] counts every thread's executions. */
int ok_check_a0_count(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A[slot x stride] counts that thread's executions. */
int ok_check_strided(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A and B at slot x max(stride, 1) each count that thread's executions. */
int ok_check_two_arrays(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* Each thread's accumulator summed the values it read: start + reads x (init_a + read_add). */
int ok_check_reads(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* Each written location (one line apart) holds some thread's slot + 1. */
int ok_check_written(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A[slot] holds the thread's last store, lane + the stores per thread (its accumulator too). */
int ok_check_stores(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
int ok_check_warp_sim(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A[team] holds per-thread count x the team's threads (a team-wide sum per step). */
int ok_check_team_sums(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* A CAS that never swaps: A all 0, every accumulator its lane. */
int ok_check_untouched(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n);
/* Executions per thread in the last test run: n_iter x unroll x per_step. */
double ok_prim_per_thread(const struct ok_prim_run *r, const struct ok_prim *pr);

#ifdef __cplusplus
}
#endif
#endif
