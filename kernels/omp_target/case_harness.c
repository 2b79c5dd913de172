/* Shared plumbing of the omp_target case kernels (see case_harness.h). */
#include "case_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *ok_case_alloc(long count, size_t elem, struct ok_outcome *o) {
  size_t bytes = (size_t)count * elem;
  char *h = malloc(bytes);
  if (!h) {
    o->error = 1;
    snprintf(o->detail, sizeof o->detail, "malloc(%zu) failed", bytes);
    return NULL;
  }
  memset(h, 0, bytes);
#pragma omp target enter data map(alloc : h[0:bytes])
  return h;
}

static void done(void *buf, size_t bytes, const struct ok_case_seen *seen, double seconds, struct ok_outcome *o) {
  char *h = buf;
#pragma omp target exit data map(from : h[0:bytes])
  o->seconds = seconds;
  o->on_device = seen->on_device;
  o->teams = seen->teams;
  o->threads = seen->threads;
}

static void launched(const struct ok_case_seen *seen, struct ok_outcome *o) {
  size_t l = strlen(o->detail);
  snprintf(o->detail + l, sizeof o->detail - l, "; ran %d teams x %d threads", seen->teams, seen->threads);
}

void ok_case_values_done(unsigned *out, long n, const struct ok_case_seen *seen, double seconds,
                         struct ok_outcome *o) {
  done(out, (size_t)n * sizeof *out, seen, seconds, o);
  ok_case_check_values(out, n, o);
  launched(seen, o);
  free(out);
}

void ok_case_keyed_done(unsigned *out, long n, long chunk, const struct ok_case_seen *seen, double seconds,
                        struct ok_outcome *o) {
  done(out, (size_t)n * sizeof *out, seen, seconds, o);
  ok_case_check_keyed(out, n, chunk, o);
  launched(seen, o);
  free(out);
}

void ok_case_sums_done(unsigned long long *sums, long chunks, long per_chunk, long slots,
                       const struct ok_case_seen *seen, double seconds, struct ok_outcome *o) {
  done(sums, (size_t)chunks * sizeof *sums, seen, seconds, o);
  ok_case_check_sums(sums, chunks, per_chunk, slots, o);
  launched(seen, o);
  free(sums);
}

void ok_case_free(void *buf, size_t bytes) {
  char *h = buf;
#pragma omp target exit data map(delete : h[0:bytes])
  free(h);
}
