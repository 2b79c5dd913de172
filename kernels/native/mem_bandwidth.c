/* mem_bandwidth, host OpenMP: the GPU forms' read / write against stride and the copy
 * (record/ok_membw.h) on the host's memory, every thread of the machine, static
 * schedule, one pass per run (a pass is 128 MiB of useful data; the GPU forms make 16), strides
 * 0, 1, 2, 4, 8, 16 only (a 64-byte line is 16 words), quick: stride 1 and the copy;
 * omp_get_wtime around the region; GB/s. */
#include "ok_membw.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __attribute__((noinline)) unsigned long long pass(int kind, unsigned *A, unsigned *B, long stride) {
  unsigned long long acc = 0;
  if (kind == 0) {
#pragma omp parallel for schedule(static) reduction(+ : acc)
    for (long k = 0; k < OK_MB_ACCESSES; ++k) acc += A[k * stride];
  } else if (kind == 1) {
#pragma omp parallel for schedule(static)
    for (long k = 0; k < OK_MB_ACCESSES; ++k) A[k * stride] = OK_MB_WORD;
  } else {
#pragma omp parallel for schedule(static)
    for (long k = 0; k < OK_MB_ACCESSES; ++k) B[k] = A[k];
  }
  return acc;
}
static void fill(unsigned *A, long n) {
#pragma omp parallel for schedule(static)
  for (long j = 0; j < n; ++j) A[j] = OK_MB_FILL(j);
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  /* quick: stride 1 and the copy only, in 128 MiB (a 2-core CI machine runs it) */
  const long n = OK_MB_ACCESSES * (p->full ? OK_MB_MAX_STRIDE : 1) + 1;
  unsigned *A = malloc(n * sizeof *A), *B = malloc(OK_MB_ACCESSES * sizeof *B);
  int rc = 0;
  static char affinity[128];
  const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
  snprintf(affinity, sizeof affinity, "%s/%s", bind ? bind : "unset", places ? places : "unset");
  if (!A || !B) {
    struct ok_rate r;
    memset(&r, 0, sizeof r);
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "out of memory (%ld MiB)", (long)(n * 4 >> 20));
    ok_emit_rate(v, p, &r);
    free(A), free(B);
    return 1;
  }
  fill(A, n);
  static const int order[3] = {0, 2, 1};
  for (int oi = 0; oi < 3; ++oi) {
    const int kind = order[oi];
    for (long s = kind == 2 ? 1 : 0; s <= (kind == 2 ? 1 : OK_MB_MAX_STRIDE); s = s ? s * 2 : 1) {
      if (kind != 2 && (!(p->full || s == 1) || (kind == 1 && !p->full))) continue;
      double secs[8];
      char param[48];
      if (kind == 2) snprintf(param, sizeof param, "op=copy");
      else snprintf(param, sizeof param, "op=%s,stride=%ld", kind ? "write" : "read", s);
      struct ok_rate r;
      memset(&r, 0, sizeof r);
      r.type = "uint", r.threads = omp_get_max_threads(), r.teams = 1, r.stride = kind == 2 ? 0 : s;
      r.param = param, r.iters = 1, r.affinity = affinity;
      r.work = (double)OK_MB_ACCESSES * sizeof(unsigned) * (kind == 2 ? 2 : 1);
      r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs, r.runs = 3;
      if (kind == 1) fill(A, n);
      unsigned long long tot = 0, want;
      for (int i = -1; i < r.runs; ++i) {
        double t0 = omp_get_wtime();
        tot = pass(kind, A, B, s);
        if (i >= 0) secs[i] = omp_get_wtime() - t0;
      }
      if (kind == 0) want = ok_mb_read_sum(OK_MB_ACCESSES, s);
      else if (kind == 1) tot = pass(0, A, B, s), want = OK_MB_ACCESSES * (unsigned long long)OK_MB_WORD;
      else tot = pass(0, B, B, 1), want = ok_mb_read_sum(OK_MB_ACCESSES, 1);
      r.verified = tot == want;
      snprintf(r.detail, sizeof r.detail, "%s: read-back sum %llu, the host expects %llu", r.verified ? "ok" : "wrong", tot,
               want);
      if (!r.verified) rc = 1;
      ok_emit_rate(v, p, &r);
    }
  }
  free(A), free(B);
  return rc;
}
OK_REGISTER_SWEEP(mem_bandwidth, host, "host", "omp_get_wtime around the parallel region", sweep)
