/* miniQMC-like proxy, OpenMP offload. Two target regions per step, every step's in the kernel
 * time: the B-spline VGL evaluation of the step's walkers into one device VGL buffer, then the
 * per-position reduction (mq_ratio). The record describes the VGL kernel (symbol hint).
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
#include "miniqmc_data.h"
#include "ok_proxy_omp.h"

#include <stdlib.h>

#pragma omp declare target
#include "miniqmc_kernel.h"
#pragma omp end declare target

struct mq_run {
  struct ok_proxy_omp m; /* coefficients and weights in, the sums out */
  long n, nw;            /* positions in all, walkers per step */
  const double *coefs, *w;
  double *vgl, *sums; /* vgl: one step's VGL rows, on the device only */
};

static int mq_enter(const struct ok_params *p, struct mq_run *r, struct ok_outcome *o) {
  r->n = ok_proxy_size(p, &mq_sizes), r->nw = mq_walkers(r->n);
  r->coefs = mq_coefs_get(&r->w);
  r->sums = calloc((size_t)r->n * MQ_COMP, sizeof *r->sums); /* 0: an unwritten sum fails */
  if (!r->coefs || !r->sums) {
    free(r->sums);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: out of host memory");
    return -1;
  }
  r->m = (struct ok_proxy_omp){{OK_PROXY_ARRAY(r->coefs, (long)MQ_G * MQ_G * MQ_G * MQ_SPLINES), OK_PROXY_ARRAY(r->w, MQ_SPLINES)},
                               OK_PROXY_ARRAY(r->sums, r->n * MQ_COMP), 2};
  ok_proxy_omp_enter(&r->m);
  r->vgl = omp_target_alloc((size_t)r->nw * MQ_COMP * MQ_SPLINES * sizeof *r->vgl, omp_get_default_device());
  if (!r->vgl) {
    ok_proxy_omp_exit(&r->m, 0, o);
    free(r->sums);
    o->error = 1;
    ok_proxy_verdict(o, 0, "miniqmc: omp_target_alloc of %ld VGL rows failed", r->nw * MQ_COMP);
    return -1;
  }
  return 0;
}

static void mq_exit(const struct ok_params *p, struct mq_run *r, double kernel_s, struct ok_outcome *o) {
  omp_target_free(r->vgl, omp_get_default_device());
  ok_proxy_omp_exit(&r->m, kernel_s, o);
  if (p->inject_fault) r->sums[0] += 1.0;
  mq_verify(r->sums, r->n, o);
  free(r->sums);
}

/* The second region: each VGL row of the step's len walkers (positions first..) reduced against
 * the weights, one team per walker, each thread's partial sum added atomically. (A reduction
 * clause on a local of the teams region does not compile under -fopenmp-cuda-mode: "threadprivate
 * or thread local variable cannot be reduction", docs/proxies.md.) */
static void mq_ratio(long first, long len, const double *vgl, const double *w, double *sums) {
  // EXPECT-MODE: Generic-SPMD
  // EXPECT-MODE[target-clang19-nospmd]: Generic
  // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
  // EXPECT-REMARK: OMP120
  // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
  // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
#pragma omp target teams distribute num_teams(len) thread_limit(MQ_BLOCK) is_device_ptr(vgl)
  for (long iw = 0; iw < len; ++iw)
    for (int k = 0; k < MQ_COMP; ++k) {
      double *sum = sums + (first + iw) * MQ_COMP + k;
      *sum = 0;
#pragma omp parallel
      {
        double part = 0;
#pragma omp for
        for (int s = 0; s < MQ_SPLINES; ++s) part += w[s] * vgl[(iw * MQ_COMP + k) * MQ_SPLINES + s];
#pragma omp atomic
        *sum += part;
      }
    }
}

static void miniqmc_generic(const struct ok_params *p, struct ok_outcome *o) {
  struct mq_run r;
  if (mq_enter(p, &r, o)) return;
  struct ok_proxy_seen *seen = &r.m.seen; /* a pointer: ok_proxy_omp.h */
  const double *coefs = r.coefs, *w = r.w;
  double *vgl = r.vgl, *sums = r.sums;
  const long n = r.n, nw = r.nw;
  double k0 = ok_proxy_now();
  for (long first = 0; first < n; first += nw) { /* the steps */
    const long len = n - first < nw ? n - first : nw;
    // EXPECT-MODE: Generic
    // EXPECT-MODE[target-clang19-cudamode]: Generic-SPMD
    // EXPECT-REMARK[target-clang19-cudamode]: OMP120
    // AMD GPUs: openmp-opt SPMDizes this region at the device link, where mq_basis's stores are
    // already inlined into the kernel; NVPTX's one pipeline meets them in the callee (OMP121 there):
    // docs/amdgpu.md, a finding candidate.
    // EXPECT-MODE[amdgpu]: Generic-SPMD
    // EXPECT-REMARK[amdgpu]: OMP120
    // EXPECT-NO-REMARK[amdgpu]: OMP131
    // EXPECT-REMARK: OMP131
    // EXPECT-NO-REMARK[target-clang19-nosmrewrite]: OMP131
    // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP131
    // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP131
    // EXPECT-REMARK: OMP111
    // EXPECT-NO-REMARK[target-clang19-nodeglob]: OMP111
    // EXPECT-REMARK[target-clang19-nodeglob]: OMP112
    // EXPECT-NO-REMARK[target-clang19-cudamode]: OMP111
    // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP111
#pragma omp target teams distribute collapse(2) num_teams(len * MQ_NBLOCKS) thread_limit(MQ_BLOCK) is_device_ptr(vgl) \
    map(tofrom : seen[0:1])
    for (long iw = 0; iw < len; ++iw)
      for (int blk = 0; blk < MQ_NBLOCKS; ++blk) {
        double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4];
        int cell[3];
        mq_position(first + iw, x);
        mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
        double *out = vgl + iw * MQ_COMP * MQ_SPLINES;
#pragma omp parallel for
        for (int s = blk * MQ_BLOCK; s < (blk + 1) * MQ_BLOCK; ++s) {
          if (first + iw == 0 && s == 0) OK_PROXY_SEEN(*seen);
          mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, out);
        }
      }
    mq_ratio(first, len, vgl, w, sums);
  }
  o->symbol_hint = "miniqmc_generic";
  mq_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(miniqmc, generic, "generic", "host clock around every step's two target regions (kernel); e2e adds the mapping",
            miniqmc_generic)

static void miniqmc_spmd(const struct ok_params *p, struct ok_outcome *o) {
  struct mq_run r;
  if (mq_enter(p, &r, o)) return;
  struct ok_proxy_seen *seen = &r.m.seen; /* a pointer: ok_proxy_omp.h */
  const double *coefs = r.coefs, *w = r.w;
  double *vgl = r.vgl, *sums = r.sums;
  const long n = r.n, nw = r.nw;
  double k0 = ok_proxy_now();
  for (long first = 0; first < n; first += nw) { /* the steps */
    const long len = n - first < nw ? n - first : nw;
    // EXPECT-MODE: SPMD
    // EXPECT-NO-REMARK: OMP111
#pragma omp target teams distribute parallel for collapse(2) thread_limit(MQ_BLOCK) is_device_ptr(vgl) \
    map(tofrom : seen[0:1])
    for (long iw = 0; iw < len; ++iw)
      for (int s = 0; s < MQ_SPLINES; ++s) {
        if (first + iw == 0 && s == 0) OK_PROXY_SEEN(*seen);
        double x[3], a[4], b[4], c[4], da[4], db[4], dc[4], d2a[4], d2b[4], d2c[4];
        int cell[3];
        mq_position(first + iw, x);
        mq_weights(x, cell, a, b, c, da, db, dc, d2a, d2b, d2c);
        mq_vgl(s, cell, a, b, c, da, db, dc, d2a, d2b, d2c, coefs, vgl + iw * MQ_COMP * MQ_SPLINES);
      }
    mq_ratio(first, len, vgl, w, sums);
  }
  o->symbol_hint = "miniqmc_spmd";
  mq_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(miniqmc, spmd, "spmd", "host clock around every step's two target regions (kernel); e2e adds the mapping",
            miniqmc_spmd)
