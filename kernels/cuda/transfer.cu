/* transfer, CUDA: cudaMemcpy host -> device and back for 4, 16, 64 MiB from pageable (malloc) and
 * pinned (cudaMallocHost) host memory (kernels/common/ok_transfer.h); CUDA events around each
 * copy; GB/s. The check: the round trip equals the pattern. */
#include "ok_transfer.h"
#include "prim_harness.cuh"

#include <cstdlib>
#include <cstring>

static int sweep(const struct ok_variant *v, const struct ok_params *p) {
  int rc = 0;
  const size_t maxn = (size_t)64 << 20;
  unsigned char *dev = nullptr, *pin_src = nullptr, *pin_dst = nullptr;
  unsigned char *pg_src = (unsigned char *)malloc(maxn), *pg_dst = (unsigned char *)malloc(maxn);
  cudaError_t e = cudaMalloc(&dev, maxn);
  if (e == cudaSuccess) e = cudaMallocHost(&pin_src, maxn);
  if (e == cudaSuccess) e = cudaMallocHost(&pin_dst, maxn);
  if (e == cudaSuccess && (!pg_src || !pg_dst)) e = cudaErrorMemoryAllocation;
  if (e == cudaSuccess) ok_tr_fill(pg_src, maxn), ok_tr_fill(pin_src, maxn);
  const int runs = p->full ? 5 : 3;
  for (int pinned = 0; pinned < 2 && e == cudaSuccess; ++pinned)
    for (int k = 0; k < OK_TR_NSIZES && e == cudaSuccess; ++k) {
      if (!ok_tr_size_in(p->full, ok_tr_mib[k])) continue;
      const size_t n = (size_t)ok_tr_mib[k] << 20;
      unsigned char *src = pinned ? pin_src : pg_src, *dst = pinned ? pin_dst : pg_dst;
      double secs[2][8];
      for (int dir = 0; dir < 2 && e == cudaSuccess; ++dir) {
        if (dir == 1) memset(dst, 0, n);
        cudaError_t ce = cudaSuccess;
        e = ok_cuda_rate_runs(runs, [] { return cudaSuccess; },
                              [&] {
                                cudaError_t c1 = dir == 0 ? cudaMemcpy(dev, src, n, cudaMemcpyHostToDevice)
                                                          : cudaMemcpy(dst, dev, n, cudaMemcpyDeviceToHost);
                                if (c1 != cudaSuccess) ce = c1;
                              },
                              secs[dir]);
        if (e == cudaSuccess) e = ce;
      }
      long diff = e == cudaSuccess ? ok_tr_first_diff(dst, n) : -1;
      for (int dir = 0; dir < 2; ++dir) {
        char param[64];
        snprintf(param, sizeof param, "dir=%s,mem=%s,mib=%d", dir ? "d2h" : "h2d", pinned ? "pinned" : "pageable",
                 ok_tr_mib[k]);
        ok_rate r = {};
        r.type = "", r.threads = 0, r.teams = 0, r.param = param, r.iters = 1;
        r.work = (double)n, r.scale = 1e-9, r.unit = "GB/s", r.seconds = secs[dir], r.runs = runs;
        r.timer = "CUDA events around cudaMemcpy";
        if (e != cudaSuccess) {
          r.error = 1;
          snprintf(r.detail, sizeof r.detail, "cudaMemcpy: %s", cudaGetErrorString(e));
        } else {
          r.verified = diff < 0;
          if (diff < 0) snprintf(r.detail, sizeof r.detail, "round trip of %d MiB equals the pattern", ok_tr_mib[k]);
          else snprintf(r.detail, sizeof r.detail, "round trip differs at byte %ld", diff);
        }
        if (r.error || !r.verified) rc = 1;
        ok_emit_rate(v, p, &r);
      }
    }
  if (e != cudaSuccess && rc == 0) {
    ok_rate r = {};
    r.error = 1;
    snprintf(r.detail, sizeof r.detail, "transfer setup: %s", cudaGetErrorString(e));
    ok_emit_rate(v, p, &r);
    rc = 1;
  }
  cudaFree(dev), cudaFreeHost(pin_src), cudaFreeHost(pin_dst), free(pg_src), free(pg_dst);
  cudaGetLastError();
  return rc;
}
OK_REGISTER_SWEEP(transfer, cudaMemcpy, "cuda", "CUDA events around cudaMemcpy", sweep)
