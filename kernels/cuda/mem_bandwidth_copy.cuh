/* The CUDA copy-bandwidth reference (kernels/common/ok_membw.h), defined in mem_bandwidth.cu and
 * used by every CUDA report that states the device's copy bandwidth: mem_bandwidth op=copy and
 * reduce_study cuda_copy. One kernel, one launch shape, one timing: their numbers agree. */
#ifndef OK_CUDA_MEM_BANDWIDTH_COPY_CUH
#define OK_CUDA_MEM_BANDWIDTH_COPY_CUH
#include <cuda_runtime.h>

/* Times `runs` launches (after one warm-up) of the reference copy, `passes` passes each over
 * n 32-bit words from in to out (n a multiple of 4; cudaMalloc'd pointers, 16-byte aligned), with
 * CUDA events: secs[r] seconds per launch; *blocks gets the grid used (SMs x OK_COPY_REF_PER_SM). */
cudaError_t ok_cuda_copy_reference(const unsigned *in, unsigned *out, long n, int passes, int runs, double *secs,
                                   int *blocks);
/* One line for the detail: "X GB/s = Y % of the data-sheet peak Z GB/s (which)" for this device. */
void ok_cuda_copy_peak_note(double gbs, char *d, unsigned long n);
#endif
