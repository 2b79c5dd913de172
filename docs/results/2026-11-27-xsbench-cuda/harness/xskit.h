/* The device experiment's harness (README.md beside it): the kit's xsbench CUDA forms on one data
 * set, each launch timed alone with CUDA events. Not part of the kit's build. */
#ifndef XSKIT_H
#define XSKIT_H
#include "xsbench_data.h"
#include <cuda_runtime.h>

/* Data set d on the device, copied once; every form reads these. */
struct xskit_dev {
  const double *dist, *concs, *egrid;
  const int *num_nucs, *mats, *index;
  const struct xs_point *grid;
  unsigned char *out;
  int *on;
};
/* The form of main before issue 33 (kit_now.cu): which 0 = as in main, 1 = the same source under
 * __launch_bounds__(256, 5) (48 registers at most: 5 blocks of 256 per SM). */
cudaError_t xskit_now_launch(int which, const struct xs_data *d, const struct xskit_dev *v, long n);
cudaError_t xskit_now_attrs(int which, int *regs, int *blocks_per_sm);
#endif
