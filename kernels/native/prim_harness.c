/* Host primitive sweep: points, calibration, the baseline/test method, checks, JSON lines. */
#define _GNU_SOURCE
#include "ok_values.h"
#include "prim_harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

static int sample(void *vctx, int test, double *value) {
  struct { struct ok_hctx *c; const struct ok_hprim *pr; } *x = vctx;
  struct ok_hctx *c = x->c;
  memset(c->a, 0, c->bytes);
  memset(c->b, 0, c->bytes);
  if (x->pr->init_a != 0) {
    size_t n = c->bytes / x->pr->elem;
    for (size_t i = 0; i < n; ++i) {
      if (x->pr->elem == sizeof(double) && !strcmp(x->pr->type, "double")) ((double *)c->a)[i] = x->pr->init_a;
      else if (!strcmp(x->pr->type, "float")) ((float *)c->a)[i] = (float)x->pr->init_a;
      else if (!strcmp(x->pr->type, "ull")) ((unsigned long long *)c->a)[i] = (unsigned long long)x->pr->init_a;
      else ((int *)c->a)[i] = (int)x->pr->init_a;
    }
  }
  *value = (test ? x->pr->test : x->pr->base)(c);
  return c->team == c->threads ? 0 : -1;
}

static void add_unique(long *v, int *n, long x) {
  for (int i = 0; i < *n; ++i)
    if (v[i] == x) return;
  v[(*n)++] = x;
}

int ok_host_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_hsweep *s) {
  const int hw = omp_get_num_procs(), cores = physical_cores();
  long threads[256];
  int nthreads = 0;
  if (p->threads_given) add_unique(threads, &nthreads, p->threads);
  else if (p->full) {
    /* Powers of two (2 4 8 16 ...), then hw: the counts between added nothing beyond noise on
     * the H200 host, 2-16 (docs/fidelity.md, "Full study in one call") and then 3 6 12 ("Full
     * study, second cut": median 5-7 % off the log-log line of their neighbours). */
    for (long t = 2; t <= hw && nthreads < 256; t *= 2) add_unique(threads, &nthreads, t);
    add_unique(threads, &nthreads, hw);
  } else {
    add_unique(threads, &nthreads, hw >= 2 ? 2 : 1);
    if (hw / 2 > 2) add_unique(threads, &nthreads, hw / 2);
    add_unique(threads, &nthreads, hw);
  }
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  char affinity[128];
  snprintf(affinity, sizeof affinity, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  /* The spread pass after a close pass (harness.c, OK_PASS) skips a count that fills every place:
   * spread and close then bind thread i to place i alike, and the close pass measured it. */
  int pass = 0, passes = 0;
  const char *ps = getenv("OK_PASS");
  if (ps && sscanf(ps, "%d/%d", &pass, &passes) == 2 && pass > 0 && bind && !strcmp(bind, "spread") && nthreads > 1) {
    int k = 0;
    for (int i = 0; i < nthreads; ++i)
      if (threads[i] != omp_get_num_places()) threads[k++] = threads[i];
    nthreads = k;
  }
  const long base_iters = p->iters > 0 ? p->iters : 1000;
  int rc = 0;

  for (int k = 0; k < s->nprims; ++k) {
    const struct ok_hprim *pr = &s->prims[k];
    if (p->type && strcmp(p->type, pr->type)) continue;
    if (!p->type && !p->full && s->nprims > 1 && strcmp(pr->type, "int") && strcmp(pr->type, "double")) continue;
    long strides[8];
    int nstrides = 0;
    long line = OK_LINE_BYTES / (long)pr->elem;
    if (s->strided) {
      if (p->full) {
        for (long st = 1; st <= 16; st *= 2) add_unique(strides, &nstrides, st);
      } else
        add_unique(strides, &nstrides, 1);
      add_unique(strides, &nstrides, line);
    } else
      add_unique(strides, &nstrides, 0);
    int nloc = s->locations ? 2 : 1;
    for (int ti = 0; ti < nthreads; ++ti)
      for (int si = 0; si < nstrides; ++si)
        for (int li = 1; li <= nloc; ++li) {
          struct ok_hctx c = {0};
          c.threads = (int)threads[ti];
          c.stride = strides[si];
          c.locations = li;
          c.n_iter = base_iters;
          long span = (long)c.threads * (c.stride > 0 ? c.stride : 1) + 4 * line;
          c.bytes = ((size_t)span * pr->elem + OK_LINE_BYTES - 1) / OK_LINE_BYTES * OK_LINE_BYTES;
          c.a = aligned_alloc(OK_LINE_BYTES, c.bytes);
          c.b = aligned_alloc(OK_LINE_BYTES, c.bytes);
          c.tt = calloc((size_t)c.threads, sizeof *c.tt);
          c.sink = calloc((size_t)c.threads, sizeof *c.sink);
          c.count = calloc((size_t)c.threads, sizeof *c.count);
          struct ok_point pt;
          memset(&pt, 0, sizeof pt);
          pt.type = s->nprims > 1 || strcmp(pr->type, "") ? pr->type : "";
          pt.threads = c.threads;
          pt.teams = 1;
          pt.stride = c.stride;
          char param[32];
          if (s->locations) snprintf(param, sizeof param, "locations=%d", li), pt.param = param;
          pt.affinity = affinity;
          pt.smt = c.threads > cores;
          pt.unroll = OK_UNROLL;
          pt.unit = "s";
          snprintf(pt.code_symbol, sizeof pt.code_symbol, "%s", pr->symbol);
          pt.code_family = pr->family;
          struct { struct ok_hctx *c; const struct ok_hprim *pr; } x = {&c, pr};
          double t;
          if (!c.a || !c.b || !c.tt || !c.sink || !c.count) {
            pt.error = 1;
            snprintf(pt.detail, sizeof pt.detail, "out of memory");
          } else if ((c.n_iter = base_iters < 10 ? base_iters : 10), sample(&x, 1, &t)) {
            pt.error = 1;
            snprintf(pt.detail, sizeof pt.detail, "could not form a team of %d threads (got %d)", c.threads, c.team);
          } else {
            /* Calibrate on a short test run (a contended critical section can take seconds at the
             * full count), then keep one test sample within the budget; n_iter is recorded. */
            long cal = c.n_iter;
            c.n_iter = base_iters;
            if (p->budget_s > 0 && t > 0 && t * base_iters / cal > p->budget_s) {
              c.n_iter = (long)(cal * p->budget_s / t);
              if (c.n_iter < 1) c.n_iter = 1;
            }
            struct ok_pair_cfg cfg = {p->runs, p->max_retries, (double)c.n_iter * OK_UNROLL,
                                      ok_early_min_runs(t * (double)c.n_iter / (double)cal, p->budget_s), OK_EARLY_TIGHT};
            if (ok_measure_pair(sample, &x, &cfg, &pt.st)) {
              pt.error = 1;
              snprintf(pt.detail, sizeof pt.detail, "team of %d threads not formed during the runs", c.threads);
            } else {
              pt.measured = 1;
              /* The last sample was a test run: check what it left. */
              pt.verified = ok_hcheck_team(&c, pr, pt.detail, sizeof pt.detail) &&
                            pr->check(&c, pr, pt.detail, sizeof pt.detail);
            }
          }
          pt.n_iter = c.n_iter;
          if (pt.error || !pt.verified) rc = 1;
          ok_emit_point(v, p, &pt);
          free(c.a), free(c.b), free(c.tt), free(c.sink), free(c.count);
        }
  }
  return rc;
}

static double per_thread(const struct ok_hctx *c, const struct ok_hprim *pr) {
  return (double)c->n_iter * OK_UNROLL * pr->per_step;
}

int ok_hcheck_team(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  (void)pr;
  for (int i = 0; i < c->threads; ++i)
    if (c->count[i] != c->n_iter) {
      snprintf(d, n, "thread %d ran %ld of %ld iterations", i, c->count[i], c->n_iter);
      return 0;
    }
  snprintf(d, n, "team of %d threads, %ld iterations each", c->threads, c->n_iter);
  return 1;
}

int ok_hcheck_a0_count(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * c->threads, got = ok_value_at(c->a, pr->type, 0);
  snprintf(d, n, "shared counter %.17g, expected %.17g", got, want);
  return ok_counter_equal(got, want, pr->type);
}

int ok_hcheck_strided(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->threads; ++t) {
    double got = ok_value_at(c->a, pr->type, t * c->stride);
    if (!ok_counter_equal(got, want, pr->type)) {
      snprintf(d, n, "thread %d's element %.17g, expected %.17g", t, got, want);
      return 0;
    }
  }
  snprintf(d, n, "every thread's element %.17g", want);
  return 1;
}

int ok_hcheck_reads(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr) * pr->init_a;
  for (int t = 0; t < c->threads; ++t)
    if (!ok_counter_equal(c->sink[t], want, pr->type)) {
      snprintf(d, n, "thread %d summed %.17g over its reads, expected %.17g", t, c->sink[t], want);
      return 0;
    }
  snprintf(d, n, "every thread read %.17g in total", want);
  return 1;
}

int ok_hcheck_written(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  long line = OK_LINE_BYTES / (long)pr->elem;
  for (int l = 0; l < c->locations; ++l) {
    double got = ok_value_at(c->a, pr->type, l * line);
    /* Written values are thread ids + 1; the arrays start at init_a (not a thread id). */
    if (got < 1 || got > c->threads || got != floor(got)) {
      snprintf(d, n, "location %d holds %.17g, not a value any thread wrote", l, got);
      return 0;
    }
  }
  snprintf(d, n, "%d location(s) hold values threads wrote", c->locations);
  return 1;
}

int ok_hcheck_two_arrays(const struct ok_hctx *c, const struct ok_hprim *pr, char *d, size_t n) {
  double want = per_thread(c, pr);
  for (int t = 0; t < c->threads; ++t) {
    double a = ok_value_at(c->a, pr->type, t * c->stride), b = ok_value_at(c->b, pr->type, t * c->stride);
    if (!ok_counter_equal(a, want, pr->type) || !ok_counter_equal(b, want, pr->type)) {
      snprintf(d, n, "thread %d: a %.17g b %.17g, expected %.17g each", t, a, b, want);
      return 0;
    }
  }
  snprintf(d, n, "both arrays %.17g per thread", want);
  return 1;
}
