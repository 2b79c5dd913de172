/* CUDA model hooks. */
#include "prim_harness.cuh"

#include <cstring>

/* The NVIDIA kernel-module version ("580.159.04"), for provenance; "" when not readable. */
static void driver_version(char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (!f) return;
  char line[512];
  if (fgets(line, sizeof line, f))
    for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n"))
      if (strchr(tok, '.') && strchr(tok, '.') != strrchr(tok, '.') && tok[0] >= '0' && tok[0] <= '9') {
        snprintf(out, n, "%s", tok);
        break;
      }
  fclose(f);
}

extern "C" int ok_model_probe(char *name, int len) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    snprintf(name, (size_t)len, "no CUDA device: %s", cudaGetErrorString(e));
    return 0;
  }
  cudaDeviceProp prop;
  if (n > 0 && cudaGetDeviceProperties(&prop, 0) == cudaSuccess) {
    char drv[64];
    driver_version(drv, sizeof drv);
    snprintf(name, (size_t)len, "%s (sm_%d%d, %d SMs, driver %s, SM clock %.0f MHz measured at probe)", prop.name,
             prop.major, prop.minor, prop.multiProcessorCount, drv[0] ? drv : "unknown", ok_cuda_sm_clock_mhz());
  }
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
