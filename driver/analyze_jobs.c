/* ompkit analyze: the compiles. Each (configuration, what-if flag, file) is one device-only
 * compile that leaves the artefacts `ompkit check` reads, laid out as a configuration's:
 * remarks/<stem>.device.opt.yaml, keep/<stem>.ptx (kept by scripts/ptxas-keep.sh), and
 * resources/<stem>.txt (clang's ptxas -v lines). They run in parallel, one per core. */
#define _GNU_SOURCE
#include "analyze.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { AZ_MAX_ARGS = 256, AZ_JOB_TIMEOUT_S = 180 };

struct job {
  char *argv[AZ_MAX_ARGS];
  int argc;
  char keep[PATH_MAX + 64], ptxas[PATH_MAX + 16], log[PATH_MAX + 64], res[PATH_MAX + 64];
  int var;
  int soft; /* GCC's device link: a failure is a note, the object compiles decide the status */
  pid_t pid;
  double start;
};

static void add(struct job *j, const char *s) {
  if (j->argc < AZ_MAX_ARGS - 1) j->argv[j->argc++] = strdup(s);
}

static void add_split(struct job *j, const char *s) {
  char *copy = strdup(s ? s : ""), *save = NULL;
  for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) add(j, t);
  free(copy);
}

int az_is_cu(const char *p) {
  const char *d = strrchr(p, '.');
  return d && !strcmp(d, ".cu");
}

int az_is_cxx(const char *p) {
  const char *d = strrchr(p, '.');
  return d && (!strcmp(d, ".cpp") || !strcmp(d, ".cc") || !strcmp(d, ".cxx") || !strcmp(d, ".C"));
}

static void stem_of(const char *path, char *out, size_t n) {
  const char *b = strrchr(path, '/');
  snprintf(out, n, "%s", b ? b + 1 : path);
  char *d = strrchr(out, '.');
  if (d) *d = 0;
}

/* GCC's device code exists only after the link: one job per variant links all the files (a host
 * main or symbol missing does not matter: --unresolved-symbols) with mkoffload's temporaries
 * kept, and scripts/gcc-offload-keep.sh keeps the program's PTX and nvlink's resource lines.
 * The device compile's -fopt-info: omp notes (none for OpenMP in GCC 12) and the calls it did
 * not inline. The gcc driver compiles .cpp as C++ and .c as C; -lstdc++ for the C++ ones. */
static int gcc_device_link(const struct az *a, int v, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  char s[PATH_MAX + 300];
  int cxx = 0;
  j->soft = 1;
  snprintf(j->log, sizeof j->log, "%s/log/gcc-device-link.txt", var->dir);
  add(j, "sh");
  snprintf(s, sizeof s, "%s/scripts/gcc-offload-keep.sh", a->src_root), add(j, s);
  add(j, var->dir), add(j, a->arch), add(j, a->cuda_bin), add(j, c->cc);
  add_split(j, c->flags);
  for (int i = 0; i < a->nuser_flags; ++i) add(j, a->user_flags[i]);
  for (int f = 0; f < a->nfiles; ++f)
    if (!az_is_cu(a->files[f])) add(j, a->files[f]), cxx |= az_is_cxx(a->files[f]);
  snprintf(s, sizeof s, "%s/obj/gcc-prog", var->dir), add(j, "-o"), add(j, s);
  add(j, "-Wl,--unresolved-symbols=ignore-all");
  if (cxx) add(j, "-lstdc++");
  add(j, "-lm"), add(j, "-foffload-options=nvptx-none=-lm");
  snprintf(s, sizeof s, "-foffload-options=nvptx-none=-fopt-info-omp-inline-missed=%s/remarks/gcc-device-opt-info.txt",
           var->dir), add(j, s);
  return 0;
}

/* The command of one compile; 0, or 1 when the configuration cannot compile this file (why), or 2
 * when there is nothing to do. ir: the front end's device IR (-disable-llvm-passes, no device
 * runtime): the runtime entry points each kernel calls before the runtime is linked in and
 * inlined, which the lowering audit reads (the object's PTX has most of them inlined away). */
static int make_job(const struct az *a, int v, const char *file, int ir, struct job *j, char *why, size_t wn) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  char stem[256], s[PATH_MAX + 300];
  stem_of(file, stem, sizeof stem);
  const char *cc = az_is_cxx(file) ? c->cxx : c->cc;
  if (!cc || !cc[0]) {
    snprintf(why, wn, "not built: %s", c->cxx_why && c->cxx_why[0] ? c->cxx_why : "no C++ compiler");
    return 1;
  }
  memset(j, 0, sizeof *j);
  j->var = v;
  if (az_is_cu(file)) return 2; /* the CUDA form: nvcc's, for --run only (analyze_run.c) */
  if (ir && c->gcc) return file == a->files[0] ? gcc_device_link(a, v, j) : 2;
  add(j, cc);
  add_split(j, c->flags);
  if (var->whatif) add(j, var->whatif);
  for (int i = 0; i < a->nuser_flags; ++i) add(j, a->user_flags[i]);
  snprintf(j->log, sizeof j->log, "%s/log/%s%s.txt", var->dir, stem, ir ? ".ir" : "");
  if (ir) {
    add(j, "--offload-device-only"), add(j, "-S"), add(j, "-emit-llvm"), add(j, "-nogpulib"), add(j, "-Xclang");
    add(j, "-disable-llvm-passes"), add(j, file), add(j, "-o");
    snprintf(s, sizeof s, "%s/ir/%s.ll", var->dir, stem), add(j, s);
    return 0;
  }
  snprintf(j->res, sizeof j->res, "%s/resources/%s.txt", var->dir, stem);
  if (c->gcc) { /* GCC: the object compile with its -fopt-info-omp lines (the device code is made at link) */
    add(j, "-c"), add(j, file), add(j, "-o");
    snprintf(s, sizeof s, "%s/obj/%s.o", var->dir, stem), add(j, s);
    snprintf(s, sizeof s, "-fopt-info-omp-all=%s/remarks/%s.gcc-opt-info.txt", var->dir, stem), add(j, s);
    /* each directive's location and child function, and the constructs it became (analyze_gcc.c) */
    snprintf(s, sizeof s, "-fdump-tree-omplower-lineno=%s/ir/%s.omplower", var->dir, stem), add(j, s);
    return 0;
  }
  add(j, "--offload-device-only"), add(j, "-c"), add(j, file), add(j, "-o");
  snprintf(s, sizeof s, "%s/obj/%s.o", var->dir, stem), add(j, s);
  add(j, "-fsave-optimization-record"), add(j, "-foptimization-record-passes=openmp-opt");
  add(j, "-Xarch_device");
  snprintf(s, sizeof s, "-foptimization-record-file=%s/remarks/%s.device.opt.yaml", var->dir, stem), add(j, s);
  add(j, "-Xarch_host");
  snprintf(s, sizeof s, "-foptimization-record-file=%s/obj/%s.host.opt.yaml", var->dir, stem), add(j, s);
  add(j, "-Xarch_device"), add(j, "-Rpass-missed=openmp-opt");
  add(j, "-Xcuda-ptxas"), add(j, "-v");
  snprintf(s, sizeof s, "--ptxas-path=%s/scripts/ptxas-keep.sh", a->src_root), add(j, s);
  snprintf(j->keep, sizeof j->keep, "%s/keep/%s.ptx", var->dir, stem);
  const char *cp = strstr(c->flags, "--cuda-path=");
  if (cp) {
    size_t n = strcspn(cp + 12, " \t");
    snprintf(j->ptxas, sizeof j->ptxas, "%.*s/bin/ptxas", (int)n, cp + 12);
  } else if (ok_which("ptxas", j->ptxas, sizeof j->ptxas)) {
    snprintf(j->ptxas, sizeof j->ptxas, "ptxas");
  }
  return 0;
}

static pid_t start(struct job *j) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  FILE *f = freopen(j->log, "w", stdout);
  if (!f || dup2(STDOUT_FILENO, STDERR_FILENO) < 0) _exit(127);
  if (j->keep[0]) setenv("OMPKIT_KEEP_PTX", j->keep, 1), setenv("OMPKIT_PTXAS", j->ptxas, 1);
  alarm(AZ_JOB_TIMEOUT_S); /* survives exec: a hung compile is killed by SIGALRM */
  execvp(j->argv[0], j->argv);
  fprintf(stderr, "error: cannot run %s: %s\n", j->argv[0], strerror(errno));
  _exit(127);
}

/* One file preprocessed as variant v's device compile sees it (clang: --offload-device-only), into
 * out, for the "no kernel" verdict (analyze_nokernel.c): whether the directive is compiled at all.
 * Run when asked, not as a job: only a region without a kernel needs it. 0 when it worked. */
int az_preprocess(const struct az *a, int v, const char *file, const char *out) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  const char *cc = az_is_cxx(file) ? c->cxx : c->cc;
  struct job j;
  if (!cc || !cc[0] || az_is_cu(file)) return -1;
  memset(&j, 0, sizeof j);
  add(&j, cc);
  add_split(&j, c->flags);
  if (var->whatif) add(&j, var->whatif);
  for (int i = 0; i < a->nuser_flags; ++i) add(&j, a->user_flags[i]);
  if (!c->gcc) add(&j, "--offload-device-only"), add(&j, "-nogpulib");
  add(&j, "-E"), add(&j, file), add(&j, "-o"), add(&j, out);
  snprintf(j.log, sizeof j.log, "%s/log/preprocess.txt", var->dir);
  pid_t pid = start(&j);
  int st = 0;
  while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  for (int i = 0; i < j.argc; ++i) free(j.argv[i]);
  return pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}


/* The first compiler error of a log (else its first line), for the one-line verdict. */
static void first_error(const char *log, char *out, size_t n) {
  FILE *f = fopen(log, "r");
  char line[1024], first[1024] = "";
  out[0] = 0;
  while (f && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!first[0] && line[0]) snprintf(first, sizeof first, "%s", line);
    if (strstr(line, "error") && !strstr(line, "warning")) {
      snprintf(out, n, "%s", line);
      break;
    }
  }
  if (f) fclose(f);
  if (!out[0]) snprintf(out, n, "%s", first[0] ? first : "failed without a message");
}

/* The ptxas -v lines of a log, for the resource parser (as scripts/compile.sh keeps them). */
static void keep_ptxas_lines(const char *log, const char *res) {
  FILE *in = fopen(log, "r"), *out = in ? fopen(res, "w") : NULL;
  char line[2048];
  while (out && fgets(line, sizeof line, in))
    if (!strncmp(line, "ptxas", 5) || !strncmp(line, "    ", 4)) fputs(line, out);
  if (out) fclose(out);
  if (in) fclose(in);
}

static void finish(struct az *a, struct job *j, int status) {
  struct az_variant *var = &a->vars[j->var];
  double dt = ok_now() - j->start;
  if (dt > var->seconds) var->seconds = dt;
  if (j->res[0]) keep_ptxas_lines(j->log, j->res);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  if (j->soft) { /* the script's own line says what is missing, else the first compiler error */
    FILE *f = fopen(j->log, "r");
    char line[1024];
    var->note[0] = 0;
    while (f && fgets(line, sizeof line, f))
      if (!strncmp(line, "gcc-offload-keep.sh: ", 21)) snprintf(var->note, sizeof var->note, "%s", line + 21);
    if (f) fclose(f);
    if (!var->note[0]) first_error(j->log, var->note, sizeof var->note);
    var->note[strcspn(var->note, "\n")] = 0;
    return;
  }
  if (!var->failed) {
    if (WIFSIGNALED(status))
      snprintf(var->error, sizeof var->error, "compiler killed by signal %d%s", WTERMSIG(status),
               WTERMSIG(status) == SIGALRM ? " (over 180 s)" : "");
    else first_error(j->log, var->error, sizeof var->error);
  }
  var->failed = 1;
}

static void make_dirs(const char *dir) {
  static const char *sub[] = {"remarks", "keep", "resources", "log", "obj", "ir"};
  char p[PATH_MAX + 32];
  for (size_t i = 0; i < sizeof sub / sizeof sub[0]; ++i) snprintf(p, sizeof p, "%s/%s", dir, sub[i]), ok_mkdirs(p);
}

int az_compile_all(struct az *a) {
  int total = 2 * a->nvars * a->nfiles, next = 0, running = 0;
  struct job *jobs = calloc((size_t)total + 1, sizeof *jobs);
  if (!jobs) return -1;
  for (int v = 0; v < a->nvars; ++v) make_dirs(a->vars[v].dir);
  while (next < total || running) {
    while (next < total && running < a->jobs) {
      struct job *j = &jobs[next];
      /* the objects first (the long ones), then the IR compiles */
      int ir = next >= total / 2, k = next % (total / 2), v = k / a->nfiles;
      char why[512];
      ++next;
      int mk = make_job(a, v, a->files[k % a->nfiles], ir, j, why, sizeof why);
      if (mk == 2) continue;
      if (mk) {
        a->vars[v].failed = 1;
        snprintf(a->vars[v].error, sizeof a->vars[v].error, "%s", why);
        continue;
      }
      j->start = ok_now();
      ++a->ncompiles;
      if ((j->pid = start(j)) < 0) return -1;
      ++running;
    }
    if (!running) continue;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) break;
    for (int k = 0; k < next; ++k)
      if (jobs[k].pid == pid) {
        finish(a, &jobs[k], st);
        jobs[k].pid = 0;
        --running;
      }
  }
  for (int k = 0; k < total; ++k)
    for (int i = 0; i < jobs[k].argc; ++i) free(jobs[k].argv[i]);
  free(jobs);
  return 0;
}
