/* The host model's adapter of the primitive sweep engine (kernels/common/ok_prim_sweep.c): the
 * team sizes, the arrays, one timed parallel region per sample. */
#define _GNU_SOURCE
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Physical cores: distinct sets of hardware-thread siblings. */
static int physical_cores(void) {
  char seen[256][64];
  int n = 0;
  for (int cpu = 0; cpu < 4096; ++cpu) {
    char path[128], buf[64];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
    FILE *f = fopen(path, "r");
    if (!f) {
      if (cpu > 0) break;
      continue;
    }
    if (!fgets(buf, sizeof buf, f)) buf[0] = 0;
    fclose(f);
    buf[strcspn(buf, "\n")] = 0;
    int dup = 0;
    for (int i = 0; i < n; ++i) dup |= !strcmp(seen[i], buf);
    if (!dup && n < 256) snprintf(seen[n++], sizeof seen[0], "%s", buf);
  }
  return n > 0 ? n : omp_get_num_procs();
}

/* Where a point's arrays start: a page boundary (h_alloc says why). */
#define OK_HOST_ARRAY_ALIGN 4096

/* The adapter (ok_prim_dev): one host team per sample, arrays reset before each. */
struct host_dev {
  struct ok_hctx c;
  const struct ok_hsweep *s;
  int cores;
  const char *affinity;
};

static int h_alloc(void *vd, const struct ok_prim *pr, struct ok_prim_run *r, char *err, size_t n) {
  struct ok_hctx *c = &((struct host_dev *)vd)->c;
  memset(c, 0, sizeof *c);
  c->threads = r->threads;
  c->stride = r->stride;
  c->locations = r->locations;
  long span = (long)c->threads * (c->stride > 0 ? c->stride : 1) + 4 * r->line;
  c->bytes = ((size_t)span * pr->elem + OK_LINE_BYTES - 1) / OK_LINE_BYTES * OK_LINE_BYTES;
  /* Page-aligned, not line-aligned: where the heap put a 64-byte-aligned array varied from process
   * to process, and with it which threads' lines share a 128-byte pair (the L2's adjacent-line
   * prefetch) and a page. One suspect of a 16-thread stride-16 point that took 8.8 ns in some
   * studies and 17.3 ns in others on one node (docs/results/2026-11-27-aa-multi-gpu); the probe
   * (scripts/probes/host_line_pair_probe.c) saw no offset effect on a 32-core H200 node, so this
   * only removes the variable (docs/results/2026-11-27-aa-screened). */
  const size_t alloc = (c->bytes + OK_HOST_ARRAY_ALIGN - 1) / OK_HOST_ARRAY_ALIGN * OK_HOST_ARRAY_ALIGN;
  c->a = aligned_alloc(OK_HOST_ARRAY_ALIGN, alloc);
  c->b = aligned_alloc(OK_HOST_ARRAY_ALIGN, alloc);
  c->tt = calloc((size_t)c->threads, sizeof *c->tt);
  c->sink = calloc((size_t)c->threads, sizeof *c->sink);
  c->count = calloc((size_t)c->threads, sizeof *c->count);
  r->bytes = c->bytes;
  if (c->a && c->b && c->tt && c->sink && c->count) return 0;
  snprintf(err, n, "out of memory");
  return -1;
}

static void fill_a(struct ok_hctx *c, const struct ok_prim *pr) {
  size_t n = c->bytes / pr->elem;
  for (size_t i = 0; i < n; ++i) {
    if (pr->elem == sizeof(double) && !strcmp(pr->type, "double")) ((double *)c->a)[i] = pr->init_a;
    else if (!strcmp(pr->type, "float")) ((float *)c->a)[i] = (float)pr->init_a;
    else if (!strcmp(pr->type, "ull")) ((unsigned long long *)c->a)[i] = (unsigned long long)pr->init_a;
    else ((int *)c->a)[i] = (int)pr->init_a;
  }
}

static int h_sample(void *vd, const struct ok_prim *pr, struct ok_prim_run *r, int test, double *value, char *err,
                    size_t n) {
  struct ok_hctx *c = &((struct host_dev *)vd)->c;
  const struct ok_hprim *hp = (const struct ok_hprim *)pr;
  memset(c->a, 0, c->bytes);
  memset(c->b, 0, c->bytes);
  if (pr->init_a != 0) fill_a(c, pr);
  c->n_iter = r->n_iter;
  c->team = 0;
  *value = (test ? hp->test : hp->base)(c);
  r->act_teams = 1;
  r->act_threads = c->team;
  if (c->team == c->threads) return 0;
  snprintf(err, n, "could not form a team of %d threads (got %d)", c->threads, c->team);
  return OK_PRIM_ERROR;
}

static int h_fetch(void *vd, struct ok_prim_run *r, char *err, size_t n) {
  struct ok_hctx *c = &((struct host_dev *)vd)->c;
  (void)err, (void)n;
  r->A = c->a, r->B = c->b, r->sink = c->sink, r->iters = c->count;
  return 0;
}

static void h_annotate(void *vd, const struct ok_prim *pr, const struct ok_prim_run *r, struct ok_point *pt, char *buf,
                       size_t nbuf) {
  struct host_dev *h = vd;
  (void)pr;
  if (h->s->locations) snprintf(buf, nbuf, "locations=%d", r->locations), pt->param = buf;
  pt->affinity = h->affinity;
  pt->smt = r->threads > h->cores;
}

static void h_release(void *vd, struct ok_prim_run *r, int failed) {
  struct ok_hctx *c = &((struct host_dev *)vd)->c;
  (void)r, (void)failed;
  free(c->a), free(c->b), free(c->tt), free(c->sink), free(c->count);
  memset(c, 0, sizeof *c);
}

static void add_unique(int *v, int *n, int x) {
  for (int i = 0; i < *n; ++i)
    if (v[i] == x) return;
  v[(*n)++] = x;
}

/* The team sizes this run sweeps (host shapes: 1 team each). */
static int thread_counts(const struct ok_params *p, int *threads) {
  const int hw = omp_get_num_procs();
  int nthreads = 0;
  if (p->threads_given) add_unique(threads, &nthreads, p->threads);
  else if (p->full) {
    /* Powers of two (2 4 8 16 ...), then hw: the counts between added nothing beyond noise on
     * the H200 host, 2-16 (docs/fidelity.md, "Full study in one call") and then 3 6 12 ("Full
     * study, second cut": median 5-7 % off the log-log line of their neighbours). */
    for (int t = 2; t <= hw && nthreads < 255; t *= 2) add_unique(threads, &nthreads, t);
    add_unique(threads, &nthreads, hw);
  } else {
    add_unique(threads, &nthreads, hw >= 2 ? 2 : 1);
    if (hw / 2 > 2) add_unique(threads, &nthreads, hw / 2);
    add_unique(threads, &nthreads, hw);
  }
  /* The spread pass after a close pass (harness.c, OK_PASS) skips a count that fills every place:
   * spread and close then bind thread i to place i alike, and the close pass measured it. */
  const char *bind = getenv("OMP_PROC_BIND"), *ps = getenv("OK_PASS");
  int pass = 0, passes = 0;
  if (ps && sscanf(ps, "%d/%d", &pass, &passes) == 2 && pass > 0 && bind && !strcmp(bind, "spread") && nthreads > 1) {
    int k = 0;
    for (int i = 0; i < nthreads; ++i)
      if (threads[i] != omp_get_num_places()) threads[k++] = threads[i];
    nthreads = k;
  }
  return nthreads;
}

int ok_host_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_hsweep *s) {
  int threads[256], shape[256][2];
  const int nthreads = thread_counts(p, threads);
  for (int i = 0; i < nthreads; ++i) shape[i][0] = 1, shape[i][1] = threads[i];
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  char affinity[128];
  snprintf(affinity, sizeof affinity, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  struct host_dev h;
  memset(&h, 0, sizeof h);
  h.s = s;
  h.cores = physical_cores();
  h.affinity = affinity;
  /* One address placement (no step): host time is judged over repeats (README, Comparing two runs). */
  struct ok_prim_dev d = {&h, "s", 0, 0, OK_LINE_BYTES, 0, 0, NULL, h_alloc, h_sample, h_fetch, NULL, NULL,
                          h_annotate, h_release, 1, 0};
  struct ok_prim_set set = {s->prims, sizeof *s->prims, s->nprims, s->strided, s->locations,
                            (const int(*)[2])shape, nthreads, 0, OK_UNROLL};
  return ok_prim_sweep(v, p, &set, &d);
}
