/* ompkit run's GPU pool and core split (driver/run/run_gpus.c, run_cores.c), without a GPU:
 * which unit a free GPU takes (longest ready first; a unit waiting for a background image load or
 * listing goes after ready ones), and which cores the host configurations get beside the GPU
 * work on nodes of several shapes. */
#define _GNU_SOURCE
#include "run_cores.h"
#include "run_gpus.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "ok_check.h"

/* --- the pool's choice --- */
static const char *not_ready; /* per unit: 1 = waits for a background job */
static int ready(void *ctx, int unit) {
  (void)ctx;
  return !not_ready[unit];
}

/* --- the pool itself: every unit runs once, on some slot --- */
static int ran[64], ran_slot[64];
static pthread_mutex_t ran_lock = PTHREAD_MUTEX_INITIALIZER;
static int order_seen[64], nseen;
static void work(void *ctx, int unit, int slot) {
  (void)ctx;
  pthread_mutex_lock(&ran_lock);
  ++ran[unit];
  ran_slot[unit] = slot;
  order_seen[nseen++] = unit;
  pthread_mutex_unlock(&ran_lock);
}

/* --- fake topologies --- */
static int smt_half; /* CPUs c and c + smt_half share a core (0: no SMT) */
static int siblings(int cpu, cpu_set_t *out) {
  CPU_ZERO(out);
  CPU_SET(cpu, out);
  if (smt_half) CPU_SET(cpu < smt_half ? cpu + smt_half : cpu - smt_half, out);
  return 0;
}
static void first_n(cpu_set_t *s, int n) {
  CPU_ZERO(s);
  for (int c = 0; c < n; ++c) CPU_SET(c, s);
}

int main(void) {
  /* Longest first (order[] is longest first) among the ready ones. */
  const int order[] = {3, 0, 2, 1};
  char taken[4] = {0};
  not_ready = (const char[]){0, 0, 0, 1}; /* unit 3, the longest, waits for its listing */
  int i = gpus_pick(order, taken, 4, ready, NULL);
  CHECK(i == 1 && order[i] == 0, "a free GPU skips the waiting longest unit for the longest ready one: took %d", i >= 0 ? order[i] : -1);
  taken[1] = taken[2] = taken[3] = 1;
  i = gpus_pick(order, taken, 4, ready, NULL);
  CHECK(i == 0, "when only waiting units are left, the longest is taken (and waits): %d", i);
  taken[0] = 1;
  CHECK(gpus_pick(order, taken, 4, ready, NULL) == -1, "nothing left: -1");
  memset(taken, 0, sizeof taken);
  CHECK(gpus_pick(order, taken, 4, NULL, NULL) == 0, "no ready callback: plain longest first");

  /* The pool: 12 units of known length over 3 slots, one waiting; each runs exactly once, and the
   * waiting unit runs after every ready one was taken (one slot: strictly last). */
  double est[12];
  char nr[12] = {0};
  for (int u = 0; u < 12; ++u) est[u] = 12 - u; /* unit 0 is the longest */
  nr[0] = 1;
  not_ready = nr;
  gpus_pool(3, est, 12, work, ready, NULL);
  int once = 1;
  for (int u = 0; u < 12; ++u) once &= ran[u] == 1 && ran_slot[u] >= 0 && ran_slot[u] < 3;
  CHECK(once, "every unit ran once on one of the three slots");
  memset(ran, 0, sizeof ran), nseen = 0;
  gpus_pool(1, est, 12, work, ready, NULL);
  CHECK(nseen == 12 && order_seen[11] == 0, "one slot: the waiting longest unit runs last (%d)", order_seen[11]);
  CHECK(order_seen[0] == 1 && order_seen[10] == 11, "one slot: the ready ones longest first (%d .. %d)", order_seen[0], order_seen[10]);

  /* The core split. 32 CPUs without SMT, 2 GPUs: the GPU side is the top 6 cores (2 a GPU, 2 spare). */
  cpu_set_t avail;
  struct core_split cs;
  char l[256];
  first_n(&avail, 32);
  smt_half = 0;
  cores_plan(&avail, 2, siblings, &cs);
  cores_list(&cs.host, l, sizeof l);
  CHECK(cs.on && cs.nhost == 26 && !strcmp(l, "0-25"), "32 CPUs, 2 GPUs: host on %s (%d)", l, cs.nhost);
  cores_list(&cs.gpu, l, sizeof l);
  CHECK(!strcmp(l, "26-31"), "32 CPUs, 2 GPUs: GPU side %s", l);
  /* Each GPU's bench on two cores of its own, the background jobs on the two spare ones. */
  char l0[64], l1[64], ls[64];
  cores_list(cores_of_slot(&cs, 0), l0, sizeof l0);
  cores_list(cores_of_slot(&cs, 1), l1, sizeof l1);
  cores_list(&cs.spare, ls, sizeof ls);
  CHECK(!strcmp(l0, "30-31") && !strcmp(l1, "28-29") && !strcmp(ls, "26-27"), "slots %s | %s, spare %s", l0, l1, ls);
  /* 16 cores x 2 threads (c and c+16 siblings), 1 GPU: the GPU side takes whole cores 12 to 15. */
  smt_half = 16;
  cores_plan(&avail, 1, siblings, &cs);
  cores_list(&cs.gpu, l, sizeof l);
  CHECK(cs.on && !strcmp(l, "12-15,28-31") && cs.nhost == 24, "SMT: whole cores to the GPU side: %s", l);
  cores_list(cores_of_slot(&cs, 0), l0, sizeof l0);
  CHECK(!strcmp(l0, "14-15,30-31"), "SMT: slot 0 gets two whole cores: %s", l0);
  /* 64 CPUs, 4 GPUs: 54 left. */
  smt_half = 0;
  first_n(&avail, 64);
  cores_plan(&avail, 4, siblings, &cs);
  CHECK(cs.on && cs.nhost == 54 && cs.ngpu == 10, "64 CPUs, 4 GPUs: %d host, %d GPU side", cs.nhost, cs.ngpu);
  /* Too few cores: no split, and why. 10 CPUs, 1 GPU leaves 6. */
  first_n(&avail, 10);
  cores_plan(&avail, 1, siblings, &cs);
  CHECK(!cs.on && strstr(cs.why, "6 CPU(s)"), "10 CPUs, 1 GPU: no split (%s)", cs.why);
  /* No GPU: no split. */
  first_n(&avail, 64);
  cores_plan(&avail, 0, siblings, &cs);
  CHECK(!cs.on && strstr(cs.why, "no GPU"), "no GPU: no split (%s)", cs.why);
  /* A Slurm job's cpuset (CPUs 8-23 of the node), 1 GPU: the split stays inside it. */
  CPU_ZERO(&avail);
  for (int c = 8; c < 24; ++c) CPU_SET(c, &avail);
  cores_plan(&avail, 1, siblings, &cs);
  cores_list(&cs.host, l, sizeof l);
  CHECK(cs.on && !strcmp(l, "8-19"), "inside a cpuset: host on %s", l);
  /* The thread's own pin and what a child would inherit. */
  cpu_set_t one, now;
  CPU_ZERO(&one);
  CPU_SET(0, &one);
  CHECK(cores_pin_thread(&one) == 0 && !pthread_getaffinity_np(pthread_self(), sizeof now, &now) && CPU_COUNT(&now) == 1 &&
            CPU_ISSET(0, &now),
        "the thread is pinned where asked");
  return failures != 0;
}
