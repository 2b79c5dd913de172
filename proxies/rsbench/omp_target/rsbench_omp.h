/* RSBench-like proxy, OpenMP offload (compute-bound: the Faddeeva evaluations): what the two
 * form files share. Each form is its own translation unit (rsbench_spmd.c, rsbench_generic.c),
 * as the public app builds its one kernel alone: beside a generic kernel, openmp-opt leaves the
 * SPMD kernel's device-runtime mode queries unfolded (docs/proxies.md, "SU3 v1").
 * The local arrays (macro[], xs[], the sigT factors) have their address taken: globalized by
 * clang, moved back to the stack by openmp-opt (OMP110). */
#ifndef RSBENCH_OMP_H
#define RSBENCH_OMP_H
#include "rsbench_data.h"
#include "ok_proxy_omp.h"

#pragma omp declare target
#include "rsbench_kernel.h"
#pragma omp end declare target

/* The run's mapping: the data in, the zeroed results out. */
static inline struct ok_proxy_omp rs_run(const struct rs_data *d, unsigned char *out, long n) {
  const long nm = OK_PROXY_MATS * d->max_nucs;
  return (struct ok_proxy_omp){{OK_PROXY_ARRAY(d->poles, d->n_nuclides * RS_POLES),
                                OK_PROXY_ARRAY(d->windows, d->n_nuclides * RS_WINDOWS), OK_PROXY_ARRAY(d->k0, d->n_nuclides * RS_L),
                                OK_PROXY_ARRAY(d->mats, nm), OK_PROXY_ARRAY(d->concs, nm),
                                OK_PROXY_ARRAY(d->num_nucs, OK_PROXY_MATS), OK_PROXY_ARRAY(d->dist, OK_PROXY_MATS)},
                               OK_PROXY_ARRAY(out, n), 7};
}
#endif
