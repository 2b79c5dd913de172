/* Arithmetic microbenchmark (kernel `arith`): the operations, their host references and the
 * tolerances every model checks against; one copy for CUDA, OpenMP target and host. Each op maps
 * acc -> f(acc) so a chain of them is a dependent chain:
 *   add  acc + 1e-3        mul  acc x (1 + 1e-7)      fma  fma(acc, 0.999, 1e-3)
 *   sin  sin(acc)          exp  exp(-acc)             rsqrt 1 / sqrt(acc)
 * Tolerance (relative, |got - want| <= tol x max(1, |want|)): add, mul, fma 1e-6 (IEEE on both
 * sides: exact in practice); exp, rsqrt 1e-4 float / 1e-10 double (contractions: errors fade);
 * sin 1e-2 float / 1e-6 double (iterated sin creeps to 0, each step's ulp error stays). */
#ifndef OK_ARITH_H
#define OK_ARITH_H
#ifdef __cplusplus
extern "C" {
#endif
enum { OK_AR_ADD, OK_AR_MUL, OK_AR_FMA, OK_AR_SIN, OK_AR_EXP, OK_AR_RSQRT, OK_NAR };
extern const char *const ok_arith_names[OK_NAR];
/* Flops per op for the rate: fma 2, the rest 1 (sin, exp, rsqrt count as one op each). */
extern const int ok_arith_flops[OK_NAR];
/* acc after `steps` ops from `start`, in float (dbl = 0) or double. */
double ok_arith_chain(int op, int dbl, double start, long steps);
double ok_arith_tol(int op, int dbl);
/* 1 when got is within tolerance of want; else 0 with why. */
int ok_arith_close(int op, int dbl, double got, double want, char *d, unsigned long n);
/* Throughput kernels: each thread runs OK_AR_CHAINS independent chains from
 * (lane + chain / OK_AR_CHAINS) and stores their sum. want32[lane] = that sum after `steps`. */
#define OK_AR_CHAINS 8
void ok_arith_thread_sums(int op, int dbl, long steps, double *want32);
/* Per-thread check of a throughput run: out[t] against want32[t % 32] (sums of 8 chains: the
 * tolerance is scaled by 8). */
int ok_arith_check_sums(int op, int dbl, const double *out, long threads, long steps, char *d, unsigned long n);
#ifdef __cplusplus
}
#endif

/* The ops as expressions, for device code of every model. F: float suffix version. */
#define OK_AR_F_ADD(x) ((x) + 1e-3f)
#define OK_AR_F_MUL(x) ((x) * 1.0000001f)
#define OK_AR_F_FMA(x) fmaf((x), 0.999f, 1e-3f)
#define OK_AR_F_SIN(x) sinf(x)
#define OK_AR_F_EXP(x) expf(-(x))
#define OK_AR_D_ADD(x) ((x) + 1e-3)
#define OK_AR_D_MUL(x) ((x) * 1.0000001)
#define OK_AR_D_FMA(x) fma((x), 0.999, 1e-3)
#define OK_AR_D_SIN(x) sin(x)
#define OK_AR_D_EXP(x) exp(-(x))
/* rsqrt: each model's own spelling (CUDA rsqrtf/rsqrt, OpenMP 1 / sqrt). */
#endif
