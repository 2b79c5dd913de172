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

/* Runs fn(ctx, unit, slot) for every unit, on one thread per slot, each taking the longest unit
 * left (est: seconds expected; longest first keeps the last GPU from finishing alone). */
typedef void (*gpu_work_fn)(void *ctx, int unit, int slot);
void gpus_pool(int nslots, const double *est, int nunits, gpu_work_fn fn, void *ctx);
#endif
