/* Does a device-wide fence from one block cost what its SM's place on the die decides? On 2 x H200
 * (docs/results/2026-11-27-aa-screened) the kit's `cuda-nvcc fence/threadfence` int, 1024 threads,
 * one block, took 655 cycles on GPU 0 and 800-902 on GPU 1, GPU 0 also reaching 904 at times. This
 * times the kit's workload (kernels/cuda/fence.cu, STEP_BLOCK: VA[gtid] += 1; __threadfence();
 * VB[gtid] += 1 on volatile int arrays, 100 steps per iteration, the baseline without the fence)
 * from one block of 1024 threads pinned to each SM in turn, the way the kit's SM placements pin it
 * (kernels/cuda/prim_harness.cuh, ok_sm_claim): a grid of 2 x SMs blocks, the first block on the
 * target SM claims the run, every other block leaves at once, and the claimer starts its clock
 * only when all of them have left.
 *
 * Build: nvcc -O3 -arch=sm_90 -o dist/probe/fence_sm_probe scripts/probes/fence_sm_probe.cu
 * Run:   ./fence_sm_probe [device] [sm-step] [repeats] [n_iter] >out.tsv
 *   defaults 0 1 3 20: every SM id the device has, 3 pairs each, 20 x 100 fences a sample.
 * Output: '#' lines (GPU name, UUID, PCI bus, the SM clock measured before and after, the SM ids
 * seen, where 16 lone one-block launches land and what the fence costs there), then one row per
 * (SM, repeat): sm, repeat, baseline and test cycles (max over threads), cycles per fence; then
 * '#' summary lines: per SM the median, and the lowest and highest SM medians. */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                             \
  do {                                                                                    \
    cudaError_t e_ = (x);                                                                 \
    if (e_ != cudaSuccess) {                                                              \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

enum { UNROLL = 100, THREADS = 1024, MAX_SMID = 1024, TRIES = 8 };
enum { PL_TARGET, PL_CLAIMED, PL_LEFT, PL_SMID, PL_WORDS };

static __device__ __forceinline__ unsigned smid(void) {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

/* The kit's claim: pl == NULL, a plain launch (the lone block); else only the first block on SM
 * pl[PL_TARGET] runs, once every other block has left. */
static __device__ __forceinline__ bool claim(int *pl) {
  int mine = 0;
  if (threadIdx.x == 0) {
    const unsigned sm = smid();
    mine = (int)sm == pl[PL_TARGET] && atomicCAS(&pl[PL_CLAIMED], 0, 1) == 0;
    if (mine) {
      pl[PL_SMID] = (int)sm;
      while (*(volatile int *)&pl[PL_LEFT] < (int)gridDim.x - 1) {
      }
    } else {
      atomicAdd(&pl[PL_LEFT], 1);
    }
  }
  return __syncthreads_or(mine) != 0;
}

template <bool FENCE>
static __global__ void fence_body(int *A, int *B, long n_iter, long long *cycles, int *pl, unsigned *ran) {
  if (pl && !claim(pl)) return;
  const int gtid = threadIdx.x; /* the claimer is the point's block 0 */
  volatile int *const VA = A;
  volatile int *const VB = B;
  __syncthreads();
  const long long t0 = clock64();
  for (long it = 0; it < n_iter; ++it) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      VA[gtid] += 1;
      if (FENCE) __threadfence();
      VB[gtid] += 1;
    }
  }
  const long long t1 = clock64();
  cycles[gtid] = t1 - t0;
  if (gtid == 0) *ran = smid();
}

static __global__ void seen(int *out) {
  const long long t0 = clock64();
  if (threadIdx.x == 0 && smid() < MAX_SMID) out[smid()] = 1;
  while (clock64() - t0 < 20000) {
  }
}

static __global__ void spin(long long cycles, long long *out) {
  long long t0 = clock64(), t;
  while ((t = clock64()) - t0 < cycles) {
  }
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

struct dev {
  int *A, *B, *pl;
  long long *cyc;
  unsigned *ran;
  int grid;
  long n_iter;
};

/* One sample: the maximum over threads of the timed span, or -1 when no block landed on sm
 * (sm < 0: a plain one-block launch). *ran: the SM it ran on. */
static long long sample(const dev &d, bool fence, int sm, unsigned *ran) {
  long long h[THREADS], m = 0;
  CK(cudaMemset(d.A, 0, THREADS * sizeof(int)));
  CK(cudaMemset(d.B, 0, THREADS * sizeof(int)));
  for (int t = 0; t < TRIES; ++t) {
    int c[PL_WORDS] = {sm, 0, 0, -1};
    CK(cudaMemcpy(d.pl, c, sizeof c, cudaMemcpyHostToDevice));
    int *pl = sm < 0 ? nullptr : d.pl;
    const int grid = sm < 0 ? 1 : d.grid;
    if (fence) fence_body<true><<<grid, THREADS>>>(d.A, d.B, d.n_iter, d.cyc, pl, d.ran);
    else fence_body<false><<<grid, THREADS>>>(d.A, d.B, d.n_iter, d.cyc, pl, d.ran);
    CK(cudaGetLastError());
    CK(cudaMemcpy(c, d.pl, sizeof c, cudaMemcpyDeviceToHost));
    if (sm >= 0 && !c[PL_CLAIMED]) continue;
    CK(cudaMemcpy(h, d.cyc, sizeof h, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ran, d.ran, sizeof *ran, cudaMemcpyDeviceToHost));
    for (long long x : h) m = std::max(m, x);
    return m;
  }
  return -1;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Cycles per fence of one baseline/test pair, or -1 (not landed, or a sample elsewhere). */
static double pair(const dev &d, int sm, long long *b, long long *t, unsigned *ran) {
  unsigned rb = 0, rt = 0;
  *b = sample(d, false, sm, &rb);
  *t = sample(d, true, sm, &rt);
  *ran = rt;
  if (*b < 0 || *t < 0 || rb != rt) return -1;
  return (double)(*t - *b) / ((double)d.n_iter * UNROLL);
}

int main(int argc, char **argv) {
  const int devno = argc > 1 ? atoi(argv[1]) : 0, step = argc > 2 ? atoi(argv[2]) : 1;
  const int reps = argc > 3 ? atoi(argv[3]) : 3;
  dev d;
  d.n_iter = argc > 4 ? atol(argv[4]) : 20;
  CK(cudaSetDevice(devno));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, devno));
  printf("# device %d %s sms %d pci %04x:%02x:%02x\n# uuid GPU-", devno, p.name, p.multiProcessorCount, p.pciDomainID,
         p.pciBusID, p.pciDeviceID);
  for (int i = 0; i < 16; ++i) printf("%02x%s", (unsigned char)p.uuid.bytes[i], (i == 3 || i == 5 || i == 7 || i == 9) ? "-" : "");
  printf("\n# sm_clock_mhz_measured %.1f\n", sm_mhz());
  d.grid = 2 * p.multiProcessorCount;
  CK(cudaMalloc(&d.A, THREADS * sizeof(int)));
  CK(cudaMalloc(&d.B, THREADS * sizeof(int)));
  CK(cudaMalloc(&d.pl, PL_WORDS * sizeof(int)));
  CK(cudaMalloc(&d.cyc, THREADS * sizeof(long long)));
  CK(cudaMalloc(&d.ran, sizeof(unsigned)));

  /* The SM ids (not guaranteed contiguous). */
  std::vector<int> ids;
  {
    int *ds, hs[MAX_SMID];
    CK(cudaMalloc(&ds, sizeof hs));
    CK(cudaMemset(ds, 0, sizeof hs));
    for (int r = 0; r < 4; ++r) seen<<<4 * p.multiProcessorCount, 256>>>(ds);
    CK(cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost));
    CK(cudaFree(ds));
    for (int i = 0; i < MAX_SMID; ++i)
      if (hs[i]) ids.push_back(i);
  }
  printf("# smids %zu:", ids.size());
  for (int i : ids) printf(" %d", i);
  printf("\n");

  /* Where the kit's plain one-block launch lands, and what the fence costs there. */
  printf("# lone (sm cycles/fence):");
  long long b, t;
  unsigned ran;
  for (int i = 0; i < 16; ++i) {
    double c = pair(d, -1, &b, &t, &ran);
    printf(" %u %.1f%s", ran, c, i < 15 ? "," : "\n");
  }

  printf("sm\trepeat\tbase_cycles\ttest_cycles\tcycles_per_fence\n");
  std::vector<std::pair<double, int>> med;
  for (size_t k = 0; k < ids.size(); k += step > 0 ? step : 1) {
    const int sm = ids[k];
    std::vector<double> v;
    for (int r = 0; r < reps; ++r) {
      double c = pair(d, sm, &b, &t, &ran);
      if (c < 0 || (int)ran != sm) {
        printf("%d\t%d\tnot landed\t\t\n", sm, r);
        continue;
      }
      printf("%d\t%d\t%lld\t%lld\t%.1f\n", sm, r, b, t, c);
      v.push_back(c);
    }
    if (!v.empty()) med.push_back({median(v), sm});
  }
  std::sort(med.begin(), med.end());
  printf("# per-SM medians (sm:cycles):");
  for (auto &m : med) printf(" %d:%.1f", m.second, m.first);
  if (!med.empty())
    printf("\n# lowest SM %d %.1f, highest SM %d %.1f, median of SMs %.1f over %zu SMs\n", med.front().second,
           med.front().first, med.back().second, med.back().first, med[med.size() / 2].first, med.size());
  printf("# sm_clock_mhz_measured_after %.1f\n", sm_mhz());
  return 0;
}
