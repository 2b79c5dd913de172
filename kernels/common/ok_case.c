/* Host reference and checks for the case kernels (see ok_case.h). */
#include "ok_case.h"

#include "ok_bench.h"

#include <stdio.h>
#include <stdlib.h>

long ok_case_elements(const struct ok_params *p) {
  long t = p->teams > 0 ? p->teams : 1, h = p->threads > 0 ? p->threads : 1, i = p->iters > 0 ? p->iters : 1;
  return t * h * i;
}

/* The reference values, computed once per process: every timed run of a variant checks the
 * same n elements, and computing them costs more on the host than the kernel on the GPU. */
static const unsigned *reference(long n) {
  static unsigned *ref;
  static long have;
  if (have >= n) return ref;
  unsigned *r = realloc(ref, (size_t)n * sizeof *r);
  if (!r) return NULL;
  for (long i = 0; i < n; ++i) r[i] = ok_case_value((unsigned long long)i);
  ref = r, have = n;
  return ref;
}

static void check(const unsigned *out, long n, long chunk, struct ok_outcome *o) {
  const unsigned *ref = reference(n);
  o->verified = 0;
  if (!ref) {
    o->error = 1;
    snprintf(o->detail, sizeof o->detail, "no memory for the host reference of %ld elements", n);
    return;
  }
  unsigned key = 0;
  for (long i = 0; i < n; ++i) {
    if (chunk > 0 && i % chunk == 0) key = ok_case_key((unsigned long long)(i / chunk));
    if (out[i] != (ref[i] ^ key)) {
      snprintf(o->detail, sizeof o->detail, "element %ld is %u, expected %u (%ld elements)", i, out[i], ref[i] ^ key,
               n);
      return;
    }
  }
  o->verified = 1;
  snprintf(o->detail, sizeof o->detail, "%ld elements match the host reference", n);
}

void ok_case_check_values(const unsigned *out, long n, struct ok_outcome *o) { check(out, n, 0, o); }
void ok_case_check_keyed(const unsigned *out, long n, long chunk, struct ok_outcome *o) { check(out, n, chunk, o); }

void ok_case_check_sums(const unsigned long long *sums, long chunks, long per_chunk, long slots,
                        struct ok_outcome *o) {
  const unsigned *ref = reference(chunks * per_chunk);
  o->verified = 0;
  if (!ref) {
    o->error = 1;
    snprintf(o->detail, sizeof o->detail, "no memory for the host reference of %ld elements", chunks * per_chunk);
    return;
  }
  for (long c = 0; c < chunks; ++c) {
    unsigned long long s = 0;
    for (long k = 0; k < per_chunk; ++k)
      s += (unsigned long long)ref[c * per_chunk + k] * (unsigned long long)(k % slots + 1);
    if (sums[c] != s) {
      snprintf(o->detail, sizeof o->detail,
               "sum of chunk %ld is %llu, expected %llu (%ld chunks x %ld elements, %ld slots)", c, sums[c], s, chunks,
               per_chunk, slots);
      return;
    }
  }
  o->verified = 1;
  snprintf(o->detail, sizeof o->detail, "%ld chunk sums (%ld elements each, %ld slots) match the host reference",
           chunks, per_chunk, slots);
}
