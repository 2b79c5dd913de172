/* Host probe (issue 29 §2): does where a strided array starts decide a strided atomic's cost?
 * T threads (OMP_PROC_BIND=close, OMP_PLACES=threads), thread t `omp atomic update`s
 * A[t * stride] (ints; stride 16 = one 64-byte line each), the array starting `off` bytes past a
 * page boundary. The kit's native atomic_update_strided at 16 threads, stride 16, took 8.8 ns in
 * some studies and 17.3 ns in others on one VM, every repeat of a study alike; its arrays were
 * only 64-byte aligned. Prints one line per (offset, round): offset, ns per op (max over threads).
 * Build: gcc -O2 -fopenmp host_line_pair_probe.c -o host_line_pair_probe
 * Run:   OMP_PROC_BIND=close OMP_PLACES=threads ./host_line_pair_probe [threads] [stride] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double run(int *a, int threads, int stride, long n) {
  double worst = 0;
#pragma omp parallel num_threads(threads) reduction(max : worst)
  {
    int t = omp_get_thread_num();
#pragma omp barrier
    double t0 = omp_get_wtime();
    for (long i = 0; i < n; ++i) {
#pragma omp atomic update
      a[t * stride] += 1;
    }
    worst = omp_get_wtime() - t0;
  }
  return worst / (double)n * 1e9;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : omp_get_num_procs();
  int stride = argc > 2 ? atoi(argv[2]) : 16;
  static const int offs[] = {0, 64, 128, 192, 2048, 2112};
  char *page = aligned_alloc(4096, 1 << 20);
  if (!page) return 2;
  printf("threads=%d stride=%d\noffset_bytes\tround\tns_per_op\n", threads, stride);
  for (int round = 0; round < 5; ++round)
    for (size_t k = 0; k < sizeof offs / sizeof *offs; ++k) {
      int *a = (int *)(page + offs[k]);
      for (int i = 0; i < threads * stride; ++i) a[i] = 0;
      run(a, threads, stride, 20000);
      printf("%d\t%d\t%.2f\n", offs[k], round, run(a, threads, stride, 2000000));
    }
  free(page);
  return 0;
}
