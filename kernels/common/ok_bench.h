/* ompkit bench interface: what a kernel file provides and what the shared bench main calls.
 * A kernel file holds only the body, its parameters and its check; the harness does the rest. */
#ifndef OK_BENCH_H
#define OK_BENCH_H

#ifdef __cplusplus
extern "C" {
#endif

struct ok_params {
  int threads;     /* threads per team/block (host: team size); 0 = model default */
  int teams;       /* teams/blocks (host: ignored); 0 = model default */
  int threads_given, teams_given; /* set by --threads/--teams: a sweep runs only that shape */
  long iters;      /* iterations of the primitive per thread (su3: launches per run) */
  int iters_given; /* set by --iters (a proxy's iteration axis takes it only then) */
  int inject_fault; /* 1: kernel adds one extra update, so verification must fail (tests) */
  int full;         /* sweep: 0 quick (a few representative points), 1 full */
  int runs, warmup; /* timed runs (primitives: baseline/test pairs) and warm-up runs */
  int max_retries;  /* primitives: retries allowed for pairs whose test is not slower */
  const char *type; /* primitives: only this data type (NULL: the sweep's types) */
  double budget_s;  /* primitives: a test sample longer than this scales n_iter down (recorded) */
  int sweeping;     /* the run includes primitives (host: one process per affinity) */
  long size;        /* --size: the problem size of a kernel that has one (0 = its default) */
  const char *setting; /* --setting: a proxy's public problem beyond size, e.g. "problem=large,grid=hash" */
  int pass;         /* which run of a variant that runs several (ok_run_hooks.passes), from 0 */
};

struct ok_outcome {
  int verified;           /* 1: result equals the host reference */
  int error;              /* 1: a runtime call failed (detail says which); nothing was checked */
  int on_device;          /* 1 device, 0 host (a fallback when the variant needs a GPU), -1 not applicable */
  int threads, teams;     /* what actually ran, read inside the region */
  double seconds;         /* timed region of this run */
  char detail[192];       /* why verification failed, or what ran */
  const char *symbol_hint; /* several kernels per run: part of the measured one's host function name */
  double ops;             /* operations this run did, when the kernel counts its own (0: the kernel's rule) */
};

typedef void (*ok_kernel_fn)(const struct ok_params *p, struct ok_outcome *o);
struct ok_variant;
/* A primitive's sweep: measures every point and calls ok_emit_point for each.
 * Returns 0 when every point verified, 1 otherwise. */
typedef int (*ok_sweep_fn)(const struct ok_variant *v, const struct ok_params *p);

struct ok_variant {
  const char *kernel;      /* base name, a row of kernels.def */
  const char *variant;     /* e.g. "host", "spmd", "generic", "cuda" */
  const char *source_mode; /* execution mode written in source: "host", "spmd", "generic", "cuda" */
  const char *file;
  int line;
  const char *timer;       /* how `seconds` is measured */
  ok_kernel_fn fn;
  ok_sweep_fn sweep; /* set instead of fn for primitives measured by the baseline/test method */
  struct ok_variant *next;
  const char *not_built; /* set (fn and sweep 0): this compiler cannot build it, and why */
};

#include "ok_measure.h"

/* One measured point of a primitive. */
struct ok_point {
  const char *type;      /* "int", "ull", "float", "double"; "" when the primitive has none */
  int threads, teams;    /* threads per team/block, teams/blocks */
  long stride;           /* elements between threads' locations; 0 when not applicable */
  const char *param;     /* extra parameter as "name=value", or NULL */
  const char *affinity;  /* host: OMP_PROC_BIND/OMP_PLACES in force; NULL elsewhere */
  int smt;               /* host: more threads than physical cores (hyperthreads in use) */
  long n_iter;
  int unroll;
  struct ok_pair_stats st;
  int measured;          /* 0: no timing (error) */
  const char *unit;      /* unit of the samples: "s" or "cycles" */
  double clock_mhz;      /* GPU: SM clock measured during the run */
  int verified, error;
  char detail[192];
  char code_symbol[128]; /* function (host) or kernel (GPU) holding the test body */
  const char *code_family; /* regex of the instruction family the primitive must show */
  int ran_on_host;       /* GPU models: the region ran on the host fallback (status "ran on host") */
  double floor_bound;    /* > 0: the per-op cost is at or below the clock's resolution, this many
                            sample units (GPU: cycles): a floor, not a latency (ok_is_floor) */
  int placements;        /* address placements measured (> 1: st is the nearest's) */
  double far_per_op;     /* the farthest placement's median per-op cost (sample units) */
  double injected_pct;   /* > 0: OMPKIT_INJECT_SLOWDOWN raised the measured cost by this much */
  int sm_placed;         /* 1: a one-block point placed over SMs (its placements are SMs) */
  int smid;              /* with sm_placed: the SM (%smid) whose block measured st */
};
void ok_emit_point(const struct ok_variant *v, const struct ok_params *p, const struct ok_point *pt);

/* One rate point of a map or microbenchmark (atomic_contention, mem_bandwidth, ...): one kernel
 * timed `runs` times whole (events, clock64 or host clocks, `timer` says), rate = work / time.
 * The record holds time_s and rate {median, min, max} (rate's median from the median time) and
 * rate_unit. Throughput over a whole launch, not a baseline/test per-op cost. */
struct ok_rate {
  const char *type;      /* "" when none */
  int threads, teams;
  long stride;           /* 0: not applicable */
  const char *param;     /* "op=add,pattern=contiguous,contention=32,padding=1", ... */
  const char *affinity;  /* host: OMP_PROC_BIND/OMP_PLACES; NULL elsewhere */
  long iters;
  double work;           /* units of work per run (ops, bytes, flops) */
  double scale;          /* rate = work / seconds x scale (ops/us: 1e-6; GB/s: 1e-9) */
  const char *unit;      /* "ops/us", "GB/s", "Gflop/s", "cycles/op", ... */
  int lower_is_better;   /* 1: the value is a cost per unit (rate = seconds / work x scale) */
  double *seconds;       /* per run; sorted in place */
  int runs;
  int verified, error, ran_on_host;
  char detail[192];
  char code_symbol[128]; /* kernel/function holding the timed code ("..._test" with a "..._base" twin) */
  const char *code_family;
  const char *timer;     /* NULL: the variant's */
};
void ok_emit_rate(const struct ok_variant *v, const struct ok_params *p, struct ok_rate *r);
/* Model hook run first in main (may re-execute the bench, e.g. once per host affinity). */
int ok_model_prepare(int argc, char **argv, const struct ok_params *p);

void ok_register(struct ok_variant *v);

/* What a family of variants adds to the bench's whole-kernel runs, registered by the code that
 * owns the family (the proxies: proxies/common/ok_proxy_hooks.c runs a second problem size and
 * puts the size and end-to-end time on each line); the bench main names no family. Any function
 * may be NULL. */
struct ok_run_hooks {
  const char *family;                       /* a kernels.def family */
  int quick_in_ablation;                    /* 1: runs in an ablation configuration's quick study */
  int (*passes)(const struct ok_params *p, const char *kernel, /* runs of a variant (p->pass = 0, 1, ...) */
                const char *variant);
  void (*run_begin)(void);                  /* before each run, the warm-up too */
  void (*run_end)(int timed);               /* after a run that verified: its timed index, -1 warm-up */
  double (*ops)(double ops_per_iter);       /* operations per run; 0: the kernel's rule */
  void (*fields)(int runs);                 /* the family's fields of the run's line (ok_put_*) */
  struct ok_run_hooks *next;
};
void ok_register_hooks(struct ok_run_hooks *h);
/* For ok_run_hooks.fields: a field of the record (an enum ok_field_id of ok_record.h). */
void ok_put_long(int field, long v);
void ok_put_str(int field, const char *v);
void ok_put_stat(int field, double median, double min, double max);

/* Model hooks, one set per model harness. */
int ok_model_probe(char *name, int len); /* devices usable by this model (host models: 1) */
int ok_model_needs_gpu(void);
/* Loads the offload image ahead of the runs, where loading costs (GCC: the driver JIT-compiles
 * the image's PTX, about 30 s); writes what it did into say and returns 0 when the first region
 * ran on the device. Weak: a model with nothing to load leaves it undefined, and --info says
 * "warm": false. */
int ok_model_warm(char *say, int len) __attribute__((weak));
void ok_model_defaults(struct ok_params *p);
/* The physical GPU the model runs on ("GPU-<uuid>"); 0 when written. Weak: only a model that can
 * name its card defines it, and --probe prints "gpu_uuid" then. */
int ok_model_gpu_uuid(char *out, int len) __attribute__((weak));

/* Registers a variant before main() runs: kernels need no central list to be found. */
#define OK_REGISTER(KERNEL, VARIANT, SRCMODE, TIMER, FN)                                     \
  static struct ok_variant ok_v_##KERNEL##_##VARIANT = {#KERNEL, #VARIANT, SRCMODE, __FILE__, \
                                                        __LINE__, TIMER, FN, 0, 0};           \
  __attribute__((constructor)) static void ok_reg_##KERNEL##_##VARIANT(void) {                \
    ok_register(&ok_v_##KERNEL##_##VARIANT);                                                  \
  }

#define OK_REGISTER_SWEEP(KERNEL, VARIANT, SRCMODE, TIMER, FN)                               \
  static struct ok_variant ok_v_##KERNEL##_##VARIANT = {#KERNEL, #VARIANT, SRCMODE, __FILE__, \
                                                        __LINE__, TIMER, 0, FN, 0};           \
  __attribute__((constructor)) static void ok_reg_##KERNEL##_##VARIANT(void) {                \
    ok_register(&ok_v_##KERNEL##_##VARIANT);                                                  \
  }

/* A variant this compiler cannot build (e.g. a clang extension under GCC): listed, and reported
 * as "not built: WHY" when asked to run, so it is never silently missing from a study. */
#define OK_REGISTER_NOT_BUILT(KERNEL, VARIANT, SRCMODE, WHY)                                   \
  static struct ok_variant ok_v_##KERNEL##_##VARIANT = {#KERNEL, #VARIANT, SRCMODE, __FILE__, \
                                                        __LINE__, "", 0, 0, 0, WHY};          \
  __attribute__((constructor)) static void ok_reg_##KERNEL##_##VARIANT(void) {                \
    ok_register(&ok_v_##KERNEL##_##VARIANT);                                                  \
  }

#ifdef __cplusplus
}
#endif
#endif
