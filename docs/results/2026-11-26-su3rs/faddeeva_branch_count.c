#include "rsbench_data.h"
#include "rsbench_kernel.h"
#include <stdio.h>
int ok_model_needs_gpu(void) { return 0; }
int main(void) {
  const struct rs_data *d = rs_data_get();
  long near = 0, all = 0;
  for (long i = 0; i < 200000; ++i) {
    unsigned long long s = (unsigned long long)i * 0x9e3779b97f4a7c15ull + 0x2545f491ull;
    double e = ok_proxy_u01(&s);
    int mat = ok_proxy_pick_mat(d->dist, ok_proxy_u01(&s));
    for (int j = 0; j < d->num_nucs[mat]; ++j) {
      long nuc = d->mats[mat * d->max_nucs + j];
      const struct rs_window *win = d->windows + nuc * RS_WINDOWS;
      int w = (int)(e * RS_WINDOWS); if (w >= RS_WINDOWS) w = RS_WINDOWS - 1;
      for (int p = win[w].start; p < win[w].end; ++p) {
        const struct rs_pole *q = &d->poles[nuc * RS_POLES + p];
        double zr = (e - q->ea_re) * RS_DOPPLER, zi = -q->ea_im * RS_DOPPLER;
        near += zr * zr + zi * zi < 36.0, ++all;
      }
    }
  }
  printf("poles evaluated %ld, |z| < 6 (Abrarov series): %ld = %.3f %%\n", all, near, 100.0 * near / all);
  return 0;
}
