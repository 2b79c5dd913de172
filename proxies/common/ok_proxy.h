/* The proxy contract (docs/proxies.md): a proxy is set up once per process and size, run by each
 * model's thin file, and verified against a host reference computed once per size. This header
 * holds what every proxy shares: the size rule, the end-to-end clock and a counter-based random
 * number generator that host and device evaluate identically. C, C++ (nvcc) and device code. */
#ifndef OK_PROXY_H
#define OK_PROXY_H
#include "ok_bench.h"

#include <stddef.h>

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

/* A proxy's problem sizes (docs/proxies.md):
 *   host   host models, and any model run without a GPU (CTest);
 *   quick  the GPU quick study;
 *   cmp    the GPU full study in every omp_target configuration and CUDA: the ablation's
 *          comparison size, small enough that the slowest form with openmp-opt off stays near a
 *          second a run;
 *   full   the GPU full study in target-clang19 and cuda-nvcc only (they run cmp as well, a
 *          second pass): the size that fills the GPU, >= 0.1 s of CUDA kernel. */
struct ok_proxy_sizes {
  long host, quick, cmp, full;
};
/* The size of this run: --size if given, else by the rule above for this build's configuration. */
long ok_proxy_size(const struct ok_params *p, const struct ok_proxy_sizes *s);
/* The rule itself, for any configuration (tested): gpu = the model runs on a GPU; ablation = an
 * ablation configuration (OK_PROXY_TINY_QUICK: its quick study uses the host size). */
long ok_proxy_size_rule(const struct ok_params *p, const struct ok_proxy_sizes *s, int gpu, const char *config,
                        int ablation);
/* Size passes of one proxy variant in this build (the bench runs p->pass = 0, 1, ... through the
 * proxies' run hooks, ok_proxy_hooks.c): in a --full GPU run of a configuration that fills the
 * GPU, 2 (full, cmp) + the variant's public settings (ok_proxy_public_settings), else 1. */
int ok_proxy_passes(const struct ok_params *p, const char *kernel, const char *variant);
int ok_proxy_passes_rule(const struct ok_params *p, int gpu, const char *config, const char *kernel,
                         const char *variant);
/* The public apps' default problems a proxy variant runs after its own sizes under --full (issue
 * 22, docs/proxies.md): rsbench small and large at 10^7 lookups, xsbench small unionized, large
 * unionized and large hash at 17 x 10^6, in the public form (spmd) and CUDA; su3 and su3_cxx one
 * pass in float at the comparison size (their full size is su3_bench's default problem itself, in
 * double). 0 for the others. */
int ok_proxy_public_settings(const char *kernel, const char *variant);
/* Which public setting this pass runs (0, 1, ...), or -1 for the proxy's own sizes. */
int ok_proxy_public(const struct ok_params *p);

/* What a proxy run reports beside its outcome, put on the run's line by the proxies' run hooks
 * (ok_proxy_hooks.c): the problem size that ran, the problem setting beyond size (a point
 * dimension, the record's param; NULL = none) and the end-to-end time (mapping and copies, kernel,
 * copy-back; 0 = none). The bench runs one run at a time: this is the current run's. */
struct ok_proxy_run {
  long size;
  const char *param;
  double e2e_seconds;
};
struct ok_proxy_run *ok_proxy_this_run(void);

/* The host reference covers at most OK_PROXY_REF_MAX items of a size (all of them below it):
 * item k of the sample is ok_proxy_sample(n, k), one per stride of n / OK_PROXY_REF_MAX at a
 * pseudo-random offset, the last one n - 1. Every model also checks every item it can cheaply
 * (written at all, in range): docs/proxies.md. */
#define OK_PROXY_REF_MAX 65536L
long ok_proxy_checked(long n);
long ok_proxy_sample(long n, long k);
/* A host reference cache of two sizes (the full study runs two per process): item k of the
 * sample of size n is fn(ok_proxy_sample(n, k), out + k * each), computed on every core. NULL
 * if out of memory. */
typedef void (*ok_proxy_ref_fn)(long item, void *out);
struct ok_proxy_ref {
  unsigned char *v[2];
  long n[2];
  int next;
};
const void *ok_proxy_ref_get(struct ok_proxy_ref *r, long n, size_t each, ok_proxy_ref_fn fn);
/* The lookup proxies' check (xsbench, rsbench): every result in 1..channels (the output starts
 * zeroed, so an unwritten lookup fails), every sampled one equal to ref; the detail gives
 * XSBench's hash (sum of all results mod 999983). want: the public app's published checksum for
 * this problem and lookup count, which the hash must equal (it covers every lookup); 0: none. */
void ok_proxy_lookup_verify(const char *name, const unsigned char *out, long n, const unsigned char *ref,
                            int channels, unsigned long long want, struct ok_outcome *o);
/* The lookup proxies' output in every model: n zeroed results (an unwritten lookup fails).
 * NULL, with the outcome an error, if data (the proxy's inputs) is NULL or memory runs out, or
 * if n < 0 (the setting was refused: the outcome already says why). */
unsigned char *ok_proxy_lookups_new(const char *name, const void *data, long n, struct ok_outcome *o);
/* After the run: unless it was an error, --inject-fault changes lookup 0 (always sampled) and
 * verify checks the results; then out is freed. */
typedef void (*ok_proxy_lookups_verify_fn)(const unsigned char *out, long n, struct ok_outcome *o);
void ok_proxy_lookups_done(const struct ok_params *p, unsigned char *out, long n, int channels,
                           ok_proxy_lookups_verify_fn verify, struct ok_outcome *o);
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
/* Copies the tables above into num_nucs and dist; returns the largest nuclide count. */
int ok_proxy_mat_counts(int *num_nucs, double *dist);
/* The same for a problem of n_nuclides: the fuel holds 34 nuclides in the "small" problem (68
 * nuclides) and 321 in the "large" one (355), as in XSBench and RSBench. */
int ok_proxy_mat_counts_for(long n_nuclides, int *num_nucs, double *dist);
#define OK_PROXY_NUCLIDES_SMALL 68
#define OK_PROXY_NUCLIDES_LARGE 355
/* Each material's nuclides and concentrations (OK_PROXY_MATS x max_nucs) from the stream s: fuel
 * (material 0) holds nuclides 0..num_nucs[0]-1 as in XSBench, the others draw theirs at random
 * from n_nuclides; concentrations uniform in [0, 1). */
void ok_proxy_mat_fill(const int *num_nucs, long max_nucs, long n_nuclides, unsigned long long *s, int *mats,
                       double *concs);
/* XSBench's own material lists (its Materials.c, facts of the benchmark): the fuel's 34 nuclides of
 * the small problem (in XSBench's order), then 68..354 in the large one; the other materials
 * draw only on the small problem's 68 nuclides. OK_PROXY_MATS x max_nucs. */
void ok_proxy_mat_lists(long n_nuclides, long max_nucs, int *mats);
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
