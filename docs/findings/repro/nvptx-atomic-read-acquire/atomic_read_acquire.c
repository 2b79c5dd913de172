/* clang 19, NVPTX offload: `omp atomic read acquire` (or seq_cst) on an int stops the backend with
 * "Cannot select: ... AtomicLoad<(load acquire (s32) ...)>". The relaxed form compiles. Build:
 *   clang-19 -O3 -fopenmp --offload-arch=sm_90 --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib \
 *            -DORDER=acquire -c atomic_read_acquire.c            (fails; -DORDER= compiles)
 * clang 22 compiles it to ld.acquire.sys (llvm/llvm-project#98022). */
#ifndef ORDER
#define ORDER acquire
#endif
#define STR2(x) #x
#define STR(x) STR2(x)
int read_flag(int *A) {
  int v = 0;
#pragma omp target is_device_ptr(A) map(from : v)
  {
    _Pragma(STR(omp atomic read ORDER)) v = A[0];
  }
  return v;
}
int main(void) { return 0; }
