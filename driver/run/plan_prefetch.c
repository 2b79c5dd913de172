/* Concurrent planning questions (plan_prefetch.h). ok_spawn forks and execs at once; glibc keeps
 * malloc consistent across fork, so threads may spawn side by side. */
#define _GNU_SOURCE
#include "plan_prefetch.h"

#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

static void *ask(void *arg) {
  struct plan_answer *a = arg;
  if (a->needs_gpu && !a->info_only) {
    char *pa[] = {(char *)a->bench, "--probe", NULL};
    a->probe_rc = ok_spawn(pa, a->probe_env, 60, &a->probe);
    a->asked[0] = 1;
    /* {"devices":N,...}: no device, no further question (the planning says "skipped: no GPU"). */
    const char *d = a->probe_rc ? NULL : strstr(a->probe.out, "\"devices\":");
    if (!d || strtol(d + 10, NULL, 10) < 1) return NULL;
  }
  char *ia[] = {(char *)a->bench, "--info", NULL};
  a->info_rc = ok_spawn(ia, NULL, 60, &a->info);
  a->asked[1] = 1;
  if (a->info_only) return NULL;
  char *la[] = {(char *)a->bench, "--list", NULL};
  a->list_rc = ok_spawn(la, NULL, 60, &a->list);
  a->asked[2] = 1;
  return NULL;
}

void plan_prefetch(struct plan_answer *a, int n) {
  pthread_t *t = calloc((size_t)n, sizeof *t);
  char *started = calloc((size_t)n, 1);
  for (int i = 0; i < n; ++i) {
    if (!a[i].bench) continue;
    /* No thread: ask here, one after the other (the loop's own order). */
    if (!t || !started || pthread_create(&t[i], NULL, ask, &a[i])) ask(&a[i]);
    else started[i] = 1;
  }
  for (int i = 0; i < n; ++i)
    if (started && started[i]) pthread_join(t[i], NULL);
  free(t);
  free(started);
}

void plan_answer_free(struct plan_answer *a) {
  /* Answers the planning took were moved out (zeroed); free(NULL) covers them. */
  ok_proc_free(&a->probe);
  ok_proc_free(&a->info);
  ok_proc_free(&a->list);
  memset(a, 0, sizeof *a);
}

static void *warm(void *arg) {
  struct plan_warm *w = arg;
  /* A background job (Linux: nice is the thread's, and its child inherits it): on a core it
   * shares with a GPU bench, the bench's launching thread comes first (run_cores.h). */
  (void)setpriority(PRIO_PROCESS, (id_t)gettid(), 19);
  char *wa[] = {(char *)w->bench, "--warm", NULL};
  w->rc = ok_spawn(wa, w->env[0] ? w->env : NULL, 300, &w->p);
  w->secs = ok_now() - w->t0;
  __atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
  return NULL;
}

int plan_warm_running(const struct plan_warm *w) {
  return w->started && !w->joined && !__atomic_load_n(&w->done, __ATOMIC_ACQUIRE);
}

void plan_warm_start(struct plan_warm *w) {
  if (!w->bench || w->started) return;
  w->t0 = ok_now();
  w->started = 1;
  if (pthread_create(&w->t, NULL, warm, w)) { /* no thread: the bench loads its image itself */
    w->started = 0;
    w->bench = NULL;
  }
}

double plan_warm_join(struct plan_warm *w) {
  if (!w->started || w->joined) return 0;
  double t = ok_now();
  pthread_join(w->t, NULL);
  w->joined = 1;
  return ok_now() - t;
}
