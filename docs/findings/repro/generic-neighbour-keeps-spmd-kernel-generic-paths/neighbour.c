/* su3_bench's v1 form (target teams + parallel, a manual site split, omp for collapse(3) per site)
 * alone, and with one trivial generic target region beside it in the same file (-DWITH_GENERIC).
 * docs/findings/generic-neighbour-keeps-spmd-kernel-generic-paths.md */
#include <omp.h>
#include <stdlib.h>
struct cplx { double re, im; };
struct mat { struct cplx e[3][3]; };
struct site { struct mat link[4]; int x, y, z, t, index; char parity; int pad[10]; } __attribute__((aligned(16)));
int main(void) {
  int total_sites = 1 << 20, *seen = calloc(3, sizeof(int));
  struct site *a = calloc(total_sites, sizeof *a), *c = calloc(total_sites, sizeof *c);
  struct mat *b = calloc(4, sizeof *b);
#pragma omp target enter data map(to : a[0:total_sites], b[0:4], seen[0:3]) map(alloc : c[0:total_sites])
#pragma omp target teams
  {
#pragma omp parallel
    {
      int total_teams = omp_get_num_teams(), team_id = omp_get_team_num();
      int sites_per_team = (total_sites + total_teams - 1) / total_teams;
      int istart = team_id * sites_per_team;
      if (istart > total_sites) istart = total_sites;
      int iend = istart + sites_per_team;
      if (iend > total_sites) iend = total_sites;
      for (int i = istart; i < iend; ++i) {
#pragma omp for collapse(3)
        for (int j = 0; j < 4; ++j)
          for (int k = 0; k < 3; ++k)
            for (int l = 0; l < 3; ++l) {
              struct cplx cc = {0, 0};
              for (int m = 0; m < 3; ++m) {
                struct cplx x = a[i].link[j].e[k][m], y = b[j].e[m][l];
                cc.re += x.re * y.re - x.im * y.im;
                cc.im += x.re * y.im + x.im * y.re;
              }
              c[i].link[j].e[k][l] = cc;
            }
      }
    }
  }
#ifdef WITH_GENERIC
#pragma omp target
  seen[0] = !omp_is_initial_device();
#endif
  return 0;
}
