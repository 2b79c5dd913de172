/* The node's cores, split between the GPU side of a study and its host configurations, so that
 * the host configurations run beside the GPU work instead of after it (issue 32: on four GPUs
 * the host configurations' 70 s after the GPU work alone broke the full study's budget).
 *
 * The GPU side (every GPU bench, their background image loads and SASS listings, the driver)
 * gets two physical cores per GPU of the node and two more, the highest-numbered ones; the host
 * configurations get the rest, and their benches size their thread counts from that set
 * (omp_get_num_procs follows the affinity mask). The split depends on the node's GPU count, not
 * on how many GPUs a study uses, so a one-GPU study and a --gpus all study of one node measure
 * the same host points.
 *
 * Inside the GPU side each GPU slot has two cores of its own (its bench's launching thread and
 * its OpenMP runtime's workers, which spin 200 ms after a parallel region), and the spare cores
 * take the background jobs: on one 10-core GPU side shared by four benches, wall-timed points
 * ran 2 to 12 times slower in some runs than on one GPU (4xH100, 2026-11-27). */
#ifndef OK_RUN_CORES_H
#define OK_RUN_CORES_H
#define _GNU_SOURCE
#include <sched.h>
#include <stddef.h>

enum {
  OK_GPU_SIDE_CORES_PER_GPU = 2, /* a GPU bench's launching thread and its CUDA helper threads */
  OK_GPU_SIDE_SPARE_CORES = 2,   /* the background jobs (SASS listings, GCC's image JIT; at nice 19) and the driver */
  OK_HOST_MIN_CORES = 8          /* fewer left for the host side: no split, host work runs after */
};

enum { OK_MAX_SLOT_CORES = 16 }; /* GPU slots with cores of their own (more GPUs share them round robin) */

struct core_split {
  int on;             /* 1: the host configurations run beside the GPU work, on `host` */
  cpu_set_t gpu, host;
  cpu_set_t slot[OK_MAX_SLOT_CORES]; /* GPU slot k's own cores (k < nslot) */
  cpu_set_t spare;    /* the background jobs and the driver */
  int nslot;
  int ngpu, nhost;    /* logical CPUs in each */
  char why[160];      /* off: why, in words */
};

/* siblings(cpu, out): the logical CPUs that share cpu's physical core (cpu itself at least);
 * 0, or -1 when unknown (then cpu is taken as a core of its own). */
typedef int (*core_siblings_fn)(int cpu, cpu_set_t *out);

/* The split of `avail` (the CPUs this process may use) for a node with node_gpus GPUs. */
void cores_plan(const cpu_set_t *avail, int node_gpus, core_siblings_fn siblings, struct core_split *cs);
/* The split given as the host side's CPU list ("0-27", OMPKIT_HOST_CPUS: a NUMA-aware layout, or a
 * test on a small machine); the GPU side is the rest of avail. 0, or -1 when the list leaves
 * either side empty or names no CPU of avail (cs->why says so). */
int cores_plan_list(const cpu_set_t *avail, const char *host_list, struct core_split *cs);
/* siblings from /sys/devices/system/cpu/cpuN/topology/thread_siblings_list */
int cores_siblings_sysfs(int cpu, cpu_set_t *out);
/* GPU slot slot's own cores (the whole GPU side when it is not cut per slot). */
const cpu_set_t *cores_of_slot(const struct core_split *cs, int slot);
/* The calling thread onto set (what it forks and the threads it creates inherit it); 0 or -1. */
int cores_pin_thread(const cpu_set_t *set);
/* "0-27,32" */
void cores_list(const cpu_set_t *set, char *buf, size_t n);
#endif
