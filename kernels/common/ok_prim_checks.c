/* The primitive result checks, one set for every model (ok_prim_sweep.h): each reads the host
 * copies of what the last test run left and says in d what it found. */
#include "ok_prim_sweep.h"
#include "ok_values.h"

#include <math.h>
#include <stdio.h>

double ok_prim_per_thread(const struct ok_prim_run *r, const struct ok_prim *pr) {
  return (double)r->n_iter * r->unroll * pr->per_step;
}

static long slot(const struct ok_prim_run *r, int t, int i) { return (long)t * r->threads + i; }
static double lane0(const struct ok_prim_run *r, int i) { return r->lane_acc ? (double)(i & 31) : 0; }

int ok_check_ran(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  (void)pr;
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      long g = slot(r, t, i);
      if (r->iters && r->iters[g] != r->n_iter) {
        snprintf(d, n, "thread %ld ran %ld of %ld iterations", g, r->iters[g], r->n_iter);
        return 0;
      }
      if (r->cycles && r->cycles[g] <= 0) {
        snprintf(d, n, "team %d thread %d did not run (cycles %lld)", t, i, r->cycles[g]);
        return 0;
      }
    }
  if (r->iters) snprintf(d, n, "team of %d threads, %ld iterations each", r->act_threads, r->n_iter);
  else snprintf(d, n, "%d x %d threads ran", r->act_teams, r->act_threads);
  return 1;
}

int ok_check_a0_count(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double want = ok_prim_per_thread(r, pr) * r->act_teams * r->act_threads, got = ok_value_at(r->A, pr->type, 0);
  snprintf(d, n, "shared counter %.17g, expected %.17g", got, want);
  return ok_counter_equal(got, want, pr->type);
}

int ok_check_strided(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double want = ok_prim_per_thread(r, pr);
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      double got = ok_value_at(r->A, pr->type, slot(r, t, i) * r->stride);
      if (!ok_counter_equal(got, want, pr->type)) {
        snprintf(d, n, "team %d thread %d's element %.17g, expected %.17g", t, i, got, want);
        return 0;
      }
    }
  snprintf(d, n, "every thread's element %.17g", want);
  return 1;
}

int ok_check_two_arrays(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double want = ok_prim_per_thread(r, pr);
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      long at = slot(r, t, i) * (r->stride > 0 ? r->stride : 1);
      double a = ok_value_at(r->A, pr->type, at), b = ok_value_at(r->B, pr->type, at);
      if (!ok_counter_equal(a, want, pr->type) || !ok_counter_equal(b, want, pr->type)) {
        snprintf(d, n, "team %d thread %d: a %.17g b %.17g, expected %.17g each", t, i, a, b, want);
        return 0;
      }
    }
  snprintf(d, n, "both arrays %.17g per thread", want);
  return 1;
}

int ok_check_reads(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double reads = ok_prim_per_thread(r, pr), each = pr->init_a + r->read_add;
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      double want = lane0(r, i) + reads * each, got = r->sink[slot(r, t, i)];
      if (!ok_counter_equal(got, want, pr->type)) {
        snprintf(d, n, "team %d thread %d summed %.17g over its reads, expected %.17g", t, i, got, want);
        return 0;
      }
    }
  snprintf(d, n, "every thread read %.17g %.17g times", pr->init_a, reads);
  return 1;
}

int ok_check_written(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  long slots = (long)r->teams * r->threads;
  int locs = r->locations > 0 ? r->locations : 1;
  for (int l = 0; l < locs; ++l) {
    double got = ok_value_at(r->A, pr->type, l * r->line);
    /* Written values are slots + 1; the arrays start at init_a (not a slot + 1). */
    if (got < 1 || got > slots || got != floor(got)) {
      snprintf(d, n, "location %d holds %.17g, not a value any thread wrote", l, got);
      return 0;
    }
  }
  snprintf(d, n, "%d location(s) hold values threads wrote", locs);
  return 1;
}

int ok_check_stores(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double want_n = ok_prim_per_thread(r, pr);
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      long g = slot(r, t, i);
      double want = lane0(r, i) + want_n, got = ok_value_at(r->A, pr->type, g);
      if (got != want || r->sink[g] != want) {
        snprintf(d, n, "thread %ld's element %.17g (count %.17g), expected %.17g", g, got, r->sink[g], want);
        return 0;
      }
    }
  snprintf(d, n, "every thread's element holds its last store (%.17g stores)", want_n);
  return 1;
}

int ok_check_warp_sim(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  int w = r->act_threads < 32 ? r->act_threads : 32;
  double want[32];
  /* The baseline and test bodies run from the same start, so only the test's count matters. */
  pr->sim(w, (long)ok_prim_per_thread(r, pr), want);
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i) {
      double got = r->sink[slot(r, t, i)];
      if (got != want[i & 31]) {
        snprintf(d, n, "team %d thread %d (lane %d) ended with %.17g, the host's warp simulation says %.17g", t, i,
                 i & 31, got, want[i & 31]);
        return 0;
      }
    }
  snprintf(d, n, "all lanes match the host's warp simulation");
  return 1;
}

int ok_check_team_sums(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  double want = ok_prim_per_thread(r, pr) * r->act_threads;
  for (int t = 0; t < r->act_teams; ++t) {
    double got = ok_value_at(r->A, pr->type, t);
    if (!ok_counter_equal(got, want, pr->type)) {
      snprintf(d, n, "team %d's sum %.17g, expected %.17g", t, got, want);
      return 0;
    }
  }
  snprintf(d, n, "every team's sum %.17g", want);
  return 1;
}

int ok_check_untouched(const struct ok_prim_run *r, const struct ok_prim *pr, char *d, size_t n) {
  long elems = (long)(r->bytes / pr->elem);
  for (long i = 0; i < elems; ++i)
    if (ok_value_at(r->A, pr->type, i) != 0) {
      snprintf(d, n, "element %ld is %.17g; a CAS that swaps 0 for 0 or never matches must leave 0", i,
               ok_value_at(r->A, pr->type, i));
      return 0;
    }
  for (int t = 0; t < r->act_teams; ++t)
    for (int i = 0; i < r->act_threads; ++i)
      if (r->sink[slot(r, t, i)] != lane0(r, i)) {
        snprintf(d, n, "team %d thread %d saw an old value other than 0", t, i);
        return 0;
      }
  snprintf(d, n, "array unchanged, every CAS returned 0");
  return 1;
}
