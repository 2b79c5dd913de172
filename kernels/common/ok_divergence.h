/* Branch divergence microbenchmark (kernel `divergence`): 32 distinct paths, one copy for every
 * model. Path k is a noinline function of 8 dependent fmaf with its own constants; a call site per
 * path in a switch keeps them distinct branches (a compiler cannot merge calls to different
 * functions into one). Lane l takes path l mod P; with P paths per warp the warp runs P of them
 * one after the other. The check: every thread's value equals the host's run of the same
 * functions (fmaf is exact on both sides; tolerance 1e-6 relative). */
#ifndef OK_DIVERGENCE_H
#define OK_DIVERGENCE_H
#define OK_DIV_ITERS 4096
static const int ok_div_paths[] = {1, 2, 4, 8, 16, 32};
#define OK_DIV_NPATHS 6
static inline int ok_div_paths_in(int full, int p) { return full || p == 1 || p == 32; }

#define OK_DIV_X(X) \
  X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) \
  X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)
#define OK_DIV_F8(x, k)                                                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));                         \
  x = fmaf(x, 0.999f - (k) * 1e-5f, 1e-3f * ((k) + 1));
/* QUAL: `__device__ __noinline__` (CUDA), `__attribute__((noinline))` (OpenMP, in declare
 * target), `static` (the host reference). */
#define OK_DIV_FN(QUAL, k) QUAL float ok_div_f##k(float x) { OK_DIV_F8(x, k) return x; }
#define OK_DIV_CASE(k) case k: x = ok_div_f##k(x); break;
#define OK_DIV_SWITCH(path, x) switch (path) { OK_DIV_X(OK_DIV_CASE) default: break; }
#endif
