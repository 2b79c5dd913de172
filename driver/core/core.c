/* The driver's shared core (core.h): the configuration manifest, spawning a process with a timeout
 * and its output line by line, atomic file writes, and the one-line messages every command uses. */
#define _GNU_SOURCE
#include "core.h"

#include "ok_kernel_id.h"
#include "remarks.h"

#include "ok_record.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

volatile sig_atomic_t ok_interrupted;

const char *ok_prog(void) { return "ompkit"; }

void ok_err(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", ok_prog());
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

double ok_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int ok_which(const char *tool, char *out, size_t n) {
  const char *path = getenv("PATH");
  for (const char *p = path; p && *p;) {
    const char *e = strchr(p, ':');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    snprintf(out, n, "%.*s/%s", (int)len, p, tool);
    if (access(out, X_OK) == 0) return 0;
    p = e ? e + 1 : NULL;
  }
  out[0] = 0;
  return -1;
}

int ok_mkdirs(const char *path) {
  char tmp[PATH_MAX];
  if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp) return -1;
  for (char *p = tmp + 1; *p; ++p)
    if (*p == '/') {
      *p = 0;
      if (mkdir(tmp, 0777) && errno != EEXIST) return -1;
      *p = '/';
    }
  if (mkdir(tmp, 0777) && errno != EEXIST) return -1;
  return 0;
}

void ok_json_appendf(json_t *arr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) >= 0) json_array_append_new(arr, json_string(s));
  free(s);
  va_end(ap);
}

int ok_jsonl_each(const char *path, int (*fn)(const struct ok_jsonl_line *l, void *ctx), void *ctx) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  int rc = 0;
  struct ok_jsonl_line l = {0};
  while (!rc && (n = getline(&buf, &cap, f)) > 0) {
    l.raw = buf, l.len = (size_t)n, ++l.no, l.complete = buf[n - 1] == '\n';
    l.obj = json_loadb(buf, (size_t)n, 0, NULL);
    if (l.obj && !json_is_object(l.obj)) json_decref(l.obj), l.obj = NULL;
    rc = fn(&l, ctx);
    json_decref(l.obj);
  }
  free(buf);
  fclose(f);
  return rc;
}

int ok_write_atomic(const char *path, const char *data, size_t len) {
  char tmp[PATH_MAX];
  snprintf(tmp, sizeof tmp, "%s.tmp.%d", path, (int)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) return -1;
  int bad = fwrite(data, 1, len, f) != len;
  bad |= fflush(f) != 0;
  bad |= fsync(fileno(f)) != 0;
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path)) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

const char *ok_jstr(json_t *j, const char *key) { return json_string_value(json_object_get(j, key)); }

long ok_jint(json_t *j, const char *key) {
  json_t *v = json_object_get(j, key);
  if (json_is_integer(v)) return (long)json_integer_value(v);
  if (json_is_real(v)) return (long)json_real_value(v);
  return -1;
}

static int exe_dir(char *out, size_t n) {
  ssize_t k = readlink("/proc/self/exe", out, n - 1);
  if (k <= 0) return -1;
  out[k] = 0;
  char *s = strrchr(out, '/');
  if (s) *s = 0;
  return 0;
}

int ok_manifest_load(struct ok_manifest *m) {
  memset(m, 0, sizeof *m);
  char path[PATH_MAX];
  const char *env = getenv("OMPKIT_MANIFEST");
  if (env && *env) {
    snprintf(path, sizeof path, "%s", env);
  } else {
    char d[PATH_MAX];
    if (exe_dir(d, sizeof d)) {
      ok_err("cannot locate the driver binary");
      return -1;
    }
    snprintf(path, sizeof path, "%s/../ompkit-configs.json", d);
  }
  char *real = realpath(path, NULL);
  if (!real) {
    ok_err("no build manifest at %s: build first with ./ompkit", path);
    return -1;
  }
  json_error_t je;
  m->root = json_load_file(real, 0, &je);
  if (!m->root || !json_is_object(m->root)) {
    ok_err("%s:%d: bad manifest: %s", real, je.line, m->root ? "not an object" : je.text);
    free(real);
    return -1;
  }
  snprintf(m->dir, sizeof m->dir, "%s", real);
  char *s = strrchr(m->dir, '/');
  if (s) *s = 0;
  free(real);
  m->offload_arch = json_string_value(json_object_get(m->root, "offload_arch"));
  m->source_dir = json_string_value(json_object_get(m->root, "source_dir"));
  m->git_sha = json_string_value(json_object_get(m->root, "git_sha"));
  json_t *cfgs = json_object_get(m->root, "configs");
  if (!json_is_array(cfgs)) {
    ok_err("%s/ompkit-configs.json: no \"configs\" array", m->dir);
    return -1;
  }
  m->n = (int)json_array_size(cfgs);
  m->configs = calloc((size_t)m->n + 1, sizeof *m->configs);
  for (int i = 0; i < m->n; ++i) {
    json_t *c = json_array_get(cfgs, (size_t)i);
    struct ok_config *k = &m->configs[i];
    k->name = json_string_value(json_object_get(c, "name"));
    k->model = json_string_value(json_object_get(c, OK_FNAME(model)));
    k->reason = json_string_value(json_object_get(c, "reason"));
    k->compiler = json_string_value(json_object_get(c, OK_FNAME(compiler)));
    k->compiler_version = json_string_value(json_object_get(c, "compiler_version"));
    k->enabled = json_is_true(json_object_get(c, "enabled"));
    k->needs_gpu = json_is_true(json_object_get(c, "needs_gpu"));
    const char *b = json_string_value(json_object_get(c, "bench"));
    const char *a = json_string_value(json_object_get(c, "artefacts"));
    if (!k->name || !k->model || !b || !a) {
      ok_err("%s/ompkit-configs.json: config %d lacks name, model, bench or artefacts", m->dir, i);
      return -1;
    }
    k->model_id = ok_model_of(k->model);
    if (k->model_id == OKM_UNKNOWN) {
      ok_err("%s/ompkit-configs.json: config %s has unknown model '%s'", m->dir, k->name, k->model);
      return -1;
    }
    /* CMake sets a reason before it knows whether the probe succeeds; it only means something
     * for a disabled configuration. */
    if (!k->reason || k->enabled) k->reason = "";
    if (!k->compiler_version) k->compiler_version = "";
    k->run_env = json_string_value(json_object_get(c, "run_env"));
    k->not_runnable = json_string_value(json_object_get(c, "not_runnable"));
    k->sweep_cap = json_string_value(json_object_get(c, "sweep_cap"));
    k->full_only = json_is_true(json_object_get(c, "full_only"));
    k->version_full = json_string_value(json_object_get(c, "version_full"));
    if (!k->run_env) k->run_env = "";
    if (!k->not_runnable) k->not_runnable = "";
    if (!k->sweep_cap) k->sweep_cap = "";
    k->matrix = json_is_true(json_object_get(c, "matrix"));
    k->offload_arch = json_string_value(json_object_get(c, "offload_arch"));
    if (!k->offload_arch) k->offload_arch = m->offload_arch ? m->offload_arch : "";
    snprintf(k->bench, sizeof k->bench, "%s/%s", m->dir, b);
    snprintf(k->artefacts, sizeof k->artefacts, "%s/%s", m->dir, a);
  }
  return 0;
}

void ok_manifest_free(struct ok_manifest *m) {
  free(m->configs);
  json_decref(m->root);
  memset(m, 0, sizeof *m);
}

enum { CAPTURE_MAX = 16 << 20 };

static void append(char **buf, size_t *len, size_t *cap, const char *data, size_t n) {
  if (*len + n + 1 > CAPTURE_MAX) n = *len + 1 < CAPTURE_MAX ? CAPTURE_MAX - *len - 1 : 0;
  if (*len + n + 1 > *cap) {
    size_t nc = (*cap ? *cap * 2 : 4096);
    while (nc < *len + n + 1) nc *= 2;
    char *b = realloc(*buf, nc);
    if (!b) return;
    *buf = b, *cap = nc;
  }
  memcpy(*buf + *len, data, n);
  *len += n;
  (*buf)[*len] = 0;
}

/* Hands each complete line of a stream to fn; the partial rest stays in *buf. */
static int feed_lines(char **buf, size_t *len, ok_line_fn fn, void *ctx, int flush) {
  int reset = 0;
  size_t start = 0;
  for (size_t i = 0; i < *len; ++i)
    if ((*buf)[i] == '\n') {
      (*buf)[i] = 0;
      int r = fn(ctx, *buf + start);
      if (r) reset = r; /* the last restart wins: it may carry a new timeout */
      start = i + 1;
    }
  if (flush && start < *len) {
    int r = fn(ctx, *buf + start);
    if (r) reset = r;
    start = *len;
  }
  memmove(*buf, *buf + start, *len - start);
  *len -= start;
  if (*buf) (*buf)[*len] = 0;
  return reset;
}

/* The child's environment: ours with env's "K=V" entries added or replacing. Built before the
 * fork because `ompkit run --gpus` spawns from several threads at once, and a child of a threaded
 * process may call nothing that allocates (putenv did) between fork and exec. NULL when out of memory. */
static char **child_env(char *const env[]) {
  size_t n = 0, k = 0;
  while (environ[n]) ++n;
  for (size_t i = 0; env && env[i]; ++i) ++k;
  char **out = calloc(n + k + 1, sizeof *out);
  if (!out) return NULL;
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const char *eq = strchr(environ[i], '=');
    size_t kl = eq ? (size_t)(eq - environ[i]) : strlen(environ[i]);
    int replaced = 0;
    for (size_t j = 0; env && env[j] && !replaced; ++j) replaced = !strncmp(env[j], environ[i], kl) && env[j][kl] == '=';
    if (!replaced) out[m++] = environ[i];
  }
  for (size_t j = 0; j < k; ++j) out[m++] = env[j];
  out[m] = NULL;
  return out;
}

/* fn == NULL: stdout and stderr captured apart. fn set: both go down one pipe, in the order the
 * child wrote them, and each line is handed to fn as it arrives (nothing is kept); fn returns 1
 * to restart the timeout clock (the driver does so when a bench starts its next variant). */
static int spawn(char *const argv[], char *const env[], double timeout_s, ok_line_fn fn, void *ctx,
                 struct ok_proc *p) {
  memset(p, 0, sizeof *p);
  int po[2], pe[2] = {-1, -1};
  if (pipe2(po, O_CLOEXEC)) return -1;
  if (!fn && pipe2(pe, O_CLOEXEC)) {
    close(po[0]), close(po[1]);
    return -1;
  }
  double t0 = ok_now(), clock0 = t0;
  char **envp = child_env(env), cannot[600];
  snprintf(cannot, sizeof cannot, "cannot execute %s: ", argv[0]);
  pid_t pid = envp ? fork() : -1;
  if (pid < 0) {
    free(envp);
    close(po[0]), close(po[1]);
    if (!fn) close(pe[0]), close(pe[1]);
    return -1;
  }
  if (pid == 0) {
    setpgid(0, 0); /* own group: a timeout kills the bench and anything it started */
    dup2(po[1], 1);
    dup2(fn ? po[1] : pe[1], 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    execve(argv[0], argv, envp);
    const char *why = strerror(errno);
    if (write(2, cannot, strlen(cannot)) < 0 || write(2, why, strlen(why)) < 0 || write(2, "\n", 1) < 0) _exit(127);
    _exit(127);
  }
  free(envp);
  setpgid(pid, pid);
  close(po[1]);
  if (!fn) close(pe[1]);
  size_t ocap = 0, ecap = 0, lcap = 0, llen = 0;
  char *lbuf = NULL;
  struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
  int nfds = fn ? 1 : 2, open_fds = nfds;
  char chunk[65536];
  while (open_fds > 0) {
    double left = timeout_s - (ok_now() - clock0);
    if (ok_interrupted) {
      p->interrupted = 1;
      kill(-pid, SIGKILL);
      break;
    }
    if (left <= 0) {
      p->timed_out = 1;
      kill(-pid, SIGKILL);
      break;
    }
    /* Short waits: a signal landing just before poll() must not wait out the whole timeout. */
    int r = poll(fds, (nfds_t)nfds, left > 0.2 ? 200 : (int)(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    for (int i = 0; i < nfds; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
      if (n > 0) {
        if (fn) {
          append(&lbuf, &llen, &lcap, chunk, (size_t)n);
          int r = feed_lines(&lbuf, &llen, fn, ctx, llen + 1 >= CAPTURE_MAX);
          if (r) clock0 = ok_now();
          if (r > 1) timeout_s = r / 1000.0; /* a new timeout in ms (a deadlock probe's short one) */
        } else if (i == 0) append(&p->out, &p->outlen, &ocap, chunk, (size_t)n);
        else append(&p->err, &p->errlen, &ecap, chunk, (size_t)n);
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (int i = 0; i < nfds; ++i)
    if (fds[i].fd >= 0) close(fds[i].fd);
  if (fn && llen) feed_lines(&lbuf, &llen, fn, ctx, 1);
  free(lbuf);
  /* Output closed does not mean exited: keep honouring the deadline while waiting. */
  int st = 0;
  for (;;) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) break;
    if (ok_interrupted || ok_now() - clock0 > timeout_s) {
      if (ok_interrupted) p->interrupted = 1;
      else p->timed_out = 1;
      kill(-pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
      break;
    }
    struct timespec nap = {0, 5 * 1000 * 1000};
    nanosleep(&nap, NULL);
  }
  if (p->timed_out || p->interrupted) kill(-pid, SIGKILL); /* children still holding the group */
  p->seconds = ok_now() - t0;
  if (WIFEXITED(st)) p->exited = 1, p->code = WEXITSTATUS(st);
  if (WIFSIGNALED(st)) p->signaled = 1, p->sig = WTERMSIG(st);
  if (!p->out) append(&p->out, &p->outlen, &ocap, "", 0);
  if (!p->err) append(&p->err, &p->errlen, &ecap, "", 0);
  return 0;
}

int ok_spawn(char *const argv[], char *const env[], double timeout_s, struct ok_proc *p) {
  return spawn(argv, env, timeout_s, NULL, NULL, p);
}

int ok_spawn_lines(char *const argv[], char *const env[], double timeout_s, ok_line_fn fn, void *ctx,
                   struct ok_proc *p) {
  return spawn(argv, env, timeout_s, fn, ctx, p);
}

void ok_proc_free(struct ok_proc *p) {
  free(p->out);
  free(p->err);
  memset(p, 0, sizeof *p);
}

void ok_device_code_path(char *out, size_t n, const char *artefacts, const char *stem) {
  snprintf(out, n, "%s/keep/%s.ptx", artefacts, stem);
  if (access(out, R_OK) == 0) return;
  char ll[PATH_MAX + 300];
  snprintf(ll, sizeof ll, "%s/ir/%s.device.ll", artefacts, stem);
  if (access(ll, R_OK) == 0) snprintf(out, n, "%s", ll);
}

json_t *ok_kernel_sources_load(const char *artefacts, const char *stem) {
  char path[PATH_MAX + 300], line[PATH_MAX + 80];
  snprintf(path, sizeof path, "%s/keep/%s.sources", artefacts, stem);
  json_t *m = json_object();
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *sp = strchr(line, ' ');
    if (!sp || sp == line || !sp[1]) continue;
    *sp = 0;
    json_object_set_new(m, line, json_string(sp + 1));
  }
  if (f) fclose(f);
  return m;
}

void ok_kernel_id_of(const char *sym, json_t *sources, const char *stem, char *buf, size_t n) {
  struct ok_offload_sym o;
  char dem[2048];
  if (ok_offload_sym_parse(sym, &o)) {
    snprintf(buf, n, "%s", ok_demangle(sym, dem, sizeof dem) == 0 ? dem : sym);
    return;
  }
  const char *file = json_string_value(json_object_get(sources, o.filekey));
  ok_kernel_id_format(&o, file, stem, ok_demangle(o.parent, dem, sizeof dem) == 0 ? dem : NULL, buf, n);
}

int ok_bad_option(const char *cmd, char **argv) {
  ok_err("%s: unknown or incomplete option '%s' (see ompkit %s --help)", cmd, argv[optind - 1], cmd);
  return OK_EXIT_USAGE;
}

int ok_bad_argument(const char *cmd, const char *arg) {
  ok_err("%s: unexpected argument '%s' (see ompkit %s --help)", cmd, arg, cmd);
  return OK_EXIT_USAGE;
}

void ok_resource_amd_fields(json_t *j, const struct ok_resource *r, const char *arch) {
  if (!r || r->vgprs < 0) return;
  const struct { enum ok_field_id f; long v; } v[] = {
      {OKF_vgprs, r->vgprs},         {OKF_sgprs, r->sgprs},
      {OKF_agprs, r->agprs},         {OKF_lds_bytes, r->lds},
      {OKF_scratch_bytes, r->scratch}, {OKF_vgpr_spills, r->vgpr_spills},
      {OKF_sgpr_spills, r->sgpr_spills},
  };
  for (size_t k = 0; k < sizeof v / sizeof v[0]; ++k)
    if (v[k].v >= 0) json_object_set_new(j, ok_fields[v[k].f].name, json_integer(v[k].v));
  if (r->dynamic_stack >= 0) json_object_set_new(j, OK_FNAME(dynamic_stack), json_boolean(r->dynamic_stack));
  int w = ok_amdgpu_waves_per_simd(arch, r, NULL);
  if (w >= 0) json_object_set_new(j, OK_FNAME(waves_per_simd), json_integer(w));
}

const int ok_resource_fields[] = {OKF_registers,  OKF_smem_bytes,      OKF_stack_bytes,   OKF_lmem_bytes,
                                  OKF_spill_stores_bytes, OKF_spill_loads_bytes, OKF_vgprs,  OKF_sgprs,
                                  OKF_agprs,      OKF_lds_bytes,       OKF_scratch_bytes, OKF_vgpr_spills,
                                  OKF_sgpr_spills, OKF_dynamic_stack, OKF_waves_per_simd};
const size_t ok_resource_nfields = sizeof ok_resource_fields / sizeof ok_resource_fields[0];
