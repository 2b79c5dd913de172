/* transfer, OpenMP target: `target update to/from` of an array mapped once (`target enter data`,
 * outside the timing), so each timed step is the copy alone, for 4, 16, 64 MiB from pageable
 * (malloc) and pinned (llvm_omp_target_host_mem_alloc) host memory (kernels/common/ok_transfer.h);
 * omp_get_wtime around each update; GB/s, against CUDA's cudaMemcpy. The check: the round trip
 * equals the pattern, and a region saw the device copy. */
#include "ok_transfer.h"
#include "prim_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when a region on the device reads the pattern's byte `i` of the mapped buffer. */
static int seen_on_device(unsigned char *b, size_t i, int dev) {
  int ok = 0;
#pragma omp target device(dev) map(from : ok) map(alloc : b[i : 1]) /* mapped by the caller; `present` is OpenMP 5.1 */
  ok = !omp_is_initial_device() && b[i] == (unsigned char)(i * 131u + (i >> 12));
  return ok;
}

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  if (!ok_ot_device_available()) return ok_ot_rate_on_host(v, p);
  const int dev = omp_get_default_device();
  const size_t maxn = (size_t)64 << 20;
  int rc = 0, bad = 0;
  unsigned char *pg = malloc(maxn);
#if OK_OT_CLANG_EXT
  unsigned char *pin = omp_alloc(maxn, llvm_omp_target_host_mem_alloc);
  const int nmem = 2;
#else /* GCC: no allocator gives page-locked memory before GCC 14; pageable points only */
  unsigned char *pin = NULL;
  const int nmem = 1;
#endif
  const int runs = p->full ? 5 : 3;
  for (int pinned = 0; pinned < nmem && !bad; ++pinned)
    for (int k = 0; k < OK_TR_NSIZES && !bad; ++k) {
      if (!ok_tr_size_in(p->full, ok_tr_mib[k])) continue;
      const size_t n = (size_t)ok_tr_mib[k] << 20;
      unsigned char *b = pinned ? pin : pg;
      double secs[2][8];
      int seen = 0;
      if (b) {
        ok_tr_fill(b, n);
#pragma omp target enter data map(alloc : b[0 : n]) device(dev)
        for (int dir = 0; dir < 2; ++dir)
          for (int i = -1; i < runs; ++i) {
            double t0 = omp_get_wtime();
            if (dir == 0) {
#pragma omp target update to(b[0 : n]) device(dev)
            } else {
#pragma omp target update from(b[0 : n]) device(dev)
            }
            if (i >= 0) secs[dir][i] = omp_get_wtime() - t0;
            if (dir == 0 && i == -1) seen = seen_on_device(b, n - 1, dev);
            if (dir == 0 && i == runs - 1) memset(b, 0, n); /* d2h must bring the pattern back */
          }
#pragma omp target exit data map(release : b[0 : n]) device(dev)
      }
      long diff = b ? ok_tr_first_diff(b, n) : 0;
      for (int dir = 0; dir < 2; ++dir) {
        char param[64];
        snprintf(param, sizeof param, "dir=%s,mem=%s,mib=%d", dir ? "d2h" : "h2d", pinned ? "pinned" : "pageable",
                 ok_tr_mib[k]);
        struct ok_rate r;
        memset(&r, 0, sizeof r);
        r.type = "", r.param = param, r.iters = 1;
        r.work = (double)n, r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs[dir], r.runs = runs;
        r.timer = "omp_get_wtime around target update";
        if (!b) {
          r.error = 1;
          snprintf(r.detail, sizeof r.detail, "%s host allocation of 64 MiB failed", pinned ? "pinned" : "pageable");
        } else if (!seen) {
          r.ran_on_host = 1;
          snprintf(r.detail, sizeof r.detail, "no device copy: the region ran on the host or saw other bytes");
        } else {
          r.verified = diff < 0;
          if (diff < 0) snprintf(r.detail, sizeof r.detail, "round trip of %d MiB equals the pattern", ok_tr_mib[k]);
          else snprintf(r.detail, sizeof r.detail, "round trip differs at byte %ld", diff);
        }
        if (r.error || !r.verified || r.ran_on_host) rc = 1, bad = 1;
        ok_emit_rate(v, p, &r);
      }
    }
  free(pg);
#if OK_OT_CLANG_EXT
  if (pin) omp_free(pin, llvm_omp_target_host_mem_alloc);
#endif
  return rc;
}
// EXPECT-FAIL[clang-16]: error (omp_alloc with llvm_omp_target_host_mem_alloc gave NULL under LLVM 16 on the H200, 2026-11-23: "pinned host allocation of 64 MiB failed"; cause not yet found)
OK_REGISTER_SWEEP(transfer, update_host, "host", "omp_get_wtime around target update", sweep)
