/* The node's cores split between a study's GPU side and its host configurations (run_cores.h). */
#include "run_cores.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "0-3,8,10-11" into set (CPUs below CPU_SETSIZE); the count read. */
static int parse_list(const char *s, cpu_set_t *set) {
  int n = 0;
  CPU_ZERO(set);
  while (s && *s) {
    char *end;
    long a = strtol(s, &end, 10), b = a;
    if (end == s) break;
    if (*end == '-') b = strtol(end + 1, &end, 10);
    for (long c = a; c <= b && c >= 0 && c < CPU_SETSIZE; ++c) CPU_SET((int)c, set), ++n;
    s = *end == ',' ? end + 1 : NULL;
  }
  return n;
}

int cores_siblings_sysfs(int cpu, cpu_set_t *out) {
  char path[128], line[512];
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
  FILE *f = fopen(path, "r");
  int ok = f && fgets(line, sizeof line, f) && parse_list(line, out) > 0 && CPU_ISSET(cpu, out);
  if (f) fclose(f);
  return ok ? 0 : -1;
}

void cores_plan(const cpu_set_t *avail, int node_gpus, core_siblings_fn siblings, struct core_split *cs) {
  memset(cs, 0, sizeof *cs);
  CPU_ZERO(&cs->gpu);
  CPU_ZERO(&cs->host);
  if (node_gpus < 1) {
    snprintf(cs->why, sizeof cs->why, "no GPU on this node");
    return;
  }
  const int want = OK_GPU_SIDE_CORES_PER_GPU * node_gpus + OK_GPU_SIDE_SPARE_CORES;
  int cores = 0;
  cs->nslot = node_gpus < OK_MAX_SLOT_CORES ? node_gpus : OK_MAX_SLOT_CORES;
  for (int k = 0; k < OK_MAX_SLOT_CORES; ++k) CPU_ZERO(&cs->slot[k]);
  CPU_ZERO(&cs->spare);
  /* Whole physical cores from the top: a host thread on the sibling of a GPU bench's core would
   * share its pipeline, the very disturbance the split is there to avoid. */
  for (int c = CPU_SETSIZE - 1; c >= 0 && cores < want; --c) {
    if (!CPU_ISSET(c, avail) || CPU_ISSET(c, &cs->gpu)) continue;
    cpu_set_t sib;
    if (!siblings || siblings(c, &sib)) CPU_ZERO(&sib);
    CPU_AND(&sib, &sib, avail);
    CPU_SET(c, &sib);
    CPU_OR(&cs->gpu, &cs->gpu, &sib);
    /* physical cores 0,1 to slot 0, 2,3 to slot 1, ...; the last ones spare */
    int k = cores / OK_GPU_SIDE_CORES_PER_GPU;
    cpu_set_t *to = k < cs->nslot ? &cs->slot[k] : &cs->spare;
    CPU_OR(to, to, &sib);
    ++cores;
  }
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, avail) && !CPU_ISSET(c, &cs->gpu)) CPU_SET(c, &cs->host);
  cs->ngpu = CPU_COUNT(&cs->gpu);
  cs->nhost = CPU_COUNT(&cs->host);
  if (cores < want) { /* fewer CPUs than the GPU side wants: no slot of its own */
    snprintf(cs->why, sizeof cs->why, "%d core(s) for a GPU side of %d", cores, want);
    return;
  }
  if (cs->nhost < OK_HOST_MIN_CORES) {
    snprintf(cs->why, sizeof cs->why, "%d CPU(s) would be left to the host configurations beside %d GPU(s) (at least %d needed)",
             cs->nhost, node_gpus, OK_HOST_MIN_CORES);
    return;
  }
  cs->on = 1;
}

int cores_plan_list(const cpu_set_t *avail, const char *host_list, struct core_split *cs) {
  memset(cs, 0, sizeof *cs);
  cpu_set_t want;
  parse_list(host_list, &want);
  CPU_AND(&cs->host, &want, avail);
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, avail) && !CPU_ISSET(c, &cs->host)) CPU_SET(c, &cs->gpu);
  cs->nhost = CPU_COUNT(&cs->host);
  cs->ngpu = CPU_COUNT(&cs->gpu);
  cs->spare = cs->gpu; /* a given list: the GPU side is not cut per slot (cs->nslot 0) */
  if (!cs->nhost || !cs->ngpu) {
    snprintf(cs->why, sizeof cs->why, "OMPKIT_HOST_CPUS=%s leaves %s side no CPU of this process's", host_list,
             cs->nhost ? "the GPU" : "the host");
    return -1;
  }
  cs->on = 1;
  return 0;
}

const cpu_set_t *cores_of_slot(const struct core_split *cs, int slot) {
  return cs->nslot > 0 && slot >= 0 ? &cs->slot[slot % cs->nslot] : &cs->gpu;
}

int cores_pin_thread(const cpu_set_t *set) {
  return pthread_setaffinity_np(pthread_self(), sizeof *set, set) ? -1 : 0;
}

void cores_list(const cpu_set_t *set, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (int c = 0; c < CPU_SETSIZE && len + 1 < n; ++c) {
    if (!CPU_ISSET(c, set)) continue;
    int e = c;
    while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set)) ++e;
    int w = e > c ? snprintf(buf + len, n - len, "%s%d-%d", len ? "," : "", c, e)
                  : snprintf(buf + len, n - len, "%s%d", len ? "," : "", c);
    if (w < 0 || (size_t)w >= n - len) break;
    len += (size_t)w;
    c = e;
  }
}
