/* The launch-shape verdict of the fixed-shape omp_target regions (ok_ot_shape_verdict,
 * kernels/omp_target/ok_portable.h): GCC 12's shapes (one OpenMP thread per warp: 1056 x 8 where
 * 1056 x 256 was asked, as on the H200) ran on the device and say so; only a region that read
 * omp_is_initial_device() ran on the host; no shape or a larger one is an error. */
#include "ok_check.h"
#include "ok_portable.h"

#include <string.h>

int main(void) {
  char d[160];
  const int gcc[3] = {1, 1056, 8}, clang[3] = {1, 1056, 256}, host[3] = {0, 1, 1}, none[3] = {1, 0, 0},
            big[3] = {1, 1056, 512}, fewer_teams[3] = {1, 528, 8};
  CHECK(ok_ot_shape_verdict(d, sizeof d, gcc, 1056, 256) == 0, "GCC's shape is a device run: %s", d);
  CHECK(strstr(d, "ran 1056 x 8 for 1056 x 256 requested") && !strstr(d, "host"), "GCC's note: %s", d);
#if !defined(__clang__)
  CHECK(strstr(d, "one OpenMP thread per warp") != NULL, "GCC's note names libgomp's shape: %s", d);
#endif
  CHECK(ok_ot_shape_verdict(d, sizeof d, fewer_teams, 1056, 256) == 0 && strstr(d, "ran 528 x 8"), "528 x 8: %s", d);
  CHECK(ok_ot_shape_verdict(d, sizeof d, clang, 1056, 256) == 0 && d[0] == 0, "the requested shape needs no note: %s", d);
  CHECK(ok_ot_shape_verdict(d, sizeof d, host, 1056, 256) == 1 && strstr(d, "ran on the host"), "host: %s", d);
  CHECK(ok_ot_shape_verdict(d, sizeof d, none, 1056, 256) == 2 && strstr(d, "0 x 0"), "no shape: %s", d);
  CHECK(ok_ot_shape_verdict(d, sizeof d, big, 1056, 256) == 2 && strstr(d, "1056 x 512"), "larger than asked: %s", d);
  return failures != 0;
}
