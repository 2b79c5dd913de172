/* Global memory bandwidth microbenchmark (kernel `mem_bandwidth`): sizes, the strides swept and
 * the host's expected sums, one copy for every model. Unsigned 32-bit words; access k touches
 * element k x stride (stride 0: every access the same word). A run makes OK_MB_REPS passes over
 * OK_MB_ACCESSES accesses (128 MiB of useful data per pass, beyond any L2), so repeated passes
 * still come from DRAM.
 *   read   each thread sums the words it reads; the check: sum over threads = reps x the host's sum
 *   write  each access stores OK_MB_WORD; the check: a read pass over the same positions sums to
 *          accesses x OK_MB_WORD (any position not written still holds its fill value, < 256)
 *   copy   the device's copy-bandwidth reference, one kernel per model that every report of the
 *          model uses (CUDA: mem_bandwidth op=copy and reduce_study cuda_copy): 16-byte vector
 *          loads, four independent ones per thread in flight before their stores, a grid of every
 *          SM x 8 blocks of 256 threads, OK_MB_REPS passes of 2^25 words (4 GiB moved per launch);
 *          the check: a read pass over B sums to the host's sum of A
 *   copy_u32  the earlier scalar form, B[k] = A[k] one 32-bit word per access (a variant: it
 *          shows what the vector loads buy; not the reference)
 * The array starts as A[j] = j & 0xff. */
#ifndef OK_MEMBW_H
#define OK_MEMBW_H
#include <string.h>

#define OK_MB_ACCESSES (1L << 25)
#define OK_MB_REPS 16
#define OK_MB_MAX_STRIDE 16
#define OK_MB_WORD 0x5a5a5a5au
#define OK_MB_FILL(j) ((unsigned)((j) & 0xff))
/* Sum of A[k x stride] over k < accesses, for the fill above (periodic in k with period 256). */
static inline unsigned long long ok_mb_read_sum(long accesses, long stride) {
  unsigned long long per = 0;
  for (long k = 0; k < 256; ++k) per += OK_MB_FILL(k * stride);
  return per * (unsigned long long)(accesses / 256);
}
/* Threads per block/team and blocks/teams per SM of the reference copy. */
#define OK_COPY_REF_THREADS 256
#define OK_COPY_REF_PER_SM 8

/* The DRAM bandwidth of the vendor's data sheet, GB/s (10^9 B/s), for a device name as the
 * driver reports it (cudaDeviceProp::name, cuDeviceGetName); 0 when the table does not know it.
 * *which names the data-sheet entry. First match wins (GH200 before H200: two memory options). */
static inline double ok_dram_peak_gbs(const char *name, const char **which) {
  static const struct {
    const char *key, *sheet;
    double gbs;
  } t[] = {
      {"GH200", "GH200: two memory options, not tabled", 0},
      {"H200", "NVIDIA H200 data sheet (SXM and NVL: 4.8 TB/s)", 4800},
      {"H100 NVL", "NVIDIA H100 data sheet (H100 NVL: 3.9 TB/s)", 3900},
      {"H100 PCIe", "NVIDIA H100 data sheet (H100 PCIe: 2 TB/s)", 2000},
      {"H100", "NVIDIA H100 data sheet (H100 SXM: 3.35 TB/s)", 3350},
      {"A100-SXM4-80GB", "NVIDIA A100 data sheet (80GB SXM: 2039 GB/s)", 2039},
      {"A100 80GB PCIe", "NVIDIA A100 data sheet (80GB PCIe: 1935 GB/s)", 1935},
      {"A100", "NVIDIA A100 data sheet (40GB: 1555 GB/s)", 1555},
      {"V100S", "NVIDIA V100S data sheet (1134 GB/s)", 1134},
      {"V100", "NVIDIA V100 data sheet (900 GB/s)", 900},
  };
  if (which) *which = "device not in the data-sheet table";
  if (!name) return 0;
  for (unsigned i = 0; i < sizeof t / sizeof t[0]; ++i)
    if (strstr(name, t[i].key)) {
      if (which) *which = t[i].sheet;
      return t[i].gbs;
    }
  return 0;
}

/* Quick: stride 1 and 16 reads, the copy; full: every stride 0..16, read and write, the copy. */
static inline int ok_mb_stride_in(int full, long s) { return full || s == 1 || s == 16; }
#endif
