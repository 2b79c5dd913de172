/* miniQMC-like proxy, host OpenMP: per step, a parallel for over the batch's walkers, each thread
 * evaluating every orbital of its walker's position and reducing the VGL rows. */
#include "miniqmc_data.h"
#include "miniqmc_kernel.h"

#include <omp.h>
#include <stdlib.h>


static void miniqmc_host(const struct ok_params *p, struct ok_outcome *o) {
  const long n = ok_proxy_size(p, &mq_sizes), nw = mq_walkers(n);
  const double *w, *coefs = mq_coefs_get(&w);
  double *sums = calloc((size_t)n * MQ_COMP, sizeof *sums); /* 0: an unwritten sum fails */
  if (!coefs || !sums) {
    free(sums);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory");
    return;
  }
  int threads = 0;
  double t0 = ok_proxy_now();
#pragma omp parallel num_threads(p->threads)
  {
#pragma omp single
    threads = omp_get_num_threads();
    double vgl[MQ_COMP * MQ_SPLINES];
    for (long first = 0; first < n; first += nw) { /* the steps, one after the other */
      const long last = n - first < nw ? n : first + nw;
#pragma omp for schedule(static)
      for (long ip = first; ip < last; ++ip) {
        double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4];
        int cell[3];
        mq_position(ip, x);
        mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
        for (int s = 0; s < MQ_SPLINES; ++s) mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, vgl);
        for (int k = 0; k < MQ_COMP; ++k) {
          double sum = 0;
          for (int s = 0; s < MQ_SPLINES; ++s) sum += w[s] * vgl[k * MQ_SPLINES + s];
          sums[ip * MQ_COMP + k] = sum;
        }
      }
    }
  }
  o->seconds = ok_proxy_this_run()->e2e_seconds = ok_proxy_now() - t0;
  if (p->inject_fault) sums[0] += 1.0;
  o->threads = threads, o->teams = 1;
  mq_verify(sums, n, o);
  free(sums);
}
OK_REGISTER(miniqmc, host, "host", "host clock around the parallel evaluation", miniqmc_host)
