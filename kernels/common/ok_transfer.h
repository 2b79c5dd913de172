/* Host <-> device transfer microbenchmark (kernel `transfer`): sizes and the buffer pattern, one
 * copy for CUDA (cudaMemcpy) and OpenMP target (`target update` of a mapped array, which
 * libomptarget turns into a CUDA copy). Host memory is pageable (malloc) or pinned (cudaMallocHost;
 * OpenMP: the llvm_omp_target_host_mem_alloc allocator). A point copies host -> device (h2d) or
 * device -> host (d2h) `runs` times; the check: after both directions the round trip equals the
 * pattern, byte for byte, in a cleared host buffer. */
#ifndef OK_TRANSFER_H
#define OK_TRANSFER_H
#include <stddef.h>
static const int ok_tr_mib[] = {4, 16, 64};
#define OK_TR_NSIZES 3
static inline int ok_tr_size_in(int full, int mib) { return full || mib == 64; }
static inline void ok_tr_fill(unsigned char *b, size_t n) {
  for (size_t i = 0; i < n; ++i) b[i] = (unsigned char)(i * 131u + (i >> 12));
}
static inline long ok_tr_first_diff(const unsigned char *b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (b[i] != (unsigned char)(i * 131u + (i >> 12))) return (long)i;
  return -1;
}
#endif
