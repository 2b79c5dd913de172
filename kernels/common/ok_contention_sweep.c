/* The atomic contention map's sweep, one copy for every model (ok_contention.h): per point the
 * host makes the inputs, the model runs the kernel `runs` times (timed whole), reads the counters
 * back, and the host checks them against its own simulation before a rate is emitted. */
#include "ok_contention.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ok_span_ns(const unsigned long long *tim, long threads, double *seconds, char *err, size_t n) {
  unsigned long long lo = ~0ull, hi = 0;
  for (long t = 0; t < threads; ++t) {
    if (tim[2 * t] == 0 || tim[2 * t + 1] < tim[2 * t]) {
      snprintf(err, n, "thread %ld left no time stamps (it did not run)", t);
      return -1;
    }
    if (tim[2 * t] < lo) lo = tim[2 * t];
    if (tim[2 * t + 1] > hi) hi = tim[2 * t + 1];
  }
  if (hi == lo) {
    snprintf(err, n, "the run took 0 ns on the timer: below its resolution");
    return -1;
  }
  *seconds = (double)(hi - lo) * 1e-9;
  return 0;
}

enum { MAX_POINTS = OK_NPAT * OK_NAOP * 11 * 11 };

int ok_cmap_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_cmap_dev *d) {
  static struct ok_cmap_pt pts[MAX_POINTS];
  const long T = d->threads;
  int npts = ok_cmap_points(p->full, T, pts, MAX_POINTS);
  /* Whole-launch timings are steady (spread is recorded): 3 runs after a warm-up, fewer with --runs. */
  const int runs = p->runs > 0 && p->runs < 3 ? p->runs : 3;
  long max_elems = 0;
  for (int k = 0; k < npts; ++k) {
    long e = T / pts[k].contention * pts[k].padding;
    if (e > max_elems) max_elems = e;
  }
  int *idx = malloc((size_t)T * sizeof *idx);
  unsigned *seed = malloc((size_t)T * sizeof *seed), *got = malloc((size_t)T * sizeof *got);
  unsigned long long *sink = malloc((size_t)T * sizeof *sink);
  double secs[16];
  char err[192] = "";
  int rc = 0, dead = 0;
  if (!idx || !seed || !got || !sink) snprintf(err, sizeof err, "out of host memory"), dead = 1;
  else if (d->alloc(d->ctx, max_elems, err, sizeof err)) dead = 1;
  for (int k = 0; k < npts; ++k) {
    const struct ok_cmap_pt *q = &pts[k];
    if (p->type && strcmp(p->type, "uint")) continue;
    struct ok_cmap m;
    long iters = d->base_iters;
    if (q->op == OK_AOP_CAS && q->contention > 1) iters = iters / q->contention > 0 ? iters / q->contention : 1;
    char param[128], sym[128];
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.type = "uint";
    r.threads = d->team_threads;
    r.teams = d->teams;
    r.affinity = d->affinity;
    r.scale = 1e-6;
    r.unit = "ops/us";
    r.seconds = secs;
    snprintf(sym, sizeof sym, d->symbol_fmt, ok_aop_names[q->op]);
    snprintf(r.code_symbol, sizeof r.code_symbol, "%s", sym);
    r.code_family = q->op == OK_AOP_CAS ? "CAS|\\.cas|cmpxchg" : "ATOM|RED|atom\\.|red\\.|lock |xchg";
    if (ok_cmap_init(&m, q->pattern, q->op, T, q->contention, q->padding, iters, err, sizeof err)) {
      snprintf(param, sizeof param, "op=%s,pattern=%s,contention=%d,padding=%d", ok_aop_names[q->op],
               ok_pattern_names[q->pattern], q->contention, q->padding);
      r.param = param;
      r.error = 1;
      snprintf(r.detail, sizeof r.detail, "%s", err);
      ok_emit_rate(v, p, &r);
      rc = 1;
      continue;
    }
    ok_cmap_param(&m, param, sizeof param);
    r.param = param;
    r.iters = m.iters;
    r.work = (double)m.active * (double)m.iters;
    int on = 1;
    if (dead) {
      r.error = 1;
      snprintf(r.detail, sizeof r.detail, "%s", err[0] ? err : "an earlier point failed on the device");
    } else {
      ok_cmap_inputs(&m, idx, seed);
      if (d->upload(d->ctx, idx, seed, err, sizeof err)) r.error = 1;
      for (int i = -1; i < runs && !r.error; ++i) { /* i = -1: warm-up */
        double s = 0;
        if (d->run(d->ctx, &m, &s, err, sizeof err)) r.error = 1;
        else if (i >= 0) secs[i] = s;
      }
      if (!r.error && d->fetch(d->ctx, &m, got, sink, &on, err, sizeof err)) r.error = 1;
      if (r.error) snprintf(r.detail, sizeof r.detail, "%s", err), dead = 1;
      else if (!on) r.ran_on_host = 1, snprintf(r.detail, sizeof r.detail, "the kernel ran on the host");
      else {
        r.runs = runs;
        r.verified = ok_cmap_check(&m, idx, seed, got, sink, r.detail, sizeof r.detail);
      }
    }
    if (r.error || !r.verified || r.ran_on_host) rc = 1;
    ok_emit_rate(v, p, &r);
    if (dead || r.ran_on_host) break; /* one line says why; the device state is suspect after an error */
  }
  if (d->release) d->release(d->ctx);
  free(idx), free(seed), free(got), free(sink);
  return rc;
}
