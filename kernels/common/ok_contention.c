/* Index generators, inputs and expected counters of the atomic contention maps (ok_contention.h). */
#include "ok_contention.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ok_pattern_names[OK_NPAT] = {"contiguous", "cross_warp", "branched", "random"};
const char *const ok_aop_names[OK_NAOP] = {"add", "cas", "exch", "min", "max"};

static int pow2_in(long v, long hi) { return v >= 1 && v <= hi && (v & (v - 1)) == 0; }

int ok_cmap_init(struct ok_cmap *m, int pattern, int op, long threads, int contention, int padding, long iters,
                 char *why, size_t nwhy) {
  memset(m, 0, sizeof *m);
  const char *bad = NULL;
  if (pattern < 0 || pattern >= OK_NPAT) bad = "unknown pattern";
  else if (op < 0 || op >= OK_NAOP) bad = "unknown operation";
  else if (!pow2_in(threads, 1L << 24) || threads < 2) bad = "threads must be a power of two in 2..2^24";
  else if (!pow2_in(contention, 1024)) bad = "contention must be a power of two in 1..1024";
  else if (!pow2_in(padding, 1024)) bad = "padding must be a power of two in 1..1024";
  else if (contention > threads || threads % contention) bad = "contention must divide the thread count";
  else if (iters < 1 || iters > OK_CMAP_MAX_ITERS) bad = "iterations must be in 1..32767";
  else if (threads / contention * padding > 0x7fffffffL) bad = "the counter array would pass 2^31 elements";
  if (bad) {
    if (why) snprintf(why, nwhy, "%s", bad);
    return -1;
  }
  m->pattern = pattern, m->op = op, m->threads = threads, m->contention = contention, m->padding = padding;
  m->iters = iters;
  m->groups = threads / contention;
  m->size = m->groups * padding;
  m->active = pattern == OK_PAT_BRANCHED ? threads / 2 : threads;
  return 0;
}

/* The branched pattern's mask: exactly half of each aligned group of min(32, T) threads, a
 * different choice per group (a seeded Fisher-Yates shuffle), so every warp diverges. */
static void branched_mask(long threads, int *on) {
  unsigned x = 12345u;
  const int w = threads < 32 ? (int)threads : 32;
  for (long b = 0; b < threads; b += w) {
    int lanes[32];
    for (int i = 0; i < w; ++i) lanes[i] = i;
    for (int i = w - 1; i > 0; --i) {
      x = OK_LCG(x);
      int j = (int)((x >> 8) % (unsigned)(i + 1)), tmp = lanes[i];
      lanes[i] = lanes[j], lanes[j] = tmp;
    }
    for (int i = 0; i < w; ++i) on[b + lanes[i]] = i < w / 2;
  }
}

void ok_cmap_inputs(const struct ok_cmap *m, int *idx, unsigned *seed) {
  const long T = m->threads, c = m->contention, p = m->padding, G = m->groups;
  for (long t = 0; t < T; ++t) {
    seed[t] = 0x9e3779b9u * (unsigned)(t + 1) ^ 0x5bd1e995u; /* distinct per thread */
    switch (m->pattern) {
    case OK_PAT_CONTIGUOUS:
    case OK_PAT_BRANCHED: idx[t] = (int)((t / c) * p); break;
    case OK_PAT_CROSS_WARP: idx[t] = (int)((t * p) % (G * p)); break;
    default: idx[t] = 0; break;
    }
  }
  if (m->pattern == OK_PAT_BRANCHED) {
    int *on = malloc((size_t)T * sizeof *on);
    if (!on) { /* cannot happen at the kit's sizes; keep every thread off rather than guess */
      for (long t = 0; t < T; ++t) idx[t] = -1;
      return;
    }
    branched_mask(T, on);
    for (long t = 0; t < T; ++t)
      if (!on[t]) idx[t] = -1;
    free(on);
  }
}

unsigned ok_cmap_init_value(const struct ok_cmap *m) { return m->op == OK_AOP_MIN ? 0xffffffffu : 0u; }

/* One op of thread t at iteration it on counter g. */
static void apply(const struct ok_cmap *m, unsigned *want, long g, long t, long it) {
  switch (m->op) {
  case OK_AOP_ADD:
  case OK_AOP_CAS: ++want[g]; break;
  case OK_AOP_EXCH: want[g] = (unsigned)(t + 1); break; /* order unknown: only "touched" matters */
  case OK_AOP_MIN: {
    unsigned v = OK_MIN_VALUE(m->iters, it, t);
    if (v < want[g]) want[g] = v;
  } break;
  default: {
    unsigned v = OK_MAX_VALUE(it, t);
    if (v > want[g]) want[g] = v;
  } break;
  }
}

unsigned long long ok_cmap_expect(const struct ok_cmap *m, const int *idx, const unsigned *seed, unsigned *want) {
  const unsigned init = ok_cmap_init_value(m);
  unsigned long long total = 0;
  for (long g = 0; g < m->groups; ++g) want[g] = init;
  for (long t = 0; t < m->threads; ++t) {
    if (m->pattern == OK_PAT_RANDOM) {
      unsigned x = seed[t];
      for (long it = 0; it < m->iters; ++it) {
        x = OK_LCG(x);
        apply(m, want, OK_RAND_INDEX(x, m->groups, m->padding) / m->padding, t, it);
      }
    } else if (idx[t] >= 0) {
      long g = idx[t] / m->padding;
      if (m->op == OK_AOP_ADD || m->op == OK_AOP_CAS) want[g] += (unsigned)m->iters;
      else /* min's smallest value comes last, max's largest last: the last op decides */
        apply(m, want, g, t, m->iters - 1);
    } else
      continue;
    total += (unsigned long long)m->iters * (unsigned long long)(t + 1);
  }
  return total;
}

int ok_cmap_check(const struct ok_cmap *m, const int *idx, const unsigned *seed, const unsigned *got,
                  const unsigned long long *sink, char *d, size_t n) {
  unsigned *want = malloc((size_t)m->groups * sizeof *want);
  if (!want) {
    snprintf(d, n, "out of host memory for the check");
    return 0;
  }
  unsigned long long total = ok_cmap_expect(m, idx, seed, want), sum = 0;
  int ok = 1;
  for (long g = 0; g < m->groups && ok; ++g) {
    if (m->op == OK_AOP_EXCH) {
      sum += got[g];
      /* Touched counters hold some thread's t + 1 (nonzero), untouched ones stay 0. */
      if ((want[g] != 0) != (got[g] != 0)) {
        snprintf(d, n, "counter %ld holds %u, expected %s", g, got[g], want[g] ? "a thread's t + 1" : "0 (untouched)");
        ok = 0;
      }
    } else if (got[g] != want[g]) {
      snprintf(d, n, "counter %ld (element %ld) holds %u, the host expects %u", g, g * m->padding, got[g], want[g]);
      ok = 0;
    } else
      sum += got[g];
  }
  if (ok && m->op == OK_AOP_EXCH) {
    for (long t = 0; t < m->threads; ++t) sum += sink[t];
    if (sum != total) {
      snprintf(d, n, "exchange lost values: old values + final counters sum to %llu, the ops wrote %llu", sum, total);
      ok = 0;
    } else
      snprintf(d, n, "exchanged values conserved (sum %llu) over %ld counters", total, m->groups);
  } else if (ok)
    snprintf(d, n, "all %ld counters equal the host's (sum %llu)", m->groups, sum);
  free(want);
  return ok;
}

void ok_cmap_param(const struct ok_cmap *m, char *out, size_t n) {
  snprintf(out, n, "op=%s,pattern=%s,contention=%d,padding=%d", ok_aop_names[m->op], ok_pattern_names[m->pattern],
           m->contention, m->padding);
}

int ok_cmap_points(int full, long threads, struct ok_cmap_pt *out, int cap) {
  int n = 0;
#define OK_PUSH(PA, OP, C, P)                                                          \
  do {                                                                                 \
    if ((C) <= threads && threads % (C) == 0 && n < cap)                               \
      out[n].pattern = (PA), out[n].op = (OP), out[n].contention = (C), out[n].padding = (P), ++n; \
  } while (0)
  if (full) {
    for (int op = 0; op < OK_NAOP; ++op)
      for (int pa = 0; pa < OK_NPAT; ++pa)
        for (int c = 1; c <= 1024; c *= 2)
          for (int p = 1; p <= 1024; p *= 2) OK_PUSH(pa, op, c, p);
  } else {
    int cmax = 1024;
    while (cmax > threads) cmax /= 2;
    const int cs[3] = {1, 32 <= cmax ? 32 : cmax, cmax};
    for (int pa = 0; pa < OK_NPAT; ++pa)
      for (int i = 0; i < 3; ++i)
        for (int p = 1; p <= 32; p *= 32)
          if (i == 0 || cs[i] != cs[i - 1]) OK_PUSH(pa, OK_AOP_ADD, cs[i], p);
    for (int op = 1; op < OK_NAOP; ++op)
      for (int pa = 0; pa < OK_NPAT; ++pa) {
        OK_PUSH(pa, op, 1, 1);
        if (cs[1] > 1) OK_PUSH(pa, op, cs[1], 1);
      }
  }
#undef OK_PUSH
  return n;
}
