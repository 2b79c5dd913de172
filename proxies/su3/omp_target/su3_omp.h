/* SU3-like proxy, OpenMP offload: what the five form files (su3_v<N>_*.c) share. Each form is its
 * own translation unit, as su3_bench builds each version as its own program: openmp-opt folds
 * the device runtime's mode queries of a kernel only when no generic kernel of the same module
 * reaches the same runtime functions, and with v0 or v4 beside it v1 kept the runtime's generic
 * paths (named barriers, 4 resident teams per SM instead of 7; docs/proxies.md, "SU3 v1").
 *
 * Each form file holds its form once and includes itself to build it for both precisions:
 * SU3_R is f in the inner pass (float types, function names ending _f), d in the outer one, which
 * then registers one variant that runs the precision the run asks for (su3_setting). */
#ifndef SU3_OMP_H
#define SU3_OMP_H
#include "su3_data.h"
#include "ok_proxy_omp.h"

#include <stdlib.h>
#include <string.h>

#pragma omp declare target
#include "su3_kernel.h"
#pragma omp end declare target

#define SU3_TEAMS 1600  /* su3_bench's NUM_TEAMS (v3's num_teams) */
#define SU3_THREADS 128 /* su3_bench's threads per team (-t default, v3's thread_limit) */

#define SU3_CAT_(x, r) x##_##r
#define SU3_CAT(x, r) SU3_CAT_(x, r)
#define SU3_T(x) SU3_CAT(x, SU3_R) /* x_f or x_d: a type or function of this pass's precision */

struct su3_run {
  struct ok_proxy_omp m; /* the sites in, the products out */
  struct su3_setting st;
  const void *a, *b; /* struct su3_site_<R> *, struct su3_matrix_<R> * */
  void *c;
};

static inline int su3_enter(const struct ok_params *p, struct su3_run *r, struct ok_outcome *o) {
  r->st = su3_setting(p, o);
  if (r->st.sites <= 0) return -1; /* a bad --type: the outcome says so */
  r->a = su3_data_get(&r->st, &r->b);
  const size_t bytes = (size_t)r->st.sites * su3_site_bytes(&r->st);
  r->c = malloc(bytes);
  if (!r->a || !r->c) {
    free(r->c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return -1;
  }
  memset(r->c, 0xff, bytes); /* NaN: an unwritten value fails */
  const size_t b_bytes = SU3_LINKS * (r->st.single ? sizeof(struct su3_matrix_f) : sizeof(struct su3_matrix_d));
  r->m = (struct ok_proxy_omp){{{r->a, bytes}, {r->b, b_bytes}}, {r->c, bytes}, 2};
  ok_proxy_omp_enter(&r->m);
  return 0;
}

static inline void su3_exit(const struct ok_params *p, struct su3_run *r, double kernel_s, struct ok_outcome *o) {
  ok_proxy_omp_exit(&r->m, kernel_s, o);
  o->ops = (double)r->st.sites * SU3_LINKS * r->st.iters;
  if (p->inject_fault) { /* component 0 of site 0, in either precision */
    if (r->st.single) ((struct su3_site_f *)r->c)[0].link[0].e[0][0].re += 1;
    else ((struct su3_site_d *)r->c)[0].link[0].e[0][0].re += 1;
  }
  su3_verify(r->c, &r->st, o);
  free(r->c);
}

/* Records what ran, from work item 0: seen (&r.m.seen, a pointer: ok_proxy_omp.h) stays on the
 * device for the run, no copy per launch. */
#define SU3_SEEN(id)                                                                               \
  if ((id) == 0) OK_PROXY_SEEN(*seen);

/* The variant of a form: the function of the run's precision (a bad --type reaches the double
 * one, whose su3_enter reports it); the measured kernel is the one in that function (the hint). */
#define SU3_DISPATCH(form)                                                                         \
  static void su3_##form(const struct ok_params *p, struct ok_outcome *o) {                       \
    struct ok_outcome probe = *o;                                                                  \
    if (su3_single(p, &probe) == 1) su3_##form##_f(p, o), o->symbol_hint = "su3_" #form "_f";    \
    else su3_##form##_d(p, o), o->symbol_hint = "su3_" #form "_d";                               \
  }
#define SU3_TIMER "host clock around the iterations' target regions (kernel); e2e adds the mapping"
#endif
