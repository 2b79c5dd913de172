/* Atomic contention x padding maps (kernels atomic_contention in every model): the index
 * generators, the host-made inputs and the host's expected counters, one copy for all models.
 *
 * A point: T threads (the model's fixed launch), contention c (threads per counter), padding p
 * (elements between counters). There are G = T / c counters; counter g lives at element g x p, so
 * the array has G x p elements. Every index any pattern makes is some g x p, g < G, so a model
 * verifies by reading those G elements back (a strided gather).
 *   contiguous  idx[t] = (t / c) x p                  (neighbours share: contention inside a warp)
 *   cross_warp  idx[t] = (t x p) mod (G x p)           (threads G apart share: across warps/blocks)
 *   branched    contiguous, but only the threads the host's mask picks (exactly half of each
 *               aligned group of min(32, T) threads): idx[t] = -1 for the others (divergent warps)
 *   random      per iteration x = LCG(x) from the host's seed[t]; idx = ((x >> 8) mod G) x p
 * Operations, on 32-bit unsigned counters (every model uses the same arguments):
 *   add   fetch-add 1 (relaxed, result unused)
 *   cas   an increment by a compare-and-swap loop: one successful CAS per op, retries uncounted
 *   exch  exchange in t + 1, the old value summed per thread (64-bit): conserved, so
 *         sum(old values) + sum(final counters) = sum over ops of (t + 1)
 *   min   fetch-min of ((iters - it) << 16 | (t & 0xffff)) into counters that start at 0xffffffff
 *   max   fetch-max of ((it + 1) << 16 | (t & 0xffff)) into counters that start at 0 */
#ifndef OK_CONTENTION_H
#define OK_CONTENTION_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

enum { OK_PAT_CONTIGUOUS, OK_PAT_CROSS_WARP, OK_PAT_BRANCHED, OK_PAT_RANDOM, OK_NPAT };
enum { OK_AOP_ADD, OK_AOP_CAS, OK_AOP_EXCH, OK_AOP_MIN, OK_AOP_MAX, OK_NAOP };
extern const char *const ok_pattern_names[OK_NPAT];
extern const char *const ok_aop_names[OK_NAOP];

/* The LCG (Numerical Recipes) and the random pattern's index: macros, so device code of every
 * model (CUDA, OpenMP target) computes exactly what the host simulates. */
#define OK_LCG(x) ((unsigned)(x) * 1664525u + 1013904223u)
#define OK_RAND_INDEX(x, groups, padding) ((long)(((unsigned)(x) >> 8) % (unsigned)(groups)) * (long)(padding))
/* The values min and max write at iteration `it` of thread t. */
#define OK_MIN_VALUE(iters, it, t) ((((unsigned)(iters) - (unsigned)(it)) << 16) | ((unsigned)(t) & 0xffffu))
#define OK_MAX_VALUE(it, t) ((((unsigned)(it) + 1u) << 16) | ((unsigned)(t) & 0xffffu))
#define OK_CMAP_MAX_ITERS 32767 /* min/max values keep the iteration in the upper 16 bits */

struct ok_cmap {
  int pattern, op;
  long threads;   /* T */
  int contention; /* c: threads per counter */
  int padding;    /* p: elements between counters */
  long iters;     /* ops per active thread */
  long groups;    /* G = T / c counters */
  long size;      /* G x p elements */
  long active;    /* threads that do the ops (branched: T / 2) */
};

/* Fills m; returns 0, or -1 with why when the point is invalid (c or p not a power of two in
 * 1..1024, c > T, T not a multiple of 64 (branched needs whole groups of 32), iters out of range). */
int ok_cmap_init(struct ok_cmap *m, int pattern, int op, long threads, int contention, int padding, long iters,
                 char *why, size_t nwhy);
/* The host-made inputs: idx[t] (the fixed index, -1 for a thread that does nothing, the random
 * pattern's threads get 0) and seed[t] (the random pattern's per-thread LCG seed). */
void ok_cmap_inputs(const struct ok_cmap *m, int *idx, unsigned *seed);
/* Initial counter value (min: 0xffffffff, others 0). */
unsigned ok_cmap_init_value(const struct ok_cmap *m);
/* The expected final value of each of the G counters (want[g]), simulating every op of every
 * thread from the same inputs; returns the sum over ops of (t + 1) (exch's conserved total). */
unsigned long long ok_cmap_expect(const struct ok_cmap *m, const int *idx, const unsigned *seed, unsigned *want);
/* Checks the counters read back (got[g] = A[g x p]) and, for exch, the threads' sums of old values
 * (sink[t]); 1 when right, else 0 with the first difference in d. */
int ok_cmap_check(const struct ok_cmap *m, const int *idx, const unsigned *seed, const unsigned *got,
                  const unsigned long long *sink, char *d, size_t n);
/* "op=add,pattern=contiguous,contention=32,padding=1" */
void ok_cmap_param(const struct ok_cmap *m, char *out, size_t n);

/* The sweep's points: powers of two 1..1024 for contention and padding (full), capped by the
 * thread count; quick: a few. Fills (pattern, op, contention, padding) tuples; returns the count
 * (at most cap). Quick: op add in every pattern at contention {1, 32, max} x padding {1, 32},
 * and every other op in every pattern at (1, 1) and (32, 1). */
struct ok_cmap_pt {
  int pattern, op, contention, padding;
};
int ok_cmap_points(int full, long threads, struct ok_cmap_pt *out, int cap);

#ifdef __cplusplus
}
#endif

/* ---- The sweep, shared by the models (ok_contention_sweep.c): a model gives its device ---- */
#include "ok_bench.h"
#ifdef __cplusplus
extern "C" {
#endif
struct ok_cmap_dev {
  void *ctx;
  long threads;               /* T: teams x threads per team (host: the team) */
  int teams, team_threads;    /* the launch (host: 1 x T) */
  const char *symbol_fmt;     /* printf format of the test code's symbol from the op name */
  const char *affinity;       /* host: OMP_PROC_BIND/OMP_PLACES; NULL elsewhere */
  int base_iters;             /* ops per thread (cas: divided by the contention, at least 1) */
  /* Allocates counters of max_elems and the per-thread arrays; 0 ok. */
  int (*alloc)(void *ctx, long max_elems, char *err, size_t n);
  int (*upload)(void *ctx, const int *idx, const unsigned *seed, char *err, size_t n);
  /* One run: counters [0, m->size) set to ok_cmap_init_value(m) untimed, then the timed kernel. */
  int (*run)(void *ctx, const struct ok_cmap *m, double *seconds, char *err, size_t n);
  /* got[g] = A[g x padding] for g < groups; sink[t] = the threads' sums; 1 in *on_device when the
   * last run ran on the device (host models: 1). */
  int (*fetch)(void *ctx, const struct ok_cmap *m, unsigned *got, unsigned long long *sink, int *on_device, char *err,
               size_t n);
  void (*release)(void *ctx);
};
/* A run's time from per-thread (start, end) pairs of a common nanosecond clock (tim[2t], tim[2t+1]):
 * latest end - earliest start, in seconds; -1 with why when a thread left no stamps. */
int ok_span_ns(const unsigned long long *tim, long threads, double *seconds, char *err, size_t n);
#define OK_SPAN_TIMER "globaltimer (ns) per thread: latest end - earliest start; 3 runs after a warm-up"
/* Runs every point of the map (ok_cmap_points), emits one rate point each (ops/us). */
int ok_cmap_sweep(const struct ok_variant *v, const struct ok_params *p, const struct ok_cmap_dev *d);
#ifdef __cplusplus
}
#endif
#endif
