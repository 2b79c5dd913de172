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
/* The physical GPU behind device 0 (after CUDA_VISIBLE_DEVICES), as nvidia-smi prints it: two
 * GPUs of one node measure some points differently (docs/fidelity.md, "Where the address sits"),
 * so a result names the card, not only its model. */
extern "C" int ok_model_gpu_uuid(char *out, int len) {
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) return -1;
  const unsigned char *u = (const unsigned char *)prop.uuid.bytes;
  snprintf(out, (size_t)len, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1],
           u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
  return 0;
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
