/* Shared plumbing of the omp_target case kernels (cases/): the output stays mapped on the device
 * for the whole variant, so the timed target region holds the kernel and a few scalars only. */
#ifndef OK_CASE_HARNESS_H
#define OK_CASE_HARNESS_H
#include "ok_bench.h"
#include "ok_portable.h"
#include "ok_case.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" { /* C++ cases (issue 21) call the C plumbing */
#endif

/* What the kernel saw, written inside the target region (map(tofrom: seen)). */
struct ok_case_seen {
  int on_device; /* !omp_is_initial_device() */
  int teams, threads;
};

/* Host buffer of count elements of elem bytes, also allocated on the default device
 * (target enter data). NULL on failure, with o->error set. */
void *ok_case_alloc(long count, size_t elem, struct ok_outcome *o);
/* Copies the n values back, unmaps and frees them, checks them against the host reference and
 * fills o from seen and the timed seconds. */
void ok_case_values_done(unsigned *out, long n, const struct ok_case_seen *seen, double seconds,
                         struct ok_outcome *o);
/* The same for keyed values (see ok_case_check_keyed). */
void ok_case_keyed_done(unsigned *out, long n, long chunk, const struct ok_case_seen *seen, double seconds,
                        struct ok_outcome *o);
/* The same for per-chunk weighted sums (see ok_case_check_sums). */
void ok_case_sums_done(unsigned long long *sums, long chunks, long per_chunk, long slots,
                       const struct ok_case_seen *seen, double seconds, struct ok_outcome *o);
/* Unmaps and frees a buffer the kernel used as scratch (nothing copied back). */
void ok_case_free(void *buf, size_t bytes);
#ifdef __cplusplus
}
#endif
#endif
