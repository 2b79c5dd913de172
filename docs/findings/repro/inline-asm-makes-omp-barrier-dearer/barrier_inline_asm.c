/* docs/findings/inline-asm-makes-omp-barrier-dearer.md: an `omp barrier` loop in a device function
 * that an SPMD and a generic kernel call, with (-DASM=1) or without an empty inline asm statement
 * beside the barrier. Prints clock64 cycles per barrier for both kernels (one team of 32 threads);
 * exit 0 when both ran on the device. */
#include <omp.h>
#include <stdio.h>
#ifndef ASM
#define ASM 0
#endif
#define N 1000
#pragma omp declare target
static long long clk(void) {
#if defined(__NVPTX__)
  return __nvvm_read_ptx_sreg_clock64();
#else
  return 0;
#endif
}
static void sep(void) {
#if ASM
  __asm__ volatile(""); /* emits nothing */
#endif
}
/* The timed body is a function of its own, as in the kit's harness (kernels/omp_target/barrier.c). */
__attribute__((noinline)) long long body(int n) {
  long long t0 = clk();
  for (int i = 0; i < n; ++i) {
#pragma omp barrier
    sep();
  }
  return (clk() - t0) / n;
}
#pragma omp end declare target
int main(void) {
  long long cyc = 0;
  int dev = 0;
#pragma omp target teams num_teams(1) thread_limit(32) map(tofrom : cyc, dev)
#pragma omp parallel num_threads(32)
  {
    long long c = body(N);
    if (omp_get_thread_num() == 0) {
      cyc = c;
      dev = !omp_is_initial_device();
    }
  }
  long long cg = 0;
  /* The same body from a generic kernel (a sequential part before the parallel region). */
#pragma omp target teams num_teams(1) thread_limit(64) map(tofrom : cg)
  {
    cg = -1;
#pragma omp parallel num_threads(32)
    {
      long long c = body(N);
      if (omp_get_thread_num() == 0) cg = c;
    }
  }
  printf("generic: %lld cycles per omp barrier\n", cg);
  printf("spmd: %lld cycles per omp barrier (%s, asm: %d)\n", cyc, dev ? "device" : "HOST", ASM);
  return dev && cg > 0 ? 0 : 1;
}
