/* SU3-like proxy, OpenMP offload, in the five forms of su3_bench's OpenMP versions, written as
 * su3_bench writes them (its mat_nn_openmp.hpp: int indices, the product accumulated in a local
 * and stored whole, no clauses where it gives none). Each timed run launches the kernel `iters`
 * times; the sites stay mapped for the run (end to end adds the mapping and the copy-back).
 *   v0_generic   teams distribute over sites + nested parallel for collapse(3) over the 36 elements
 *   v1_manual    teams + parallel; each team takes a block of sites, omp for collapse(3) per site
 *   v2_spmd      teams distribute parallel for over sites x 36 work items
 *   v3_collapse  teams distribute parallel for collapse(4), num_teams(1600) thread_limit(128)
 *   v4_loop      teams loop collapse(4) */
#include "../su3_data.h"
#include "ok_proxy_omp.h"

#include <stdlib.h>
#include <string.h>

#pragma omp declare target
#include "../su3_kernel.h"
#pragma omp end declare target

#define SU3_TEAMS 1600  /* su3_bench's NUM_TEAMS (v3's num_teams) */
#define SU3_THREADS 128 /* su3_bench's threads per team (-t default, v3's thread_limit) */

struct su3_run {
  struct ok_proxy_omp m; /* the sites in, the products out */
  struct su3_setting st;
  const struct su3_site *a;
  const struct su3_matrix *b;
  struct su3_site *c;
};

static int su3_enter(const struct ok_params *p, struct su3_run *r, struct ok_outcome *o) {
  r->st = su3_setting(p, o);
  r->a = su3_data_get(r->st.sites, &r->b);
  const long n = r->st.sites;
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
  o->ops = (double)r->st.sites * SU3_LINKS * r->st.iters;
  if (p->inject_fault) r->c[0].link[0].e[0][0].re += 1;
  su3_verify(r->c, r->st.sites, o);
  free(r->c);
}

/* Records what ran, from work item 0: seen (&r.m.seen, a pointer: ok_proxy_omp.h) stays on the
 * device for the run, no copy per launch. */
#define SU3_SEEN(id)                                                                               \
  if ((id) == 0) OK_PROXY_SEEN(*seen);

static void su3_v0_generic(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_site *a = r.a;
  const struct su3_matrix *b = r.b;
  struct su3_site *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const int total_sites = (int)r.st.sites;
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: Generic-SPMD
    // EXPECT-MODE[target-clang19-nospmd]: Generic
    // EXPECT-MODE[target-clang19-noopenmpopt]: Generic
    // EXPECT-REMARK: OMP120
    // EXPECT-NO-REMARK[target-clang19-nospmd]: OMP120
    // EXPECT-NO-REMARK[target-clang19-noopenmpopt]: OMP120
    // EXPECT-REMARK[target-clang19-nospmd]: OMP131
#pragma omp target teams distribute
    for (int i = 0; i < total_sites; ++i) {
#pragma omp parallel for collapse(3)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(i + j + k + l)
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v0_generic, "generic", "host clock around the iterations' target regions (kernel); e2e adds the mapping",
            su3_v0_generic)

static void su3_v1_manual(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_site *a = r.a;
  const struct su3_matrix *b = r.b;
  struct su3_site *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const int total_sites = (int)r.st.sites;
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams
    {
#pragma omp parallel
      {
        const int total_teams = omp_get_num_teams(), team_id = omp_get_team_num();
        const int sites_per_team = (total_sites + total_teams - 1) / total_teams;
        int istart = team_id * sites_per_team;
        if (istart > total_sites) istart = total_sites;
        int iend = istart + sites_per_team;
        if (iend > total_sites) iend = total_sites;
        for (int i = istart; i < iend; ++i) {
#pragma omp for collapse(3)
          for (int j = 0; j < SU3_LINKS; ++j)
            for (int k = 0; k < 3; ++k)
              for (int l = 0; l < 3; ++l) {
                SU3_SEEN(i + j + k + l)
                SU3_ELEM_AT(i, j, k, l, a, b, c);
              }
        }
      }
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v1_manual, "spmd", "host clock around the iterations' target regions (kernel); e2e adds the mapping",
            su3_v1_manual)

static void su3_v2_spmd(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_site *a = r.a;
  const struct su3_matrix *b = r.b;
  struct su3_site *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const int num_work_items = (int)r.st.sites * SU3_ELEMS;
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for
    for (int id = 0; id < num_work_items; ++id) {
      SU3_SEEN(id)
      SU3_ITEM(id, a, b, c);
    }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v2_spmd, "spmd", "host clock around the iterations' target regions (kernel); e2e adds the mapping",
            su3_v2_spmd)

static void su3_v3_collapse(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_site *a = r.a;
  const struct su3_matrix *b = r.b;
  struct su3_site *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const int total_sites = (int)r.st.sites;
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for collapse(4) num_teams(SU3_TEAMS) thread_limit(SU3_THREADS)
    for (int i = 0; i < total_sites; ++i)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_SEEN(i + j + k + l)
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
OK_REGISTER(su3, v3_collapse, "spmd", "host clock around the iterations' target regions (kernel); e2e adds the mapping",
            su3_v3_collapse)

static void su3_v4_loop(const struct ok_params *p, struct ok_outcome *o) {
  struct su3_run r;
  if (su3_enter(p, &r, o)) return;
  const struct su3_site *a = r.a;
  const struct su3_matrix *b = r.b;
  struct su3_site *c = r.c;
  struct ok_proxy_seen *seen = &r.m.seen;
  const int total_sites = (int)r.st.sites;
  /* What ran, from a region of its own before the timed ones (the driver reads the last launch
   * line as the measured kernel): an API call in the loop body would itself make clang lower the
   * loop to a generic teams distribute. */
#pragma omp target
  {
    seen->on_device = !omp_is_initial_device();
    seen->teams = seen->threads = 0;
  }
  double k0 = ok_proxy_now();
  for (int it = 0; it < r.st.iters; ++it) {
    // EXPECT-MODE: SPMD
#pragma omp target teams loop collapse(4)
    for (int i = 0; i < total_sites; ++i)
      for (int j = 0; j < SU3_LINKS; ++j)
        for (int k = 0; k < 3; ++k)
          for (int l = 0; l < 3; ++l) {
            SU3_ELEM_AT(i, j, k, l, a, b, c);
          }
  }
  su3_exit(p, &r, ok_proxy_now() - k0, o);
}
// EXPECT-FAIL[clang-16]: wrong result (docs/findings/clang16-teams-loop-collapse-writes-nothing.md)
OK_REGISTER(su3, v4_loop, "spmd", "host clock around the iterations' target regions (kernel); e2e adds the mapping", su3_v4_loop)
