/* ompkit run --gpus LIST|all: the node's GPUs as slots, each bench process seeing one of them
 * (CUDA_VISIBLE_DEVICES), and a pool that hands the study's units of work to the slots, longest
 * first. The study's own bookkeeping stays in run.c; this file knows GPUs and threads only. */
#ifndef OK_RUN_GPUS_H
#define OK_RUN_GPUS_H

enum { OK_MAX_GPUS = 16 };

struct gpu_slot {
  char index[16]; /* the GPU's index as nvidia-smi and CUDA_DEVICE_ORDER=PCI_BUS_ID number it */
  char uuid[96];  /* GPU-xxxxxxxx-...: which physical GPU measured a point */
  char name[128];
};

/* --gpus SPEC ("all", or indices "0,2") against `nvidia-smi --query-gpu`: fills slots, returns
 * their count (0: "all" on a machine without a GPU), or -1 after a one-line error. */
int gpus_resolve(const char *spec, struct gpu_slot *slots, int max);
/* How many GPUs nvidia-smi lists on this node (0: none, or no nvidia-smi). */
int gpus_on_node(void);

/* Runs fn(ctx, unit, slot) for every unit, on one thread per slot, each taking the longest unit
 * left (est: seconds expected; longest first keeps the last GPU from finishing alone) among those
 * ready(ctx, unit) says may start now: a unit that would wait for a background job (a GPU image
 * loading, a SASS listing being made) goes after the ready ones, so no GPU idles while another
 * unit could run; when none is ready, the longest is taken and waits. ready NULL: all are. */
typedef void (*gpu_work_fn)(void *ctx, int unit, int slot);
typedef int (*gpu_ready_fn)(void *ctx, int unit);
void gpus_pool(int nslots, const double *est, int nunits, gpu_work_fn fn, gpu_ready_fn ready, void *ctx);

/* The pool's choice, apart so a test can drive it: the index into order[] (length n, longest
 * first) of the unit to take next, skipping taken ones; -1 when every unit is taken. */
int gpus_pick(const int *order, const char *taken, int n, gpu_ready_fn ready, void *ctx);
#endif
