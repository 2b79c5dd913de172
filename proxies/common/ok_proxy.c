/* The proxy contract's shared helpers (ok_proxy.h). */
#define _POSIX_C_SOURCE 200809L
#include "ok_proxy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const int ok_proxy_num_nucs[OK_PROXY_MATS] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
const double ok_proxy_mat_dist[OK_PROXY_MATS] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                                                 0.066, 0.055, 0.008, 0.015, 0.025, 0.013};

/* The configurations whose full study runs the GPU-filling size: the full pipeline and CUDA, the
 * pair the headline compares. Every other GPU configuration (cuda-mode, the ablation, the
 * compiler matrix) runs the comparison size, where target-clang19 and CUDA run too. */
static int fills(const char *config) {
  return config && (!strcmp(config, "target-clang19") || !strcmp(config, "cuda-nvcc"));
}

long ok_proxy_size_rule(const struct ok_params *p, const struct ok_proxy_sizes *s, int gpu, const char *config,
                        int ablation) {
  if (p->size > 0) return p->size;
  if (!gpu) return s->host;
  if (!p->full) return ablation ? s->host : s->quick;
  return p->pass == 1 || !fills(config) ? s->cmp : s->full;
}

int ok_proxy_public_settings(const char *kernel, const char *variant) {
  /* The public forms only (the public apps' own OpenMP form and CUDA): each setting costs up to
   * seconds a run, and the other forms have no public figure to meet. su3's full size is its
   * public setting; its extra pass is the precision axis's float point. */
  static const struct {
    const char *kernel, *variant;
    int n;
  } t[] = {{"rsbench", "spmd", 2}, {"rsbench", "cuda", 2},
           {"xsbench", "spmd", 3}, {"xsbench", "cuda", 3}, /* small unionized, large unionized, large hash */
           /* su3: every form once more in float, at the comparison size (su3_setting) */
           {"su3", NULL, 1}, {"su3_cxx", NULL, 1}};
  for (size_t i = 0; kernel && variant && i < sizeof t / sizeof t[0]; ++i)
    if (!strcmp(t[i].kernel, kernel) && (!t[i].variant || !strcmp(t[i].variant, variant))) return t[i].n;
  return 0;
}

int ok_proxy_passes_rule(const struct ok_params *p, int gpu, const char *config, const char *kernel,
                         const char *variant) {
  return p->full && p->size <= 0 && gpu && fills(config) ? 2 + ok_proxy_public_settings(kernel, variant) : 1;
}

int ok_proxy_public(const struct ok_params *p) { return p->pass >= 2 ? p->pass - 2 : -1; }

#ifdef OK_PROXY_TINY_QUICK
#define OK_PROXY_ABLATION 1
#else
#define OK_PROXY_ABLATION 0
#endif
#ifndef OK_CONFIG
#define OK_CONFIG ""
#endif

long ok_proxy_size(const struct ok_params *p, const struct ok_proxy_sizes *s) {
  if (p->setting) { /* a proxy that takes a --setting has consumed it before asking for its own size */
    fprintf(stderr, "ompkit-bench: --setting %s: this proxy has no public problem settings (xsbench and rsbench have)\n",
            p->setting);
    exit(2);
  }
  return ok_proxy_size_rule(p, s, ok_model_needs_gpu(), OK_CONFIG, OK_PROXY_ABLATION);
}

int ok_proxy_passes(const struct ok_params *p, const char *kernel, const char *variant) {
  return ok_proxy_passes_rule(p, ok_model_needs_gpu(), OK_CONFIG, kernel, variant);
}

struct ok_proxy_run *ok_proxy_this_run(void) {
  static struct ok_proxy_run now;
  return &now;
}

long ok_proxy_checked(long n) { return n < OK_PROXY_REF_MAX ? n : OK_PROXY_REF_MAX; }

long ok_proxy_sample(long n, long k) {
  if (n <= OK_PROXY_REF_MAX || k == 0) return k; /* item 0 always (--inject-fault changes it) */
  if (k == OK_PROXY_REF_MAX - 1) return n - 1; /* the tail past the last whole stride */
  long stride = n / OK_PROXY_REF_MAX;
  return k * stride + (long)(ok_proxy_mix((unsigned long long)k) % (unsigned long long)stride);
}

const void *ok_proxy_ref_get(struct ok_proxy_ref *r, long n, size_t each, ok_proxy_ref_fn fn) {
  for (int i = 0; i < 2; ++i)
    if (r->v[i] && r->n[i] == n) return r->v[i];
  int slot = r->next;
  r->next ^= 1;
  free(r->v[slot]);
  long m = ok_proxy_checked(n);
  unsigned char *v = malloc((size_t)m * each);
  r->v[slot] = v, r->n[slot] = v ? n : 0;
  if (!v) return NULL;
#pragma omp parallel for schedule(dynamic, 64)
  for (long k = 0; k < m; ++k) fn(ok_proxy_sample(n, k), v + (size_t)k * each);
  return v;
}

void ok_proxy_lookup_verify(const char *name, const unsigned char *out, long n, const unsigned char *ref,
                            int channels, unsigned long long want, struct ok_outcome *o) {
  ok_proxy_this_run()->size = n;
  if (!ref) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "%s: out of host memory for the reference of %ld lookups", name, n);
    return;
  }
  unsigned long long hash = 0;
  long range = 0, first_range = -1;
  for (long i = 0; i < n; ++i) {
    hash += out[i];
    if ((out[i] < 1 || out[i] > channels) && !range++) first_range = i;
  }
  hash %= 999983;
  long m = ok_proxy_checked(n), bad = 0, first = -1, fk = -1;
  for (long k = 0; k < m; ++k)
    if (out[ok_proxy_sample(n, k)] != ref[k] && !bad++) first = ok_proxy_sample(n, k), fk = k;
  if (range)
    ok_proxy_verdict(o, 0, "%s: %ld of %ld lookups not written or out of range 1..%d (first %ld: %d)", name, range, n,
                     channels, first_range, out[first_range]);
  else if (bad)
    ok_proxy_verdict(o, 0, "%s: %ld of %ld lookups differ from the host reference (first %ld: %d, want %d); hash %llu",
                     name, bad, m, first, out[first], ref[fk], hash);
  else if (want && hash != want)
    ok_proxy_verdict(o, 0, "%s: the %ld sampled lookups equal the host reference, but the hash of all %ld is %llu, "
                     "not the public app's checksum %llu", name, m, n, hash, want);
  else if (m == n)
    ok_proxy_verdict(o, 1, "%s: %ld lookups equal the host reference; hash %llu%s", name, n, hash,
                     want ? ", the public app's checksum" : "");
  else
    ok_proxy_verdict(o, 1, "%s: %ld lookups in 1..%d, the %ld sampled (one per %ld) equal the host reference; hash %llu%s",
                     name, n, channels, m, n / OK_PROXY_REF_MAX, hash, want ? ", the public app's checksum" : "");
}

int ok_proxy_mat_counts_for(long n_nuclides, int *num_nucs, double *dist) {
  int max = 0;
  for (int m = 0; m < OK_PROXY_MATS; ++m) {
    num_nucs[m] = ok_proxy_num_nucs[m], dist[m] = ok_proxy_mat_dist[m];
    if (m == 0 && n_nuclides != OK_PROXY_NUCLIDES_SMALL) num_nucs[m] = 321;
    if (num_nucs[m] > max) max = num_nucs[m];
  }
  return max;
}

int ok_proxy_mat_counts(int *num_nucs, double *dist) {
  return ok_proxy_mat_counts_for(OK_PROXY_NUCLIDES_SMALL, num_nucs, dist);
}

void ok_proxy_mat_fill(const int *num_nucs, long max_nucs, long n_nuclides, unsigned long long *s, int *mats,
                       double *concs) {
  for (int m = 0; m < OK_PROXY_MATS; ++m)
    for (int j = 0; j < num_nucs[m]; ++j) {
      mats[m * max_nucs + j] = m == 0 ? j : (int)(ok_proxy_u01(s) * (double)n_nuclides);
      concs[m * max_nucs + j] = ok_proxy_u01(s);
    }
}

void ok_proxy_mat_lists(long n_nuclides, long max_nucs, int *mats) {
  static const int fuel[34] = {58, 59, 60, 61, 40, 42, 43, 44, 45, 46, 1,  2,  3,  7,  8,  9,  10,
                               29, 57, 47, 48, 0,  62, 15, 33, 34, 52, 53, 54, 55, 56, 18, 23, 41};
  static const int clad[] = {63, 64, 65, 66, 67}, water[] = {24, 41, 4, 5};
  static const int rpv[] = {19, 20, 21, 22, 35, 36, 37, 38, 39, 25, 27, 28, 29, 30,
                            31, 32, 26, 49, 50, 51, 11, 12, 13, 14, 6,  16, 17};
  static const int refl[] = {24, 41, 4, 5, 19, 20, 21, 22, 35, 36, 37, 38, 39, 25, 49, 50, 51, 11, 12, 13, 14};
  static const int fa[] = {24, 41, 4, 5, 63, 64, 65, 66, 67};
  static const struct {
    const int *v;
    int n;
  } m[OK_PROXY_MATS] = {{fuel, 34}, {clad, 5}, {water, 4}, {water, 4}, {rpv, 27}, {refl, 21},
                        {refl, 21}, {refl, 21}, {refl, 21}, {refl, 21}, {fa, 9},    {fa, 9}};
  for (int k = 0; k < OK_PROXY_MATS; ++k)
    for (int j = 0; j < m[k].n; ++j) mats[k * max_nucs + j] = m[k].v[j];
  if (n_nuclides != OK_PROXY_NUCLIDES_SMALL) /* the large fuel: 321 nuclides */
    for (int j = 34; j < 321; ++j) mats[j] = OK_PROXY_NUCLIDES_SMALL + (j - 34);
}

unsigned char *ok_proxy_lookups_new(const char *name, const void *data, long n, struct ok_outcome *o) {
  if (n < 0) return NULL; /* a refused setting: the outcome says why */
  unsigned char *out = data ? calloc((size_t)n, 1) : NULL;
  if (!out) {
    o->error = 1;
    ok_proxy_verdict(o, 0, "%s: out of host memory", name);
  }
  return out;
}

void ok_proxy_lookups_done(const struct ok_params *p, unsigned char *out, long n, int channels,
                           ok_proxy_lookups_verify_fn verify, struct ok_outcome *o) {
  if (!o->error) {
    if (p->inject_fault) out[0] = (unsigned char)(out[0] % channels + 1);
    verify(out, n, o);
  }
  free(out);
}

double ok_proxy_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ok_proxy_verdict(struct ok_outcome *o, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->detail, sizeof o->detail, fmt, ap);
  va_end(ap);
  o->verified = ok;
}
