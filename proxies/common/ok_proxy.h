/* The proxy contract (docs/proxies.md): a proxy is set up once per process and size, run by each
 * model's thin file, and verified against a host reference computed once per size. This header
 * holds what every proxy shares: the size rule, the end-to-end clock and a counter-based random
 * number generator that host and device evaluate identically. C, C++ (nvcc) and device code. */
#ifndef OK_PROXY_H
#define OK_PROXY_H
#include "ok_bench.h"

#ifndef OK_HD
#ifdef __CUDACC__
#define OK_HD __host__ __device__
#else
#define OK_HD
#endif
#endif
/* A device function kept out of line in every model, so that its local arrays stay the
 * globalization candidates the proxies are about (and remarks attribute to a named function). */
#ifdef __CUDACC__
#define OK_NOINLINE __noinline__
#else
#define OK_NOINLINE __attribute__((noinline))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The problem size of this run: --size if given; otherwise `host` for host models (and for every
 * model in CTest-sized runs), `gpu_quick` or `gpu_full` on a GPU by sweep. Configurations built
 * with OK_PROXY_TINY_QUICK (the ablation ones) use `host` in the quick study too. */
long ok_proxy_size(const struct ok_params *p, long host, long gpu_quick, long gpu_full);
/* Host wall clock in seconds (end-to-end timing of every model). */
double ok_proxy_now(void);
/* Writes "name: <what>" to the outcome's detail and marks it verified or not. */
void ok_proxy_verdict(struct ok_outcome *o, int ok, const char *fmt, ...);

#ifdef __cplusplus
}
#endif

/* splitmix64 of a counter: element i's random stream does not depend on how work is split. */
static inline OK_HD unsigned long long ok_proxy_mix(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
/* The material mix both cross-section proxies use (XSBench's and RSBench's "small" reactor
 * model): nuclides per material (fuel first) and each material's probability per lookup. */
#define OK_PROXY_MATS 12
#ifdef __cplusplus
extern "C" {
#endif
extern const int ok_proxy_num_nucs[OK_PROXY_MATS];
extern const double ok_proxy_mat_dist[OK_PROXY_MATS];
#ifdef __cplusplus
}
#endif

/* Uniform double in [0, 1) from 53 random bits. */
static inline OK_HD double ok_proxy_u01(unsigned long long *state) {
  *state = ok_proxy_mix(*state);
  return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}
/* The material of a lookup whose uniform draw is r (cumulative over dist). */
static inline OK_HD int ok_proxy_pick_mat(const double *dist, double r) {
  double c = 0;
  for (int m = 0; m < OK_PROXY_MATS; ++m) {
    c += dist[m];
    if (r < c) return m;
  }
  return 0;
}
#endif
