/* Why one GPU of a node reads a one-thread atomic at a different cost than its twin (issue 29 §2):
 * one thread, pinned to an SM by %smid, times single-address atomics at many addresses of one
 * allocation (across pages and L2 slices). If the cost splits into levels by address and by SM,
 * the difference is placement (which L2 partition serves the address, seen from which SM); if
 * every (SM, address) is shifted on one GPU, it is the chip.
 *
 * Build: nvcc -O3 -arch=sm_90 -o l2_atomic_probe l2_atomic_probe.cu
 * Run:   ./l2_atomic_probe [device] [addresses] [sm-step] [step-bytes] [sm,sm,...] >out.tsv
 *   step-bytes 0 (default): addresses spread over 256 MiB (one per 256 MiB / addresses, plus a
 *   walk over the lines of a 4 KiB page); > 0: address k at k x step-bytes; a list of SMs measures
 *   from those only (instead of every sm-step-th).
 * Output: '#' lines (GPU name, UUID, PCI bus, measured SM clock, the SM a lone block lands on),
 * then one row per (SM, address): sm, offset (bytes into the allocation), device address, then
 * cycles per op for the four forms below. */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                               \
  do {                                                                      \
    cudaError_t e_ = (x);                                                   \
    if (e_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                              \
    }                                                                       \
  } while (0)

enum { NOPS = 256, NFORMS = 4 };

static __device__ unsigned smid(void) {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

/* The kit's form (kernels/cuda/atomic_cas.cu): each result is summed, but no atomic waits for the
 * one before, so the thread keeps several in flight and the per-op cost is latency / depth. */
static __device__ long long t_cas_kit(int *a, double *acc) {
  double s = 0;
  long long t0 = clock64();
#pragma unroll 64
  for (int i = 0; i < NOPS; ++i) s += (double)atomicCAS(a, 0, 0);
  long long t1 = clock64();
  *acc += s;
  return t1 - t0;
}
static __device__ long long t_add_kit(int *a, double *acc) {
  double s = 0;
  long long t0 = clock64();
#pragma unroll 64
  for (int i = 0; i < NOPS; ++i) s += (double)atomicAdd(a, 1);
  long long t1 = clock64();
  *acc += s;
  return t1 - t0;
}
/* Dependent chains: each atomic waits for the one before, so the per-op cost is the round trip. */
static __device__ long long t_cas_dep(int *a, double *acc) {
  int v = 0;
  long long t0 = clock64();
#pragma unroll 64
  for (int i = 0; i < NOPS; ++i) v = atomicCAS(a, v, v);
  long long t1 = clock64();
  *acc += v;
  return t1 - t0;
}
static __device__ long long t_ld_dep(int *a, double *acc) {
  int v = 0;
  long long t0 = clock64();
#pragma unroll 64
  for (int i = 0; i < NOPS; ++i) v = __ldcg(a + v); /* L2, bypassing L1; *a is 0, so the chain stays on a */
  long long t1 = clock64();
  *acc += v;
  return t1 - t0;
}

/* One one-thread block per SM; the block that lands on SM `want` claims it and measures
 * every address in turn, the others leave. */
static __global__ void probe(int *base, const long *offs, int naddr, unsigned want, int *claim, float *out,
                             double *sink) {
  if (smid() != want || atomicExch(claim, 1) != 0) return;
  double acc = 0;
  for (int k = 0; k < naddr; ++k) {
    int *a = (int *)((char *)base + offs[k]);
    *a = 0;
    __threadfence();
    t_cas_kit(a, &acc); /* warm the TLB and the line */
    long long c[NFORMS];
    c[0] = t_cas_kit(a, &acc);
    c[1] = t_add_kit(a, &acc);
    *a = 0;
    __threadfence();
    c[2] = t_cas_dep(a, &acc);
    c[3] = t_ld_dep(a, &acc);
    for (int f = 0; f < NFORMS; ++f) out[k * NFORMS + f] = (float)c[f] / NOPS;
  }
  sink[0] = acc;
}

static __global__ void where(unsigned *out) { *out = smid(); }

/* The kit's own situation: a small fresh allocation, one unpinned one-thread block. */
static __global__ void lone(int *a, float *out, unsigned *sm, double *sink) {
  double acc = 0;
  *a = 0;
  __threadfence();
  t_cas_kit(a, &acc);
  out[0] = (float)t_cas_kit(a, &acc) / NOPS;
  out[1] = (float)t_add_kit(a, &acc) / NOPS;
  *sm = smid();
  sink[0] = acc;
}

static __global__ void spin(long long cycles, long long *out) {
  long long t0 = clock64(), t;
  while ((t = clock64()) - t0 < cycles) {}
  *out = t - t0;
}

static double sm_mhz(void) {
  long long *d, h = 0;
  cudaEvent_t e0, e1;
  float ms = 0;
  CK(cudaMalloc(&d, sizeof *d));
  spin<<<1, 1>>>(20000000LL, d);
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0));
  spin<<<1, 1>>>(50000000LL, d);
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  CK(cudaEventElapsedTime(&ms, e0, e1));
  CK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  return (double)h / (ms * 1e-3) * 1e-6;
}

int main(int argc, char **argv) {
  int dev = argc > 1 ? atoi(argv[1]) : 0;
  int naddr = argc > 2 ? atoi(argv[2]) : 512;
  int smstep = argc > 3 ? atoi(argv[3]) : 1;
  long step = argc > 4 ? atol(argv[4]) : 0;
  std::vector<int> smlist;
  for (const char *q = argc > 5 ? argv[5] : ""; *q; q += strcspn(q, ",") + (q[strcspn(q, ",")] == ','))
    smlist.push_back(atoi(q));
  CK(cudaSetDevice(dev));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, dev));
  printf("# device %d %s sms %d l2 %d bytes pci %04x:%02x:%02x\n", dev, p.name, p.multiProcessorCount, p.l2CacheSize,
         p.pciDomainID, p.pciBusID, p.pciDeviceID);
  printf("# uuid GPU-");
  for (int i = 0; i < 16; ++i) printf("%02x%s", (unsigned char)p.uuid.bytes[i], (i == 3 || i == 5 || i == 7 || i == 9) ? "-" : "");
  printf("\n# sm_clock_mhz_measured %.1f\n", sm_mhz());

  /* Where a lone one-thread block lands (the kit's 1x1 point launches exactly that). */
  unsigned *dw, hw;
  CK(cudaMalloc(&dw, sizeof *dw));
  printf("# lone_block_sm");
  for (int i = 0; i < 16; ++i) {
    where<<<1, 1>>>(dw);
    CK(cudaMemcpy(&hw, dw, sizeof hw, cudaMemcpyDeviceToHost));
    printf(" %u", hw);
  }
  printf("\n");

  /* Eight small allocations made one after another, as a sweep's points make them (516 bytes: one
   * thread's int array plus a line); each measured three times by a lone block. */
  {
    float *dl, hl[2];
    double *ds;
    CK(cudaMalloc(&dl, sizeof hl));
    CK(cudaMalloc(&ds, sizeof *ds));
    int *small[8];
    for (int i = 0; i < 8; ++i) {
      CK(cudaMalloc(&small[i], 516));
      for (int r = 0; r < 3; ++r) {
        lone<<<1, 1>>>(small[i], dl, dw, ds);
        CK(cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&hw, dw, sizeof hw, cudaMemcpyDeviceToHost));
        printf("# lone alloc %d addr %p sm %u cas_kit %.2f add_kit %.2f\n", i, (void *)small[i], hw, hl[0], hl[1]);
      }
    }
    for (int i = 0; i < 8; ++i) CK(cudaFree(small[i]));
  }

  /* 256 MiB; addresses spread over it: one per 512 KiB step, plus a line-sized shift that walks
   * the 128-byte lines of a 4 KiB page, so both page and slice bits vary. */
  const size_t bytes = 256u << 20;
  int *base;
  CK(cudaMalloc(&base, bytes));
  CK(cudaMemset(base, 0, bytes));
  std::vector<long> offs(naddr);
  for (int k = 0; k < naddr; ++k)
    offs[k] = step > 0 ? ((long)k * step) % (long)bytes : ((long)k * (bytes / naddr) + (long)(k % 32) * 128) % (long)bytes;
  long *doffs;
  float *dout;
  int *claim;
  double *sink;
  CK(cudaMalloc(&doffs, naddr * sizeof(long)));
  CK(cudaMemcpy(doffs, offs.data(), naddr * sizeof(long), cudaMemcpyHostToDevice));
  CK(cudaMalloc(&dout, (size_t)naddr * NFORMS * sizeof(float)));
  CK(cudaMalloc(&claim, sizeof(int)));
  CK(cudaMalloc(&sink, sizeof(double)));
  std::vector<float> h((size_t)naddr * NFORMS);
  /* Shared memory no two blocks fit beside: one block per SM, so every SM gets exactly one. */
  const int smem = (int)p.sharedMemPerBlockOptin;
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  printf("sm\toffset\taddr\tcas_kit\tadd_kit\tcas_dep\tldcg_dep\n");
  if (smlist.empty())
    for (int sm = 0; sm < p.multiProcessorCount; sm += smstep) smlist.push_back(sm);
  for (int sm : smlist) {
    CK(cudaMemset(claim, 0, sizeof(int)));
    CK(cudaMemset(dout, 0xff, (size_t)naddr * NFORMS * sizeof(float)));
    probe<<<p.multiProcessorCount, 1, smem>>>(base, doffs, naddr, (unsigned)sm, claim, dout, sink);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h.data(), dout, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int k = 0; k < naddr; ++k)
      printf("%d\t%ld\t%p\t%.2f\t%.2f\t%.2f\t%.2f\n", sm, offs[k], (void *)((char *)base + offs[k]), h[k * NFORMS],
             h[k * NFORMS + 1], h[k * NFORMS + 2], h[k * NFORMS + 3]);
  }
  printf("# sm_clock_mhz_measured_after %.1f\n", sm_mhz());
  return 0;
}
