/* The atomic contention map's host side (kernels/common/ok_contention.c): each pattern's index
 * generator, the sweep's points, and the check, against a literal serial run of every op. */
#include "ok_contention.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;
#define CHECK(cond, ...)                                        \
  do {                                                          \
    if (!(cond)) {                                              \
      ++fails;                                                  \
      fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);           \
      fprintf(stderr, __VA_ARGS__);                             \
      fputc('\n', stderr);                                      \
    }                                                           \
  } while (0)

/* What a device does, written out op by op (no shortcut for fixed indices): the reference. */
static void serial_run(const struct ok_cmap *m, const int *idx, const unsigned *seed, unsigned *A,
                       unsigned long long *sink) {
  for (long k = 0; k < m->size; ++k) A[k] = ok_cmap_init_value(m);
  for (long t = 0; t < m->threads; ++t) {
    unsigned x = seed[t];
    sink[t] = 0;
    for (long it = 0; it < m->iters; ++it) {
      long i;
      if (m->pattern == OK_PAT_RANDOM) x = OK_LCG(x), i = OK_RAND_INDEX(x, m->groups, m->padding);
      else if (idx[t] < 0) break;
      else i = idx[t];
      switch (m->op) {
      case OK_AOP_ADD:
      case OK_AOP_CAS: ++A[i]; break;
      case OK_AOP_EXCH: sink[t] += A[i], A[i] = (unsigned)t + 1u; break;
      case OK_AOP_MIN: if (OK_MIN_VALUE(m->iters, it, t) < A[i]) A[i] = OK_MIN_VALUE(m->iters, it, t); break;
      default: if (OK_MAX_VALUE(it, t) > A[i]) A[i] = OK_MAX_VALUE(it, t); break;
      }
    }
  }
}

static void test_generators(void) {
  const long T = 4096;
  int *idx = malloc(T * sizeof *idx);
  unsigned *seed = malloc(T * sizeof *seed);
  long *count = calloc(T * 1024, sizeof *count);
  struct ok_cmap m;
  char why[128];
  for (int c = 1; c <= 1024; c *= 2)
    for (int p = 1; p <= 1024; p *= 4) {
      /* contiguous: c neighbours per counter, counters p apart */
      CHECK(!ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_AOP_ADD, T, c, p, 8, why, sizeof why), "valid point: %s", why);
      CHECK(m.groups == T / c && m.size == T / c * p, "groups %ld size %ld", m.groups, m.size);
      ok_cmap_inputs(&m, idx, seed);
      memset(count, 0, T * 1024 * sizeof *count);
      for (long t = 0; t < T; ++t) {
        CHECK(idx[t] == (t / c) * p, "contiguous c=%d p=%d: idx[%ld] = %d", c, p, t, idx[t]);
        ++count[idx[t]];
      }
      for (long g = 0; g < m.groups; ++g) CHECK(count[g * p] == c, "contiguous counter %ld has %ld threads", g, count[g * p]);
      /* cross_warp: c threads per counter, G apart (so never two in one warp while G >= 32) */
      ok_cmap_init(&m, OK_PAT_CROSS_WARP, OK_AOP_ADD, T, c, p, 8, why, sizeof why);
      ok_cmap_inputs(&m, idx, seed);
      memset(count, 0, T * 1024 * sizeof *count);
      for (long t = 0; t < T; ++t) {
        CHECK(idx[t] == (t * p) % (m.groups * p) && idx[t] % p == 0, "cross_warp idx[%ld] = %d", t, idx[t]);
        ++count[idx[t]];
        if (m.groups >= 32 && t % 32)
          CHECK(idx[t] != idx[t - 1], "cross_warp c=%d: neighbours %ld, %ld share a counter", c, t - 1, t);
      }
      for (long g = 0; g < m.groups; ++g) CHECK(count[g * p] == c, "cross_warp counter %ld has %ld threads", g, count[g * p]);
      /* branched: exactly half of each 32 threads, on contiguous indices */
      ok_cmap_init(&m, OK_PAT_BRANCHED, OK_AOP_ADD, T, c, p, 8, why, sizeof why);
      ok_cmap_inputs(&m, idx, seed);
      CHECK(m.active == T / 2, "branched active %ld", m.active);
      for (long w = 0; w < T; w += 32) {
        int on = 0;
        for (int l = 0; l < 32; ++l) {
          on += idx[w + l] >= 0;
          if (idx[w + l] >= 0) CHECK(idx[w + l] == ((w + l) / c) * p, "branched idx[%ld]", w + l);
        }
        CHECK(on == 16, "branched: %d of 32 threads on in group %ld", on, w / 32);
      }
      /* random: in range, multiples of p, and not all equal */
      ok_cmap_init(&m, OK_PAT_RANDOM, OK_AOP_ADD, T, c, p, 8, why, sizeof why);
      ok_cmap_inputs(&m, idx, seed);
      long distinct = 0;
      memset(count, 0, T * 1024 * sizeof *count);
      for (long t = 0; t < T; ++t) {
        unsigned x = seed[t];
        for (int it = 0; it < 8; ++it) {
          x = OK_LCG(x);
          long i = OK_RAND_INDEX(x, m.groups, p);
          CHECK(i >= 0 && i < m.size && i % p == 0, "random index %ld outside [0, %ld) or off the padding", i, m.size);
          if (i >= 0 && i < m.size) distinct += !count[i]++;
        }
      }
      CHECK(m.groups < 8 || distinct > m.groups / 2, "random touched %ld of %ld counters", distinct, m.groups);
    }
  free(idx), free(seed), free(count);
}

static void test_validity(void) {
  struct ok_cmap m;
  char why[128] = "";
  CHECK(ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_AOP_ADD, 4096, 3, 1, 8, why, sizeof why) == -1 && why[0], "contention 3 accepted");
  CHECK(ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_AOP_ADD, 4096, 1, 2048, 8, why, sizeof why) == -1, "padding 2048 accepted");
  CHECK(ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_AOP_ADD, 16, 32, 1, 8, why, sizeof why) == -1, "contention > threads accepted");
  CHECK(ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_AOP_ADD, 100, 1, 1, 8, why, sizeof why) == -1, "100 threads accepted");
  CHECK(ok_cmap_init(&m, OK_PAT_RANDOM, OK_AOP_MIN, 4096, 1, 1, 40000, why, sizeof why) == -1, "40000 iterations accepted");
  CHECK(ok_cmap_init(&m, OK_NPAT, OK_AOP_ADD, 4096, 1, 1, 8, why, sizeof why) == -1, "bad pattern accepted");
  CHECK(ok_cmap_init(&m, OK_PAT_CONTIGUOUS, OK_NAOP, 4096, 1, 1, 8, why, sizeof why) == -1, "bad op accepted");
  /* The sweep's points: all valid; full = every pattern x op x contention x padding up to T. */
  static struct ok_cmap_pt pts[OK_NPAT * OK_NAOP * 121];
  int n = ok_cmap_points(1, 32768, pts, OK_NPAT * OK_NAOP * 121);
  CHECK(n == OK_NPAT * OK_NAOP * 121, "full map at 32768 threads has %d points", n);
  for (int k = 0; k < n; ++k)
    CHECK(!ok_cmap_init(&m, pts[k].pattern, pts[k].op, 32768, pts[k].contention, pts[k].padding, 32, why, sizeof why),
          "full point %d invalid: %s", k, why);
  n = ok_cmap_points(1, 16, pts, OK_NPAT * OK_NAOP * 121);
  CHECK(n == OK_NPAT * OK_NAOP * 5 * 11, "full map at 16 threads has %d points (contention 1..16)", n);
  n = ok_cmap_points(0, 32768, pts, OK_NPAT * OK_NAOP * 121);
  int ops[OK_NAOP] = {0}, has_1x32 = 0, has_1x1 = 0;
  for (int k = 0; k < n; ++k) {
    ++ops[pts[k].op];
    CHECK(!ok_cmap_init(&m, pts[k].pattern, pts[k].op, 32768, pts[k].contention, pts[k].padding, 32, why, sizeof why),
          "quick point %d invalid", k);
    has_1x32 |= pts[k].op == OK_AOP_ADD && pts[k].contention == 32 && pts[k].padding == 1 && pts[k].pattern == OK_PAT_CONTIGUOUS;
    has_1x1 |= pts[k].op == OK_AOP_ADD && pts[k].contention == 1 && pts[k].padding == 1 && pts[k].pattern == OK_PAT_CONTIGUOUS;
  }
  CHECK(n > 0 && n <= 64, "quick map has %d points", n);
  for (int o = 0; o < OK_NAOP; ++o) CHECK(ops[o] >= OK_NPAT, "quick map has %d points of %s", ops[o], ok_aop_names[o]);
  CHECK(has_1x32 && has_1x1, "quick map lacks add at contention 1 or 32, padding 1");
}

/* The check accepts a correct run of every op and pattern and rejects a single wrong counter. */
static void test_check(void) {
  const long T = 1024;
  int *idx = malloc(T * sizeof *idx);
  unsigned *seed = malloc(T * sizeof *seed), *A = malloc(T * 64 * sizeof *A), *got = malloc(T * sizeof *got);
  unsigned long long *sink = malloc(T * sizeof *sink);
  char d[192], why[128];
  for (int pa = 0; pa < OK_NPAT; ++pa)
    for (int op = 0; op < OK_NAOP; ++op)
      for (int c = 1; c <= 1024; c *= 8) {
        struct ok_cmap m;
        CHECK(!ok_cmap_init(&m, pa, op, T, c, 4, 5, why, sizeof why), "init: %s", why);
        ok_cmap_inputs(&m, idx, seed);
        serial_run(&m, idx, seed, A, sink);
        for (long g = 0; g < m.groups; ++g) got[g] = A[g * m.padding];
        CHECK(ok_cmap_check(&m, idx, seed, got, sink, d, sizeof d), "%s/%s c=%d: correct run rejected: %s",
              ok_pattern_names[pa], ok_aop_names[op], c, d);
        /* A lost update (or a changed exchange value) must be caught. */
        long g = m.groups / 2;
        got[g] += op == OK_AOP_MIN ? -1u : 1u;
        if (op == OK_AOP_EXCH && got[g] == 1) got[g] = 2; /* 0 -> 1 would only move a 0 */
        CHECK(!ok_cmap_check(&m, idx, seed, got, sink, d, sizeof d), "%s/%s c=%d: wrong counter %ld accepted",
              ok_pattern_names[pa], ok_aop_names[op], c, g);
        if (op == OK_AOP_EXCH) {
          got[g] = A[g * m.padding];
          sink[T - 1] += 7;
          CHECK(!ok_cmap_check(&m, idx, seed, got, sink, d, sizeof d), "exch: a lost old value accepted");
        }
      }
  free(idx), free(seed), free(A), free(got), free(sink);
}

int main(void) {
  test_validity();
  test_generators();
  test_check();
  if (fails) fprintf(stderr, "%d failures\n", fails);
  else printf("contention generators, points and checks: ok\n");
  return fails != 0;
}
