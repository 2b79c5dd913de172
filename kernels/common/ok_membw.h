/* Global memory bandwidth microbenchmark (kernel `mem_bandwidth`): sizes, the strides swept and
 * the host's expected sums, one copy for every model. Unsigned 32-bit words; access k touches
 * element k x stride (stride 0: every access the same word). A run makes OK_MB_REPS passes over
 * OK_MB_ACCESSES accesses (128 MiB of useful data per pass, beyond any L2), so repeated passes
 * still come from DRAM.
 *   read   each thread sums the words it reads; the check: sum over threads = reps x the host's sum
 *   write  each access stores OK_MB_WORD; the check: a read pass over the same positions sums to
 *          accesses x OK_MB_WORD (any position not written still holds its fill value, < 256)
 *   copy   B[k] = A[k] (stride 1), 2 x 4 bytes per element: the device's copy-bandwidth reference;
 *          the check: a read pass over B sums to the host's sum of A
 * The array starts as A[j] = j & 0xff. */
#ifndef OK_MEMBW_H
#define OK_MEMBW_H
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
/* Quick: stride 1 and 16 reads, the copy; full: every stride 0..16, read and write, the copy. */
static inline int ok_mb_stride_in(int full, long s) { return full || s == 1 || s == 16; }
#endif
