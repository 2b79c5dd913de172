/* Compile-time reproducer: a dependent chain of N steps acc = acc * 3 + ballot((acc + lane) & 1)
 * in one target region. LLVM 22's Straight Line Strength Reduction (an NVPTX codegen IR pass) takes
 * time that grows about as N^3 on it; LLVM 16 and 19 take milliseconds.
 *   clang-22 -O3 -fopenmp --offload-arch=sm_90 -nogpulib --offload-device-only -S -o /dev/null \
 *            -DN=200 slsr_chain.c -ftime-report 2>&1 | grep -E 'Straight line|Total'
 * N must be 25, 50, 100, 200 or 400. main checks every lane against a host simulation (exit 0). */
#include <omp.h>
#include <ompx.h>
#include <stdio.h>
#ifndef N
#define N 100
#endif
#define R25(X) X X X X X X X X X X X X X X X X X X X X X X X X X
#define R50(X) R25(X) R25(X)
#define R100(X) R50(X) R50(X)
#define R200(X) R100(X) R100(X)
#define R400(X) R200(X) R200(X)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define STEP acc = acc * 3u + (unsigned)ompx_ballot_sync(~0u, (acc + lane) & 1u);

int main(void) {
  unsigned out[32], ref[32];
#pragma omp target teams num_teams(1) thread_limit(32) map(from : out)
#pragma omp parallel num_threads(32)
  {
    const unsigned lane = (unsigned)omp_get_thread_num();
    unsigned acc = lane;
    CAT(R, N)(STEP)
    out[lane] = acc;
  }
  /* The same chain on the host, one warp of 32 lanes: ballot = the lanes' predicate bits. */
  for (int l = 0; l < 32; ++l) ref[l] = (unsigned)l;
  for (int s = 0; s < N; ++s) {
    unsigned bits = 0;
    for (int l = 0; l < 32; ++l) bits |= ((ref[l] + (unsigned)l) & 1u) << l;
    for (int l = 0; l < 32; ++l) ref[l] = ref[l] * 3u + bits;
  }
  for (int l = 0; l < 32; ++l)
    if (out[l] != ref[l]) {
      printf("lane %d: %u, host %u\n", l, out[l], ref[l]);
      return 1;
    }
  printf("ok: N=%d, 32 lanes match\n", N);
  return 0;
}
