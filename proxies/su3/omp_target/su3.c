/* SU3-like proxy, OpenMP offload, in the five styles of the public su3_bench's OpenMP versions.
 * Each timed run launches the kernel SU3_REPS times; the links stay mapped for the run (end to end
 * adds the mapping and the copy-back). Work items: sites x 36 output elements.
 *   v0_generic   teams distribute over sites + nested parallel for collapse(3) over the elements
 *   v1_manual    teams + parallel, each thread computes its own work items from team/thread ids
 *   v2_spmd      teams distribute parallel for, one work item per element
 *   v3_collapse  teams distribute parallel for collapse(4), explicit num_teams/thread_limit
 *   v4_loop      teams loop collapse(4) */
#include "../su3_data.h"
#include "ok_proxy_omp.h"

#include <stdlib.h>
#include <string.h>

#pragma omp declare target
#include "../su3_kernel.h"
#pragma omp end declare target

#define SU3_THREADS 128           /* threads per team where the style sets them */

struct su3_run {
  struct ok_proxy_omp m; /* the links in, the products out */
  long sites;
  int reps; /* launches (su3_reps) */
  const struct su3_matrix *a, *b;
  struct su3_matrix *c;
};

static int su3_enter(const struct ok_params *p, struct su3_run *r, struct ok_outcome *o) {
  r->sites = ok_proxy_size(p, &su3_sizes);
  r->reps = su3_reps(r->sites);
  r->a = su3_data_get(r->sites, &r->b);
  const long n = r->sites * SU3_LINKS;
  r->c = malloc((size_t)n * sizeof *r->c);
  if (!r->a || !r->c) {
    free(r->c);
    o->error = 1;
    ok_proxy_verdict(o, 0, "su3: out of host memory");
    return -1;
  }
  memset(r->c, 0xff, (size_t)n * sizeof *r->c); /* NaN: an unwritten value fails */
  r->m = (struct ok_proxy_omp){{OK_PROXY_ARRAY(r->a, n), OK_PROXY_ARRAY(r->b, SU3_LINKS)}, OK_PROXY_ARRAY(r->c, n), 2};
  ok_proxy_omp_enter(&r->m);
  return 0;
}

static void su3_exit(const struct ok_params *p, struct su3_run *r, double kernel_s, struct ok_outcome *o) {
  ok_proxy_omp_exit(&r->m, kernel_s, o);
  o->ops = (double)r->sites * SU3_LINKS * r->reps;
  if (p->inject_fault) r->c[0].e[0][0].re += 1.0f;
  su3_verify(r->c, r->sites, o);
  free(r->c);
}

/* Records what ran, from work item 0: seen (&r.m.seen, a pointer: ok_proxy_omp.h) stays on the
 * device for the run, no copy per launch. */
#define SU3_SEEN(id)                                                                               \
  if ((id) == 0) OK_PROXY_SEEN(*seen);

static void su3_v0_generic(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_matrix *a = r.a, *b = r.b;
  struct su3_matrix *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const long sites = r.sites;
  double k0 = ok_proxy_now();
  for (int rep = 0; rep < r.reps; ++rep) {
    // EXPECT-MODE: Generic-SPMD
    // EXPECT-MODE[target-clang19-nospmd]: Generic
    // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
    // EXPECT-REMARK: OMP120
    // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
    // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
    // EXPECT-REMARK[target-clang19-nospmd]: OMP131
#pragma omp target teams distribute thread_limit(SU3_ELEMS)
    for (long s = 0; s < sites; ++s) {
#pragma omp parallel for collapse(3)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(s + j + k + l)
            su3_elem_at(s, j, k, l, a, b, c);
          }
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v0_generic, "generic", "host clock around SU3_REPS target regions (kernel); e2e adds the mapping",
            su3_v0_generic)

static void su3_v1_manual(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_matrix *a = r.a, *b = r.b;
  struct su3_matrix *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const long total = r.sites * SU3_ELEMS;
  const int nt = (int)((total + SU3_THREADS - 1) / SU3_THREADS);
  double k0 = ok_proxy_now();
  for (int rep = 0; rep < r.reps; ++rep) {
    // EXPECT-MODE: SPMD
#pragma omp target teams num_teams(nt) thread_limit(SU3_THREADS)
    {
#pragma omp parallel
      {
        const long nthr = omp_get_num_threads(), stride = nthr * omp_get_num_teams();
        for (long id = omp_get_team_num() * nthr + omp_get_thread_num(); id < total; id += stride) {
          SU3_SEEN(id)
          su3_elem(id, a, b, c);
        }
      }
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v1_manual, "spmd", "host clock around SU3_REPS target regions (kernel); e2e adds the mapping",
            su3_v1_manual)

static void su3_v2_spmd(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_matrix *a = r.a, *b = r.b;
  struct su3_matrix *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const long total = r.sites * SU3_ELEMS;
  double k0 = ok_proxy_now();
  for (int rep = 0; rep < r.reps; ++rep) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for thread_limit(SU3_THREADS)
    for (long id = 0; id < total; ++id) {
      SU3_SEEN(id)
      su3_elem(id, a, b, c);
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v2_spmd, "spmd", "host clock around SU3_REPS target regions (kernel); e2e adds the mapping",
            su3_v2_spmd)

static void su3_v3_collapse(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_matrix *a = r.a, *b = r.b;
  struct su3_matrix *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const long sites = r.sites;
  const int nt = (int)((sites * SU3_ELEMS + SU3_THREADS - 1) / SU3_THREADS);
  double k0 = ok_proxy_now();
  for (int rep = 0; rep < r.reps; ++rep) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for collapse(4) num_teams(nt) thread_limit(SU3_THREADS)
    for (long s = 0; s < sites; ++s)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(s + j + k + l)
            su3_elem_at(s, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v3_collapse, "spmd", "host clock around SU3_REPS target regions (kernel); e2e adds the mapping",
            su3_v3_collapse)

static void su3_v4_loop(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_matrix *a = r.a, *b = r.b;
  struct su3_matrix *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const long sites = r.sites;
  /* What ran, from a region of its own before the timed ones (the driver reads the last launch
   * line as the measured kernel): an API call in the loop body would itself make clang lower the
   * loop to a generic teams distribute. */
#pragma omp target
  {
    seen->on_device = !omp_is_initial_device();
    seen->teams = seen->threads = 0;
  }
  double k0 = ok_proxy_now();
  for (int rep = 0; rep < r.reps; ++rep) {
    // EXPECT-MODE: SPMD
#pragma omp target teams loop collapse(4)
    for (long s = 0; s < sites; ++s)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_ELEM_AT(s, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
// EXPECT-FAIL[clang-16]: wrong result (docs/findings/clang16-teams-loop-collapse-writes-nothing.md)
OK_REGISTER(su3, v4_loop, "spmd", "host clock around SU3_REPS target regions (kernel); e2e adds the mapping", su3_v4_loop)
