/* The study's planning asks every configuration's bench three questions (--probe under its
 * environment, --info, --list), each a process start in which a GPU runtime may load (0.2-1.5 s).
 * Asked one configuration after the other that is most of the time before the first variant;
 * plan_prefetch asks all of them at once, one thread per configuration, and the planning loop
 * takes the answers in its own order. */
#ifndef OK_PLAN_PREFETCH_H
#define OK_PLAN_PREFETCH_H
#include "core.h"

#include <pthread.h>

struct plan_answer {
  int asked[3];                   /* --probe, --info, --list fetched (else the caller asks itself) */
  int probe_rc, info_rc, list_rc; /* ok_spawn's return; -1: could not start */
  struct ok_proc probe, info, list;
  char *const *probe_env; /* in: the --probe environment (NULL: none) */
  const char *bench;      /* in */
  int needs_gpu;          /* in */
  int info_only;          /* in: a configuration this study skips: its --info alone, for provenance's flags */
};

/* Runs the questions of every answer with bench set, concurrently; returns when all are in. A
 * GPU configuration whose probe sees no device is asked nothing more (planning skips it). */
void plan_prefetch(struct plan_answer *a, int n);
void plan_answer_free(struct plan_answer *a);

/* A configuration whose bench says "warm": true in --info (GCC: its image's PTX is JIT-compiled
 * by the CUDA driver at the first target region, about 30 s) gets its `--warm` run in a thread of
 * its own, started with the study's first GPU batch and joined before its own first batch, so
 * the load overlaps other configurations' runs instead of holding the planning. */
struct plan_warm {
  const char *bench; /* in: NULL when the configuration needs no warm-up */
  char *env[16];     /* in: its environment (run_env: the JIT cache size), NULL-terminated */
  char store[1024];  /* env's strings */
  pthread_t t;
  int started, joined;
  int done; /* the warm-up's process has ended (set by its thread; read without a lock) */
  int rc; /* ok_spawn's return */
  struct ok_proc p;
  double t0, secs; /* started at (ok_now), took */
};
void plan_warm_start(struct plan_warm *w);
/* Whether joining it now would wait: started, and its process still running. */
int plan_warm_running(const struct plan_warm *w);
/* Waits for the warm-up (a no-op when it never started or was joined); returns the seconds waited. */
double plan_warm_join(struct plan_warm *w);
#endif
