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
  long iters;      /* iterations of the primitive per thread */
  int inject_fault; /* 1: kernel adds one extra update, so verification must fail (tests) */
  int full;         /* sweep: 0 quick (a few representative points), 1 full */
};

struct ok_outcome {
  int verified;           /* 1: result equals the host reference */
  int error;              /* 1: a runtime call failed (detail says which); nothing was checked */
  int on_device;          /* 1 device, 0 host (a fallback when the variant needs a GPU), -1 not applicable */
  int threads, teams;     /* what actually ran, read inside the region */
  double seconds;         /* timed region of this run */
  char detail[192];       /* why verification failed, or what ran */
};

typedef void (*ok_kernel_fn)(const struct ok_params *p, struct ok_outcome *o);

struct ok_variant {
  const char *kernel;      /* base name, a row of kernels.def */
  const char *variant;     /* e.g. "host", "spmd", "generic", "cuda" */
  const char *source_mode; /* execution mode written in source: "host", "spmd", "generic", "cuda" */
  const char *file;
  int line;
  const char *timer;       /* how `seconds` is measured */
  ok_kernel_fn fn;
  struct ok_variant *next;
};

void ok_register(struct ok_variant *v);

/* Model hooks, one set per model harness. */
int ok_model_probe(char *name, int len); /* devices usable by this model (host models: 1) */
int ok_model_needs_gpu(void);
void ok_model_defaults(struct ok_params *p);

/* Registers a variant before main() runs: kernels need no central list to be found. */
#define OK_REGISTER(KERNEL, VARIANT, SRCMODE, TIMER, FN)                                     \
  static struct ok_variant ok_v_##KERNEL##_##VARIANT = {#KERNEL, #VARIANT, SRCMODE, __FILE__, \
                                                        __LINE__, TIMER, FN, 0};              \
  __attribute__((constructor)) static void ok_reg_##KERNEL##_##VARIANT(void) {                \
    ok_register(&ok_v_##KERNEL##_##VARIANT);                                                  \
  }

#ifdef __cplusplus
}
#endif
#endif
