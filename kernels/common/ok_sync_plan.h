/* Host-side logic of the launch and synchronization studies (issue 12), shared by every model's
 * kernel files and tested in CTest (tests/test_sync_plan.c): the repeat-difference arithmetic of
 * launch costs and the grid-sync shape sweep with its occupancy filter. No device code here. */
#ifndef OK_SYNC_PLAN_H
#define OK_SYNC_PLAN_H
#include "ok_measure.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Launches per test sample of the repeat-difference method: T(k) against T(1). */
#define OK_LAUNCH_K 32

/* The repeat-difference method: the cost each launch adds beyond the first,
 * (T(k launches) - T(1 launch)) / (k - 1). Negative when noise wins; NaN when k < 2. The launch
 * sweeps get the same number from ok_measure_pair with ops = k - 1 (baseline T(1), test T(k)). */
double ok_repeat_difference(double t1, double tk, int k);

/* A grid shape: blocks per SM x threads per block, on `sms` SMs. */
struct ok_grid_shape {
  int blocks_per_sm, threads, blocks;
};

/* Max resident blocks per SM of the measured kernel at this block size (CUDA:
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor); < 0 on an error. */
typedef int (*ok_occupancy_fn)(void *ctx, int threads);

/* The grid-sync sweep: blocks/SM in {1, 2, 4, ...} x threads in {32, 64, ..., 1024}, keeping only
 * shapes whose blocks/SM the occupancy allows (a cooperative launch of more would fail, or a hand
 * barrier deadlock). quick: 1 block/SM x {1024, 128} and 2 x 512 threads (where allowed). Returns
 * the number of shapes written (at most max), -1 when the occupancy query failed; *skipped counts
 * the shapes the occupancy ruled out. */
int ok_grid_shapes(int sms, int full, ok_occupancy_fn occ, void *ctx, struct ok_grid_shape *out, int max,
                   int *skipped);

/* The GPU counts the multi-GPU barrier is measured at: 1, 2, 4, ... and `visible` itself (3 GPUs:
 * 1, 2, 3). Writes at most max; returns how many (0 when visible < 1). */
int ok_gpu_counts(int visible, int *out, int max);

/* Launch forms are host-timed: fn enqueues n launches of the form and waits for them (one
 * synchronize at the end); 0 on success. */
typedef int (*ok_launch_fn)(void *ctx, int n);
/* Host clock in seconds (CLOCK_MONOTONIC); tests pass a fake one. */
double ok_host_now(void);

/* One launch form by the repeat-difference method: baseline sample T(1), test sample T(k), each
 * the mean of `reps` back-to-back repetitions (one launch is a few µs, below the clock's noise);
 * `runs` pairs through ok_measure_pair with ops = k - 1, so per_op_* is the added cost per launch
 * and base_median the latency of one launch + synchronize. Returns 0, or fn's error. */
int ok_launch_measure(ok_launch_fn fn, void *ctx, double (*now)(void), int k, int reps, int runs, int max_retries,
                      struct ok_pair_stats *st);

/* Measures a launch form and emits its point (unit "s", n_iter = k): verify(ctx, detail, n) runs
 * after the timing and must confirm that the form's kernels ran (1) or say why not (0); err(ctx,
 * detail, n) describes fn's failure. Returns 0 when the point is ok, 1 otherwise. */
struct ok_launch_form {
  const char *param; /* e.g. "launch=plain" */
  ok_launch_fn fn;
  int (*verify)(void *ctx, char *d, unsigned long n);
  void (*err)(void *ctx, char *d, unsigned long n);
  void *ctx;
  int threads, teams; /* the launched shape */
  int on_host;        /* GPU models: the form ran on the host (a fallback); set by fn or verify */
};
struct ok_variant;
struct ok_params;
int ok_launch_point(const struct ok_variant *v, const struct ok_params *p, struct ok_launch_form *f);
/* The clock ok_launch_point times with (ok_host_now; tests substitute a fake one). */
extern double (*ok_launch_clock)(void);

/* The reduction case study's data, the same in every model: n values of 15 bits and one of
 * 2^30 + 12345 (so the max has a single right answer); *sum and *max are the host reference. */
void ok_reduce_fill(unsigned *h, long n, unsigned long long *sum, unsigned long long *max);
/* Directly timed runs (no baseline): t[0..runs-1] seconds (sorted here) of `ops` elements each;
 * fills per_op_* (seconds per element: median, min, max), test_median, spread and runs. */
void ok_time_stats(double *t, int runs, double ops, struct ok_pair_stats *st);

#ifdef __cplusplus
}
#endif
#endif
