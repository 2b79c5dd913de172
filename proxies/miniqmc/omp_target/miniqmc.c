/* miniQMC-like proxy, OpenMP offload. Two target regions per run, both in the kernel time: the
 * B-spline VGL evaluation, then the per-position reduction (mq_ratio). The record describes the
 * VGL kernel (symbol hint).
 *   generic  the public offload branch's form: teams distribute collapse(2) over positions and
 *            orbital blocks with thread_limit; the team computes the cell and basis weights
 *            (locals), a nested parallel for over the block's orbitals reads them: the locals are
 *            globalized and openmp-opt puts them in shared memory (OMP111); the set-up's stores
 *            to them are side effects it will not guard (OMP121, on the inlined set-up code), so
 *            the kernel stays generic
 *            with a custom state machine (OMP131). Under -fopenmp-cuda-mode nothing is
 *            globalized and it is SPMDized (OMP120).
 *   spmd     teams distribute parallel for collapse(2) over positions and orbitals: every thread
 *            computes its own weights (no shared locals) */
#include "../miniqmc_data.h"

#include <omp.h>
#include <stdlib.h>

#pragma omp declare target
#include "../miniqmc_kernel.h"
#pragma omp end declare target


struct mq_seen {
  int on_device, teams, threads;
};

struct mq_run {
  long n;
  const double *coefs, *w;
  double *vgl, *sums;
  struct mq_seen *seen;
  double t0;
};

static int mq_enter(const struct ok_params *p, struct mq_run *r, struct ok_outcome *o) {
  r->n = ok_proxy_size(p, &mq_sizes);
  r->coefs = mq_coefs_get(&r->w);
  r->sums = calloc((size_t)r->n * MQ_COMP, sizeof *r->sums); /* 0: an unwritten sum fails */
  r->vgl = malloc(sizeof *r->vgl); /* device only: a host address for the mapping */
  r->seen = calloc(1, sizeof *r->seen);
  if (!r->coefs || !r->sums || !r->vgl || !r->seen) {
    free(r->sums), free(r->vgl), free(r->seen);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory");
    return -1;
  }
  const double *coefs = r->coefs, *w = r->w;
  double *sums = r->sums;
  struct mq_seen *seen = r->seen;
  const long nc = (long)MQ_G * MQ_G * MQ_G * MQ_SPLINES, ns = r->n * MQ_COMP;
  r->t0 = ok_proxy_now();
#pragma omp target enter data map(to : coefs[0:nc], w[0:MQ_SPLINES], seen[0:1]) map(to : sums[0:ns])
  /* The VGL rows live on the device only. */
  double *dv = omp_target_alloc((size_t)ns * MQ_SPLINES * sizeof *dv, omp_get_default_device());
  if (!dv) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: omp_target_alloc of %ld VGL rows failed", ns);
    return -1;
  }
  free(r->vgl);
  r->vgl = dv;
  return 0;
}

static void mq_exit(const struct ok_params *p, struct mq_run *r, double kernel_s, struct ok_outcome *o) {
  const double *coefs = r->coefs, *w = r->w;
  double *sums = r->sums;
  struct mq_seen *seen = r->seen;
  const long nc = (long)MQ_G * MQ_G * MQ_G * MQ_SPLINES, ns = r->n * MQ_COMP;
  omp_target_free(r->vgl, omp_get_default_device());
#pragma omp target exit data map(from : sums[0:ns], seen[0:1]) map(release : coefs[0:nc], w[0:MQ_SPLINES])
  o->e2e_seconds = ok_proxy_now() - r->t0;
  o->seconds = kernel_s;
  o->on_device = seen->on_device, o->teams = seen->teams, o->threads = seen->threads;
  if (p->inject_fault) sums[0] += 1.0;
  mq_verify(sums, r->n, o);
  free(sums), free(seen);
}

/* The second region: each VGL row reduced against the weights, one team per position, each
 * thread's partial sum added atomically. (A reduction clause on a local of the teams region does
 * not compile under -fopenmp-cuda-mode: "threadprivate or thread local variable cannot be
 * reduction", docs/proxies.md.) */
static void mq_ratio(long n, const double *vgl, const double *w, double *sums) {
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MODE[target-clang19-nospmd]: Generic
  // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
#pragma omp target teams distribute num_teams(n) thread_limit(MQ_BLOCK) is_device_ptr(vgl)
  for (long ip = 0; ip < n; ++ip)
    for (int k = 0; k < MQ_COMP; ++k) {
      sums[ip * MQ_COMP + k] = 0;
#pragma omp parallel
      {
        double part = 0;
#pragma omp for
        for (int s = 0; s < MQ_SPLINES; ++s) part += w[s] * vgl[(ip * MQ_COMP + k) * MQ_SPLINES + s];
#pragma omp atomic
        sums[ip * MQ_COMP + k] += part;
      }
    }
}

static void miniqmc_generic(const struct ok_params *p, struct ok_outcome *o) {
  struct mq_run r;
  if (mq_enter(p, &r, o)) return;
  const double *coefs = r.coefs, *w = r.w;
  double *vgl = r.vgl, *sums = r.sums;
  struct mq_seen *seen = r.seen;
  const long n = r.n;
  double k0 = ok_proxy_now();
  // EXPECT-MODE: Generic
  // EXPECT-MODE[target-clang19-cudamode]: Generic-SPMD
  // EXPECT-REMARK[target-clang19-cudamode]: OMP120
  // EXPECT-REMARK: OMP131
  // EXPECT-NO-REMARK[target-clang19-nosmrewrite]: OMP131
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP131
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP131
  // EXPECT-REMARK: OMP111
  // EXPECT-NO-REMARK[target-clang19-nodeglob]: OMP111
  // EXPECT-REMARK[target-clang19-nodeglob]: OMP112
  // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP111
#pragma omp target teams distribute collapse(2) num_teams(n * MQ_NBLOCKS) thread_limit(MQ_BLOCK) is_device_ptr(vgl)
  for (long ip = 0; ip < n; ++ip)
    for (int blk = 0; blk < MQ_NBLOCKS; ++blk) {
      double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4];
      int cell[3];
      mq_position(ip, x);
      mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
      double *out = vgl + ip * MQ_COMP * MQ_SPLINES;
#pragma omp parallel for
      for (int s = blk * MQ_BLOCK; s < (blk + 1) * MQ_BLOCK; ++s) {
        if (ip == 0 && s == 0) {
          seen->on_device = !omp_is_initial_device();
          seen->teams = omp_get_num_teams();
          seen->threads = omp_get_num_threads();
        }
        mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, out);
      }
    }
  mq_ratio(n, vgl, w, sums);
  o->symbol_hint = "miniqmc_generic";
  mq_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(miniqmc, generic, "generic", "host clock around both target regions (kernel); e2e adds the mapping",
            miniqmc_generic)

static void miniqmc_spmd(const struct ok_params *p, struct ok_outcome *o) {
  struct mq_run r;
  if (mq_enter(p, &r, o)) return;
  const double *coefs = r.coefs, *w = r.w;
  double *vgl = r.vgl, *sums = r.sums;
  struct mq_seen *seen = r.seen;
  const long n = r.n;
  double k0 = ok_proxy_now();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP111
#pragma omp target teams distribute parallel for collapse(2) thread_limit(MQ_BLOCK) is_device_ptr(vgl)
  for (long ip = 0; ip < n; ++ip)
    for (int s = 0; s < MQ_SPLINES; ++s) {
      if (ip == 0 && s == 0) {
        seen->on_device = !omp_is_initial_device();
        seen->teams = omp_get_num_teams();
        seen->threads = omp_get_num_threads();
      }
      double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4];
      int cell[3];
      mq_position(ip, x);
      mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
      mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, vgl + ip * MQ_COMP * MQ_SPLINES);
    }
  mq_ratio(n, vgl, w, sums);
  o->symbol_hint = "miniqmc_spmd";
  mq_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(miniqmc, spmd, "spmd", "host clock around both target regions (kernel); e2e adds the mapping",
            miniqmc_spmd)
