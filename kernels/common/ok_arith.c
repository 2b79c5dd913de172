/* Host references of the arithmetic microbenchmark (ok_arith.h). */
#include "ok_arith.h"

#include <math.h>
#include <stdio.h>

const char *const ok_arith_names[OK_NAR] = {"add", "mul", "fma", "sin", "exp", "rsqrt"};
const int ok_arith_flops[OK_NAR] = {1, 1, 2, 1, 1, 1};

static float step_f(int op, float x) {
  switch (op) {
  case OK_AR_ADD: return OK_AR_F_ADD(x);
  case OK_AR_MUL: return OK_AR_F_MUL(x);
  case OK_AR_FMA: return OK_AR_F_FMA(x);
  case OK_AR_SIN: return OK_AR_F_SIN(x);
  case OK_AR_EXP: return OK_AR_F_EXP(x);
  default: return 1.0f / sqrtf(x);
  }
}
static double step_d(int op, double x) {
  switch (op) {
  case OK_AR_ADD: return OK_AR_D_ADD(x);
  case OK_AR_MUL: return OK_AR_D_MUL(x);
  case OK_AR_FMA: return OK_AR_D_FMA(x);
  case OK_AR_SIN: return OK_AR_D_SIN(x);
  case OK_AR_EXP: return OK_AR_D_EXP(x);
  default: return 1.0 / sqrt(x);
  }
}

double ok_arith_chain(int op, int dbl, double start, long steps) {
  if (dbl) {
    double x = start;
    for (long s = 0; s < steps; ++s) x = step_d(op, x);
    return x;
  }
  float x = (float)start;
  for (long s = 0; s < steps; ++s) x = step_f(op, x);
  return x;
}

double ok_arith_tol(int op, int dbl) {
  if (op == OK_AR_SIN) return dbl ? 1e-6 : 1e-2;
  if (op == OK_AR_EXP || op == OK_AR_RSQRT) return dbl ? 1e-10 : 1e-4;
  return 1e-6;
}

int ok_arith_close(int op, int dbl, double got, double want, char *d, unsigned long n) {
  double scale = fabs(want) > 1 ? fabs(want) : 1, tol = ok_arith_tol(op, dbl);
  if (isinf(want) || isnan(want)) {
    if ((isinf(want) && got == want) || (isnan(want) && isnan(got))) return 1;
  } else if (fabs(got - want) <= tol * scale)
    return 1;
  snprintf(d, n, "%s %s: got %.9g, the host's chain gives %.9g (tolerance %g relative)", ok_arith_names[op],
           dbl ? "double" : "float", got, want, tol);
  return 0;
}

void ok_arith_thread_sums(int op, int dbl, long steps, double *want32) {
  for (int l = 0; l < 32; ++l) {
    double s = 0;
    for (int c = 0; c < OK_AR_CHAINS; ++c) s += ok_arith_chain(op, dbl, l + (double)c / OK_AR_CHAINS, steps);
    want32[l] = s;
  }
}

int ok_arith_check_sums(int op, int dbl, const double *out, long threads, long steps, char *d, unsigned long n) {
  double want[32];
  ok_arith_thread_sums(op, dbl, steps, want);
  for (long t = 0; t < threads; ++t) {
    double scale = fabs(want[t % 32]) > 1 ? fabs(want[t % 32]) : 1;
    double tol = ok_arith_tol(op, dbl) * OK_AR_CHAINS;
    if (!(fabs(out[t] - want[t % 32]) <= tol * scale) && !(isinf(want[t % 32]) && out[t] == want[t % 32])) {
      snprintf(d, n, "thread %ld: sum of %d chains %.9g, the host's %.9g (tolerance %g relative)", t, OK_AR_CHAINS,
               out[t], want[t % 32], tol);
      return 0;
    }
  }
  snprintf(d, n, "every thread's %d chains match the host's within %g relative", OK_AR_CHAINS,
           ok_arith_tol(op, dbl) * OK_AR_CHAINS);
  return 1;
}
