/* ompkit run --gpus: which GPUs (nvidia-smi names them: index, UUID, name) and a thread pool over
 * them. One thread per GPU, each running one bench process at a time on its GPU; the units are
 * taken longest first (LPT scheduling), so the study ends when its longest unit allows. */
#define _GNU_SOURCE
#include "run_gpus.h"

#include "core.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One "index, uuid, name" line of nvidia-smi's CSV into s; 0 or -1. */
static int parse_slot(char *line, struct gpu_slot *s) {
  char *a = strtok(line, ","), *b = strtok(NULL, ","), *c = strtok(NULL, "");
  if (!a || !b || !c) return -1;
  while (*b == ' ') ++b;
  while (*c == ' ') ++c;
  snprintf(s->index, sizeof s->index, "%s", a);
  snprintf(s->uuid, sizeof s->uuid, "%s", b);
  snprintf(s->name, sizeof s->name, "%s", c);
  return strspn(s->index, "0123456789") == strlen(s->index) && s->index[0] ? 0 : -1;
}

/* Every GPU nvidia-smi sees; -1 when it cannot be asked. */
static int query(struct gpu_slot *all, int max) {
  char smi[4096];
  if (ok_which("nvidia-smi", smi, sizeof smi)) return -1;
  char *argv[] = {smi, "--query-gpu=index,uuid,name", "--format=csv,noheader", NULL};
  struct ok_proc p;
  if (ok_spawn(argv, NULL, 30, &p)) return -1;
  int n = 0;
  if (p.exited && p.code == 0)
    for (char *save = NULL, *l = strtok_r(p.out, "\n", &save); l && n < max; l = strtok_r(NULL, "\n", &save))
      if (!parse_slot(l, &all[n])) ++n;
  int rc = p.exited && p.code == 0 ? n : -1;
  ok_proc_free(&p);
  return rc;
}

int gpus_on_node(void) {
  struct gpu_slot all[OK_MAX_GPUS];
  int n = query(all, OK_MAX_GPUS);
  return n > 0 ? n : 0;
}

int gpus_resolve(const char *spec, struct gpu_slot *slots, int max) {
  struct gpu_slot all[OK_MAX_GPUS];
  int n = query(all, OK_MAX_GPUS);
  if (!strcmp(spec, "all")) {
    if (n <= 0) return 0; /* no GPU here: the GPU configurations say so, one line each */
    int k = n < max ? n : max;
    memcpy(slots, all, (size_t)k * sizeof *slots);
    return k;
  }
  int k = 0;
  char list[256];
  snprintf(list, sizeof list, "%s", spec);
  for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (!*t || strspn(t, "0123456789") != strlen(t) || k == max) {
      ok_err("run: --gpus wants 'all' or GPU indices like 0,1 (at most %d), got '%s'", max, spec);
      return -1;
    }
    for (int j = 0; j < k; ++j)
      if (!strcmp(slots[j].index, t)) {
        ok_err("run: --gpus names GPU %s twice", t);
        return -1;
      }
    int found = -1;
    for (int j = 0; j < n; ++j)
      if (!strcmp(all[j].index, t)) found = j;
    if (n >= 0 && found < 0) {
      ok_err("run: --gpus: no GPU %s on this machine (nvidia-smi lists %d)", t, n);
      return -1;
    }
    if (found >= 0) slots[k] = all[found];
    else memset(&slots[k], 0, sizeof slots[k]), snprintf(slots[k].index, sizeof slots[k].index, "%s", t);
    ++k;
  }
  return k;
}

struct pool {
  pthread_mutex_t lock;
  int *order, nunits;
  char *taken;
  gpu_work_fn fn;
  gpu_ready_fn ready;
  void *ctx;
};
struct worker {
  struct pool *p;
  int slot;
};

int gpus_pick(const int *order, const char *taken, int n, gpu_ready_fn ready, void *ctx) {
  int first = -1;
  for (int i = 0; i < n; ++i) {
    if (taken[i]) continue;
    if (first < 0) first = i;
    if (!ready || ready(ctx, order[i])) return i;
  }
  return first;
}

static void *work(void *arg) {
  struct worker *w = arg;
  struct pool *p = w->p;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    int i = gpus_pick(p->order, p->taken, p->nunits, p->ready, p->ctx);
    if (i >= 0) p->taken[i] = 1;
    pthread_mutex_unlock(&p->lock);
    if (i < 0) break;
    p->fn(p->ctx, p->order[i], w->slot);
  }
  return NULL;
}

static const double *g_est; /* qsort has no context argument */
static int by_est(const void *a, const void *b) {
  double x = g_est[*(const int *)a], y = g_est[*(const int *)b];
  return x < y ? 1 : x > y ? -1 : *(const int *)a - *(const int *)b;
}

void gpus_pool(int nslots, const double *est, int nunits, gpu_work_fn fn, gpu_ready_fn ready, void *ctx) {
  struct pool p = {PTHREAD_MUTEX_INITIALIZER, calloc((size_t)nunits + 1, sizeof(int)), nunits,
                   calloc((size_t)nunits + 1, 1), fn, ready, ctx};
  if (!p.order || !p.taken) {
    free(p.order), free(p.taken);
    return;
  }
  for (int u = 0; u < nunits; ++u) p.order[u] = u;
  g_est = est;
  qsort(p.order, (size_t)nunits, sizeof(int), by_est);
  pthread_t th[OK_MAX_GPUS];
  struct worker w[OK_MAX_GPUS];
  int started = 0;
  for (int s = 0; s < nslots && s < OK_MAX_GPUS; ++s) {
    w[s] = (struct worker){&p, s};
    if (!pthread_create(&th[s], NULL, work, &w[s])) ++started;
    else break;
  }
  if (!started) work(&(struct worker){&p, 0}); /* no thread: this one does it all on slot 0 */
  for (int s = 0; s < started; ++s) pthread_join(th[s], NULL);
  free(p.order);
  free(p.taken);
}
