/* repeated_trig.c's series for nvcc (the reference): -DHOISTED reuses the first evaluation by hand.
 * Usage: repeated_trig_cuda [n [span]]: the kernel time by CUDA events, median of 9 after a warm-up. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>

__host__ __device__ static double series(double x) {
  const double a[10] = {2.758402e-01, 2.245740e-01, 1.594149e-01, 9.866577e-02, 5.324414e-02,
                        2.505215e-02, 1.027747e-02, 3.676164e-03, 1.146494e-03, 3.117570e-04};
  const double n2[10] = {9.869604, 39.47842, 88.82644, 157.9137, 246.7401,
                         355.3058, 483.6106, 631.6547, 799.4380, 986.9604};
  const double c0 = cos(12.0 * x), s0 = sin(12.0 * x);
  double s = (1.0 - c0) / (12.0 * x) + s0;
  for (int n = 0; n < 10; ++n) {
#ifdef HOISTED
    const double c = c0, si = s0;
#else
    const double c = cos(12.0 * x), si = sin(12.0 * x);
#endif
    const double den = n2[n] - 144.0 * x * x;
    s += a[n] * ((n % 2 ? 1.0 : -1.0) * c - 1.0 + si) / den;
  }
  return s;
}

__global__ void run(const double *x, double *y, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) y[i] = series(x[i]);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1 << 22;
  const double span = argc > 2 ? atof(argv[2]) : 0.15; /* x in [0.05, 0.05 + span]: 144 x^2 < n2[0] */
  double *x = (double *)malloc(n * sizeof *x), *y = (double *)malloc(n * sizeof *y), *dx, *dy;
  float t[10];
  if (n < 1 || !x || !y) return 2;
  for (long i = 0; i < n; ++i) x[i] = 0.05 + span * (double)((i * 2654435761u) % 1000003) / 1000003.0;
  if (cudaMalloc(&dx, n * sizeof *dx) || cudaMalloc(&dy, n * sizeof *dy)) return 2;
  cudaMemcpy(dx, x, n * sizeof *x, cudaMemcpyHostToDevice);
  cudaEvent_t a, b;
  cudaEventCreate(&a), cudaEventCreate(&b);
  for (int r = 0; r < 10; ++r) {
    cudaEventRecord(a);
    run<<<(n + 127) / 128, 128>>>(dx, dy, n);
    cudaEventRecord(b), cudaEventSynchronize(b), cudaEventElapsedTime(&t[r], a, b);
  }
  cudaMemcpy(y, dy, n * sizeof *y, cudaMemcpyDeviceToHost);
  long bad = 0;
  double worst = 0;
  for (long i = 0; i < n; ++i) {
    const double r = series(x[i]), e = fabs(y[i] - r) / fabs(r);
    bad += e > 1e-12;
    worst = e > worst ? e : worst;
  }
  std::sort(t + 1, t + 10);
  printf("cuda %s n=%ld: kernel %.1f us [%.1f, %.1f]; %s (largest relative difference %.1e)\n",
#ifdef HOISTED
         "hoisted by hand",
#else
         "as written     ",
#endif
         n, t[5] * 1e3, t[1] * 1e3, t[9] * 1e3, bad ? "WRONG results" : "results equal the host's", worst);
  return bad != 0;
}
