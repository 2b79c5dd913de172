/* The measurement method shared by every model's primitive harness:
 * a baseline and a test that differ by one more execution of the primitive per step, each run
 * n_iter x unroll times after a warm-up; repeated `runs` times; per-op cost =
 * (median test - median baseline) / (n_iter x unroll). A pair whose test is not slower than its
 * baseline is retried up to a bound; the retries are counted and a pair that never separates is
 * flagged. */
#ifndef OK_MEASURE_H
#define OK_MEASURE_H
#ifdef __cplusplus
extern "C" {
#endif

/* One sample: the time (any unit: seconds, cycles) of one baseline (test=0) or test (test=1) run.
 * Returns 0, or non-zero on an error (the measurement stops). */
typedef int (*ok_sample_fn)(void *ctx, int test, double *value);

struct ok_pair_cfg {
  int runs;        /* pairs kept (default 9) */
  int max_retries; /* total retries allowed across the pairs of one measurement */
  double ops;      /* primitive executions the test adds per thread: n_iter x unroll */
  /* Early stop: once min_runs pairs are kept (>= 3), stop when their per-op spread is at most
   * tight; 0 keeps all `runs` pairs. The point records it (ok_pair_stats.early_stop). */
  int min_runs;
  double tight;
};

/* The kit's early-stop rule (docs/fidelity.md): 5 of 9 pairs when they agree within 1 %. */
#define OK_EARLY_MIN_RUNS 5
#define OK_EARLY_TIGHT 0.01
/* The same rule counted in budgets of test time: a sample that overruns the per-sample budget
 * (a contended atomic whose 1-iteration run is already long) holds 5 budgets in fewer pairs, so
 * early stop may come after ceil(5 x budget / sample) pairs, never fewer than 3. */
#define OK_EARLY_FLOOR_RUNS 3
int ok_early_min_runs(double sample_s, double budget_s);

/* Whole kernels (bench_main.c): a timed run this long or longer leaves fewer timed runs (the count
 * kept is recorded in "runs", the run that decided it in "slow_run_s"): 3 from OK_SLOW_RUN_S, 1 from
 * OK_VERY_SLOW_RUN_S (then "spread_unknown": true). */
#define OK_SLOW_RUN_S 0.5
#define OK_VERY_SLOW_RUN_S 2.0
int ok_slow_runs(double run_s, int runs);

/* OMPKIT_INJECT_SLOWDOWN=KERNEL[/VARIANT]=PCT[,...]: the percentage this variant's measured cost
 * is raised by (0: none), so that a test can show compare finds a known slowdown. Primitive
 * points stretch the test over the baseline (ok_prim_sweep.c), whole kernels and rate points
 * their timed runs (bench_main.c). */
double ok_injected_pct(const char *kernel, const char *variant);

struct ok_pair_stats {
  double base_median, test_median;           /* per run, in the sample unit */
  double per_op_median, per_op_min, per_op_max; /* per op: from the medians; min/max over per-run pairs */
  double spread;                             /* (max - min) / |median| of the per-op cost */
  int runs, retries;
  int flagged; /* 1: some pair's test was never slower than its baseline */
  int early_stop; /* 1: stopped at `runs` < cfg->runs pairs because the spread was tight */
};

int ok_measure_pair(ok_sample_fn fn, void *ctx, const struct ok_pair_cfg *cfg, struct ok_pair_stats *out);
double ok_median(double *v, int n); /* sorts v */

/* The clock's resolution: the smallest positive difference between consecutive reads of it
 * (reads[0..n-1] in read order, any unit); 0 when no two reads differ. */
double ok_clock_resolution(const double *reads, int n);
/* A floor: a measured per-op cost no larger than the clock's resolution (same unit) is not a
 * latency, only a bound ("<= resolution"). 0 when resolution is unknown (<= 0). */
int ok_is_floor(const struct ok_pair_stats *st, double resolution);

#ifdef __cplusplus
}
#endif
#endif
