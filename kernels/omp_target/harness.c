/* OpenMP target model hooks. */
#include "ok_bench.h"

#include <omp.h>
#include <stdio.h>

int ok_model_probe(char *name, int len) {
  int n = omp_get_num_devices();
  snprintf(name, (size_t)len, "%d offload device(s) visible to libomptarget", n);
  return n;
}
int ok_model_needs_gpu(void) { return 1; }
void ok_model_defaults(struct ok_params *p) {
  p->threads = 128;
  p->teams = 128;
  p->iters = 1000;
}
int ok_model_prepare(int argc, char **argv, const struct ok_params *p) {
  (void)argc, (void)argv, (void)p;
  return -1;
}
