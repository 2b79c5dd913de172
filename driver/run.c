/* ompkit run: the study. Spawns each configuration's bench per kernel variant with a timeout,
 * appends every result to results.jsonl as it arrives, joins compile-time data (remarks,
 * resources) and the execution mode the runtime reported, then writes results.csv. */
#define _GNU_SOURCE
#include "core.h"
#include "remarks.h"
#include "resultset.h"
#include "study.h"

#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
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
  int tty;           /* stdout is a terminal: redraw one progress line */
  double t0;
};

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
             "Runs every enabled configuration's kernels, each in its own process, and writes\n"
             "DIR/<timestamp>/{results.jsonl,results.csv,remarks.jsonl,resources.jsonl,provenance.json}\n"
             "with DIR/latest pointing at it (DIR defaults to ./results), then report.md/report.html.\n"
             "--quick (default) / --full pick each bench's sweep; --repeat N runs the whole study N\n"
             "times (lines tagged \"repeat\"); --gpu N sets CUDA_VISIBLE_DEVICES for the benches; --runs N\n"
             "sets the timed runs (default: each bench's own, 5 runs of a kernel, 9 baseline/test pairs\n"
             "of a primitive). GPU configurations are skipped with a note when no GPU is usable.\n"
             "Exit: 0 ok, 1 a check failed, 2 usage error.\n");
}

static int parse_opts(int argc, char **argv, struct run_opts *o) {
  static const struct option lo[] = {{"out", 1, 0, 'o'},     {"filter", 1, 0, 'f'}, {"configs", 1, 0, 'c'},
                                     {"models", 1, 0, 'm'},  {"runs", 1, 0, 'r'},   {"timeout", 1, 0, 't'},
                                     {"quick", 0, 0, 'Q'},   {"full", 0, 0, 'F'},   {"repeat", 1, 0, 'R'},
                                     {"gpu", 1, 0, 'g'},     {"help", 0, 0, 'h'},   {0, 0, 0, 0}};
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
    switch (ch) {
    case 'h': usage(stdout); exit(0);
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
    case 't':
      o->timeout = strtod(optarg, &end);
      if (*end || o->timeout <= 0) {
        ok_err("run: --timeout wants seconds > 0, got '%s'", optarg);
        return -1;
      }
      break;
    default:
      ok_err("run: unknown or incomplete option '%s' (see ompkit run --help)", argv[optind - 1]);
      return -1;
    }
  }
  if (optind < argc) {
    ok_err("run: unexpected argument '%s'", argv[optind]);
    return -1;
  }
  if (o->models) {
    const char *known = "native,omp_target,cuda";
    for (const char *p = o->models; *p;) {
      const char *e = strchr(p, ',');
      size_t len = e ? (size_t)(e - p) : strlen(p);
      char m[64];
      snprintf(m, sizeof m, "%.*s", (int)(len < 63 ? len : 63), p);
      if (!in_list(known, m)) {
        ok_err("run: unknown model '%s' (native, omp_target, cuda)", m);
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

static json_t *status_line(const struct ok_config *c, const char *kernel, const char *variant, const char *status,
                           const char *error) {
  json_t *j = json_object();
  json_object_set_new(j, "config", json_string(c->name));
  json_object_set_new(j, "model", json_string(c->model));
  if (kernel) json_object_set_new(j, "kernel", json_string(kernel));
  if (variant) json_object_set_new(j, "variant", json_string(variant));
  json_object_set_new(j, "status", json_string(status));
  if (error && *error) json_object_set_new(j, "error", json_string(error));
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

/* Stamped on every result line, so a line read alone still says where it was measured. */
static char g_host[256], g_gpu[256];

static char *env_benchmarks[] = {"OMP_TARGET_OFFLOAD=MANDATORY", "LIBOMPTARGET_INFO=16", NULL};

/* On a terminal: one line redrawn in place (done/total, current run, elapsed, estimate left). */
static void progress(const struct run_opts *o, int done, int total, const char *cfg, const char *spec) {
  if (!o->tty) return;
  double el = ok_now() - o->t0;
  char left[32] = "?";
  if (done > 0) snprintf(left, sizeof left, "%.0f s", el / done * (total - done));
  printf("\r\033[K[%d/%d] %s %s  elapsed %.0f s, ~%s left", done, total, cfg, spec, el, left);
  fflush(stdout);
}

/* Prints the one-line progress/log entry for a result line. */
static void log_result(json_t *j, const struct ok_config *c, const char *spec, int idx, int total, int tty) {
  if (tty) fputs("\r\033[K", stdout); /* clear the progress line first */
  const char *status = json_string_value(json_object_get(j, "status"));
  json_t *t = json_object_get(json_object_get(j, "time_s"), "median");
  const char *mode = json_string_value(json_object_get(j, "observed_mode"));
  if (json_is_number(t))
    printf("ompkit: [%d/%d] %s %s: ok, median %.4g ms%s%s\n", idx, total, c->name, spec, json_number_value(t) * 1e3,
           mode ? ", launched " : "", mode ? mode : "");
  else {
    const char *e = json_string_value(json_object_get(j, "error"));
    printf("ompkit: [%d/%d] %s %s: %s%s%s\n", idx, total, c->name, spec, status ? status : "?", e ? ": " : "",
           e ? e : "");
  }
  fflush(stdout);
}

/* A finding for the exit status: a wrong result, a host fallback, a crash... A primitive the
 * method could not separate from its baseline is "not measured", which is an outcome, not a failure. */
static int is_failure(const char *status) {
  return !status || (strcmp(status, "ok") && strncmp(status, "not measured", 12) && strncmp(status, "skipped", 7) &&
                     strcmp(status, "disabled"));
}

/* Runs one kernel variant in its own process. A bench prints one JSON line per measured point;
 * every line it printed is kept, also when it later hangs or crashes (then a status line says so). */
static int run_variant(struct study *st, const struct ok_config *c, const char *kernel, const char *variant,
                       const struct run_opts *o, FILE *res, int idx, int total, int repeat) {
  char spec[256], runs[16];
  snprintf(spec, sizeof spec, "%s/%s", kernel, variant);
  snprintf(runs, sizeof runs, "%d", o->runs);
  char *argv[] = {(char *)c->bench, "--run", spec, "--sweep", (char *)o->sweep, "--runs", runs, NULL};
  if (o->runs <= 0) argv[5] = NULL; /* the bench's default */
  progress(o, idx - 1, total, c->name, spec);
  int target = !strcmp(c->model, "omp_target");
  struct ok_proc p;
  int bad = 0, lines = 0, points_ok = 0;
  json_t *fail = NULL;
  if (ok_spawn(argv, target ? env_benchmarks : NULL, o->timeout, &p)) {
    fail = status_line(c, kernel, variant, "crashed: could not start", strerror(errno));
    p.out = NULL;
  }
  for (const char *q = p.out; !fail && q && *q;) {
    const char *e = strchr(q, '\n');
    size_t n = e ? (size_t)(e - q) : strlen(q);
    json_t *j = json_loadb(q, n, 0, NULL);
    q = e ? e + 1 : NULL;
    if (!json_is_object(j)) {
      json_decref(j);
      continue;
    }
    const char *s = json_string_value(json_object_get(j, "status"));
    if (is_failure(s)) bad = 1;
    /* The driver, not the bench, is the authority on which configuration produced a line. */
    json_object_set_new(j, "config", json_string(c->name));
    json_object_set_new(j, "model", json_string(c->model));
    if (g_host[0]) json_object_set_new(j, "host", json_string(g_host));
    if (c->needs_gpu && g_gpu[0]) json_object_set_new(j, "gpu", json_string(g_gpu));
    if (target) json_object_set_new(j, "env", json_string("OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16"));
    study_join(st, c, j, p.err ? p.err : "");
    if (o->repeat > 1) json_object_set_new(j, "repeat", json_integer(repeat));
    append_line(res, j);
    /* Whole-kernel results get a line each; primitive points only when they are not ok (a summary
     * line per variant follows), so a sweep does not flood the log. */
    if (!json_object_get(j, "per_op_ns") || !s || strcmp(s, "ok")) log_result(j, c, spec, idx, total, o->tty);
    else ++points_ok;
    json_decref(j);
    ++lines;
  }
  if (!fail) {
    char why[512];
    last_line(p.err, why, sizeof why);
    if (p.timed_out) {
      snprintf(why, sizeof why, "no end after %.0f s (%d result line(s) kept)", o->timeout, lines);
      fail = status_line(c, kernel, variant, "timeout", why);
    } else if (p.signaled) {
      char sname[64];
      snprintf(sname, sizeof sname, "crashed: %s", signame(p.sig));
      fail = status_line(c, kernel, variant, sname, why);
    } else if (!lines) {
      if (!why[0]) snprintf(why, sizeof why, "exit %d with no JSON result on stdout", p.code);
      fail = status_line(c, kernel, variant, "malformed output", why);
    } else if (p.code != 0 && !bad) {
      fail = status_line(c, kernel, variant, "malformed output", "bench said ok but exited non-zero");
    }
  }
  if (points_ok) {
    if (o->tty) fputs("\r\033[K", stdout);
    printf("ompkit: [%d/%d] %s %s: %d of %d point(s) ok, %.1f s\n", idx, total, c->name, spec, points_ok, lines,
           p.seconds);
  }
  if (fail) {
    if (o->repeat > 1) json_object_set_new(fail, "repeat", json_integer(repeat));
    append_line(res, fail);
    log_result(fail, c, spec, idx, total, o->tty);
    json_decref(fail);
    bad = 1;
  }
  ok_proc_free(&p);
  return bad;
}

static void provenance(const struct ok_manifest *m, const char *dir, json_t *gpu_probe, const struct run_opts *o) {
  json_t *pv = json_object();
  char buf[512];
  time_t now = time(NULL);
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  json_object_set_new(pv, "date", json_string(buf));
  struct utsname u;
  if (!uname(&u)) {
    json_object_set_new(pv, "host", json_string(u.nodename));
    snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
    json_object_set_new(pv, "kernel", json_string(buf));
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
  json_object_set_new(pv, "git_sha", json_string(study_git_sha(m)));
  json_object_set_new(pv, "offload_arch", json_string(m->offload_arch ? m->offload_arch : ""));
  if (gpu_probe) json_object_set(pv, "gpu", gpu_probe);
  if (o->gpu) json_object_set_new(pv, "cuda_visible_devices", json_string(o->gpu));
  json_object_set_new(pv, "sweep", json_string(o->sweep));
  json_object_set_new(pv, "repeat", json_integer(o->repeat));
  json_t *cfgs = json_array();
  for (int i = 0; i < m->n; ++i) {
    const struct ok_config *c = &m->configs[i];
    json_t *e = json_object();
    json_object_set_new(e, "name", json_string(c->name));
    json_object_set_new(e, "enabled", json_boolean(c->enabled));
    if (!c->enabled) json_object_set_new(e, "reason", json_string(c->reason));
    json_object_set_new(e, "compiler_version", json_string(c->compiler_version));
    if (c->enabled) {
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
  static const char *prefixes[] = {"OMP_", "KMP_", "GOMP_", "LIBOMPTARGET_", "CUDA_VISIBLE_DEVICES", NULL};
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
  json_object_set_new(pv, "environment", env);
  char *s = json_dumps(pv, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  if (!s || ok_write_atomic(path, s, strlen(s))) ok_err("cannot write %s", path);
  free(s);
  json_decref(pv);
}

int cmd_run(int argc, char **argv) {
  struct run_opts o = {0};
  if (parse_opts(argc, argv, &o)) return OK_EXIT_USAGE;
  struct ok_manifest m;
  if (ok_manifest_load(&m)) return OK_EXIT_USAGE;
  o.tty = isatty(STDOUT_FILENO);
  o.t0 = ok_now();
  /* Inherited by every bench (and the GPU probes), so --gpu picks the device everywhere. */
  if (o.gpu) setenv("CUDA_VISIBLE_DEVICES", o.gpu, 1);
  if (o.configs)
    for (const char *p = o.configs; *p;) {
      const char *e = strchr(p, ',');
      int len = e ? (int)(e - p) : (int)strlen(p), found = 0;
      for (int i = 0; i < m.n; ++i)
        if ((int)strlen(m.configs[i].name) == len && !strncmp(m.configs[i].name, p, (size_t)len)) found = 1;
      if (!found) {
        ok_err("run: unknown configuration '%.*s' (see ompkit list --configs)", len, p);
        return OK_EXIT_USAGE;
      }
      if (!e) break;
      p = e + 1;
    }

  char stamp[64], dir[PATH_MAX], path[PATH_MAX];
  time_t now = time(NULL);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
  snprintf(dir, sizeof dir, "%s/%s", o.out, stamp);
  for (int k = 2; access(dir, F_OK) == 0; ++k) snprintf(dir, sizeof dir, "%s/%s-%d", o.out, stamp, k);
  if (ok_mkdirs(dir)) {
    ok_err("cannot create %s: %s", dir, strerror(errno));
    return OK_EXIT_USAGE;
  }
  /* results/latest -> <stamp>, replaced atomically. */
  char link_tmp[PATH_MAX], link_path[PATH_MAX];
  snprintf(link_tmp, sizeof link_tmp, "%s/.latest.%d", o.out, (int)getpid());
  snprintf(link_path, sizeof link_path, "%s/latest", o.out);
  const char *base = strrchr(dir, '/') + 1;
  if (symlink(base, link_tmp) || rename(link_tmp, link_path)) unlink(link_tmp);
  printf("ompkit: results in %s\n", dir);

  struct utsname un;
  if (!uname(&un)) snprintf(g_host, sizeof g_host, "%s", un.nodename);
  struct study st;
  study_init(&st, dir);
  study_compile_data(&st, &m);

  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  FILE *res = fopen(path, "a");
  if (!res) {
    ok_err("cannot open %s: %s", path, strerror(errno));
    return OK_EXIT_USAGE;
  }

  /* Plan: which configs run, which variants. */
  json_t *gpu = NULL;
  int failures = 0, total = 0, idx = 0;
  json_t *plan = json_array();
  for (int i = 0; i < m.n; ++i) {
    const struct ok_config *c = &m.configs[i];
    if (!in_list(o.configs, c->name) || !in_list(o.models, c->model)) continue;
    if (!c->enabled) {
      printf("ompkit: %s: disabled (%s)\n", c->name, c->reason);
      json_t *j = status_line(c, NULL, NULL, "disabled", c->reason);
      append_line(res, j);
      json_decref(j);
      continue;
    }
    struct ok_proc p;
    if (c->needs_gpu) {
      char *pa[] = {(char *)c->bench, "--probe", NULL};
      json_t *probe = NULL;
      if (!ok_spawn(pa, NULL, 60, &p)) probe = first_json(p.out);
      long devs = probe ? (long)json_integer_value(json_object_get(probe, "devices")) : 0;
      if (devs < 1) {
        const char *why = probe ? json_string_value(json_object_get(probe, "device_name")) : "probe failed";
        printf("ompkit: %s: skipped: no GPU (%s)\n", c->name, why ? why : "");
        json_t *j = status_line(c, NULL, NULL, "skipped: no GPU", why);
        append_line(res, j);
        json_decref(j);
        json_decref(probe);
        ok_proc_free(&p);
        continue;
      }
      if (!gpu && !strcmp(c->model, "cuda")) {
        gpu = json_incref(probe);
        const char *name = json_string_value(json_object_get(probe, "device_name"));
        snprintf(g_gpu, sizeof g_gpu, "%s", name ? name : "");
      }
      json_decref(probe);
      ok_proc_free(&p);
    }
    char *la[] = {(char *)c->bench, "--list", NULL};
    if (ok_spawn(la, NULL, 60, &p) || !p.exited || p.code) {
      printf("ompkit: %s: cannot list kernels\n", c->name);
      json_t *j = status_line(c, NULL, NULL, "crashed: --list failed", p.err);
      append_line(res, j);
      json_decref(j);
      ++failures;
      ok_proc_free(&p);
      continue;
    }
    for (char *line = strtok(p.out, "\n"); line; line = strtok(NULL, "\n")) {
      json_t *v = json_loads(line, 0, NULL);
      const char *k = json_string_value(json_object_get(v, "kernel"));
      const char *var = json_string_value(json_object_get(v, "variant"));
      char spec[256];
      snprintf(spec, sizeof spec, "%s/%s", k ? k : "", var ? var : "");
      if (k && var && (!o.has_re || regexec(&o.re, spec, 0, NULL, 0) == 0)) {
        json_t *e = json_pack("{s:i,s:s,s:s}", "config", i, "kernel", k, "variant", var);
        json_array_append_new(plan, e);
        ++total;
      }
      json_decref(v);
    }
    ok_proc_free(&p);
  }
  provenance(&m, dir, gpu, &o);

  size_t pi;
  json_t *e;
  total *= o.repeat;
  for (int rep = 0; rep < o.repeat; ++rep) json_array_foreach(plan, pi, e) {
      const struct ok_config *c = &m.configs[json_integer_value(json_object_get(e, "config"))];
      failures += run_variant(&st, c, json_string_value(json_object_get(e, "kernel")),
                              json_string_value(json_object_get(e, "variant")), &o, res, ++idx, total, rep);
    }
  if (o.tty) fputs("\r\033[K", stdout);
  fclose(res);
  json_decref(plan);
  json_decref(gpu);
  if (study_write_tables(&st)) failures += 0;
  report_write(dir, 2.0, 0); /* a report problem is reported, it does not fail the study */
  printf("ompkit: %d run(s), %d failed; results in %s\n", total, failures, dir);
  study_free(&st);
  ok_manifest_free(&m);
  if (o.has_re) regfree(&o.re);
  return failures ? OK_EXIT_FINDING : OK_EXIT_OK;
}
