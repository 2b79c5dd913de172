/* The study's planning asks every configuration's bench three questions (--probe under its
 * environment, --info, --list), each a process start in which a GPU runtime may load (0.2-1.5 s).
 * Asked one configuration after the other that is most of the time before the first variant;
 * plan_prefetch asks all of them at once, one thread per configuration, and the planning loop
 * takes the answers in its own order. */
#ifndef OK_PLAN_PREFETCH_H
#define OK_PLAN_PREFETCH_H
#include "core.h"

struct plan_answer {
  int asked[3];                   /* --probe, --info, --list fetched (else the caller asks itself) */
  int probe_rc, info_rc, list_rc; /* ok_spawn's return; -1: could not start */
  struct ok_proc probe, info, list;
  char *const *probe_env; /* in: the --probe environment (NULL: none) */
  const char *bench;      /* in */
  int needs_gpu;          /* in */
};

/* Runs the questions of every answer with bench set, concurrently; returns when all are in. A
 * GPU configuration whose probe sees no device is asked nothing more (planning skips it). */
void plan_prefetch(struct plan_answer *a, int n);
void plan_answer_free(struct plan_answer *a);
#endif
