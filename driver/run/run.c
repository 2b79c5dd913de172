/* ompkit run: the study. Spawns each configuration's bench per kernel variant with a timeout,
 * appends every result to results.jsonl as it arrives, joins compile-time data (remarks,
 * resources) and the execution mode the runtime reported, then writes results.csv. */
#define _GNU_SOURCE
#include "core.h"
#include "provenance.h"
#include "check.h"
#include "known_defects.h"
#include "plan_prefetch.h"
#include "ok_record.h"
#include "remarks.h"
#include "resultset.h"
#include "run_cores.h"
#include "run_gpus.h"
#include "status.h"
#include "study.h"

#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <limits.h>
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct run_opts {
  const char *out;
  const char *filter;
  regex_t re;
  int has_re;
  const char *configs; /* comma list or NULL */
  const char *models;
  double timeout;
  int runs;
  const char *sweep; /* passed to each bench as --sweep */
  int repeat;        /* whole-study repetitions */
  const char *gpu;   /* CUDA_VISIBLE_DEVICES for the benches */
  const char *gpus;  /* --gpus LIST|all: the study spread over these GPUs, one bench process each */
  const char *resume; /* --resume DIR: continue that study */
  int study_opts;    /* options that shape the study were given (not allowed with --resume) */
  int timeout_given;
  int compile_only;  /* --compile-only: compile data (compile.jsonl) and no bench run */
  const char *host;  /* --host beside|after: the host configurations beside the GPU work (run_cores.h) or after it */
  int tty;           /* stdout is a terminal: redraw one progress line */
  double t0;
};

/* ompkit run --full's default --timeout (seconds per variant); the quick study keeps 300. */
#define OK_FULL_TIMEOUT_S 60

static int in_list(const char *list, const char *name) {
  if (!list) return 1;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == n && !strncmp(p, name, n)) return 1;
    if (!e) break;
    p = e + 1;
  }
  return 0;
}

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit run [--out DIR] [--filter REGEX] [--configs A,B] [--models native,omp_target,cuda]\n"
             "                  [--runs N] [--timeout SECONDS] [--quick|--full] [--repeat N] [--gpu N]\n"
             "                  [--gpus LIST|all] [--host beside|after] [--compile-only]\n"
             "       ompkit run --resume DIR [--timeout SECONDS] [--gpu N | --gpus LIST|all]\n"
             "Runs every enabled configuration's kernels, each in its own process, and writes\n"
             "DIR/<timestamp>/{results.jsonl,results.csv,remarks.jsonl,resources.jsonl,provenance.json}\n"
             "with DIR/latest pointing at it (DIR defaults to ./results), then report.md/report.html.\n"
             "--quick (default) / --full pick each bench's sweep; --timeout is per variant (default 300 s,\n"
             "60 s with --full); --repeat N runs the whole study N\n"
             "times (lines tagged \"repeat\"); --gpu N sets CUDA_VISIBLE_DEVICES for the benches; --runs N\n"
             "sets the timed runs (default: each bench's own, 5 runs of a kernel, 9 baseline/test pairs\n"
             "of a primitive). GPU configurations are skipped with a note when no GPU is usable.\n"
             "--gpus LIST|all spreads the GPU configurations' work over those GPUs (indices as nvidia-smi\n"
             "lists them), one bench process per GPU, longest work first; each result line names its GPU\n"
             "(gpu_index, gpu_uuid). A variant that uses several GPUs (multi_gpu_sync) runs alone with\n"
             "all of them. A unit waiting for a GPU image load or a SASS listing goes after ready ones.\n"
             "Benches at once on several GPUs move some wall-timed points (docs/results/2026-11-27-multi-gpu):\n"
             "compare judges those over repeats (--repeat 3).\n"
             "--host beside (default on a node with GPUs and enough cores) runs the host configurations\n"
             "beside the GPU work: the GPU side keeps 2 cores per GPU of the node, the host benches get\n"
             "the rest and size their threads by it (provenance.json: host_cores), the same for one GPU or\n"
             "--gpus all; --host after runs them after the GPU work on every core. OMPKIT_HOST_CPUS=LIST\n"
             "names the host side's CPUs instead (the GPU side gets the rest).\n"
             "--resume DIR continues a study that was cut off (SIGINT, SIGTERM, a lost node) in DIR,\n"
             "with DIR's options: variants already finished (DIR/done.jsonl) are kept and not rerun;\n"
             "lines of a variant cut off mid-way are dropped and the variant runs again.\n"
             "--compile-only runs no bench: the folder holds the compile data of every selected\n"
             "configuration (compile.jsonl: per kernel, static mode, remarks, registers, memory), which\n"
             "ompkit compare and ompkit nightly --compile-only compare (a build machine without a GPU).\n"
             "Exit: 0 ok, 1 a check failed, 2 usage error, 128+N stopped by signal N (resumable).\n");
}

static int parse_opts(int argc, char **argv, struct run_opts *o) {
  static const struct option lo[] = {{"out", 1, 0, 'o'},     {"filter", 1, 0, 'f'}, {"configs", 1, 0, 'c'},
                                     {"models", 1, 0, 'm'},  {"runs", 1, 0, 'r'},   {"timeout", 1, 0, 't'},
                                     {"quick", 0, 0, 'Q'},   {"full", 0, 0, 'F'},   {"repeat", 1, 0, 'R'},
                                     {"gpu", 1, 0, 'g'},     {"help", 0, 0, 'h'},   {"resume", 1, 0, 'S'},
                                     {"compile-only", 0, 0, 'C'}, {"gpus", 1, 0, 'G'}, {"host", 1, 0, 'H'},
                                     {0, 0, 0, 0}};
  o->out = "results";
  o->timeout = 300;
  o->runs = 0; /* 0: each bench's own default (5 runs of a kernel, 9 pairs of a primitive) */
  o->sweep = "quick";
  o->repeat = 1;
  opterr = 0;
  optind = 1;
  int ch;
  while ((ch = getopt_long(argc, argv, "+ho:f:c:m:r:t:", lo, NULL)) != -1) {
    char *end;
    if (strchr("ofcmrQFRCH", ch)) o->study_opts = 1;
    switch (ch) {
    case 'h': usage(stdout); exit(0);
    case 'S': o->resume = optarg; break;
    case 'o': o->out = optarg; break;
    case 'f':
      o->filter = optarg;
      if (regcomp(&o->re, optarg, REG_EXTENDED | REG_NOSUB)) {
        ok_err("run: bad --filter regex '%s'", optarg);
        return -1;
      }
      o->has_re = 1;
      break;
    case 'c': o->configs = optarg; break;
    case 'm': o->models = optarg; break;
    case 'r':
      o->runs = (int)strtol(optarg, &end, 10);
      if (*end || o->runs < 1 || o->runs > 1000) {
        ok_err("run: --runs wants 1..1000, got '%s'", optarg);
        return -1;
      }
      break;
    case 'Q': o->sweep = "quick"; break;
    case 'C': o->compile_only = 1, o->sweep = "compile-only"; break;
    case 'F': o->sweep = "full"; break;
    case 'R':
      o->repeat = (int)strtol(optarg, &end, 10);
      if (end == optarg || *end || o->repeat < 1 || o->repeat > 1000) {
        ok_err("run: --repeat wants 1..1000, got '%s'", optarg);
        return -1;
      }
      break;
    case 'g':
      /* Device indices as CUDA_VISIBLE_DEVICES takes them: "1" or "0,2". */
      if (!*optarg || strspn(optarg, "0123456789,") != strlen(optarg) || optarg[0] == ',') {
        ok_err("run: --gpu wants a device index (or list like 0,1), got '%s'", optarg);
        return -1;
      }
      o->gpu = optarg;
      break;
    case 'G': o->gpus = optarg; break;
    case 'H':
      if (strcmp(optarg, "beside") && strcmp(optarg, "after")) {
        ok_err("run: --host wants 'beside' or 'after', got '%s'", optarg);
        return -1;
      }
      o->host = optarg;
      break;
    case 't':
      o->timeout_given = 1;
      o->timeout = strtod(optarg, &end);
      if (*end || o->timeout <= 0) {
        ok_err("run: --timeout wants seconds > 0, got '%s'", optarg);
        return -1;
      }
      break;
    default:
      ok_bad_option("run", argv);
      return -1;
    }
  }
  if (optind < argc) {
    ok_bad_argument("run", argv[optind]);
    return -1;
  }
  /* --full's default per-variant timeout: its longest variants take about 30 s (a GCC offload
   * bench's first variant JITs the whole PTX image), so a hung one costs a minute, not 300 s. */
  if (!o->timeout_given && !strcmp(o->sweep, "full")) o->timeout = OK_FULL_TIMEOUT_S;
  if (o->resume && o->study_opts) {
    ok_err("run: --resume continues DIR's study with its own options; only --timeout, --gpu and --gpus may be given");
    return -1;
  }
  if (o->gpu && o->gpus) {
    ok_err("run: --gpu N runs on one GPU, --gpus LIST on several: give one of them");
    return -1;
  }
  if (o->models) {
    for (const char *p = o->models; *p;) {
      const char *e = strchr(p, ',');
      size_t len = e ? (size_t)(e - p) : strlen(p);
      char m[64];
      snprintf(m, sizeof m, "%.*s", (int)(len < 63 ? len : 63), p);
      if (ok_model_of(m) == OKM_UNKNOWN) {
        char known[128] = "";
        for (int k = 0; k < OKM_COUNT; ++k)
          snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", k ? ", " : "", ok_models[k].name);
        ok_err("run: unknown model '%s' (%s)", m, known);
        return -1;
      }
      if (!e) break;
      p = e + 1;
    }
  }
  return 0;
}

/* JSON line from a bench's stdout: the first line that parses as an object. */
static json_t *first_json(const char *out) {
  const char *p = out;
  while (p && *p) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    json_t *j = json_loadb(p, n, 0, NULL);
    if (json_is_object(j)) return j;
    json_decref(j);
    p = e ? e + 1 : NULL;
  }
  return NULL;
}

static void append_line(FILE *f, json_t *j) {
  char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
  if (s) {
    fputs(s, f);
    fputc('\n', f);
    fflush(f); /* results survive a driver crash */
    free(s);
  }
}

static const char *signame(int sig) {
  static char buf[32];
  const char *n = sigabbrev_np(sig);
  snprintf(buf, sizeof buf, "SIG%s", n ? n : "?");
  return buf;
}

static json_t *status_line(const struct ok_config *c, const char *kernel, const char *variant, enum ok_status status,
                           const char *error) {
  json_t *j = json_object();
  json_object_set_new(j, OK_FNAME(config), json_string(c->name));
  json_object_set_new(j, OK_FNAME(model), json_string(c->model));
  if (kernel) json_object_set_new(j, OK_FNAME(kernel), json_string(kernel));
  if (variant) json_object_set_new(j, OK_FNAME(variant), json_string(variant));
  ok_line_set_status(j, status, error);
  return j;
}

/* Last non-empty line of a text, for one-line error messages. */
static void last_line(const char *text, char *buf, size_t n) {
  buf[0] = 0;
  const char *p = text;
  while (p && *p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len) snprintf(buf, n, "%.*s", (int)len, p);
    p = e ? e + 1 : NULL;
  }
}

/* What the run shares with the callbacks and the units' threads, which reach it without a
 * struct run_state (below): what every result line is stamped with, the GPUs of --gpus and the
 * locks their threads share, what planning learnt, and the sources' EXPECT-FAIL markers. One run
 * per process, so one instance; these were eight file globals. */
static struct run_shared {
  /* Stamped on every result line, so a line read alone still says where it was measured;
   * gpu_uuid: the CUDA probe's card, without --gpus. */
  char host[256], gpu[256], gpu_uuid[64];
  /* --gpus: the GPUs and what each runs now (the progress line). */
  struct gpu_slot slots[OK_MAX_GPUS];
  int nslots;
  char slot_spec[OK_MAX_GPUS][200];
  /* Taken by every thread before it touches what the study shares: results.jsonl, done.jsonl,
   * the compile-data join, the counters, the log. A bench's lines arrive on its own thread; the
   * lock is held per line. */
  pthread_mutex_t lock;
  /* A GPU configuration's first unit waits for its background image load (warm_before); a second
   * unit of it on another GPU waits here for the same load, once. */
  pthread_mutex_t warm_lock;
  /* One thread at a time waits for a configuration's background listing (study_ready_listing). */
  pthread_mutex_t listing_lock;
  json_t *infos; /* config name -> its bench's --info answer (planning; provenance reuses it) */
  struct ok_defects *kd; /* EXPECT-FAIL markers of the sources (NULL when unreadable: every failure counts) */
  /* The node's cores between the GPU side and the host configurations (run_cores.h); split.on:
   * the host configurations run beside the GPU work. all_cpus: the process's own, restored after. */
  struct core_split split;
  cpu_set_t all_cpus;
  /* --gpus: CUDA_VISIBLE_DEVICES as the run found it; planning sees the first GPU only, the
   * host benches and the report see it as it was. */
  char cvd_before[256];
  int cvd_set;
} g_run = {.lock = PTHREAD_MUTEX_INITIALIZER, .warm_lock = PTHREAD_MUTEX_INITIALIZER,
           .listing_lock = PTHREAD_MUTEX_INITIALIZER};

static char *env_benchmarks[] = {"OMP_TARGET_OFFLOAD=MANDATORY", "LIBOMPTARGET_INFO=16", NULL};

/* The environment a configuration's bench runs under: env_benchmarks (offload models) plus the
 * configuration's own run_env (e.g. LIBOMPTARGET_NEXTGEN_PLUGINS=0 picks LLVM 16's old plugin).
 * env_out holds up to 15 entries; text is the "K=V ..." string recorded in every result line. */
static void config_env(const struct ok_config *c, char **env_out, char *store, size_t n, char *text, size_t tn) {
  int k = 0, target = c->model_id == OKM_OMP_TARGET;
  text[0] = 0;
  if (target)
    for (int i = 0; env_benchmarks[i]; ++i) {
      env_out[k++] = env_benchmarks[i];
      snprintf(text + strlen(text), tn - strlen(text), "%s%s", i ? " " : "", env_benchmarks[i]);
    }
  snprintf(store, n, "%s", c->run_env);
  for (char *t = strtok(store, " "); t && k < 15; t = strtok(NULL, " ")) {
    env_out[k++] = t;
    snprintf(text + strlen(text), tn - strlen(text), "%s%s", text[0] ? " " : "", t);
  }
  env_out[k] = NULL;
}

/* On a terminal: one line redrawn in place (done/total, current run, elapsed, estimate left). */
static void progress(const struct run_opts *o, int done, int total, const char *cfg, const char *spec) {
  if (!o->tty) return;
  double el = ok_now() - o->t0;
  char left[32] = "?";
  if (done > 0) snprintf(left, sizeof left, "%.0f s", el / done * (total - done));
  if (g_run.nslots > 1) { /* every GPU's current variant, then the one estimate */
    printf("\r\033[K[%d/%d]", done, total);
    for (int k = 0; k < g_run.nslots; ++k) printf(" gpu%s: %s", g_run.slots[k].index, g_run.slot_spec[k][0] ? g_run.slot_spec[k] : "-");
    printf("  elapsed %.0f s, ~%s left", el, left);
  } else
    printf("\r\033[K[%d/%d] %s %s  elapsed %.0f s, ~%s left", done, total, cfg, spec, el, left);
  fflush(stdout);
}

/* A planning question's answer: the prefetched one (moved out: which 0 --probe, 1 --info, 2
 * --list), or, where none was fetched, asked now. Returns ok_spawn's value. */
static int plan_ask(struct plan_answer *a, int which, char **argv, char **env, struct ok_proc *p) {
  if (!a || !a->asked[which]) return ok_spawn(argv, env, 60, p);
  struct ok_proc *from = which == 0 ? &a->probe : which == 1 ? &a->info : &a->list;
  int rc = which == 0 ? a->probe_rc : which == 1 ? a->info_rc : a->list_rc;
  *p = *from;
  memset(from, 0, sizeof *from);
  return rc;
}

/* Prints the one-line progress/log entry for a result line; wall (>= 0): seconds since its variant
 * (pass) began, at the line's end like a sweep's summary, so every line says what it cost. */
static void log_result(json_t *j, const struct ok_config *c, const char *spec, int idx, int total, int tty, double wall) {
  if (tty) fputs("\r\033[K", stdout); /* clear the progress line first */
  const char *status = rs_str(j, OKF_status);
  json_t *t = json_object_get(rs_get(j, OKF_time_s), "median");
  const char *mode = rs_str(j, OKF_observed_mode);
  char w[32] = "";
  if (wall >= 0) snprintf(w, sizeof w, ", %.1f s", wall);
  json_t *runs = rs_get(j, OKF_runs);
  char r[48] = ""; /* whole kernels: the slow-run rule's cut shows in the log too */
  if (rs_get(j, OKF_slow_run_s) && json_is_integer(runs))
    snprintf(r, sizeof r, " (%d run%s: slow)", (int)json_integer_value(runs), json_integer_value(runs) == 1 ? "" : "s");
  if (json_is_number(t))
    printf("ompkit: [%d/%d] %s %s: ok, median %.4g ms%s%s%s%s\n", idx, total, c->name, spec, json_number_value(t) * 1e3,
           r, mode ? ", launched " : "", mode ? mode : "", w);
  else {
    const char *e = rs_str(j, OKF_error);
    printf("ompkit: [%d/%d] %s %s: %s%s%s%s\n", idx, total, c->name, spec, status ? status : "?", e ? ": " : "",
           e ? e : "", w);
  }
  fflush(stdout);
}

/* A finding for the exit status: a wrong result, a host fallback, a crash... A primitive the
 * method could not separate from its baseline is "not measured", which is an outcome, not a failure. */
/* A deadlock probe (grid_sync_probe) prints {"event":"armed"} just before the call that must hang;
 * from then on its variant gets this short timeout, and a timeout is the expected outcome
 * (status `deadlock (expected)`, ok_status.def: no failure). */
#define OK_PROBE_TIMEOUT_MS 1500



/* One bench process's worth of variants, and what the driver learns while it runs. A bench that
 * brackets each variant with {"event":"begin"|"end"} lines runs many variants per process (the
 * GPU runtime starts once); one without brackets gets a single variant per process. */
struct batch_item {
  const char *kernel, *variant;
  int state; /* 0 not begun, 1 running, 2 done */
  double wall; /* seconds over its passes so far (timing.json "variants_s") */
};
struct batch {
  struct study *st;
  const struct ok_config *c;
  const struct run_opts *o;
  FILE *res;
  FILE *done;       /* done.jsonl: one line per finished variant (--resume) */
  json_t *done_set; /* done_key -> true */
  struct batch_item *items;
  int n, cur; /* cur: the item running now, -1 between items */
  int saw_marker, repeat, *idx, total, failures;
  char *text; /* the current item's other output: launch lines, error messages */
  size_t tlen, tcap;
  int lines, points_ok, bad;
  int kd_known, kd_passed; /* the item's lines that failed as marked / passed under a marker */
  int armed; /* the running variant is a deadlock probe past its "armed" line */
  double t_begin;
  int slot;             /* --gpus: the GPU slot this batch runs on; -1 none */
  const char *cuda_env; /* its "CUDA_VISIBLE_DEVICES=..." (NULL: the study's own environment) */
};

static void text_add(struct batch *b, const char *line) {
  size_t n = strlen(line);
  if (b->tlen + n + 2 > b->tcap) {
    /* Launch lines pile up in long sweeps; the join wants the newest, so keep the tail. */
    if (b->tlen > (4u << 20)) {
      size_t keep = 1u << 20, from = b->tlen - keep;
      while (from < b->tlen && b->text[from - 1] != '\n') ++from;
      memmove(b->text, b->text + from, b->tlen - from);
      b->tlen -= from;
    }
    size_t nc = b->tcap ? b->tcap : 65536;
    while (nc < b->tlen + n + 2) nc *= 2;
    char *t = realloc(b->text, nc);
    if (!t) return;
    b->text = t, b->tcap = nc;
  }
  memcpy(b->text + b->tlen, line, n);
  b->tlen += n;
  b->text[b->tlen++] = '\n';
  b->text[b->tlen] = 0;
}

/* A variant run's identity in done.jsonl and results.jsonl: config|kernel|variant|repeat. */
static void done_key(char *buf, size_t n, const char *cfg, const char *k, const char *v, long rep) {
  snprintf(buf, n, "%s|%s|%s|%ld", cfg ? cfg : "", k ? k : "", v ? v : "", rep);
}

static void line_key(json_t *j, char *buf, size_t n) {
  json_t *r = rs_get(j, OKF_repeat);
  done_key(buf, n, rs_str(j, OKF_config),
           rs_str(j, OKF_kernel),
           rs_str(j, OKF_variant), json_is_integer(r) ? (long)json_integer_value(r) : 0);
}

/* Records a finished variant: after its result lines, so a line in done.jsonl means they are all
 * in results.jsonl. */
static void mark_done(struct batch *b, const struct batch_item *it) {
  char key[1024];
  done_key(key, sizeof key, b->c->name, it->kernel, it->variant, b->repeat);
  /* The set maps each finished run to its wall seconds: timing.json's per-variant times, which
   * --resume reads back from done.jsonl so that a study cut into calls still has all of them. */
  json_object_set_new(b->done_set, key, json_real(it->wall));
  json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:i,s:f}", OK_FNAME(config), b->c->name, OK_FNAME(kernel), it->kernel,
                        OK_FNAME(variant), it->variant, OK_FNAME(repeat), b->repeat, "lines", b->lines, "wall_s",
                        it->wall);
  append_line(b->done, j);
  json_decref(j);
}

static void item_begin(struct batch *b, int i) {
  if (b->items[i].state == 0) ++*b->idx; /* a second pass (another host affinity) is not a new run */
  b->items[i].state = 1;
  b->cur = i;
  b->tlen = 0;
  if (b->text) b->text[0] = 0;
  b->lines = b->points_ok = b->bad = b->armed = 0;
  b->kd_known = b->kd_passed = 0;
  b->t_begin = ok_now();
  char spec[256];
  snprintf(spec, sizeof spec, "%s/%s", b->items[i].kernel, b->items[i].variant);
  if (b->slot >= 0) snprintf(g_run.slot_spec[b->slot], sizeof g_run.slot_spec[b->slot], "%s %s", b->c->name, spec);
  progress(b->o, *b->idx - 1, b->total, b->c->name, spec);
}

/* Closes the current item: its failure line if it has one, the per-variant summary. final: its
 * last pass (a host bench runs its primitives once per affinity), after which it is done. */
/* fail_status: OK_ST_UNKNOWN when the bench's own lines close the item. */
static void item_end(struct batch *b, int rc, enum ok_status fail_status, const char *fail_why, int final) {
  struct batch_item *it = &b->items[b->cur];
  char spec[256], why[512];
  snprintf(spec, sizeof spec, "%s/%s", it->kernel, it->variant);
  last_line(b->text, why, sizeof why);
  it->wall += ok_now() - b->t_begin;
  json_t *fail = NULL;
  if (fail_status == OK_ST_CRASHED && fail_why && why[0]) { /* the signal, and the last words before it */
    char both[600];
    snprintf(both, sizeof both, "%s: %s", fail_why, why);
    fail = status_line(b->c, it->kernel, it->variant, fail_status, both);
  } else if (fail_status != OK_ST_UNKNOWN)
    fail = status_line(b->c, it->kernel, it->variant, fail_status, fail_why ? fail_why : why);
  else if (!b->lines) {
    if (!why[0]) snprintf(why, sizeof why, "exit %d with no JSON result on stdout", rc);
    fail = status_line(b->c, it->kernel, it->variant, OK_ST_MALFORMED, why);
  } else if (rc != 0 && !b->bad && !b->kd_known)
    fail = status_line(b->c, it->kernel, it->variant, OK_ST_MALFORMED, "bench said ok but exited non-zero");
  if (b->points_ok) {
    if (b->o->tty) fputs("\r\033[K", stdout);
    printf("ompkit: [%d/%d] %s %s: %d of %d point(s) ok, %.1f s\n", *b->idx, b->total, b->c->name, spec,
           b->points_ok, b->lines, ok_now() - b->t_begin);
  }
  if (fail) {
    enum kd_outcome k = kd_apply(g_run.kd, b->c, fail);
    if (k == KD_KNOWN) ++b->kd_known;
    if (b->o->repeat > 1) json_object_set_new(fail, OK_FNAME(repeat), json_integer(b->repeat));
    append_line(b->res, fail);
    log_result(fail, b->c, spec, *b->idx, b->total, b->o->tty, ok_now() - b->t_begin);
    if (k != KD_KNOWN && ok_status_fails(ok_line_status(fail))) b->bad = 1;
    json_decref(fail);
  }
  /* A marked variant: failed as marked, a known defect; every line passed, fixed? (a finding,
   * as lit's XPASS: the compiler changed and the marker should go). */
  if (b->kd_known && !b->bad) {
    printf("ompkit: [%d/%d] %s %s: known defect (%d line(s) failed as marked), %.1f s\n", *b->idx, b->total, b->c->name,
           spec, b->kd_known, ok_now() - b->t_begin);
  } else if (b->kd_passed && !b->kd_known && !b->bad) {
    const struct ok_expect *e = kd_find(g_run.kd, b->c, it->kernel, it->variant);
    char what[PATH_MAX + 512] = "";
    if (e) kd_describe(e, what, sizeof what);
    printf("ompkit: [%d/%d] %s %s: fixed? every line passed, but %s, %.1f s\n", *b->idx, b->total, b->c->name, spec, what,
           ok_now() - b->t_begin);
    b->bad = 1;
  }
  if (b->bad) ++b->failures;
  it->state = 2;
  if (final || fail_status != OK_ST_UNKNOWN) mark_done(b, it); /* a failed pass ends the variant too */
  b->cur = -1;
}

static int find_item(const struct batch *b, const char *k, const char *v) {
  int any = -1;
  for (int i = 0; i < b->n; ++i)
    if (k && v && !strcmp(b->items[i].kernel, k) && !strcmp(b->items[i].variant, v)) {
      if (b->items[i].state == 0) return i;
      any = i;
    }
  return any;
}

/* Every line of the bench's merged stdout/stderr, as it arrives. */
static int on_line(void *ctx, char *line) {
  struct batch *b = ctx;
  json_t *j = line[0] == '{' ? json_loads(line, 0, NULL) : NULL;
  if (!json_is_object(j)) {
    json_decref(j);
    text_add(b, line);
    return 0;
  }
  const char *ev = json_string_value(json_object_get(j, "event"));
  if (ev) {
    int i = find_item(b, rs_str(j, OKF_kernel),
                      rs_str(j, OKF_variant));
    int reset = 0;
    b->saw_marker = 1;
    if (!strcmp(ev, "begin") && i >= 0) {
      if (b->cur >= 0 && b->cur != i)
        item_end(b, 1, OK_ST_MALFORMED, "a new variant began before this one ended", 1);
      item_begin(b, i), reset = 1;
    } else if (!strcmp(ev, "end") && b->cur >= 0 && b->cur == i) {
      json_t *pass = json_object_get(j, "pass"), *passes = json_object_get(j, "passes");
      int final = !json_is_integer(pass) || !json_is_integer(passes) ||
                  json_integer_value(pass) + 1 >= json_integer_value(passes);
      item_end(b, (int)json_integer_value(json_object_get(j, "rc")), OK_ST_UNKNOWN, NULL, final);
    } else if (!strcmp(ev, "armed") && b->cur >= 0 && b->cur == i) {
      b->armed = 1;
      json_decref(j);
      return OK_PROBE_TIMEOUT_MS;
    }
    json_decref(j);
    /* Each variant gets the whole --timeout (in ms: a probe before it may have shortened it). */
    return reset ? (b->o->timeout * 1000 < INT_MAX ? (int)(b->o->timeout * 1000) + 2 : INT_MAX) : 0;
  }
  if (b->cur < 0) {
    text_add(b, line); /* a result outside any variant: not ours to attribute */
    json_decref(j);
    return 0;
  }
  struct batch_item *it = &b->items[b->cur];
  const struct ok_config *c = b->c;
  int target = c->model_id == OKM_OMP_TARGET;
  ok_line_normalize(j); /* a bench of record format 1 */
  /* The driver, not the bench, is the authority on which configuration produced a line. */
  json_object_set_new(j, OK_FNAME(config), json_string(c->name));
  json_object_set_new(j, OK_FNAME(model), json_string(c->model));
  if (g_run.host[0]) json_object_set_new(j, OK_FNAME(host), json_string(g_run.host));
  if (c->needs_gpu && g_run.gpu[0]) json_object_set_new(j, OK_FNAME(gpu), json_string(g_run.gpu));
  if (c->needs_gpu && b->slot >= 0) { /* the physical GPU that measured it */
    const struct gpu_slot *g = &g_run.slots[b->slot];
    if (g->name[0]) json_object_set_new(j, OK_FNAME(gpu), json_string(g->name));
    json_object_set_new(j, OK_FNAME(gpu_index), json_integer(atoi(g->index)));
    if (g->uuid[0]) json_object_set_new(j, OK_FNAME(gpu_uuid), json_string(g->uuid));
  }
  else if (c->needs_gpu && g_run.gpu_uuid[0]) /* one GPU: the card the CUDA probe saw */
    json_object_set_new(j, OK_FNAME(gpu_uuid), json_string(g_run.gpu_uuid));
  if (target || c->run_env[0]) {
    char *ev[16], store[1024], text[1200];
    config_env(c, ev, store, sizeof store, text, sizeof text);
    json_object_set_new(j, OK_FNAME(env), json_string(text));
  }
  study_join(b->st, c, j, b->text ? b->text : "");
  /* After the join: a primitive the compiler removed is not measured, marked or not. */
  enum kd_outcome kd = kd_apply(g_run.kd, c, j);
  if (kd == KD_KNOWN) ++b->kd_known;
  else if (kd == KD_PASSED) ++b->kd_passed;
  if (ok_status_fails(ok_line_status(j))) b->bad = 1;
  if (b->o->repeat > 1) json_object_set_new(j, OK_FNAME(repeat), json_integer(b->repeat));
  append_line(b->res, j);
  char spec[256];
  snprintf(spec, sizeof spec, "%s/%s", it->kernel, it->variant);
  /* Whole-kernel results get a line each; primitive points only when they are not ok (a summary
   * line per variant follows), so a sweep does not flood the log. */
  if ((!rs_get(j, OKF_per_op_ns) && !rs_get(j, OKF_rate)) || ok_line_status(j) != OK_ST_OK)
    log_result(j, c, spec, *b->idx, b->total, b->o->tty, ok_now() - b->t_begin);
  else {
    ++b->points_ok;
    char sp[300];
    snprintf(sp, sizeof sp, "%s, %d point(s)", spec, b->points_ok);
    progress(b->o, *b->idx - 1, b->total, c->name, sp);
  }
  json_decref(j);
  ++b->lines;
  return 0;
}

/* on_line under the study's lock: with --gpus several benches' lines arrive at once. */
static int on_line_locked(void *ctx, char *line) {
  struct batch *b = ctx;
  char key[64];
  snprintf(key, sizeof key, "\"%s\"", OK_FNAME(code_symbol)); /* a primitive's line: its code is checked */
  if (line[0] == '{' && b->c->needs_gpu && strstr(line, key)) {
    /* A result line's code check reads the configuration's listing, which may still be made in
     * the background (cuobjdump: 20 s for the CUDA bench): wait for it here, not under g_run.lock,
     * where the other GPUs' lines would wait too (2xH100, 2026-11-27: 20 s lost per GPU); and
     * only for a listing still pending, so that one configuration's wait holds up no other
     * (the same run: 27 s lost on the other GPU while g_run.listing_lock was held for cuda-nvcc). */
    pthread_mutex_lock(&g_run.lock);
    int pending = study_listing_pending(b->st, b->c);
    pthread_mutex_unlock(&g_run.lock);
    if (pending) {
      pthread_mutex_lock(&g_run.listing_lock);
      study_ready_listing(b->st, b->c);
      pthread_mutex_unlock(&g_run.listing_lock);
    }
  }
  pthread_mutex_lock(&g_run.lock);
  int r = on_line(ctx, line);
  pthread_mutex_unlock(&g_run.lock);
  return r;
}

/* After a deadlock probe was killed: is the device usable? The bench's --probe starts the runtime
 * again (CUDA: and times a kernel); its device count and name say so. */
static void probe_usable(const struct ok_config *c, char **env, char *out, size_t n) {
  char *pa[] = {(char *)c->bench, "--probe", NULL};
  struct ok_proc p;
  snprintf(out, n, "device NOT usable afterwards: --probe failed");
  if (ok_spawn(pa, env, 60, &p)) return;
  json_t *j = first_json(p.out);
  json_int_t devs = json_integer_value(json_object_get(j, "devices"));
  const char *name = json_string_value(json_object_get(j, "device_name"));
  if (p.exited && !p.code && devs > 0)
    snprintf(out, n, "device usable afterwards (--probe: %s)", name ? name : "");
  else
    snprintf(out, n, "device NOT usable afterwards (--probe: %s)", name ? name : "no answer");
  json_decref(j);
  ok_proc_free(&p);
}

/* What a bench process's end says of the variant running when it ended (b->cur >= 0). */
static void close_cut_item(struct batch *b, struct ok_proc *p, char **ev) {
  char sname[64], why[512];
  if (p->timed_out && b->armed) {
    char use[300];
    probe_usable(b->c, ev, use, sizeof use);
    snprintf(why, sizeof why, "hung as it should: no end %.1f s after the probe armed; process killed; %s",
             OK_PROBE_TIMEOUT_MS / 1e3, use);
    item_end(b, p->code, OK_ST_DEADLOCK_EXPECTED, why, 1);
  } else if (p->timed_out) {
    snprintf(why, sizeof why, "no end after %.0f s (%d result line(s) kept)", b->o->timeout, b->lines);
    item_end(b, p->code, OK_ST_TIMEOUT, why, 1);
  } else if (p->signaled) {
    item_end(b, p->code, OK_ST_CRASHED, signame(p->sig), 1);
  } else if (b->saw_marker) {
    snprintf(sname, sizeof sname, "exit %d", p->code);
    item_end(b, p->code, OK_ST_CRASHED, sname, 1); /* the process ended inside a variant */
  } else
    item_end(b, p->code, OK_ST_UNKNOWN, NULL, 1);
}

/* The bench's command line for the items not begun yet (argv has room for all); 0 when none. */
static int batch_argv(struct batch *b, char **argv, char **specs, char *runs) {
  const struct run_opts *o = b->o;
  int k = 0, left = 0;
  argv[k++] = (char *)b->c->bench;
  for (int i = 0; i < b->n; ++i)
    if (b->items[i].state == 0 && specs[i]) argv[k++] = "--run", argv[k++] = specs[i], ++left;
  /* A configuration with a sweep cap (the compiler matrix's extra compilers) runs at most that
   * sweep under --full (and no primitives in the quick study), to fit its share of the study time. */
  const char *sweep = b->c->sweep_cap[0] && !strcmp(o->sweep, "full") ? b->c->sweep_cap : o->sweep;
  argv[k++] = "--sweep", argv[k++] = (char *)sweep;
  if (o->runs > 0) argv[k++] = "--runs", argv[k++] = runs;
  argv[k] = NULL;
  return left;
}

/* Runs a batch of one configuration's variants: one bench process for all of them, and a new one
 * for those left when a variant hangs, crashes or takes the process down. Every line a bench
 * printed is kept. Under --gpus several run at once, each on its GPU (b->cuda_env); what they
 * share is touched under g_run.lock. Returns the number of variants that failed. */
static int run_batch(struct batch *b) {
  char runs[16];
  snprintf(runs, sizeof runs, "%d", b->o->runs);
  char **argv = calloc((size_t)b->n * 2 + 8, sizeof *argv);
  char **specs = calloc((size_t)b->n, sizeof *specs);
  if (!argv || !specs) {
    free(argv), free(specs);
    return b->n;
  }
  for (int i = 0; i < b->n; ++i)
    if (asprintf(&specs[i], "%s/%s", b->items[i].kernel, b->items[i].variant) < 0) specs[i] = NULL;
  char *ev[17], store[1024], text[1200];
  config_env(b->c, ev, store, sizeof store, text, sizeof text);
  if (b->cuda_env) { /* config_env fills at most 15 entries and the NULL */
    int k = 0;
    while (ev[k]) ++k;
    ev[k] = (char *)b->cuda_env, ev[k + 1] = NULL;
  }
  while (batch_argv(b, argv, specs, runs)) {
    b->cur = -1, b->saw_marker = 0, b->tlen = 0;
    if (b->text) b->text[0] = 0;
    /* A bench without begin/end brackets runs one variant, which owns all its lines. */
    int first = -1;
    for (int i = 0; i < b->n && first < 0; ++i)
      if (b->items[i].state == 0) first = i;
    pthread_mutex_lock(&g_run.lock);
    if (b->n == 1) item_begin(b, first);
    pthread_mutex_unlock(&g_run.lock);
    struct ok_proc p;
    if (ok_spawn_lines(argv, ev[0] ? ev : NULL, b->o->timeout, on_line_locked, b, &p)) {
      pthread_mutex_lock(&g_run.lock);
      if (b->cur < 0) item_begin(b, first);
      item_end(b, 0, OK_ST_CRASHED, strerror(errno), 1);
      pthread_mutex_unlock(&g_run.lock);
      continue;
    }
    if (p.interrupted) { /* the variant running now is not finished: --resume runs it again */
      if (b->cur >= 0) b->items[b->cur].state = 0;
      b->cur = -1;
      ok_proc_free(&p);
      break;
    }
    pthread_mutex_lock(&g_run.lock);
    if (b->cur < 0 && !b->saw_marker) item_begin(b, first); /* nothing began: charge the first */
    if (b->cur >= 0) close_cut_item(b, &p, ev);
    pthread_mutex_unlock(&g_run.lock);
    ok_proc_free(&p);
  }
  if (b->slot >= 0) g_run.slot_spec[b->slot][0] = 0;
  for (int i = 0; i < b->n; ++i) free(specs[i]);
  free(specs);
  free(argv);
  return b->failures;
}

/* The Slurm job this study runs in (scripts/slurm/), NULL outside one: ompkit merge lists it per
 * node, so a merged folder says which job, partition and node measured each part, and which
 * job resumed it. */
static json_t *slurm_job(void) {
  static const char *vars[][2] = {{"job_id", "SLURM_JOB_ID"},         {"partition", "SLURM_JOB_PARTITION"},
                                  {"node", "SLURMD_NODENAME"},        {"cluster", "SLURM_CLUSTER_NAME"},
                                  {"job_gpus", "SLURM_JOB_GPUS"},     {NULL, NULL}};
  if (!getenv("SLURM_JOB_ID")) return NULL;
  json_t *j = json_object();
  for (int k = 0; vars[k][0]; ++k)
    if (getenv(vars[k][1])) json_object_set_new(j, vars[k][0], json_string(getenv(vars[k][1])));
  return j;
}

/* Where the host configurations ran: their CPUs size their thread counts, so a host point is
 * comparable only with one measured on the same count (run_cores.h). */
static void provenance_cores(json_t *pv) {
  char list[1024];
  const struct core_split *cs = &g_run.split;
  json_t *h = json_object();
  json_object_set_new(h, "beside_gpu_work", json_boolean(cs->on));
  if (cs->on) {
    cores_list(&cs->host, list, sizeof list);
    json_object_set_new(h, "cpus", json_string(list));
    json_object_set_new(h, "count", json_integer(cs->nhost));
    cores_list(&cs->gpu, list, sizeof list);
    json_object_set_new(h, "gpu_side_cpus", json_string(list));
  } else {
    json_object_set_new(h, "count", json_integer(CPU_COUNT(&g_run.all_cpus)));
    if (cs->why[0]) json_object_set_new(h, "why_not_beside", json_string(cs->why));
  }
  json_object_set_new(pv, "host_cores", h);
}

static void provenance(const struct ok_manifest *m, const char *dir, json_t *gpu_probe, const struct run_opts *o) {
  json_t *pv = json_object();
  char buf[512];
  time_t now = time(NULL);
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  json_object_set_new(pv, "date", json_string(buf));
  struct utsname u;
  if (!uname(&u)) {
    json_object_set_new(pv, PROV_HOST, json_string(u.nodename));
    snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
    json_object_set_new(pv, PROV_KERNEL, json_string(buf));
  }
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[512];
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, "model name", 10)) {
        char *v = strchr(line, ':');
        if (v) {
          v += 2;
          v[strcspn(v, "\n")] = 0;
          json_object_set_new(pv, "cpu", json_string(v));
        }
        break;
      }
    fclose(f);
  }
  json_object_set_new(pv, "hardware_threads", json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
  json_object_set_new(pv, "record_version", json_integer(OK_RECORD_VERSION)); /* ok_status.h */
  json_object_set_new(pv, "git_sha", json_string(study_git_sha(m)));
  json_object_set_new(pv, "offload_arch", json_string(m->offload_arch ? m->offload_arch : ""));
  if (gpu_probe) json_object_set(pv, PROV_GPU, gpu_probe);
  if (o->gpu) json_object_set_new(pv, "cuda_visible_devices", json_string(o->gpu));
  if (g_run.nslots > 0) { /* --gpus: every GPU the study ran on; each result line names its own */
    json_t *gs = json_array();
    for (int k = 0; k < g_run.nslots; ++k)
      json_array_append_new(gs, json_pack("{s:i,s:s,s:s}", "index", atoi(g_run.slots[k].index), "uuid", g_run.slots[k].uuid,
                                          "name", g_run.slots[k].name));
    json_object_set_new(pv, "gpus", gs);
  }
  json_t *sl = slurm_job();
  if (sl) json_object_set_new(pv, "slurm", sl);
  json_object_set_new(pv, "sweep", json_string(o->sweep));
  json_object_set_new(pv, PROV_REPEAT, json_integer(o->repeat));
  /* What --resume needs to continue this study as it was asked for. */
  json_object_set_new(pv, "options", json_pack("{s:s?,s:s?,s:s?,s:i,s:f,s:s?}", "filter", o->filter, "configs", o->configs,
                                                "models", o->models, PROV_RUNS, o->runs, "timeout", o->timeout, "host_work", o->host));
  provenance_cores(pv);
  json_t *cfgs = json_array();
  for (int i = 0; i < m->n; ++i) {
    const struct ok_config *c = &m->configs[i];
    json_t *e = json_object();
    json_object_set_new(e, "name", json_string(c->name));
    json_object_set_new(e, "enabled", json_boolean(c->enabled));
    if (!c->enabled) json_object_set_new(e, "reason", json_string(c->reason));
    json_object_set_new(e, "compiler_version", json_string(c->compiler_version));
    if (c->version_full && *c->version_full) json_object_set_new(e, "version_full", json_string(c->version_full));
    if (c->run_env[0]) json_object_set_new(e, "run_env", json_string(c->run_env));
    if (c->sweep_cap[0]) json_object_set_new(e, "sweep_cap", json_string(c->sweep_cap));
    if (c->not_runnable[0]) json_object_set_new(e, "not_runnable", json_string(c->not_runnable));
    json_t *known = g_run.infos ? json_object_get(g_run.infos, c->name) : NULL; /* asked while planning */
    if (known) json_object_set_new(e, "flags", json_incref(json_object_get(known, "flags")));
    else if (c->enabled && !c->not_runnable[0]) {
      char *argv[] = {(char *)c->bench, "--info", NULL};
      struct ok_proc p;
      if (!ok_spawn(argv, NULL, 30, &p)) {
        json_t *info = first_json(p.out);
        if (info) json_object_set_new(e, "flags", json_incref(json_object_get(info, "flags")));
        json_decref(info);
        ok_proc_free(&p);
      }
    }
    json_array_append_new(cfgs, e);
  }
  json_object_set_new(pv, "configs", cfgs);
  json_t *env = json_object();
  /* OMPKIT_INJECT_SLOWDOWN too: a study with a slowdown put in on purpose must say so. */
  static const char *prefixes[] = {"OMP_",   "KMP_", "GOMP_", "LIBOMPTARGET_", "CUDA_VISIBLE_DEVICES",
                                   "OMPKIT_INJECT_SLOWDOWN", NULL};
  for (char **e = environ; *e; ++e)
    for (int k = 0; prefixes[k]; ++k)
      if (!strncmp(*e, prefixes[k], strlen(prefixes[k]))) {
        char *eq = strchr(*e, '=');
        if (eq) {
          char key[256];
          snprintf(key, sizeof key, "%.*s", (int)(eq - *e), *e);
          json_object_set_new(env, key, json_string(eq + 1));
        }
      }
  /* --gpus: planning narrowed CUDA_VISIBLE_DEVICES to the first GPU; the study's is as it came. */
  if (g_run.nslots > 1 && g_run.cvd_set) json_object_set_new(env, "CUDA_VISIBLE_DEVICES", json_string(g_run.cvd_before));
  else if (g_run.nslots > 1) json_object_del(env, "CUDA_VISIBLE_DEVICES");
  json_object_set_new(pv, "environment", env);
  char *s = json_dumps(pv, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  if (!s || ok_write_atomic(path, s, strlen(s))) ok_err("cannot write %s", path);
  free(s);
  json_decref(pv);
}

/* --resume DIR: the study's options from DIR/provenance.json (returned; its strings are used).
 * Refuses a folder measured with another build. */
static json_t *resume_options(struct run_opts *o, const struct ok_manifest *m) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/provenance.json", o->resume);
  json_error_t je;
  json_t *pv = json_load_file(path, 0, &je);
  json_t *op = json_object_get(pv, "options");
  if (!json_is_object(pv) || !json_is_object(op)) {
    ok_err("run: --resume %s: %s; start a new study instead", o->resume,
           !pv ? "no readable provenance.json (the study stopped before it began)"
               : "provenance.json holds no study options (made before --resume)");
    json_decref(pv);
    return NULL;
  }
  o->filter = json_string_value(json_object_get(op, "filter"));
  if (o->filter) {
    if (regcomp(&o->re, o->filter, REG_EXTENDED | REG_NOSUB)) {
      ok_err("run: --resume %s: bad filter '%s' in provenance.json", o->resume, o->filter);
      json_decref(pv);
      return NULL;
    }
    o->has_re = 1;
  }
  o->configs = json_string_value(json_object_get(op, "configs"));
  o->models = json_string_value(json_object_get(op, "models"));
  o->runs = (int)json_integer_value(json_object_get(op, PROV_RUNS));
  o->host = json_string_value(json_object_get(op, "host_work"));
  if (!json_object_get(pv, "host_cores")) o->host = "after"; /* measured before the split existed */
  if (!o->timeout_given && json_is_number(json_object_get(op, "timeout")))
    o->timeout = json_number_value(json_object_get(op, "timeout"));
  if (json_string_value(json_object_get(pv, "sweep"))) o->sweep = json_string_value(json_object_get(pv, "sweep"));
  if (json_integer_value(json_object_get(pv, PROV_REPEAT)) > 0) o->repeat = (int)json_integer_value(json_object_get(pv, PROV_REPEAT));
  if (!o->gpu) o->gpu = json_string_value(json_object_get(pv, "cuda_visible_devices"));
  const char *was = json_string_value(json_object_get(pv, "git_sha")), *now = study_git_sha(m);
  if (was && strcmp(was, "unknown") && strcmp(now, "unknown") && strcmp(was, now)) {
    ok_err("run: --resume %s: measured with git %.12s, this build is %.12s; resume with the same build", o->resume,
           was, now);
    if (o->has_re) regfree(&o->re);
    json_decref(pv);
    return NULL;
  }
  return pv;
}

static int done_line(const struct ok_jsonl_line *l, void *set) {
  char key[1024];
  if (!l->obj) return 0;
  json_t *w = json_object_get(l->obj, "wall_s"); /* absent in folders from before it was kept */
  line_key(l->obj, key, sizeof key);
  json_object_set_new(set, key, json_is_number(w) ? json_real(json_number_value(w)) : json_null());
  return 0;
}

/* Finished variant runs recorded in DIR/done.jsonl (a torn last line is ignored). */
static json_t *load_done(const char *dir) {
  json_t *set = json_object();
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/done.jsonl", dir);
  ok_jsonl_each(path, done_line, set);
  return set;
}

struct prune {
  json_t *done, *bad;
  int keep_status;
  long *kept, *dropped;
  FILE *mem;
};

static int prune_line(const struct ok_jsonl_line *l, void *vx) {
  struct prune *x = vx;
  char key[1024];
  int keep = 0;
  if (l->obj && l->complete) {
    line_key(l->obj, key, sizeof key);
    keep = rs_get(l->obj, OKF_kernel) ? json_object_get(x->done, key) != NULL : x->keep_status;
    if (keep && rs_get(l->obj, OKF_kernel) && ok_status_fails(ok_line_status(l->obj)))
      json_object_set_new(x->bad, key, json_true());
  }
  if (keep) fwrite(l->raw, 1, l->len, x->mem), ++*x->kept;
  else ++*x->dropped;
  return 0;
}

/* Rewrites DIR/results.jsonl with only the lines of finished variants (and, keep_status, the
 * configurations' own lines: disabled, skipped): a variant cut off mid-way leaves nothing, so
 * running it again counts it once. failed: variant runs among the kept with a failure line. */
static int prune_results(const char *dir, json_t *done, int keep_status, long *kept, long *dropped, int *failed) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  *kept = *dropped = 0;
  char *buf = NULL;
  size_t len = 0;
  struct prune x = {done, json_object(), keep_status, kept, dropped, open_memstream(&buf, &len)};
  if (ok_jsonl_each(path, prune_line, &x) == -1) {
    int e = errno;
    fclose(x.mem), free(buf), json_decref(x.bad);
    return e == ENOENT ? 0 : -1;
  }
  fclose(x.mem);
  int rc = ok_write_atomic(path, buf, len);
  if (rc) ok_err("cannot rewrite %s", path);
  if (failed) *failed = (int)json_object_size(x.bad);
  json_decref(x.bad);
  free(buf);
  return rc;
}

static void on_signal(int sig) { ok_interrupted = sig; }

/* The study's verdict, counted from results.jsonl as the report counts it (status.c): one tally,
 * the same line in both. failures: the batches' own count, used only when the folder is unreadable. */
static int print_verdict(const char *dir, int total, double secs, int failures) {
  printf("ompkit: %d variant run(s), %.1f s; results in %s\n", total, secs, dir);
  struct resultset rs;
  if (rs_load(&rs, dir, "run", 0)) return failures ? OK_EXIT_FINDING : OK_EXIT_OK;
  struct ok_tally t;
  ok_tally_lines(rs.lines, &t);
  rs_free(&rs);
  char buf[2048];
  ok_tally_format(&t, buf, sizeof buf);
  printf("ompkit: %s\n", buf);
  if (t.variant_class[OK_SC_KNOWN] || t.variant_class[OK_SC_FIXED])
    printf("ompkit: known defects (EXPECT-FAIL) are not failures; a fixed? variant passed at every marked point "
           "and fails the run, as lit's XPASS does: remove its marker if the fix holds\n");
  return ok_tally_exit(&t) ? OK_EXIT_FINDING : OK_EXIT_OK;
}

/* A marked `not built` variant this configuration's bench does not hold (a compiler that cannot
 * build it, such as clang 19 with `omp critical`): one known-defect line, so the defect is on
 * record rather than silently absent. listed: the bench's --list output, its lines cut by strtok. */
static void not_built_defects(const struct ok_config *c, const char *listed, size_t listed_len, const struct run_opts *o,
                              FILE *res) {
  const struct ok_expect *e;
  for (size_t i = 0; (e = kd_nth(g_run.kd, c, i)); ++i) {
    if (strncmp(e->value, "not built", 9)) continue;
    char spec[256];
    snprintf(spec, sizeof spec, "%s/%s", e->kernel, e->variant);
    if (o->has_re && regexec(&o->re, spec, 0, NULL, 0)) continue;
    int held = 0; /* the list's lines are JSON objects; a variant name is unique within its kernel */
    for (const char *q = listed; q && q < listed + listed_len; q += strlen(q) + 1) {
      json_t *v = json_loads(q, 0, NULL);
      held |= v && !strcmp(rs_str(v, OKF_kernel) ?: "", e->kernel) &&
              !strcmp(rs_str(v, OKF_variant) ?: "", e->variant);
      json_decref(v);
    }
    if (held) continue; /* it was built: it runs, and passes (fixed?) or fails as marked */
    json_t *j = status_line(c, e->kernel, e->variant, OK_ST_NOT_BUILT, e->note[0] ? e->note : "not built by this compiler");
    kd_apply(g_run.kd, c, j);
    append_line(res, j);
    printf("ompkit: %s %s: known defect: not built (%s)\n", c->name, spec, e->note);
    json_decref(j);
  }
}

/* `ompkit check --json` of the build this study ran, saved as DIR/check.json: the report lists broken
 * expectations among its surprises. No omp_target configuration (exit 2): no file. */
static void save_check(const char *dir) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/check.json", dir);
  /* check's own error lines stay out of the study's output, as they always have. */
  fflush(stderr);
  int err = dup(2), nul = open("/dev/null", O_WRONLY);
  if (nul >= 0) dup2(nul, 2), close(nul);
  json_t *doc = NULL;
  int rc = ok_check_doc(&doc);
  fflush(stderr);
  if (err >= 0) dup2(err, 2), close(err);
  char *s = doc && rc <= 1 ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
  json_decref(doc);
  FILE *f = s ? fopen(path, "w") : NULL;
  if (f) fprintf(f, "%s\n", s); /* what check --json prints */
  if (!f || fclose(f)) unlink(path);
  free(s);
}

static void write_timing(const char *dir, json_t *timing) {
  char path[PATH_MAX];
  char *ts = json_dumps(timing, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(4));
  snprintf(path, sizeof path, "%s/timing.json", dir);
  if (!ts || ok_write_atomic(path, ts, strlen(ts))) ok_err("cannot write %s", path);
  free(ts);
}

/* timing.json's per-variant part, from the finished runs (this call's and, with --resume, the
 * earlier calls' from done.jsonl): "variants_s" {"config kernel/variant": s} (repeat > 0 adds
 * "#N") and their sum per configuration. Written at the end and when a signal stops the study. */
static void timing_variants(json_t *timing, json_t *done_set) {
  json_t *vs = json_object(), *per = json_object();
  const char *key;
  json_t *val;
  json_object_foreach(done_set, key, val) {
    if (!json_is_number(val)) continue;
    char cfg[256], kern[256], var[256];
    long rep = 0;
    if (sscanf(key, "%255[^|]|%255[^|]|%255[^|]|%ld", cfg, kern, var, &rep) < 3) continue;
    char name[800];
    snprintf(name, sizeof name, rep ? "%s %s/%s#%ld" : "%s %s/%s", cfg, kern, var, rep);
    json_object_set_new(vs, name, json_real(json_number_value(val)));
    json_t *prev = json_object_get(per, cfg);
    json_object_set_new(per, cfg, json_real(json_number_value(val) + (prev ? json_real_value(prev) : 0)));
  }
  json_object_set_new(timing, "config_variants_s", per);
  json_object_set_new(timing, "variants_s", vs);
}

/* One study's state, which cmd_run's phases (start, folder, plan, batches, end) pass along. */
struct run_state {
  struct run_opts o;
  struct ok_manifest m;
  json_t *resumed_prov; /* --resume: DIR's provenance, whose strings o now points into */
  char dir[PATH_MAX];
  json_t *done_set; /* done_key -> seconds: the finished variant runs (done.jsonl) */
  int failures;
  struct study st;
  json_t *timing, *tcfg; /* timing.json; its per-configuration batch seconds */
  FILE *res, *done;      /* results.jsonl, done.jsonl */
  json_t *gpu, *plan, *tplan;
  int total, idx;
  struct plan_answer *ans; /* plan_prefetch's answers, one per configuration (NULL: ask in turn) */
  struct plan_warm *warm;  /* one per configuration: its background --warm (plan_prefetch.h) */
  int warm_started;
  json_t *prev_variants; /* --gpus: the last study's seconds per variant run (its timing.json) */
};

/* Each name of --configs is a configuration of the manifest; else one usage error. */
static int check_config_names(const char *configs, const struct ok_manifest *m) {
  for (const char *p = configs; p && *p;) {
    const char *e = strchr(p, ',');
    int len = e ? (int)(e - p) : (int)strlen(p), found = 0;
    for (int i = 0; i < m->n; ++i)
      if ((int)strlen(m->configs[i].name) == len && !strncmp(m->configs[i].name, p, (size_t)len)) found = 1;
    if (!found) {
      ok_err("run: unknown configuration '%.*s' (see ompkit list --configs)", len, p);
      return OK_EXIT_USAGE;
    }
    if (!e) break;
    p = e + 1;
  }
  return 0;
}

/* The seconds each variant took in the last study (<out>/latest/timing.json, or --resume's own),
 * by which the GPU work is cut into units and ordered, longest first. */
static void load_prev_variants(struct run_state *s) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/timing.json", s->o.resume ? s->o.resume : s->o.out);
  if (!s->o.resume) snprintf(path, sizeof path, "%s/latest/timing.json", s->o.out);
  json_t *t = json_load_file(path, 0, NULL);
  s->prev_variants = json_incref(json_object_get(t, "variants_s"));
  json_decref(t);
}

/* --gpus: the GPUs (nvidia-smi's numbering, which CUDA follows under CUDA_DEVICE_ORDER=PCI_BUS_ID;
 * its default, fastest first, may differ). 0 or -1. */
static int start_gpus(struct run_state *s) {
  g_run.nslots = gpus_resolve(s->o.gpus, g_run.slots, OK_MAX_GPUS);
  if (g_run.nslots < 0) return -1;
  setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID", 1);
  if (g_run.nslots == 0) printf("ompkit: run: --gpus %s: nvidia-smi sees no GPU here\n", s->o.gpus);
  /* One GPU: as --gpu. Several: planning's questions (--probe, --info, --list: a GPU runtime
   * starts in each) see the first only, not every GPU of the node (2 x H200: planning took 8.5 s
   * against 4.7 s on one GPU); each unit then names its own GPU, and the multi-GPU variants all
   * of them (a bench's CUDA_VISIBLE_DEVICES replaces this one). */
  const char *was = getenv("CUDA_VISIBLE_DEVICES");
  if (was) snprintf(g_run.cvd_before, sizeof g_run.cvd_before, "%s", was);
  g_run.cvd_set = was != NULL;
  if (g_run.nslots >= 1) setenv("CUDA_VISIBLE_DEVICES", g_run.slots[0].index, 1);
  return 0;
}

/* Whether the host configurations run beside the GPU work, and on which cores (run_cores.h):
 * only where a GPU study could run (not --compile-only) and --host after was not asked for. */
static void plan_cores(const struct run_opts *o) {
  CPU_ZERO(&g_run.all_cpus);
  if (sched_getaffinity(0, sizeof g_run.all_cpus, &g_run.all_cpus)) {
    for (int c = 0; c < (int)sysconf(_SC_NPROCESSORS_ONLN) && c < CPU_SETSIZE; ++c) CPU_SET(c, &g_run.all_cpus);
  }
  memset(&g_run.split, 0, sizeof g_run.split);
  if (o->compile_only) return;
  if (o->host && !strcmp(o->host, "after")) {
    snprintf(g_run.split.why, sizeof g_run.split.why, "--host after");
    return;
  }
  const char *list = getenv("OMPKIT_HOST_CPUS");
  if (list && *list) {
    if (cores_plan_list(&g_run.all_cpus, list, &g_run.split)) ok_err("run: %s: the host work runs after the GPU work", g_run.split.why);
    return;
  }
  cores_plan(&g_run.all_cpus, gpus_on_node(), cores_siblings_sysfs, &g_run.split);
}

/* Options, manifest, --resume's folder and options, known defects. Returns an exit status, or -1
 * to go on. */
static int start_run(struct run_state *s, int argc, char **argv) {
  struct run_opts *o = &s->o;
  if (parse_opts(argc, argv, o)) return OK_EXIT_USAGE;
  if (ok_manifest_load(&s->m)) return OK_EXIT_USAGE;
  if (o->resume) {
    struct stat sb;
    if (stat(o->resume, &sb) || !S_ISDIR(sb.st_mode) || access(o->resume, W_OK)) {
      ok_err("run: --resume %s: no such writable result folder", o->resume);
      ok_manifest_free(&s->m);
      return OK_EXIT_USAGE;
    }
    if (!(s->resumed_prov = resume_options(o, &s->m))) {
      ok_manifest_free(&s->m);
      return OK_EXIT_USAGE;
    }
  }
  /* Inherited by every bench (and the GPU probes), so --gpu picks the device everywhere. */
  if (o->gpu) setenv("CUDA_VISIBLE_DEVICES", o->gpu, 1);
  if ((o->gpus && start_gpus(s)) || check_config_names(o->configs, &s->m)) {
    ok_manifest_free(&s->m);
    return OK_EXIT_USAGE;
  }
  plan_cores(o);
  if (o->gpus || g_run.split.on) load_prev_variants(s);
  char kderr[1024];
  if (!(g_run.kd = kd_load(&s->m, NULL, kderr, sizeof kderr)))
    fprintf(stderr, "ompkit: run: warning: known defects not read (%s): every failure counts\n", kderr);
  o->tty = isatty(STDOUT_FILENO);
  o->t0 = ok_now();
  return -1;
}

/* The result folder: --resume's, pruned to what finished, or a new <out>/<stamp> that
 * <out>/latest points to. Returns an exit status, or -1 to go on. */
static int open_folder(struct run_state *s) {
  char *dir = s->dir;
  if (s->o.resume) {
    snprintf(dir, sizeof s->dir, "%s", s->o.resume);
    /* Keep what finished; drop a cut-off variant's lines (it runs again) and the configurations'
     * own lines (planning writes them again). */
    s->done_set = load_done(dir);
    long kept, dropped;
    if (prune_results(dir, s->done_set, 0, &kept, &dropped, &s->failures)) {
      ok_err("run: --resume %s: cannot rewrite results.jsonl", dir);
      json_decref(s->done_set);
      json_decref(s->resumed_prov);
      ok_manifest_free(&s->m);
      return OK_EXIT_USAGE;
    }
    printf("ompkit: resuming the study in %s: %zu variant run(s) finished (%ld line(s) kept, %ld dropped)\n", dir,
           json_object_size(s->done_set), kept, dropped);
    return -1;
  }
  char stamp[64];
  const char *out = s->o.out;
  time_t now = time(NULL);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
  snprintf(dir, sizeof s->dir, "%s/%s", out, stamp);
  for (int k = 2; access(dir, F_OK) == 0; ++k) snprintf(dir, sizeof s->dir, "%s/%s-%d", out, stamp, k);
  if (ok_mkdirs(dir)) {
    ok_err("cannot create %s: %s", dir, strerror(errno));
    return OK_EXIT_USAGE;
  }
  /* results/latest -> <stamp>, replaced atomically. */
  char link_tmp[PATH_MAX], link_path[PATH_MAX];
  snprintf(link_tmp, sizeof link_tmp, "%s/.latest.%d", out, (int)getpid());
  snprintf(link_path, sizeof link_path, "%s/latest", out);
  const char *base = strrchr(dir, '/') + 1;
  if (symlink(base, link_tmp) || rename(link_tmp, link_path)) unlink(link_tmp);
  printf("ompkit: results in %s\n", dir);
  s->done_set = json_object();
  return -1;
}

/* Compile data for the selected configurations, timing.json's first fields, and the folder's
 * results.jsonl and done.jsonl opened to append. Returns an exit status, or -1 to go on. */
static int open_study(struct run_state *s) {
  struct utsname un;
  if (!uname(&un)) snprintf(g_run.host, sizeof g_run.host, "%s", un.nodename);
  study_init(&s->st, s->dir);
  s->st.listing_cpus = g_run.split.on ? &g_run.split.spare : NULL;
  double t_phase = ok_now();
  /* Compile data (SASS listings above all) only for the configurations this study runs. */
  for (int i = 0; i < s->m.n; ++i)
    s->m.configs[i].unselected = !in_list(s->o.configs, s->m.configs[i].name) || !in_list(s->o.models, s->m.configs[i].model);
  study_compile_data(&s->st, &s->m);
  study_write_compile(&s->st);
  /* --gpus: the GPU work starts at once on every GPU, the CUDA primitives among it; their code
   * check needs the SASS listing (cuobjdump, 20-30 s), which starts now, during the planning,
   * not when the first GPU configuration begins as in a one-GPU study. */
  if (g_run.nslots > 1 || g_run.split.on) study_start_listings(&s->st);
  /* Where the study's time went, written as timing.json: the kit's own speed is a result too. */
  s->timing = json_object();
  s->tcfg = json_object();
  json_object_set_new(s->timing, "sweep", json_string(s->o.sweep));
  json_object_set_new(s->timing, "compile_data_s", json_real(ok_now() - t_phase));
  json_object_set_new(s->timing, "build", ok_build_times(&s->m)); /* what each configuration costs to build */

  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/results.jsonl", s->dir);
  s->res = fopen(path, "a");
  snprintf(path, sizeof path, "%s/done.jsonl", s->dir);
  s->done = s->res ? fopen(path, "a") : NULL;
  if (!s->res || !s->done) {
    ok_err("cannot open %s: %s", path, strerror(errno));
    return OK_EXIT_USAGE;
  }
  return -1;
}

/* Whether the quick study leaves this configuration out (it runs with --full or --configs). */
static int quick_skips(const struct run_opts *o, const struct ok_config *c) {
  return c->full_only && !strcmp(o->sweep, "quick") && !o->configs;
}

/* Every runnable configuration's --probe, --info and --list at once (plan_prefetch.h); the
 * planning loop takes the answers in its order (and asks itself where none was fetched). */
static void prefetch_answers(struct run_state *s, char *(*aenv)[16], char (*astore)[1024], double t_plan) {
  for (int i = 0; i < s->m.n; ++i) {
    const struct ok_config *c = &s->m.configs[i];
    if (!c->enabled || c->not_runnable[0]) continue;
    if (!in_list(s->o.configs, c->name) || !in_list(s->o.models, c->model) || quick_skips(&s->o, c)) {
      /* Not run, but provenance lists its flags (its --info): asked here with the rest, not one
       * after the other at the end of planning (3.4 s of a 4xH100 quick study's 5.8). */
      s->ans[i].bench = c->bench;
      s->ans[i].info_only = 1;
      continue;
    }
    char ptext[1200];
    config_env(c, aenv[i], astore[i], sizeof astore[i], ptext, sizeof ptext);
    s->ans[i].probe_env = aenv[i][0] ? aenv[i] : NULL;
    s->ans[i].bench = c->bench;
    s->ans[i].needs_gpu = c->needs_gpu;
  }
  plan_prefetch(s->ans, s->m.n);
  json_object_set_new(s->timing, "plan_prefetch_s", json_real(ok_now() - t_plan));
}

/* One status line for a configuration that runs nothing. */
static void config_line(struct run_state *s, const struct ok_config *c, enum ok_status status, const char *why) {
  json_t *j = status_line(c, NULL, NULL, status, why);
  append_line(s->res, j);
  json_decref(j);
}

/* A selected configuration that runs no variant in this study gets its line here (and 1 back). */
static int config_sits_out(struct run_state *s, const struct ok_config *c) {
  if (s->o.compile_only) { /* compile.jsonl holds what this configuration is about */
    config_line(s, c, OK_ST_SKIPPED, "compile data only (--compile-only)");
    return 1;
  }
  if (!c->enabled) {
    printf("ompkit: %s: disabled (%s)\n", c->name, c->reason);
    config_line(s, c, OK_ST_DISABLED, c->reason);
    return 1;
  }
  if (quick_skips(&s->o, c)) {
    /* The quick study's budget: the compiler matrix and the ablation run with --full, or when
     * --configs names them. */
    printf("ompkit: %s: skipped: runs with --full (or --configs %s)\n", c->name, c->name);
    if (!s->resumed_prov) config_line(s, c, OK_ST_SKIPPED, "quick study: runs with --full or --configs");
    return 1;
  }
  if (c->not_runnable[0]) { /* compile data only (remarks, modes, registers): `ompkit check` reads them */
    printf("ompkit: %s: %s: %s\n", c->name, ok_status_name(OK_ST_NOT_RUNNABLE), c->not_runnable);
    config_line(s, c, OK_ST_NOT_RUNNABLE, c->not_runnable);
    return 1;
  }
  return 0;
}

/* A GPU configuration's --probe: 0 when it sees a device (the first CUDA one names the study's
 * GPU), else its skipped or disabled line and 1. */
static int probe_sees_no_gpu(struct run_state *s, int i) {
  const struct ok_config *c = &s->m.configs[i];
  struct ok_proc p;
  char *pa[] = {(char *)c->bench, "--probe", NULL};
  json_t *probe = NULL;
  char *pev[16], pstore[1024], ptext[1200]; /* probe under the configuration's own plugin choice */
  config_env(c, pev, pstore, sizeof pstore, ptext, sizeof ptext);
  if (!plan_ask(s->ans ? &s->ans[i] : NULL, 0, pa, pev[0] ? pev : NULL, &p)) probe = first_json(p.out);
  long devs = probe ? (long)json_integer_value(json_object_get(probe, "devices")) : 0;
  if (devs < 1) {
    const char *why = probe ? json_string_value(json_object_get(probe, "device_name")) : "probe failed";
    /* A plugin that does not load is a broken runtime, not a machine without a GPU. */
    int broken = why && !strncmp(why, "plugin ", 7);
    printf("ompkit: %s: %s (%s)\n", c->name, broken ? "disabled" : "skipped: no GPU", why ? why : "");
    char nogpu[300];
    snprintf(nogpu, sizeof nogpu, "%s%s%s%s", broken ? "" : "no GPU", why && !broken ? " (" : "", why ? why : "",
             why && !broken ? ")" : "");
    config_line(s, c, broken ? OK_ST_DISABLED : OK_ST_SKIPPED, nogpu);
    json_decref(probe);
    ok_proc_free(&p);
    return 1;
  }
  if (!s->gpu && c->model_id == OKM_CUDA) {
    s->gpu = json_incref(probe);
    const char *name = json_string_value(json_object_get(probe, "device_name"));
    snprintf(g_run.gpu, sizeof g_run.gpu, "%s", name ? name : "");
    const char *uuid = rs_str(probe, OKF_gpu_uuid);
    snprintf(g_run.gpu_uuid, sizeof g_run.gpu_uuid, "%s", uuid ? uuid : "");
  }
  json_decref(probe);
  ok_proc_free(&p);
  return 0;
}

/* One line of a bench's --list: into the plan, or a skipped line (a deadlock probe or a capped
 * configuration's primitive in the quick study), or nothing (--filter leaves it out). */
static void plan_variant(struct run_state *s, int i, int batchable, const char *line) {
  const struct run_opts *o = &s->o;
  const struct ok_config *c = &s->m.configs[i];
  json_t *v = json_loads(line, 0, NULL);
  const char *k = rs_str(v, OKF_kernel);
  const char *var = rs_str(v, OKF_variant);
  char spec[256];
  snprintf(spec, sizeof spec, "%s/%s", k ? k : "", var ? var : "");
  const char *fam = json_string_value(json_object_get(v, "family"));
  if (!k || !var || (o->has_re && regexec(&o->re, spec, 0, NULL, 0))) {
    json_decref(v);
    return;
  }
  if (fam && !strcmp(fam, "probe") && !strcmp(o->sweep, "quick")) {
    /* A deadlock probe costs its timeout and a restart: --full runs it (docs/sync.md). */
    json_t *j = s->resumed_prov ? NULL : status_line(c, k, var, OK_ST_SKIPPED, "quick study: a deadlock probe runs with --full");
    if (j) append_line(s->res, j);
    json_decref(j);
    json_decref(v);
    return;
  }
  /* Whole kernels and primitives go to separate processes: a host primitive sweep
   * re-executes its bench once per affinity, which whole kernels must not follow. */
  int prim = json_is_true(json_object_get(v, "primitive"));
  if (prim && c->sweep_cap[0] && !strcmp(o->sweep, "quick")) {
    /* sweep_cap: the quick study runs this configuration's cases only; --full runs its
     * primitives' capped sweep (README: the compiler matrix). */
    json_t *j = status_line(c, k, var, OK_ST_SKIPPED, "primitives run under --full only (sweep_cap)");
    append_line(s->res, j);
    json_decref(j);
    json_decref(v);
    return;
  }
  /* A host primitive under --full runs two affinity passes (close, then spread: native
   * harness.c), and a variant is finished only after its last: in one process per variant
   * each finishes before the next begins, so a cut keeps every finished one (--resume). */
  int passes = prim && c->model_id == OKM_NATIVE && !strcmp(o->sweep, "full");
  json_t *e = json_pack("{s:i,s:s,s:s,s:i}", OK_FNAME(config), i, OK_FNAME(kernel), k, OK_FNAME(variant), var, "group",
                        batchable && !passes ? 2 * i + prim : -1);
  json_array_append_new(s->plan, e);
  ++s->total;
  json_decref(v);
}

/* Whether a plan entry from `from` on has a run not finished before --resume (its warm-up is
 * worth starting only then). */
static int left_to_run(struct run_state *s, int from) {
  for (int q = from; q < s->total; ++q) {
    json_t *e = json_array_get(s->plan, (size_t)q);
    const char *k = rs_str(e, OKF_kernel), *v = rs_str(e, OKF_variant);
    const char *c = s->m.configs[json_integer_value(rs_get(e, OKF_config))].name;
    for (int rep = 0; rep < s->o.repeat; ++rep) {
      char key[1024];
      done_key(key, sizeof key, c, k, v, rep);
      if (!json_object_get(s->done_set, key)) return 1;
    }
  }
  return 0;
}

/* One configuration's part of the plan: its GPU probe, whether its bench batches (--info), and
 * its variants (--list). */
static void plan_config(struct run_state *s, int i) {
  const struct ok_config *c = &s->m.configs[i];
  struct plan_answer *a = s->ans ? &s->ans[i] : NULL;
  if (!in_list(s->o.configs, c->name) || !in_list(s->o.models, c->model)) return;
  if (config_sits_out(s, c)) return;
  if (c->needs_gpu && probe_sees_no_gpu(s, i)) return;
  /* Benches that bracket their variants run many per process. */
  struct ok_proc p;
  int batchable = 0;
  char *ia[] = {(char *)c->bench, "--info", NULL};
  if (!plan_ask(a, 1, ia, NULL, &p)) {
    json_t *info = first_json(p.out);
    batchable = json_is_true(json_object_get(info, "batch"));
    if (info) json_object_set_new(g_run.infos, c->name, info); /* provenance reads it: one process less */
    ok_proc_free(&p);
  }
  int warm = json_is_true(json_object_get(json_object_get(g_run.infos, c->name), "warm")), before = s->total;
  char *la[] = {(char *)c->bench, "--list", NULL};
  if (plan_ask(a, 2, la, NULL, &p) || !p.exited || p.code) {
    printf("ompkit: %s: cannot list kernels\n", c->name);
    config_line(s, c, OK_ST_CRASHED, "--list failed");
    ++s->failures;
    ok_proc_free(&p);
    return;
  }
  for (char *line = strtok(p.out, "\n"); line; line = strtok(NULL, "\n")) plan_variant(s, i, batchable, line);
  if (warm && s->warm && left_to_run(s, before)) { /* its image loads in the background (run_plan) */
    char text[1200];
    s->warm[i].bench = c->bench;
    config_env(c, s->warm[i].env, s->warm[i].store, sizeof s->warm[i].store, text, sizeof text);
  }
  not_built_defects(c, p.out, p.outlen, &s->o, s->res);
  ok_proc_free(&p);
}

/* --resume keeps the study's provenance and adds when and where it went on. */
static void provenance_resumed(json_t *prov, const char *dir) {
  json_t *r = json_object_get(prov, "resumed");
  if (!json_is_array(r)) json_object_set_new(prov, "resumed", r = json_array());
  char when[64], path[PATH_MAX];
  time_t now = time(NULL);
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  json_array_append_new(r, json_pack("{s:s,s:s,s:o*}", "date", when, PROV_HOST, g_run.host, "slurm", slurm_job()));
  char *str = json_dumps(prov, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  if (!str || ok_write_atomic(path, str, strlen(str))) ok_err("cannot write %s", path);
  free(str);
}

/* Plan: which configs run, which variants. Each configuration's share (its bench's --probe,
 * --info and --list processes: a GPU runtime starts in each) goes to timing.json. */
static void plan_study(struct run_state *s) {
  struct ok_manifest *m = &s->m;
  s->plan = json_array();
  s->tplan = json_object();
  g_run.infos = json_object();
  double t_plan = ok_now(), tc;
  size_t n = (size_t)(m->n > 0 ? m->n : 1);
  s->ans = calloc(n, sizeof *s->ans);
  s->warm = calloc(n, sizeof *s->warm);
  char *(*aenv)[16] = calloc(n, sizeof *aenv);
  char (*astore)[1024] = calloc(n, sizeof *astore);
  if (!s->ans || !aenv || !astore) free(s->ans), s->ans = NULL;
  if (s->ans) prefetch_answers(s, aenv, astore, t_plan);
  tc = ok_now();
  const double tc0 = tc;
  for (int i = 0; i < m->n; ++i) {
    /* plan_config leaves early in many ways: the previous configuration's share is closed here. */
    if (i > 0 && ok_now() - tc > 0.05) json_object_set_new(s->tplan, m->configs[i - 1].name, json_real(ok_now() - tc));
    tc = ok_now();
    plan_config(s, i);
  }
  if (m->n > 0 && ok_now() - tc > 0.05) json_object_set_new(s->tplan, m->configs[m->n - 1].name, json_real(ok_now() - tc));
  for (int i = 0; s->ans && i < m->n; ++i) { /* answers not taken (no GPU: --info, --list) */
    json_t *info = s->ans[i].asked[1] && !s->ans[i].info_rc && !json_object_get(g_run.infos, m->configs[i].name)
                       ? first_json(s->ans[i].info.out) : NULL;
    if (info) json_object_set_new(g_run.infos, m->configs[i].name, info); /* provenance's flags */
    plan_answer_free(&s->ans[i]);
  }
  free(s->ans);
  s->ans = NULL;
  free(aenv);
  free(astore);
  double t_prov = ok_now();
  json_object_set_new(s->timing, "plan_loop_s", json_real(t_prov - tc0)); /* the questions' answers taken, the plan made */
  if (!s->resumed_prov) provenance(m, s->dir, s->gpu, &s->o);
  else provenance_resumed(s->resumed_prov, s->dir);
  json_object_set_new(s->timing, "provenance_s", json_real(ok_now() - t_prov));
  json_object_set_new(s->timing, "plan_s", json_real(ok_now() - t_plan)); /* with provenance's --info */
  json_object_set_new(s->timing, "plan_configs_s", s->tplan);
  printf("ompkit: %d variant run(s) planned in %.1f s (compile data %.1f s)\n", s->total * s->o.repeat, ok_now() - t_plan,
         json_real_value(json_object_get(s->timing, "compile_data_s")));
  fflush(stdout);
}

/* From here a signal stops the study cleanly: the bench is killed, results.jsonl keeps only
 * finished variants, and --resume goes on. A second signal kills at once (SA_RESETHAND). */
static void trap_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
}

/* The plan's entries from a that share its group (all of them when group is -1: just a), not yet
 * taken and not finished before --resume, into items; returns how many. */
static int gather_batch(struct run_state *s, size_t a, int rep, char *taken, struct batch_item *items) {
  size_t np = json_array_size(s->plan);
  json_t *ea = json_array_get(s->plan, a);
  json_int_t grp = json_integer_value(json_object_get(ea, "group"));
  const struct ok_config *c = &s->m.configs[json_integer_value(rs_get(ea, OKF_config))];
  int n = 0;
  for (size_t q = a; q < np; ++q) {
    json_t *eq = json_array_get(s->plan, q);
    if (taken[q] || (q != a && (grp < 0 || json_integer_value(json_object_get(eq, "group")) != grp))) continue;
    taken[q] = 1;
    const char *k = rs_str(eq, OKF_kernel), *v = rs_str(eq, OKF_variant);
    char key[1024];
    done_key(key, sizeof key, c->name, k, v, rep);
    if (json_object_get(s->done_set, key)) { /* finished before --resume */
      ++s->idx;
      continue;
    }
    items[n].kernel = k;
    items[n].variant = v;
    items[n].wall = 0;
    items[n++].state = 0;
  }
  return n;
}

/* Before a GPU batch: the first one starts every background --warm (the GPU configurations' image
 * loads overlap each other's runs: docs/fidelity.md, "Room in the full study"); configuration i's
 * own waits for its warm-up here, so no variant pays the load. timing.json's warm_s says what each
 * took and how long the study waited for it. */
static void warm_before(struct run_state *s, int i) {
  if (!s->warm) return;
  if (!s->warm_started)
    for (int k = 0; k < s->m.n; ++k) plan_warm_start(&s->warm[k]);
  s->warm_started = 1;
  struct plan_warm *w = &s->warm[i];
  if (!w->started || w->joined) return;
  double waited = plan_warm_join(w);
  pthread_mutex_lock(&g_run.lock);
  json_t *say = w->rc ? NULL : first_json(w->p.out);
  const char *what = json_string_value(json_object_get(say, "warm"));
  int ok = !w->rc && w->p.exited && w->p.code == 0;
  printf("ompkit: %s: image loaded in the background in %.1f s (waited %.1f s)%s%s\n", s->m.configs[i].name, w->secs,
         waited, !ok ? "; it failed, the bench loads it itself" : what ? ": " : "", ok && what ? what : "");
  fflush(stdout);
  json_t *ws = json_object_get(s->timing, "warm_s");
  if (!ws) json_object_set_new(s->timing, "warm_s", ws = json_object());
  json_object_set_new(ws, s->m.configs[i].name, json_pack("{s:f,s:f,s:b}", "took_s", w->secs, "waited_s", waited, "ok", ok));
  json_decref(say);
  ok_proc_free(&w->p);
  pthread_mutex_unlock(&g_run.lock);
}

/* Batches: each group (configuration x whole kernels / primitives) in plan order; a bench
 * that cannot batch (group -1) gets one process per variant. */
/* The plan's end, one study or several GPUs: warm-ups joined, the result files closed. */
static void end_plan(struct run_state *s) {
  for (int i = 0; s->warm && i < s->m.n; ++i) { /* a warm-up whose configuration never ran (a signal) */
    plan_warm_join(&s->warm[i]);
    ok_proc_free(&s->warm[i].p);
  }
  if (s->o.tty) fputs("\r\033[K", stdout);
  fclose(s->res);
  fclose(s->done);
}

static void run_plan_gpus(struct run_state *s);
static void run_plan(struct run_state *s) {
  s->total *= s->o.repeat;
  if (g_run.nslots > 1 || g_run.split.on) { /* several GPUs, or the host work beside the GPU's */
    run_plan_gpus(s);
    return;
  }
  size_t np = json_array_size(s->plan);
  struct batch_item *items = calloc(np + 1, sizeof *items);
  char *taken = calloc(np + 1, 1);
  for (int rep = 0; rep < s->o.repeat && items && taken && !ok_interrupted; ++rep) {
    memset(taken, 0, np + 1);
    for (size_t a = 0; a < np && !ok_interrupted; ++a) {
      if (taken[a]) continue;
      json_t *ea = json_array_get(s->plan, a);
      json_int_t grp = json_integer_value(json_object_get(ea, "group"));
      const struct ok_config *c = &s->m.configs[json_integer_value(rs_get(ea, OKF_config))];
      int n = gather_batch(s, a, rep, taken, items);
      if (!n) continue;
      struct batch b = {.st = &s->st, .o = &s->o, .res = s->res, .done = s->done, .done_set = s->done_set,
                        .items = items, .n = n, .cur = -1, .repeat = rep, .idx = &s->idx, .total = s->total,
                        .slot = g_run.nslots == 1 && c->needs_gpu ? 0 : -1};
      b.c = c;
      if (c->needs_gpu) study_start_listings(&s->st); /* SASS listings overlap the GPU runs */
      if (c->needs_gpu) warm_before(s, (int)json_integer_value(rs_get(ea, OKF_config)));
      double tb = ok_now();
      s->failures += run_batch(&b);
      json_t *prev = json_object_get(s->tcfg, b.c->name);
      json_object_set_new(s->tcfg, b.c->name, json_real(ok_now() - tb + (prev ? json_real_value(prev) : 0)));
      if (s->o.tty) fputs("\r\033[K", stdout);
      printf("ompkit: %s: %d %s in %.1f s\n", c->name, n,
             grp < 0 ? "variant(s)" : grp % 2 ? "primitive sweep(s)" : "whole kernel(s)", ok_now() - tb);
      fflush(stdout);
      free(b.text);
    }
  }
  free(items);
  free(taken);
  end_plan(s);
}

/* A variant that measures across GPUs: under --gpus it runs alone, with every GPU visible. */
static const char *const multi_gpu_kernels[] = {"multi_gpu_sync", NULL};

/* --gpus: one unit of work, a batch of one configuration's variants for one bench process. */
struct gpu_unit {
  int config, rep, multi;
  json_int_t grp;
  struct batch_item *items;
  int n;
  double est; /* seconds, from the last study's timing.json (1 s a variant when unknown) */
};
struct gpu_plan {
  struct run_state *s;
  struct gpu_unit *u;
  int n, cap;
  int *gpu_units; /* indices of u the pool runs; the others (host, multi-GPU) run after it */
  char cuda_env[OK_MAX_GPUS][64], all_env[OK_MAX_GPUS * 8 + 32];
};

static double item_est(struct run_state *s, int config, const struct batch_item *it) {
  char key[600];
  snprintf(key, sizeof key, "%s %s/%s", s->m.configs[config].name, it->kernel, it->variant);
  json_t *v = json_object_get(s->prev_variants, key);
  return json_is_number(v) && json_number_value(v) > 0 ? json_number_value(v) : 1.0;
}

static void unit_add(struct gpu_plan *gp, int config, int rep, json_int_t grp, const struct batch_item *items, int n,
                     int multi) {
  if (n <= 0) return;
  if (gp->n == gp->cap) {
    int cap = gp->cap ? gp->cap * 2 : 64;
    struct gpu_unit *u = realloc(gp->u, (size_t)cap * sizeof *u);
    if (!u) return;
    gp->u = u, gp->cap = cap;
  }
  struct gpu_unit *u = &gp->u[gp->n];
  *u = (struct gpu_unit){config, rep, multi, grp, malloc((size_t)n * sizeof *items), n, 0};
  if (!u->items) return;
  memcpy(u->items, items, (size_t)n * sizeof *items);
  for (int i = 0; i < n; ++i) u->est += item_est(gp->s, config, &items[i]);
  ++gp->n;
}

/* A gathered batch as units: its multi-GPU variants apart; a batch of a GPU configuration cut
 * where its expected time passes `target` (a bench process per piece: target-clang19 alone is a
 * third of the full study, more than one GPU's share on four). */
static void plan_batch(struct gpu_plan *gp, int config, int rep, json_int_t grp, struct batch_item *items, int n,
                       double target) {
  int k = 0, nm = 0;
  struct batch_item *multi = calloc((size_t)n + 1, sizeof *multi);
  if (!multi) k = n; /* out of memory: the batch stays whole */
  for (int i = 0; i < n && multi; ++i) { /* the multi-GPU variants: a unit of their own */
    int m = 0;
    for (int q = 0; multi_gpu_kernels[q]; ++q) m |= !strcmp(items[i].kernel, multi_gpu_kernels[q]);
    if (m) multi[nm++] = items[i];
    else items[k++] = items[i];
  }
  unit_add(gp, config, rep, grp, multi, nm, 1);
  free(multi);
  if (!gp->s->m.configs[config].needs_gpu || grp < 0 || target <= 0) {
    unit_add(gp, config, rep, grp, items, k, 0);
    return;
  }
  int from = 0;
  double acc = 0;
  for (int i = 0; i < k; ++i) {
    acc += item_est(gp->s, config, &items[i]);
    if (acc >= target || i == k - 1) {
      unit_add(gp, config, rep, grp, &items[from], i + 1 - from, 0);
      from = i + 1, acc = 0;
    }
  }
}

/* One unit on GPU slot `slot` (pool thread), or, slot -1, on the study's own thread. */
static void unit_run(struct gpu_plan *gp, struct gpu_unit *u, int slot, const char *cuda_env) {
  struct run_state *s = gp->s;
  if (ok_interrupted) return;
  const struct ok_config *c = &s->m.configs[u->config];
  struct batch b = {.st = &s->st, .o = &s->o, .res = s->res, .done = s->done, .done_set = s->done_set,
                    .items = u->items, .n = u->n, .cur = -1, .repeat = u->rep, .idx = &s->idx, .total = s->total,
                    .slot = slot, .cuda_env = cuda_env};
  b.c = c;
  if (c->needs_gpu && s->warm && s->warm[u->config].started) {
    pthread_mutex_lock(&g_run.warm_lock);
    warm_before(s, u->config);
    pthread_mutex_unlock(&g_run.warm_lock);
  }
  double tb = ok_now();
  int failed = run_batch(&b);
  pthread_mutex_lock(&g_run.lock);
  s->failures += failed;
  json_t *prev = json_object_get(s->tcfg, c->name);
  json_object_set_new(s->tcfg, c->name, json_real(ok_now() - tb + (prev ? json_real_value(prev) : 0)));
  if (s->o.tty) fputs("\r\033[K", stdout);
  printf("ompkit: %s: %d %s in %.1f s%s%s\n", c->name, u->n,
         u->grp < 0 ? "variant(s)" : u->grp % 2 ? "primitive sweep(s)" : "whole kernel(s)", ok_now() - tb,
         slot >= 0 ? " on GPU " : u->multi && g_run.nslots > 1 ? " on GPUs " : "",
         slot >= 0 ? g_run.slots[slot].index : u->multi && g_run.nslots > 1 ? gp->all_env + 21 : "");
  fflush(stdout);
  pthread_mutex_unlock(&g_run.lock);
  free(b.text);
}

static void pool_unit(void *ctx, int k, int slot) {
  struct gpu_plan *gp = ctx;
  if (g_run.split.on) cores_pin_thread(cores_of_slot(&g_run.split, slot)); /* this GPU's bench on its own cores */
  /* Without --gpus (the host work beside one GPU's): the bench sees the GPUs as the run does. */
  unit_run(gp, &gp->u[gp->gpu_units[k]], g_run.nslots > 0 ? slot : -1, gp->cuda_env[slot][0] ? gp->cuda_env[slot] : NULL);
}

/* Whether unit k may start without waiting: its configuration's image is not loading in the
 * background, and, for primitive sweeps, whose code check reads it, its SASS listing is made. */
static int unit_ready(void *ctx, int k) {
  struct gpu_plan *gp = ctx;
  const struct gpu_unit *u = &gp->u[gp->gpu_units[k]];
  struct run_state *s = gp->s;
  if (s->warm && plan_warm_running(&s->warm[u->config])) return 0;
  return !(u->grp >= 0 && u->grp % 2 && study_listing_running(&s->st, &s->m.configs[u->config]));
}

/* The units of every repeat, cut for `nslots` GPUs; 0 or -1 (out of memory). */
static int plan_units(struct gpu_plan *gp) {
  struct run_state *s = gp->s;
  size_t np = json_array_size(s->plan);
  struct batch_item *items = calloc(np + 1, sizeof *items);
  char *taken = calloc(np + 1, 1);
  double total = 0;
  for (size_t a = 0; a < np; ++a) {
    json_t *e = json_array_get(s->plan, a);
    int ci = (int)json_integer_value(rs_get(e, OKF_config));
    struct batch_item it = {rs_str(e, OKF_kernel), rs_str(e, OKF_variant), 0, 0};
    if (s->m.configs[ci].needs_gpu) total += item_est(s, ci, &it);
  }
  double target = total / (2.0 * (g_run.nslots > 1 ? g_run.nslots : 1));
  for (int rep = 0; rep < s->o.repeat && items && taken; ++rep) {
    memset(taken, 0, np + 1);
    for (size_t a = 0; a < np; ++a) {
      if (taken[a]) continue;
      json_t *ea = json_array_get(s->plan, a);
      int n = gather_batch(s, a, rep, taken, items);
      plan_batch(gp, (int)json_integer_value(rs_get(ea, OKF_config)), rep,
                 json_integer_value(json_object_get(ea, "group")), items, n, target);
    }
  }
  int ok = items && taken;
  free(items);
  free(taken);
  return ok ? 0 : -1;
}

/* The host configurations' units, one after the other, on the host side's cores (run_cores.h):
 * a thread of their own beside the GPU pool. */
static void *host_units(void *arg) {
  struct gpu_plan *gp = arg;
  struct run_state *s = gp->s;
  if (g_run.split.on) cores_pin_thread(&g_run.split.host);
  for (int k = 0; k < gp->n && !ok_interrupted; ++k)
    if (!s->m.configs[gp->u[k].config].needs_gpu && !gp->u[k].multi) unit_run(gp, &gp->u[k], -1, NULL);
  return NULL;
}

/* The GPU configurations' units over the GPUs at once, longest first among the ready ones; then
 * the variants that use every GPU, alone. The host configurations' units run beside them on
 * their own cores (g_run.split.on) or, else, after them: their timing is what the GPU benches'
 * host threads would disturb on shared cores. */
static void run_plan_gpus(struct run_state *s) {
  struct gpu_plan gp = {.s = s};
  const int nw = g_run.nslots > 1 ? g_run.nslots : 1;
  snprintf(gp.all_env, sizeof gp.all_env, "CUDA_VISIBLE_DEVICES=");
  for (int k = 0; k < g_run.nslots; ++k) {
    snprintf(gp.cuda_env[k], sizeof gp.cuda_env[k], "CUDA_VISIBLE_DEVICES=%s", g_run.slots[k].index);
    snprintf(gp.all_env + strlen(gp.all_env), sizeof gp.all_env - strlen(gp.all_env), "%s%s", k ? "," : "",
             g_run.slots[k].index);
  }
  if (g_run.nslots > 1 && g_run.cvd_set) setenv("CUDA_VISIBLE_DEVICES", g_run.cvd_before, 1); /* planning is over */
  else if (g_run.nslots > 1) unsetenv("CUDA_VISIBLE_DEVICES");
  if (!plan_units(&gp) && (gp.gpu_units = calloc((size_t)gp.n + 1, sizeof(int)))) {
    double *est = calloc((size_t)gp.n + 1, sizeof *est);
    int ng = 0, nh = 0;
    for (int k = 0; k < gp.n; ++k) {
      if (s->m.configs[gp.u[k].config].needs_gpu && !gp.u[k].multi) est[ng] = gp.u[k].est, gp.gpu_units[ng++] = k;
      nh += !s->m.configs[gp.u[k].config].needs_gpu && !gp.u[k].multi;
    }
    if (g_run.nslots > 1) printf("ompkit: %d unit(s) of GPU work over %d GPUs (%s), longest first\n", ng, g_run.nslots, gp.all_env + 21);
    pthread_t host_th;
    int beside = g_run.split.on && ng && nh;
    if (beside) { /* the driver, its pool threads, warm-ups and listings on the GPU side */
      char hl[256], gl[256];
      cores_list(&g_run.split.host, hl, sizeof hl);
      cores_list(&g_run.split.gpu, gl, sizeof gl);
      printf("ompkit: host configurations beside the GPU work, on CPUs %s (%d); the GPU side on %s\n", hl,
             g_run.split.nhost, gl);
      cores_pin_thread(&g_run.split.spare); /* the warm-ups it starts; the pool threads re-pin per slot */
    }
    fflush(stdout);
    if (ng) study_start_listings(&s->st); /* SASS listings overlap the GPU runs */
    if (ng && s->warm)
      for (int k = 0; k < s->m.n; ++k) plan_warm_start(&s->warm[k]);
    s->warm_started = 1;
    if (beside && pthread_create(&host_th, NULL, host_units, &gp)) beside = 0;
    if (est) gpus_pool(nw, est, ng, pool_unit, unit_ready, &gp);
    free(est);
    if (beside) cores_pin_thread(&g_run.split.gpu); /* the variants that use every GPU: the whole GPU side */
    for (int k = 0; k < gp.n && !ok_interrupted; ++k)
      if (gp.u[k].multi) unit_run(&gp, &gp.u[k], -1, g_run.nslots > 1 ? gp.all_env : NULL);
    if (beside) pthread_join(host_th, NULL);
    else host_units(&gp);
    pthread_setaffinity_np(pthread_self(), sizeof g_run.all_cpus, &g_run.all_cpus); /* the report: every core */
  }
  for (int k = 0; k < gp.n; ++k) free(gp.u[k].items);
  free(gp.u);
  free(gp.gpu_units);
  end_plan(s);
}

/* timing.json's closing fields, written whether the study ended or a signal stopped it (sig):
 * the next run's planning needs to know where this one's time went, cut off or not. */
static void close_timing(struct run_state *s, int sig) {
  json_object_set_new(s->timing, "configs_s", s->tcfg);
  json_object_set_new(s->timing, "variants", json_integer(s->total));
  if (sig) {
    json_object_set_new(s->timing, "finished", json_integer((json_int_t)json_object_size(s->done_set)));
    json_object_set_new(s->timing, "stopped_by", json_string(signame(sig)));
  }
  if (s->o.resume) json_object_set_new(s->timing, "resumed", json_true());
  json_object_set_new(s->timing, "total_s", json_real(ok_now() - s->o.t0));
  timing_variants(s->timing, s->done_set);
  write_timing(s->dir, s->timing);
}

/* Everything a study held, released once whichever way it ended. */
static void free_run(struct run_state *s) {
  free(s->warm);
  json_decref(s->plan);
  json_decref(s->gpu);
  json_decref(s->timing);
  kd_free(g_run.kd);
  g_run.kd = NULL;
  json_decref(g_run.infos);
  g_run.infos = NULL;
  study_free(&s->st);
  ok_manifest_free(&s->m);
  json_decref(s->done_set);
  json_decref(s->resumed_prov);
  json_decref(s->prev_variants);
  if (s->o.has_re) regfree(&s->o.re);
}

/* A signal stopped the study: keep the finished variants' lines and say how to go on. */
static int stop_run(struct run_state *s) {
  int sig = (int)ok_interrupted;
  long kept, dropped;
  prune_results(s->dir, s->done_set, 1, &kept, &dropped, NULL);
  study_write_tables(&s->st);
  close_timing(s, sig);
  ok_err("run: stopped by SIG%s: %zu of %d variant run(s) finished, kept in %s/results.jsonl (%ld line(s) of the "
         "unfinished dropped); continue with: ompkit run --resume %s",
         sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", json_object_size(s->done_set), s->total, s->dir, dropped, s->dir);
  free_run(s);
  return 128 + sig;
}

static void *tables_thread(void *st) {
  study_write_tables(st);
  return NULL;
}

/* The study ran to its end: tables, check.json, the report, timing.json, the verdict. results.csv
 * is written beside the check and the report (a thread: neither reads it). */
static int end_run(struct run_state *s) {
  double t_phase = ok_now();
  pthread_t tables;
  int threaded = !pthread_create(&tables, NULL, tables_thread, &s->st);
  if (!threaded) study_write_tables(&s->st);
  close_timing(s, 0); /* once for the report to show, again with the report's own time */
  save_check(s->dir);
  report_write(s->dir, 2.0, 0); /* a report problem is reported, it does not fail the study */
  if (threaded) pthread_join(tables, NULL);
  json_object_set_new(s->timing, "tables_and_report_s", json_real(ok_now() - t_phase));
  json_object_set_new(s->timing, "total_s", json_real(ok_now() - s->o.t0));
  write_timing(s->dir, s->timing);
  int verdict = print_verdict(s->dir, s->total, ok_now() - s->o.t0, s->failures);
  free_run(s);
  return verdict;
}

int cmd_run(int argc, char **argv) {
  static struct run_state s; /* large (paths, manifest): off the stack */
  memset(&s, 0, sizeof s);
  int rc;
  if ((rc = start_run(&s, argc, argv)) >= 0) return rc;
  if ((rc = open_folder(&s)) >= 0) return rc;
  if ((rc = open_study(&s)) >= 0) return rc;
  plan_study(&s);
  trap_signals();
  run_plan(&s);
  return ok_interrupted ? stop_run(&s) : end_run(&s);
}
