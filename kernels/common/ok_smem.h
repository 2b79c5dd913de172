/* Team-local / shared memory bandwidth against stride (kernel `smem_bandwidth`): the layout, the
 * strides and the host's expected sums, one copy for CUDA and OpenMP target. A team's array of
 * OK_SM_WORDS 32-bit words holds s[j] = j & 0xff; lane l reads words l x stride + u x 32 for
 * u = 0..31, OK_SM_ITERS times (a volatile view, so every read is a load). A stride's bank
 * pattern is that of l x stride mod 32 (u x 32 keeps the bank): stride 1 none, 2 two-way, ... 32
 * all 32 lanes on one bank; stride 0 is a broadcast. */
#ifndef OK_SMEM_H
#define OK_SMEM_H
#define OK_SM_WORDS 4096
#define OK_SM_ITERS 2048
static const int ok_sm_strides[] = {0, 1, 2, 3, 4, 8, 16, 32};
#define OK_SM_NSTRIDES 8
static inline int ok_sm_stride_in(int full, int s) { return full || s == 1 || s == 32; }
/* What lane l's sum ends at (unsigned, wrapping). */
static inline unsigned ok_sm_lane_sum(int lane, int stride, long iters) {
  unsigned one = 0;
  for (int u = 0; u < 32; ++u) one += (unsigned)((lane * stride + u * 32) & 0xff);
  return one * (unsigned)iters;
}
#endif
