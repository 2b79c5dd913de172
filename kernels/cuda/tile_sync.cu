/* tile_sync, CUDA: cooperative groups below the block. Tile sync for tiles of 1, 2, 4, ..., 32
 * threads (tiled_partition<N>(this_thread_block()).sync()), coalesced-group sync
 * (coalesced_threads().sync()), and shuffles through a tile (tile.shfl_xor, tiles of 4 and 32,
 * verified against a host simulation of the warp). Shapes: one warp (latency) and 1024-thread
 * blocks on every SM, two per SM in --full (throughput with many warps per SM). */
#include "prim_harness.cuh"

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define TILE(N) cg::tiled_partition<N>(cg::this_thread_block())
#define SYNC_STEP(P) P acc += 1;
#define DEF_SYNC(N) OK_CUDA_PAIR(ok_cu_tile_sync_##N, int, int, SYNC_STEP, TILE(N).sync();)
DEF_SYNC(1)
DEF_SYNC(2)
DEF_SYNC(4)
DEF_SYNC(8)
DEF_SYNC(16)
DEF_SYNC(32)
OK_CUDA_PAIR(ok_cu_coalesced_sync, int, int, SYNC_STEP, cg::coalesced_threads().sync();)

/* A dependent chain, as in shfl.cu: the test adds one plain shuffle per step. */
#define SHFL_STEP4(P) acc = TILE(4).shfl_xor(acc + 1, 1); P
#define SHFL_STEP32(P) acc = TILE(32).shfl_xor(acc + 1, 1); P
OK_CUDA_PAIR(ok_cu_tile_shfl_4, int, int, SHFL_STEP4, acc = TILE(4).shfl_xor(acc, 1);)
OK_CUDA_PAIR(ok_cu_tile_shfl_32, int, int, SHFL_STEP32, acc = TILE(32).shfl_xor(acc, 1);)

/* Every thread ran every step: acc = lane + steps (the sync steps add 1 each). */
static int check_sync(const ok_prim_run *c, const ok_prim *pr, char *d, size_t n) {
  const double steps = (double)c->n_iter * OK_UNROLL;
  for (int t = 0; t < c->teams * c->threads; ++t)
    if (c->sink[t] != ((t % c->threads) & 31) + steps) {
      snprintf(d, n, "thread %d ended with %.17g, expected %.17g", t, c->sink[t], ((t % c->threads) & 31) + steps);
      return 0;
    }
  (void)pr;
  snprintf(d, n, "every thread ran %.0f steps", steps);
  return 1;
}
/* Lanes swap with lane ^ 1 inside their tile (tiles of 4 and 32 hold both partners). */
static void sim_xor(int w, long steps, double *out) {
  double v[32], nv[32];
  for (int l = 0; l < w; ++l) v[l] = l;
  for (long s = 0; s < steps; ++s) {
    for (int l = 0; l < w; ++l) nv[l] = v[l ^ 1] + 1;
    for (int l = 0; l < w; ++l) v[l] = nv[l ^ 1];
  }
  for (int l = 0; l < w; ++l) out[l] = v[l];
}

/* One warp, and 1024-thread blocks on every SM (--full: 2 per SM and 256-thread blocks too). */
static int shapes(const struct ok_params *p, int sms, int (*out)[2], int max, char *why, size_t nwhy) {
  (void)why, (void)nwhy;
  int n = 0;
  const int quick[][2] = {{1, 32}, {sms, 1024}}, full[][2] = {{1, 32}, {sms, 256}, {sms, 1024}, {2 * sms, 1024}};
  const int(*s)[2] = p->full ? full : quick;
  for (int i = 0; i < (p->full ? 4 : 2) && n < max; ++i) out[n][0] = s[i][0], out[n][1] = s[i][1], ++n;
  return n;
}

#define FS "WARPSYNC|NOP|bar\\.warp\\.sync"
#define FSH "SHFL|shfl\\.sync"
static const ok_cprim sync_prims[] = {
    OK_CPRIM(ok_cu_tile_sync_1, "", int, FS, 1, check_sync, nullptr, "tile=1"),
    OK_CPRIM(ok_cu_tile_sync_2, "", int, FS, 1, check_sync, nullptr, "tile=2"),
    OK_CPRIM(ok_cu_tile_sync_4, "", int, FS, 1, check_sync, nullptr, "tile=4"),
    OK_CPRIM(ok_cu_tile_sync_8, "", int, FS, 1, check_sync, nullptr, "tile=8"),
    OK_CPRIM(ok_cu_tile_sync_16, "", int, FS, 1, check_sync, nullptr, "tile=16"),
    OK_CPRIM(ok_cu_tile_sync_32, "", int, FS, 1, check_sync, nullptr, "tile=32")};
static const ok_cprim coal_prims[] = {
    OK_CPRIM(ok_cu_coalesced_sync, "", int, FS, 1, check_sync, nullptr, "group=coalesced")};
static const ok_cprim shfl_prims[] = {
    OK_CPRIM(ok_cu_tile_shfl_4, "", int, FSH, 1, ok_check_warp_sim, sim_xor, "tile=4"),
    OK_CPRIM(ok_cu_tile_shfl_32, "", int, FSH, 1, ok_check_warp_sim, sim_xor, "tile=32")};
/* Quick: tiles of 1 and 32 only. */
static const ok_cprim sync_quick[] = {sync_prims[0], sync_prims[5]};
static int sweep_sync(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {p->full ? sync_prims : sync_quick, p->full ? 6 : 2, 0, 1, shapes, 1};
  return ok_cuda_sweep(v, p, &s);
}
static int sweep_coal(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {coal_prims, 1, 0, 1, shapes, 1};
  return ok_cuda_sweep(v, p, &s);
}
static int sweep_shfl(const struct ok_variant *v, const struct ok_params *p) {
  ok_csweep s = {shfl_prims, 2, 0, 1, shapes, 1};
  return ok_cuda_sweep(v, p, &s);
}
#define TIMER "clock64 per thread, max over threads, measured SM clock"
OK_REGISTER_SWEEP(tile_sync, cuda_tile_sync, "cuda", TIMER, sweep_sync)
OK_REGISTER_SWEEP(tile_sync, cuda_coalesced_sync, "cuda", TIMER, sweep_coal)
OK_REGISTER_SWEEP(tile_sync, cuda_tile_shfl, "cuda", TIMER, sweep_shfl)
