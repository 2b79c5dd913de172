/* The one bench main, built once per configuration. Plumbing for the driver:
 *   ompkit-bench --info | --list | --probe | --warm | --run NAME[/VARIANT]|all [--run ...] [--threads N]
 *                [--teams N] [--iters N] [--runs N] [--warmup N] [--sweep quick|full] [--type T]
 *                [--size N] [--setting S] [--inject-fault]   (--size: the problem size of a kernel that
 *                has one; --setting: a proxy's public problem, e.g. problem=large,grid=nuclide)
 * Output is JSON lines on stdout; exit 0 ok, 1 a failed check, 2 usage or environment error, or
 * a filter (--run, --type, --threads/--teams) that selects no point to measure.
 * One process runs many variants (the runtime starts once); each variant's lines sit between
 * {"event":"begin",...} and {"event":"end",...} so the driver can tell which one hung or crashed
 * and restart the rest. After a GPU runtime error or wrong result the bench stops: a CUDA error
 * or a broken kernel can poison the context for every later variant in the process. */
#define _POSIX_C_SOURCE 200809L
#include "ok_bench.h"
#include "ok_record.h"
#include "ok_status.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef OK_CONFIG
#define OK_CONFIG "unknown"
#endif
#ifndef OK_MODEL
#define OK_MODEL "unknown"
#endif
#ifndef OK_FLAGS
#define OK_FLAGS ""
#endif
#ifndef OK_COMPILER
#define OK_COMPILER "unknown"
#endif

struct ok_meta {
  const char *name, *family, *summary;
  int ops_per_iter, bytes_per_op;
};
static const struct ok_meta ok_meta_table[] = {
#define OK_KERNEL(n, fam, sum, ops, bytes) {#n, fam, sum, ops, bytes},
#include "kernels.def"
#undef OK_KERNEL
};
enum { OK_NMETA = sizeof ok_meta_table / sizeof ok_meta_table[0] };

static struct ok_variant *ok_head;
static long ok_points; /* points printed so far: a sweep that prints none matched no point */
static int ok_gpu_error; /* a GPU model reported a runtime error: run no more variants here */

void ok_register(struct ok_variant *v) {
#ifdef OK_NO_PRIMITIVE_RUNS
  if (v->sweep) return; /* this configuration times whole kernels only (see kernels/CMakeLists.txt) */
#endif
  /* Keep registration order stable (file order) by appending. */
  struct ok_variant **pp = &ok_head;
  while (*pp) pp = &(*pp)->next;
  v->next = NULL;
  *pp = v;
}

static const struct ok_meta *meta_of(const char *kernel) {
  for (int i = 0; i < OK_NMETA; ++i)
    if (strcmp(ok_meta_table[i].name, kernel) == 0) return &ok_meta_table[i];
  return NULL;
}

static struct ok_run_hooks *ok_hooks; /* registered by the families that have them (ok_bench.h) */
void ok_register_hooks(struct ok_run_hooks *h) {
  h->next = ok_hooks;
  ok_hooks = h;
}

static const struct ok_run_hooks *hooks_of(const struct ok_variant *v) {
  const struct ok_meta *m = meta_of(v->kernel);
  for (const struct ok_run_hooks *h = ok_hooks; h && m; h = h->next)
    if (!strcmp(h->family, m->family)) return h;
  return NULL;
}

static void jstr(const char *s) {
  putchar('"');
  for (; s && *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c == '\n') fputs("\\n", stdout);
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

/* FNV-1a of the flags: one short token that changes whenever the compile line does. */
static unsigned flags_hash(void) {
  unsigned h = 2166136261u;
  for (const char *c = OK_FLAGS; *c; ++c) h = (h ^ (unsigned char)*c) * 16777619u;
  return h;
}

/* Field names come from the record table (ok_record.def): a field it lacks does not compile. */
static void key(enum ok_field_id f) { printf(",\"%s\":", ok_fields[f].name); }
static void kstr(enum ok_field_id f, const char *s) { key(f), jstr(s); }
static void kint(enum ok_field_id f, long v) { key(f), printf("%ld", v); }
static void kbool(enum ok_field_id f, int v) { key(f), fputs(v ? "true" : "false", stdout); }

static void print_common(void) {
  printf("\"%s\":", OK_FNAME(config)); /* the first field: no comma */
  jstr(OK_CONFIG);
  kstr(OKF_model, OK_MODEL);
}

/* Which build made a measurement: compiler version and a hash of its flags (full flags in
 * provenance.json). */
static void print_build(void) {
  kstr(OKF_compiler, OK_COMPILER);
  char h[16];
  snprintf(h, sizeof h, "%08x", flags_hash());
  kstr(OKF_flags_hash, h);
}

/* What a result line knows of its outcome, for the one status ladder (line_status). */
struct line_outcome {
  int ran_on_host;         /* a GPU region ran on the host fallback */
  int error;               /* the bench could not measure (an allocation, a launch) */
  int verified;            /* the result matched the host reference */
  const char *detail;      /* why, for the three above */
  const char *host_detail; /* why for ran_on_host, when not detail */
  const char *no_run;      /* verified, but no timed run: an error, and why */
  const char *no_cost;     /* verified, but no cost kept: not measured, and why */
};

/* The one status ladder of a result line, first that holds: on the host fallback, an error, a
 * wrong result, no timed run, no cost kept; else ok. why: the line's `error` ("" for ok). Every
 * status is a name of the one table (ok_status.def). */
static enum ok_status line_status(const struct line_outcome *o, char *why, size_t n) {
  enum ok_status st = OK_ST_OK;
  const char *w = "";
  if (o->ran_on_host) st = OK_ST_RAN_ON_HOST, w = o->host_detail ? o->host_detail : o->detail;
  else if (o->error) st = OK_ST_ERROR, w = o->detail;
  else if (!o->verified) st = OK_ST_WRONG_RESULT, w = o->detail;
  else if (o->no_run) st = OK_ST_ERROR, w = o->no_run;
  else if (o->no_cost) st = OK_ST_NOT_MEASURED, w = o->no_cost;
  snprintf(why, n, "%s", w ? w : "");
  return st;
}

/* The one line writer: line_begin opens a result line (context, the variant's identity, its
 * status and, when why is not NULL, its `error`), the caller adds its fields, line_end closes it
 * (with the build's compiler and flags hash unless no_build). */
static void line_begin(const struct ok_variant *v, enum ok_status status, const char *why) {
  putchar('{');
  print_common();
  kstr(OKF_kernel, v->kernel);
  kstr(OKF_variant, v->variant);
  kstr(OKF_source_mode, v->source_mode);
  kstr(OKF_status, ok_status_name(status));
  if (why) kstr(OKF_error, why);
}

static void line_end(int no_build) {
  if (!no_build) print_build();
  fputs("}\n", stdout);
  if (!no_build) fflush(stdout);
}

static void jnum(enum ok_field_id f, double v) {
  key(f);
  if (v != v || v > 1e300 || v < -1e300) fputs("null", stdout);
  else printf("%.6g", v);
}

static void jstat(enum ok_field_id f, double med, double mn, double mx, const char *fmt) {
  key(f);
  printf("{\"median\":");
  printf(fmt, med);
  printf(",\"min\":");
  printf(fmt, mn);
  printf(",\"max\":");
  printf(fmt, mx);
  putchar('}');
}

void ok_put_long(int field, long v) { kint((enum ok_field_id)field, v); }
void ok_put_str(int field, const char *v) { kstr((enum ok_field_id)field, v); }
void ok_put_stat(int field, double median, double min, double max) {
  jstat((enum ok_field_id)field, median, min, max, "%.9g");
}

void ok_emit_point(const struct ok_variant *v, const struct ok_params *p, const struct ok_point *pt) {
  char why[256], slow[256];
  snprintf(slow, sizeof slow, "test not slower than baseline: median test %.6g <= median baseline %.6g %s after %d retries",
           pt->st.test_median, pt->st.base_median, pt->unit, pt->st.retries);
  struct line_outcome lo = {pt->ran_on_host, pt->error, pt->verified, pt->detail, NULL, NULL,
                            pt->measured && pt->st.per_op_median <= 0 ? slow : NULL};
  enum ok_status status = line_status(&lo, why, sizeof why);
  int ok = status == OK_ST_OK;
  ++ok_points;
  /* A wrong result on a GPU may come from a trap or a broken team: the device state is suspect. */
  if ((pt->error || !pt->verified) && !pt->ran_on_host && ok_model_needs_gpu()) ok_gpu_error = 1;
  line_begin(v, status, why[0] ? why : NULL);
  kbool(OKF_verified, pt->verified && !pt->error);
  kstr(OKF_type, pt->type ? pt->type : "");
  kint(OKF_threads, pt->threads);
  kint(OKF_teams, pt->teams);
  if (pt->stride) kint(OKF_stride, pt->stride);
  if (pt->param) kstr(OKF_param, pt->param);
  if (pt->affinity) {
    kstr(OKF_affinity, pt->affinity);
    kbool(OKF_smt, pt->smt);
  }
  kint(OKF_n_iter, pt->n_iter);
  kint(OKF_unroll, pt->unroll);
  kint(OKF_runs, pt->st.runs);
  kint(OKF_retries, pt->st.retries);
  kbool(OKF_flagged, pt->st.flagged);
  if (pt->measured) {
    kstr(OKF_unit, pt->unit);
    jnum(OKF_base_median, pt->st.base_median);
    jnum(OKF_test_median, pt->st.test_median);
  }
  if (ok && pt->measured) {
    /* Samples are seconds (host) or cycles (GPU, converted with the measured SM clock). */
    double to_ns = !strcmp(pt->unit, "cycles") ? 1e3 / pt->clock_mhz : 1e9;
    if (!strcmp(pt->unit, "cycles"))
      jstat(OKF_per_op_cycles, pt->st.per_op_median, pt->st.per_op_min, pt->st.per_op_max, "%.6g");
    jstat(OKF_per_op_ns, pt->st.per_op_median * to_ns, pt->st.per_op_min * to_ns, pt->st.per_op_max * to_ns, "%.6g");
    jnum(OKF_spread, pt->st.spread);
    jnum(OKF_throughput_per_thread_ops_s, 1e9 / (pt->st.per_op_median * to_ns));
    /* At the clock's resolution: the report shows "<= N cycles (floor)" (docs/fidelity.md). */
    if (pt->floor_bound > 0 && !strcmp(pt->unit, "cycles")) kbool(OKF_floor, 1), jnum(OKF_floor_cycles, pt->floor_bound);
  }
  if (pt->st.early_stop) kbool(OKF_early_stop, 1);
  if (pt->clock_mhz > 0) jnum(OKF_sm_clock_mhz, pt->clock_mhz);
  /* The nearest placement gave the figures above; the farthest is the other end. */
  if (pt->placements > 1) {
    kint(OKF_placements, pt->placements);
    if (ok && pt->measured && !strcmp(pt->unit, "cycles")) jnum(OKF_per_op_far_cycles, pt->far_per_op);
  }
  /* Placed over SMs: the SM whose block gave the figures (two cards give a one-block launch
   * different SMs; this says which one each side's figure came from). */
  if (pt->sm_placed && pt->measured) kint(OKF_smid, pt->smid);
  if (pt->injected_pct > 0) jnum(OKF_injected_slowdown_pct, pt->injected_pct);
  if (pt->ran_on_host) kbool(OKF_on_device, 0);
  if (pt->code_symbol[0]) kstr(OKF_code_symbol, pt->code_symbol);
  if (pt->code_family) kstr(OKF_code_family, pt->code_family);
  kstr(OKF_timer, v->timer);
  if (pt->detail[0]) kstr(OKF_detail, pt->detail);
  line_end(0);
  (void)p;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int usage(const char *msg) {
  fprintf(stderr, "ompkit-bench: %s\nusage: ompkit-bench --info | --list | --probe | --warm | --run NAME[/VARIANT]|all "
                  "[--threads N] [--teams N] [--iters N] [--runs N] [--warmup N] [--sweep quick|full] [--type T] "
                  "[--size N] [--setting S] [--inject-fault]\n--threads/--teams: measure only that shape; a filter that selects "
                  "no point exits 2\n--setting: a proxy's public problem (xsbench: problem=small|large,grid=nuclide|"
                  "unionized|hash; rsbench: problem=small|large)\n", msg);
  return 2;
}

static int parse_long(const char *s, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) return -1;
  *out = v;
  return 0;
}

static int matches(const struct ok_variant *v, const char *pat) {
  if (strcmp(pat, "all") == 0) return 1;
  size_t kl = strlen(v->kernel);
  if (strcmp(pat, v->kernel) == 0) return 1;
  return strncmp(pat, v->kernel, kl) == 0 && pat[kl] == '/' && strcmp(pat + kl + 1, v->variant) == 0;
}

/* Runs one variant: warm-up, then `runs` timed runs; every run must verify (and, for GPU models,
 * must have run on the device). Prints one JSON line. Returns 0 ok, 1 failed check. */
static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int run_variant(const struct ok_variant *v, const struct ok_params *p, int runs, int warmup, int runs_given) {
  const struct ok_meta *m = meta_of(v->kernel);
  const struct ok_run_hooks *h = hooks_of(v);
  struct ok_outcome o;
  double slow_run_s = 0; /* > 0: this first timed run cut the timed runs (ok_slow_runs) */
  double *t = calloc((size_t)runs, sizeof *t);
  if (!t) return 2;
  enum ok_status status = OK_ST_OK;
  char why[256] = "";
  int total = warmup + runs, last_threads = 0, last_teams = 0;
  const int gpu = ok_model_needs_gpu();
  const double inject = ok_injected_pct(v->kernel, v->variant);
  for (int r = 0; r < total; ++r) {
    memset(&o, 0, sizeof o);
    o.on_device = -1;
    if (h && h->run_begin) h->run_begin();
    const double w0 = wall_now();
    v->fn(p, &o);
    const double wall = wall_now() - w0; /* the run's whole cost: mapping and checking too */
    /* A run that failed says nothing of where it ran: the fallback counts for a good run only. */
    struct line_outcome lo = {gpu && o.on_device != 1 && !o.error && o.verified, o.error, o.verified, o.detail,
                              "omp_is_initial_device() was true inside the target region", NULL, NULL};
    if ((status = line_status(&lo, why, sizeof why)) != OK_ST_OK) {
      /* a GPU error poisons the device state; a wrong result only when it ran there */
      if (gpu && (o.error || (!o.verified && o.on_device == 1))) ok_gpu_error = 1;
      break;
    }
    last_threads = o.threads;
    last_teams = o.teams;
    if (r >= warmup) t[r - warmup] = o.seconds * (1 + inject / 100); /* inject: 0 in a real study */
    if (h && h->run_end) h->run_end(r >= warmup ? r - warmup : -1);
    /* The slow-run rule (ok_measure.h): a first timed run of 0.5 s or more (a globalization
     * fallback, an ablated proxy) leaves 3 timed runs, of 2 s or more 1; decided on a timed run,
     * not the warm-up, which may hold one-time costs (a JIT). Recorded in runs and slow_run_s. */
    if (r == warmup && !runs_given) {
      double run_s = o.seconds > wall ? o.seconds : wall;
      int n = ok_slow_runs(run_s, runs);
      if (n < runs) runs = n, total = warmup + runs, slow_run_s = run_s;
    }
  }
  int ok = status == OK_ST_OK;
  line_begin(v, status, ok ? NULL : why);
  kbool(OKF_verified, o.verified && !o.error);
  if (gpu) kbool(OKF_on_device, o.on_device == 1);
  if (ok) {
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    double med = runs % 2 ? t[runs / 2] : 0.5 * (t[runs / 2 - 1] + t[runs / 2]);
    const double per_iter = m ? m->ops_per_iter : 1;
    double ops = (double)last_threads * (double)(last_teams > 0 ? last_teams : 1) * (double)p->iters * per_iter;
    double hops = h && h->ops ? h->ops(per_iter) : 0; /* a family that counts per unit of its size */
    if (hops > 0) ops = hops;
    if (o.ops > 0) ops = o.ops; /* a kernel that counts its own (su3: launches vary with size) */
    kint(OKF_threads, last_threads);
    kint(OKF_teams, last_teams);
    kint(OKF_iters, p->iters);
    kint(OKF_runs, runs);
    kint(OKF_warmup, warmup);
    if (slow_run_s > 0) jnum(OKF_slow_run_s, slow_run_s);
    if (runs == 1) kbool(OKF_spread_unknown, 1); /* min = max = the one run: no spread */
    jstat(OKF_time_s, med, t[0], t[runs - 1], "%.9g");
    key(OKF_ns_per_op_total);
    printf("%.6g", ops > 0 ? med * 1e9 / ops : 0.0);
    kstr(OKF_timer, v->timer);
    kstr(OKF_detail, o.detail);
    if (o.symbol_hint) kstr(OKF_symbol_hint, o.symbol_hint);
    if (inject > 0) jnum(OKF_injected_slowdown_pct, inject);
    if (h && h->fields) h->fields(runs);
  }
  line_end(0);
  free(t);
  return ok ? 0 : 1;
}

/* Brackets one variant's lines for the driver; rc < 0 on begin. */
static void marker(const char *event, const struct ok_variant *v, int rc) {
  printf("{\"event\":\"%s\"", event);
  kstr(OKF_kernel, v->kernel);
  kstr(OKF_variant, v->variant);
  if (rc >= 0) printf(",\"rc\":%d", rc);
  /* One of several passes over the variants (host affinities): the variant is finished only
   * after its last pass, which the driver's --resume needs to know. */
  int pass, passes;
  const char *ps = getenv("OK_PASS");
  if (ps && sscanf(ps, "%d/%d", &pass, &passes) == 2 && passes > 1) printf(",\"pass\":%d,\"passes\":%d", pass, passes);
  fputs("}\n", stdout);
  fflush(stdout);
}

/* The command line. */
enum { MAX_PATS = 1024 };
struct ok_args {
  struct ok_params p;
  long runs, warmup, retries;
  const char *pats[MAX_PATS];
  int npat;
  enum { NONE, INFO, LIST, PROBE, WARM, RUN } mode;
};

/* One option with its value (val; NULL: none); returns how many arguments it took (1 or 2), or
 * -2 after usage(), -3 for --help. */
static int parse_option(struct ok_args *a, const char *o, const char *val) {
  struct ok_params *p = &a->p;
  long v;
  if (!strcmp(o, "--info")) return a->mode = INFO, 1;
  if (!strcmp(o, "--list")) return a->mode = LIST, 1;
  if (!strcmp(o, "--probe")) return a->mode = PROBE, 1;
  if (!strcmp(o, "--warm")) return a->mode = WARM, 1;
  if (!strcmp(o, "--inject-fault")) return p->inject_fault = 1, 1;
  if (!strcmp(o, "--sweep") && val && (!strcmp(val, "quick") || !strcmp(val, "full")))
    return p->full = !strcmp(val, "full"), 2;
  if (!strcmp(o, "--help") || !strcmp(o, "-h")) return usage("help"), -3;
  if (!val) return usage("missing value or unknown option"), -2;
  if (!strcmp(o, "--run")) {
    if (a->npat == MAX_PATS) return usage("too many --run"), -2;
    return a->pats[a->npat++] = val, a->mode = RUN, 2;
  }
  if (!strcmp(o, "--type")) return p->type = val, 2;
  if (!strcmp(o, "--setting")) return p->setting = val, 2;
  if (!strcmp(o, "--threads")) {
    if (parse_long(val, 1, 1 << 20, &v)) return usage("bad --threads"), -2;
    return p->threads = (int)v, p->threads_given = 1, 2;
  }
  if (!strcmp(o, "--teams")) {
    if (parse_long(val, 1, 1 << 24, &v)) return usage("bad --teams"), -2;
    return p->teams = (int)v, p->teams_given = 1, 2;
  }
  if (!strcmp(o, "--iters")) {
    if (parse_long(val, 1, 1L << 40, &v)) return usage("bad --iters"), -2;
    return p->iters = v, p->iters_given = 1, 2;
  }
  if (!strcmp(o, "--size")) {
    if (parse_long(val, 1, 1L << 40, &v)) return usage("bad --size"), -2;
    return p->size = v, 2;
  }
  if (!strcmp(o, "--budget-ms")) {
    if (parse_long(val, 0, 100000, &v)) return usage("bad --budget-ms"), -2;
    return p->budget_s = v > 0 ? v * 1e-3 : -1, 2;
  }
  if (!strcmp(o, "--runs")) return parse_long(val, 1, 10000, &a->runs) ? (usage("bad --runs"), -2) : 2;
  if (!strcmp(o, "--max-retries"))
    return parse_long(val, 0, 100000, &a->retries) ? (usage("bad --max-retries"), -2) : 2;
  if (!strcmp(o, "--warmup")) return parse_long(val, 0, 10000, &a->warmup) ? (usage("bad --warmup"), -2) : 2;
  return usage("unknown option"), -2;
}

static void print_info(void) {
  putchar('{');
  print_common();
  kstr(OKF_compiler, OK_COMPILER);
  fputs(",\"flags\":", stdout);
  jstr(OK_FLAGS);
  printf(",\"needs_gpu\":%s,\"batch\":true,\"warm\":%s}\n", ok_model_needs_gpu() ? "true" : "false",
         ok_model_warm ? "true" : "false");
}

static void print_list(void) {
  for (const struct ok_variant *k = ok_head; k; k = k->next) {
    const struct ok_meta *m = meta_of(k->kernel);
    putchar('{');
    print_common();
    kstr(OKF_kernel, k->kernel);
    kstr(OKF_variant, k->variant);
    kstr(OKF_source_mode, k->source_mode);
    fputs(",\"family\":", stdout);
    jstr(m->family);
    fputs(",\"file\":", stdout);
    jstr(k->file);
    printf(",\"line\":%d,\"primitive\":%s", k->line, k->sweep ? "true" : "false");
    if (k->not_built) {
      fputs(",\"not_built\":", stdout);
      jstr(k->not_built);
    }
    fputs("}\n", stdout);
  }
}

static void print_probe(void) {
  char name[256] = "";
  int n = ok_model_probe(name, sizeof name);
  putchar('{');
  print_common();
  printf(",\"devices\":%d,\"device_name\":", n);
  jstr(name);
  char uuid[64];
  if (n > 0 && ok_model_gpu_uuid && !ok_model_gpu_uuid(uuid, sizeof uuid)) kstr(OKF_gpu_uuid, uuid);
  fputs("}\n", stdout);
}

/* --warm: the image's load, done by the driver in the background before this configuration's
 * runs (docs/fidelity.md, "Room in the full study"); exit 1 when it did not reach the device. */
static int print_warm(void) {
  char say[256] = "nothing to load";
  int rc = ok_model_warm ? ok_model_warm(say, sizeof say) : 0;
  putchar('{');
  print_common();
  fputs(",\"warm\":", stdout);
  jstr(say);
  fputs("}\n", stdout);
  return rc ? 1 : 0;
}

/* A whole kernel: quick runs do a tenth of the work (iters 100, not 1000; most of a run is the
 * host's mapping and checking of every element, not the kernel); a family's hooks may ask for
 * more passes (the proxies' second size and public settings in a --full GPU run). */
static int run_whole(const struct ok_variant *k, const struct ok_args *a) {
  struct ok_params q = a->p;
  if (!q.full && !q.iters_given) q.iters = q.iters / 10 > 0 ? q.iters / 10 : 1;
  const struct ok_run_hooks *h = hooks_of(k);
  const int passes = h && h->passes ? h->passes(&q, k->kernel, k->variant) : 1;
  int r = 0;
  for (q.pass = 0; q.pass < passes; ++q.pass) {
    int rp = run_variant(k, &q, a->runs > 0 ? (int)a->runs : 5, (int)a->warmup, a->runs > 0);
    if (rp > r) r = rp;
  }
  return r;
}

/* One variant between its begin and end markers; returns its exit code. */
static int run_one(const struct ok_variant *k, struct ok_args *a, int *unmatched) {
  int r = 0;
  marker("begin", k, -1);
#ifdef OK_PROXY_TINY_QUICK
  /* An ablation configuration's quick study: only families that say so (the proxies at their tiny
   * size); the cases say so (a skip, not a failure) and run with --full. */
  const struct ok_run_hooks *h = hooks_of(k);
  if (!a->p.full && !(h && h->quick_in_ablation)) {
    line_begin(k, OK_ST_SKIPPED, "an ablation configuration runs its cases with --full only");
    line_end(1); /* no build fields: as it has always been written */
    marker("end", k, 0);
    return 0;
  }
#endif
  if (k->not_built) { /* an outcome, not a failure: the driver shows it beside the others */
    line_begin(k, OK_ST_NOT_BUILT, k->not_built);
    line_end(0);
  } else if (k->sweep) {
    a->p.runs = a->runs > 0 ? (int)a->runs : 9;
    a->p.max_retries = a->retries >= 0 ? (int)a->retries : 2 * a->p.runs;
    long before = ok_points;
    r = k->sweep(k, &a->p);
    if (ok_points == before) {
      fprintf(stderr, "ompkit-bench: %s/%s: no point matches the filter%s%s\n", k->kernel, k->variant,
              a->p.type ? " --type " : "", a->p.type ? a->p.type : "");
      ++*unmatched;
    }
  } else
    r = run_whole(k, a);
  marker("end", k, r);
  return r;
}

/* Every variant a --run pattern selects, in registration order, until a GPU error. */
static int run_selected(struct ok_args *a) {
  int rc = 0, found = 0, unmatched = 0;
  for (const struct ok_variant *k = ok_head; k && !ok_gpu_error; k = k->next)
    for (int j = 0; j < a->npat; ++j)
      if (matches(k, a->pats[j])) {
        ++found;
        int r = run_one(k, a, &unmatched);
        if (r > rc) rc = r;
        break;
      }
  if (!found) {
    fprintf(stderr, "ompkit-bench: no kernel matches '%s' in %s\n", a->pats[0], OK_CONFIG);
    return 2;
  }
  if (unmatched == found) return 2; /* the filter selected nothing to measure */
  return rc;
}

int main(int argc, char **argv) {
  static struct ok_args a;
  a.runs = -1, a.warmup = 1, a.retries = -1;
  ok_model_defaults(&a.p);
  for (const struct ok_variant *k = ok_head; k; k = k->next)
    if (!meta_of(k->kernel)) {
      fprintf(stderr, "ompkit-bench: kernel '%s' (%s:%d) is not in kernels.def\n", k->kernel, k->file, k->line);
      return 2;
    }
  for (int i = 1; i < argc;) {
    int took = parse_option(&a, argv[i], i + 1 < argc ? argv[i + 1] : NULL);
    if (took < 0) return took == -3 ? 0 : 2;
    i += took;
  }
  if (a.mode == INFO) return print_info(), 0;
  if (a.mode == LIST) return print_list(), 0;
  if (a.mode == PROBE) return print_probe(), 0;
  if (a.mode == WARM) return print_warm();
  if (a.mode != RUN) return usage("nothing to do");

  struct ok_params *p = &a.p;
  p->warmup = (int)a.warmup;
  int found = 0;
  for (const struct ok_variant *k = ok_head; k; k = k->next)
    for (int j = 0; j < a.npat; ++j) found += matches(k, a.pats[j]);
  if (!found) {
    fprintf(stderr, "ompkit-bench: no kernel matches '%s' in %s\n", a.pats[0], OK_CONFIG);
    return 2;
  }
  p->runs = (int)a.runs;
  for (const struct ok_variant *k = ok_head; k; k = k->next)
    for (int j = 0; j < a.npat; ++j) p->sweeping |= matches(k, a.pats[j]) && k->sweep;
  /* Longest test sample before n_iter is scaled down: a 1 ms GPU run is about 2 M clock64 cycles,
   * counted exactly (docs/fidelity.md compares spreads at 2 and 1 ms); a host sample of 2 ms (5
   * before) still dwarfs omp_get_wtime's resolution and the team's start skew (docs/fidelity.md,
   * "Full study, second cut"). */
  if (p->budget_s == 0) p->budget_s = ok_model_needs_gpu() ? 0.001 : 0.002;
  /* May re-execute this bench (host affinities); returns -1 to go on here, else an exit code. */
  int prep = ok_model_prepare(argc, argv, p);
  if (prep >= 0) return prep;
  return run_selected(&a);
}

/* A rate point (ok_bench.h): time_s and rate from `runs` whole-kernel timings. */
void ok_emit_rate(const struct ok_variant *v, const struct ok_params *p, struct ok_rate *r) {
  char why[256];
  struct line_outcome lo = {r->ran_on_host, r->error, r->verified, r->detail, NULL,
                            r->runs < 1 || r->work <= 0 ? "no timed run" : NULL, NULL};
  enum ok_status status = line_status(&lo, why, sizeof why);
  int ok = status == OK_ST_OK;
  ++ok_points;
  if ((r->error || !r->verified) && !r->ran_on_host && ok_model_needs_gpu()) ok_gpu_error = 1;
  line_begin(v, status, why[0] ? why : NULL);
  kbool(OKF_verified, r->verified && !r->error);
  kstr(OKF_type, r->type ? r->type : "");
  kint(OKF_threads, r->threads);
  kint(OKF_teams, r->teams);
  if (r->stride) kint(OKF_stride, r->stride);
  if (r->param) kstr(OKF_param, r->param);
  if (r->affinity) kstr(OKF_affinity, r->affinity);
  kint(OKF_iters, r->iters);
  kint(OKF_runs, r->runs);
  const double inject = ok_injected_pct(v->kernel, v->variant);
  if (ok) {
    for (int i = 0; i < r->runs; ++i) r->seconds[i] *= 1 + inject / 100; /* 0 in a real study */
    if (inject > 0) jnum(OKF_injected_slowdown_pct, inject);
    qsort(r->seconds, (size_t)r->runs, sizeof *r->seconds, cmp_double);
    int n = r->runs;
    double med = n % 2 ? r->seconds[n / 2] : 0.5 * (r->seconds[n / 2 - 1] + r->seconds[n / 2]);
    double lo = r->seconds[0], hi = r->seconds[n - 1];
    jstat(OKF_time_s, med, lo, hi, "%.9g");
    /* A rate: the fastest run gives the max; a cost per unit: the fastest gives the min. */
    double rm, rlo, rhi;
    if (r->lower_is_better) rm = med / r->work * r->scale, rlo = lo / r->work * r->scale, rhi = hi / r->work * r->scale;
    else rm = r->work / med * r->scale, rlo = r->work / hi * r->scale, rhi = r->work / lo * r->scale;
    jstat(OKF_rate, rm, rlo, rhi, "%.6g");
    kstr(OKF_rate_unit, r->unit);
    jnum(OKF_spread, med > 0 ? (hi - lo) / med : 0);
  }
  if (r->ran_on_host) kbool(OKF_on_device, 0);
  else if (ok_model_needs_gpu()) kbool(OKF_on_device, !r->error);
  if (r->code_symbol[0]) kstr(OKF_code_symbol, r->code_symbol);
  if (r->code_family) kstr(OKF_code_family, r->code_family);
  kstr(OKF_timer, r->timer ? r->timer : v->timer);
  if (r->detail[0]) kstr(OKF_detail, r->detail);
  line_end(0);
  (void)p;
}
