/* Host OpenMP model hooks (gcc/libgomp and clang/libomp builds share this file). */
#include "ok_bench.h"

#include <omp.h>
#include <stdio.h>

int ok_model_probe(char *name, int len) {
  snprintf(name, (size_t)len, "host (%d hardware threads)", omp_get_num_procs());
  return 1;
}
int ok_model_needs_gpu(void) { return 0; }
void ok_model_defaults(struct ok_params *p) {
  p->threads = omp_get_max_threads();
  p->teams = 1;
  p->iters = 100000;
}
