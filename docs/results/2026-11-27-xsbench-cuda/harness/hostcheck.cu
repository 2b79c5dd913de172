/* The new kernel's lookup (xs_cuda_lookup, xsbench_cuda.cuh) run on the host, its __device__
 * functions made host functions, against the kit's host reference: no GPU needed. From the
 * repository root (about a minute on 2 cores):
 *   I="-Ikernels/common -Irecord -Iproxies/common -Iproxies/xsbench -Iproxies/xsbench/cuda"
 *   gcc -O2 -fopenmp $I -c proxies/xsbench/xsbench_data.c -o /tmp/xd.o
 *   gcc -O2 $I -c proxies/common/ok_proxy.c -o /tmp/op.o
 *   nvcc -O2 -std=c++17 $I docs/results/2026-11-27-xsbench-cuda/harness/hostcheck.cu /tmp/xd.o /tmp/op.o \
 *        -Xcompiler -fopenmp -o /tmp/hostcheck && /tmp/hostcheck */
#include <cuda_runtime.h>
#undef __device__
#define __device__ __host__
#undef __forceinline__
#define __forceinline__ inline
#include "xsbench_cuda.cuh"
#include <cstdio>
#include <vector>
extern "C" int ok_model_needs_gpu(void) { return 1; }
int main(void) {
  int bad = 0;
  struct { long nn; int type; } sets[] = {{68, XS_GRID_UNIONIZED}, {68, XS_GRID_HASH}, {68, XS_GRID_NUCLIDE}, {355, XS_GRID_HASH}, {355, XS_GRID_NUCLIDE}};
  for (int lcg = 1; lcg >= 0; --lcg)
  for (auto &s : sets) {
    xs_data d;
    if (xs_data_build(&d, s.nn, XS_GRIDPOINTS, s.type, XS_HASH_BINS, lcg)) return 2;
    long n = 200000; std::vector<unsigned char> out(n);
    xs_cuda_args a = xs_cuda_args_of(&d, n, d.num_nucs, d.mats, d.index, d.concs, d.egrid, d.grid, out.data(), nullptr);
    long diff = 0;
    for (long i = 0; i < n; ++i) {
      if (lcg) xs_cuda_lookup<true>(a, i); else xs_cuda_lookup<false>(a, i);
      if (out[i] != xs_lookup_host(&d, i)) ++diff;
    }
    printf("lcg=%d nuclides=%ld type=%d: %ld of %ld differ\n", lcg, s.nn, s.type, diff, n);
    bad |= diff != 0;
    xs_data_free(&d);
  }
  return bad;
}
