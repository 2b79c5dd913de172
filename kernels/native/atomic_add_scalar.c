/* atomic_add_scalar, host OpenMP: every thread atomically adds 1 to one shared counter. */
#include "ok_bench.h"

#include <omp.h>
#include <stdio.h>

static void atomic_add_scalar(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long counter = 0;
  int nthreads = 0;
  const long iters = p->iters;
  double t0 = omp_get_wtime();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single nowait
    nthreads = omp_get_num_threads();
    for (long i = 0; i < iters; ++i) {
#pragma omp atomic update
      counter += 1;
    }
    if (p->inject_fault && omp_get_thread_num() == 0) {
#pragma omp atomic update
      counter += 1;
    }
  }
  o->seconds = omp_get_wtime() - t0;
  o->threads = nthreads;
  o->teams = 1;
  unsigned long long expect = (unsigned long long)nthreads * (unsigned long long)iters;
  o->verified = counter == expect;
  snprintf(o->detail, sizeof o->detail, "counter %llu, expected %llu (%d threads x %ld)", counter, expect, nthreads,
           iters);
}
OK_REGISTER(atomic_add_scalar, host, "host", "omp_get_wtime around the parallel region", atomic_add_scalar)
