/* CUDA model hooks. */
#include "harness.cuh"

extern "C" int ok_model_probe(char *name, int len) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    snprintf(name, (size_t)len, "no CUDA device: %s", cudaGetErrorString(e));
    return 0;
  }
  cudaDeviceProp prop;
  if (n > 0 && cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
    snprintf(name, (size_t)len, "%s (sm_%d%d, %d SMs)", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  return n;
}
extern "C" int ok_model_needs_gpu(void) { return 1; }
extern "C" void ok_model_defaults(struct ok_params *p) {
  p->threads = 128;
  p->teams = 128;
  p->iters = 1000;
}
extern "C" int ok_model_prepare(int argc, char **argv, const struct ok_params *p) {
  (void)argc, (void)argv, (void)p;
  return -1;
}
