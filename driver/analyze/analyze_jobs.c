/* ompkit analyze: the compiles. Each (configuration, what-if flag, unit) is one device-only
 * compile that leaves the artefacts `ompkit check` reads, laid out as a configuration's:
 * remarks/<stem>.device.opt.yaml, keep/<stem>.ptx (kept by scripts/ptxas-keep.sh),
 * resources/<stem>.txt (clang's ptxas -v lines) and keep/<stem>.sources (which file each kernel
 * came from, scripts/kernel-sources.sh on the compile's depfile). They run in parallel, one per
 * core, in two rounds: first each configuration once per unit; then, only for the units in which
 * some configuration emitted a kernel, the front end's IR, the what-if compiles, the whole-module
 * ptxas of each kept PTX (the kernel with the functions it calls: the linked figure), and a host
 * compile where a configuration emitted fewer kernels than another (did it launch them?). */
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

enum kind { OBJ, IR, HOST, LINK, PROG, GCCLINK };

struct job {
  char *argv[AZ_MAX_ARGS];
  int argc;
  enum kind kind;
  int tu;
  const char *cwd; /* the unit's folder (a compile database's "directory") */
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

/* The unit's own flags (the user's, as its build gives them). */
static void add_tu_flags(const struct az *a, struct job *j, int t) {
  for (int i = 0; i < a->tus[t].argc; ++i) add(j, a->tus[t].argv[i]);
}

/* GCC's device code exists only after the link: one job per variant links all the files (a host
 * main or symbol missing does not matter: --unresolved-symbols) with mkoffload's temporaries
 * kept, and scripts/gcc-offload-keep.sh keeps the program's PTX and nvlink's resource lines.
 * The device compile's -fopt-info: omp notes (none for OpenMP in GCC 12) and the calls it did
 * not inline. It links the units' objects of the first round: each unit keeps its own flags;
 * -lstdc++ for the C++ ones. */
static int gcc_device_link(const struct az *a, int v, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  char s[PATH_MAX + 300];
  int cxx = 0;
  j->soft = 1;
  j->kind = GCCLINK;
  snprintf(j->log, sizeof j->log, "%s/log/gcc-device-link.txt", var->dir);
  add(j, "sh");
  snprintf(s, sizeof s, "%s/scripts/gcc-offload-keep.sh", a->src_root), add(j, s);
  add(j, var->dir), add(j, a->arch), add(j, a->cuda_bin), add(j, c->cc);
  add_split(j, c->flags);
  /* the units' objects, each compiled with its own flags in the first round (their offload
   * sections carry the device code that mkoffload compiles) */
  for (int t = 0; t < a->ntus; ++t)
    if (!az_is_cu(a->tus[t].file)) {
      snprintf(s, sizeof s, "%s/obj/%s.o", var->dir, a->tus[t].stem), add(j, s);
      cxx |= az_is_cxx(a->tus[t].file);
    }
  snprintf(s, sizeof s, "%s/obj/gcc-prog", var->dir), add(j, "-o"), add(j, s);
  add(j, "-Wl,--unresolved-symbols=ignore-all");
  if (cxx) add(j, "-lstdc++");
  add(j, "-lm"), add(j, "-foffload-options=nvptx-none=-lm");
  snprintf(s, sizeof s, "-foffload-options=nvptx-none=-fopt-info-omp-inline-missed=%s/remarks/gcc-device-opt-info.txt",
           var->dir), add(j, s);
  return 0;
}

/* ptxas of this configuration (its --cuda-path's, else the one on PATH). */
static void ptxas_of(const struct az_cfg *c, char *out, size_t n) {
  const char *cp = strstr(c->flags, "--cuda-path=");
  if (cp) snprintf(out, n, "%.*s/bin/ptxas", (int)strcspn(cp + 12, " \t"), cp + 12);
  else if (ok_which("ptxas", out, n)) snprintf(out, n, "ptxas");
}

/* The linked figure: the kept PTX assembled as a whole module (no -c), so that ptxas resolves
 * the calls into the functions of the same file (an outlined loop body, a helper) and says the
 * registers and stack of the kernel as it is loaded; -c (the compile's own ptxas run) counts the
 * kernel's own body only. A call into another file leaves an unresolved extern: no figure. */
static int link_job(const struct az *a, int v, int t, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  char s[PATH_MAX + 300], ptxas[PATH_MAX + 16];
  j->kind = LINK;
  ptxas_of(&a->cfgs[var->cfg], ptxas, sizeof ptxas);
  add(j, ptxas), add(j, "-v");
  snprintf(s, sizeof s, "-arch=%s", a->arch_user[0] ? a->arch_user : a->arch), add(j, s);
  snprintf(s, sizeof s, "%s/keep/%s.ptx", var->dir, a->tus[t].stem), add(j, s);
  snprintf(s, sizeof s, "%s/obj/%s.linked.cubin", var->dir, a->tus[t].stem), add(j, "-o"), add(j, s);
  snprintf(j->log, sizeof j->log, "%s/link/%s.txt", var->dir, a->tus[t].stem);
  return 0;
}

/* A configuration that links programs: its base compiles are whole (host and device), and the
 * program's link gives the kernels as the runtime loads them. */
static int links_program(const struct az *a, const struct az_variant *var) {
  const struct az_cfg *c = &a->cfgs[var->cfg];
  return !var->whatif && !c->gcc && !c->compile_only;
}

/* The program's link (issue 30 §3): the device code of all units linked as the program's build
 * links it (clang's offload linker: LTO of every unit's device code with the device runtime,
 * then ptxas and nvlink), its resources the kernels' as loaded, with what the compiler outlined
 * counted. LLVM 19's link prints them (-Xoffload-linker -v: nvlink -v); LLVM 16's does not, so
 * its image (kept by --save-temps) is read with cuobjdump -res-usage. A missing main or host
 * symbol does not matter (--unresolved-symbols). */
static int prog_job(const struct az *a, int v, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  int cxx = 0;
  char objs[2 * PATH_MAX] = "", s[4 * PATH_MAX + 4096], cuobjdump[PATH_MAX + 32];
  for (int t = 0; t < a->ntus; ++t) cxx |= az_is_cxx(a->tus[t].file);
  if (cxx && !c->cxx[0]) return 2;
  j->kind = PROG;
  snprintf(j->log, sizeof j->log, "%s/link/program.txt", var->dir);
  snprintf(cuobjdump, sizeof cuobjdump, "%s/cuobjdump", a->cuda_bin);
  for (int t = 0; t < a->ntus; ++t)
    if (!az_is_cu(a->tus[t].file) && strlen(objs) + strlen(a->tus[t].stem) + 8 < sizeof objs)
      snprintf(objs + strlen(objs), sizeof objs - strlen(objs), " '%s.o'", a->tus[t].stem);
  const char *cc = cxx ? c->cxx : c->cc;
  snprintf(s, sizeof s,
           "cd '%s/obj' && rm -f prog prog.*.img && %s %s%s -o prog %s -lm -Wl,--unresolved-symbols=ignore-all "
           "-Xoffload-linker -v && { grep -q 'Function properties' '%s' || { %s %s%s -o prog %s -lm "
           "-Wl,--unresolved-symbols=ignore-all -Wl,--save-temps && '%s' -res-usage prog.*.img >'%s/link/image.txt'; }; }",
           var->dir, cc, c->flags, objs, c->link, j->log, cc, c->flags, objs, c->link, cuobjdump, var->dir);
  add(j, "sh"), add(j, "-c"), add(j, s);
  return 0;
}

/* The host side of a unit (-fopenmp-targets so that the front end emits the launches, no
 * optimization): whether the host calls __tgt_target_kernel for a region whose kernel is missing,
 * or keeps the loop on the host, or drops it (analyze_region.c). */
static void host_job(const struct az *a, int v, int t, const char *cc, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  char s[PATH_MAX + 300];
  j->kind = HOST;
  add(j, cc);
  add_split(j, a->cfgs[var->cfg].flags);
  add_tu_flags(a, j, t);
  add(j, "-fopenmp-targets=nvptx64-nvidia-cuda"), add(j, "--offload-host-only"), add(j, "-S"), add(j, "-emit-llvm");
  add(j, "-Xclang"), add(j, "-disable-llvm-passes"), add(j, a->tus[t].file), add(j, "-o");
  snprintf(s, sizeof s, "%s/ir/%s.host.ll", var->dir, a->tus[t].stem), add(j, s);
  snprintf(j->log, sizeof j->log, "%s/log/%s.host.txt", var->dir, a->tus[t].stem);
}

/* An AMD configuration's unit (j holds the compiler, its flags and the unit's): the build's launcher
 * compiles it device-only and links it as the program's device link would, leaving what a
 * configuration's build leaves (scripts/compile.sh --amdgpu, amdgpu-link.sh): remarks, the linked
 * IR (modes), the code object's notes (resources) and keep/<stem>.sources. */
static void amd_obj_job(const struct az *a, int v, int t, struct job *j) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  char s[PATH_MAX + 300];
  snprintf(s, sizeof s, "%s/scripts/compile.sh", a->src_root);
  /* "": the device runtime of the compiler's own LLVM (amdgpu-link.sh) */
  const char *cmd[6] = {"sh", s, "--amdgpu", var->dir, c->oc.offload_arch, ""};
  /* the launcher's options go before the compiler's command line already in j */
  memmove(j->argv + 7, j->argv, (size_t)j->argc * sizeof *j->argv);
  for (int i = 0; i < 6; ++i) j->argv[i] = strdup(cmd[i]);
  j->argv[6] = strdup("--");
  j->argc += 7;
  j->res[0] = 0; /* its resources are the code object's notes, not ptxas lines of the log */
  add(j, "-c"), add(j, a->tus[t].file), add(j, "-o");
  snprintf(s, sizeof s, "%s/obj/%s.o", var->dir, a->tus[t].stem), add(j, s);
  snprintf(s, sizeof s, "%s/obj/%s.d", var->dir, a->tus[t].stem), add(j, "-MD"), add(j, "-MF"), add(j, s);
}

/* The command of one compile; 0, or 1 when the configuration cannot compile this file (why), or 2
 * when there is nothing to do. IR: the front end's device IR (-disable-llvm-passes, no device
 * runtime): the runtime entry points each kernel calls before the runtime is linked in and
 * inlined, which the lowering audit reads (the object's PTX has most of them inlined away); and
 * the call graph before inlining, through which a callee's remarks reach its region. */
static int make_job(const struct az *a, int v, int t, enum kind kind, struct job *j, char *why, size_t wn) {
  const struct az_variant *var = &a->vars[v];
  const struct az_cfg *c = &a->cfgs[var->cfg];
  const char *file = a->tus[t].file, *stem = a->tus[t].stem;
  char s[PATH_MAX + 300];
  const char *cc = az_is_cxx(file) ? c->cxx : c->cc;
  memset(j, 0, sizeof *j);
  j->var = v, j->tu = t, j->kind = kind, j->cwd = a->tus[t].dir;
  if (az_is_cu(file)) return 2; /* the CUDA form: nvcc's, for --run only (analyze_run.c) */
  if (!cc || !cc[0]) {
    snprintf(why, wn, "not built: %s", c->cxx_why && c->cxx_why[0] ? c->cxx_why : "no C++ compiler");
    return 1;
  }
  if (kind == GCCLINK) return gcc_device_link(a, v, j);
  if (kind == LINK) return link_job(a, v, t, j);
  if (kind == PROG) return prog_job(a, v, j);
  if (kind == HOST) return host_job(a, v, t, cc, j), 0;
  add(j, cc);
  add_split(j, c->flags);
  if (var->whatif) add(j, var->whatif);
  add_tu_flags(a, j, t);
  snprintf(j->log, sizeof j->log, "%s/log/%s%s.txt", var->dir, stem, kind == IR ? ".ir" : "");
  if (kind == IR) {
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
  if (c->amd) return amd_obj_job(a, v, t, j), 0;
  if (!links_program(a, var)) add(j, "--offload-device-only"); /* else whole: the program's link needs it */
  add(j, "-c"), add(j, file), add(j, "-o");
  snprintf(s, sizeof s, "%s/obj/%s.o", var->dir, stem), add(j, s);
  /* the depfile names every header the unit read: kernel-sources.sh finds a header's regions by it */
  snprintf(s, sizeof s, "%s/obj/%s.d", var->dir, stem), add(j, "-MD"), add(j, "-MF"), add(j, s);
  add(j, "-fsave-optimization-record"), add(j, "-foptimization-record-passes=openmp-opt");
  add(j, "-Xarch_device");
  snprintf(s, sizeof s, "-foptimization-record-file=%s/remarks/%s.device.opt.yaml", var->dir, stem), add(j, s);
  add(j, "-Xarch_host");
  snprintf(s, sizeof s, "-foptimization-record-file=%s/obj/%s.host.opt.yaml", var->dir, stem), add(j, s);
  add(j, "-Xarch_device"), add(j, "-Rpass-missed=openmp-opt");
  add(j, "-Xcuda-ptxas"), add(j, "-v");
  snprintf(s, sizeof s, "--ptxas-path=%s/scripts/ptxas-keep.sh", a->src_root), add(j, s);
  snprintf(j->keep, sizeof j->keep, "%s/keep/%s.ptx", var->dir, stem);
  ptxas_of(c, j->ptxas, sizeof j->ptxas);
  return 0;
}

static pid_t start(struct job *j) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  FILE *f = freopen(j->log, "w", stdout);
  if (!f || dup2(STDOUT_FILENO, STDERR_FILENO) < 0) _exit(127);
  if (j->cwd && chdir(j->cwd)) fprintf(stderr, "error: cannot enter %s: %s\n", j->cwd, strerror(errno)), _exit(127);
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
  for (int t = 0; t < a->ntus; ++t) /* the unit's own flags, in its own folder */
    if (!strcmp(a->tus[t].file, file)) add_tu_flags(a, &j, t), j.cwd = a->tus[t].dir;
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

/* A compiler crash (an ICE, an assertion, a signal) in a log: its first lines, joined, into out. */
static int crash_lines(const char *log, char *out, size_t n) {
  static const char *marks[] = {"internal compiler error", "PLEASE submit a bug report", "Stack dump:",
                                "frontend command failed due to signal", "Assertion `", "Segmentation fault"};
  FILE *f = fopen(log, "r");
  char line[1024];
  int found = 0, kept = 0;
  out[0] = 0;
  while (f && fgets(line, sizeof line, f) && kept < 3) {
    line[strcspn(line, "\n")] = 0;
    int hit = 0;
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; ++i) hit |= strstr(line, marks[i]) != NULL;
    if (!found && !hit) continue;
    found = 1;
    if (!line[0] || !strncmp(line, "0.", 2) || !strncmp(line, "Please submit", 13)) continue;
    snprintf(out + strlen(out), n - strlen(out), "%s%s", kept++ ? " / " : "", line);
  }
  if (f) fclose(f);
  return found;
}

static void finish(struct az *a, struct job *j, int status) {
  struct az_variant *var = &a->vars[j->var];
  double dt = ok_now() - j->start;
  if (dt > var->seconds) var->seconds = dt;
  if (j->res[0]) keep_ptxas_lines(j->log, j->res);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  if (j->kind == LINK || j->kind == HOST || j->kind == PROG) return; /* their absence is said where they are read */
  char crash[512];
  int ice = crash_lines(j->log, crash, sizeof crash);
  if (j->soft && !ice) { /* the script's own line says what is missing, else the first compiler error */
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
  if (!var->failed || (ice && !var->crashed)) {
    if (WIFSIGNALED(status))
      snprintf(var->error, sizeof var->error, "compiler killed by signal %d%s", WTERMSIG(status),
               WTERMSIG(status) == SIGALRM ? " (over 180 s)" : "");
    else if (ice)
      snprintf(var->error, sizeof var->error, "compiler crash%s: %s", j->kind == GCCLINK ? " in the offload link" : "", crash);
    else first_error(j->log, var->error, sizeof var->error);
    var->crashed = ice || (WIFSIGNALED(status) && WTERMSIG(status) != SIGALRM);
  }
  var->failed = 1;
}

static void make_dirs(const char *dir) {
  static const char *sub[] = {"remarks", "keep", "resources", "log", "obj", "ir", "link"};
  char p[PATH_MAX + 32];
  for (size_t i = 0; i < sizeof sub / sizeof sub[0]; ++i) snprintf(p, sizeof p, "%s/%s", dir, sub[i]), ok_mkdirs(p);
}

struct plan {
  struct job *jobs;
  int n, cap;
};

static void plan_add(struct az *a, struct plan *p, int v, int t, enum kind k) {
  if (p->n == p->cap) p->jobs = realloc(p->jobs, (size_t)(p->cap = p->cap ? 2 * p->cap : 64) * sizeof *p->jobs);
  char why[512];
  struct job *j = &p->jobs[p->n];
  int mk = make_job(a, v, t, k, j, why, sizeof why);
  if (mk == 2) return;
  if (mk) {
    a->vars[v].failed = 1;
    snprintf(a->vars[v].error, sizeof a->vars[v].error, "%s", why);
    return;
  }
  ++p->n;
}

/* Runs the planned jobs, a->jobs at a time; -1 when a process cannot be started. */
static int run_plan(struct az *a, struct plan *p) {
  int next = 0, running = 0;
  while (next < p->n || running) {
    while (next < p->n && running < a->jobs) {
      struct job *j = &p->jobs[next++];
      j->start = ok_now();
      ++a->ncompiles;
      if ((j->pid = start(j)) < 0) return -1;
      ++running;
    }
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) break;
    for (int k = 0; k < next; ++k)
      if (p->jobs[k].pid == pid) {
        finish(a, &p->jobs[k], st);
        p->jobs[k].pid = 0;
        --running;
      }
  }
  for (int k = 0; k < p->n; ++k)
    for (int i = 0; i < p->jobs[k].argc; ++i) free(p->jobs[k].argv[i]);
  p->n = 0;
  return 0;
}

/* Whether a line of the file holds needle (and needle2, when given). */
static int file_has(const char *path, const char *needle, const char *needle2) {
  FILE *f = fopen(path, "r");
  char line[8192];
  int hit = 0;
  while (f && !hit && fgets(line, sizeof line, f)) hit = strstr(line, needle) && (!needle2 || strstr(line, needle2));
  if (f) fclose(f);
  return hit;
}

/* The offload kernels of a unit's device code: entries of its kept PTX, or AMD's linked IR. */
static long kernels_in(const char *dir, const char *stem) {
  char p[PATH_MAX + 300], line[8192];
  ok_device_code_path(p, sizeof p, dir, stem);
  FILE *f = fopen(p, "r");
  long n = 0;
  while (f && fgets(line, sizeof line, f))
    n += strstr(line, ".entry __omp_offloading_") || (!strncmp(line, "define ", 7) && strstr(line, "amdgpu_kernel void @__omp_offloading_"));
  if (f) fclose(f);
  return n;
}

/* After the first round: keep/<stem>.sources for each LLVM compile that emitted kernels (the
 * file behind each kernel's <dev>_<file>, found while the inodes are still those of the
 * compile), and which units have a kernel in some configuration. */
static void first_round_done(struct az *a) {
  for (int v = 0; v < a->nvars; ++v) {
    const struct az_variant *var = &a->vars[v];
    if (var->whatif) continue;
    for (int t = 0; t < a->ntus; ++t) {
      char ptx[PATH_MAX + 300], cmd[4 * PATH_MAX + 600];
      if (a->cfgs[var->cfg].gcc) { /* a target region's child function in GCC's omplower dump */
        snprintf(ptx, sizeof ptx, "%s/ir/%s.omplower", var->dir, a->tus[t].stem);
        a->tus[t].has_kernels |= file_has(ptx, "] #pragma omp target ", "[child fn: ");
        continue;
      }
      /* an AMD unit's kernels are in its linked IR (ir/<stem>.device.ll), named as in PTX */
      ok_device_code_path(ptx, sizeof ptx, var->dir, a->tus[t].stem);
      if (!kernels_in(var->dir, a->tus[t].stem)) continue;
      a->tus[t].has_kernels = 1;
      snprintf(cmd, sizeof cmd, "sh '%s/scripts/kernel-sources.sh' '%s' '%s' '%s' '%s/obj/%s.d' >'%s/keep/%s.sources'",
               a->src_root, ptx, a->root, a->tus[t].file, var->dir, a->tus[t].stem, var->dir, a->tus[t].stem);
      if (system(cmd)) continue; /* no sources: the identity says "?<stem>" for the file */
    }
  }
}

/* A what-if compile finds its kernels in the same files as its configuration: the same sources. */
static void copy_sources(struct az *a) {
  for (int v = 0; v < a->nvars; ++v) {
    if (!a->vars[v].whatif) continue;
    for (int b = 0; b < a->nvars; ++b) {
      if (a->vars[b].whatif || a->vars[b].cfg != a->vars[v].cfg) continue;
      for (int t = 0; t < a->ntus; ++t) {
        char cmd[3 * PATH_MAX + 64];
        snprintf(cmd, sizeof cmd, "cp '%s/keep/%s.sources' '%s/keep/' 2>/dev/null", a->vars[b].dir, a->tus[t].stem, a->vars[v].dir);
        if (a->tus[t].has_kernels && system(cmd)) continue;
      }
    }
  }
}

/* Whether a configuration's unit emitted fewer kernels than another configuration's: then its
 * host side says whether the missing region is launched, kept on the host, or dropped. */
static int fewer_kernels(const struct az *a, int v, int t) {
  long mine = -1, most = 0;
  for (int u = 0; u < a->nvars; ++u) {
    const struct az_variant *x = &a->vars[u];
    if (x->whatif || x->failed || a->cfgs[x->cfg].gcc) continue;
    long n = kernels_in(x->dir, a->tus[t].stem);
    if (u == v) mine = n;
    if (n > most) most = n;
  }
  return mine >= 0 && mine < most;
}

int az_compile_all(struct az *a) {
  struct plan p = {0};
  for (int v = 0; v < a->nvars; ++v) make_dirs(a->vars[v].dir);
  /* round one: every configuration once per unit (a unit without a region costs no more) */
  for (int v = 0; v < a->nvars; ++v) {
    if (a->vars[v].whatif) continue;
    for (int t = 0; t < a->ntus; ++t) plan_add(a, &p, v, t, OBJ);
  }
  if (run_plan(a, &p)) return -1;
  first_round_done(a);
  /* round two: what the units with a kernel need */
  for (int v = 0; v < a->nvars; ++v) {
    struct az_variant *var = &a->vars[v];
    int gcc = a->cfgs[var->cfg].gcc, base_failed = 0;
    for (int b = 0; b < a->nvars; ++b) base_failed |= !a->vars[b].whatif && a->vars[b].cfg == var->cfg && a->vars[b].failed;
    if (base_failed && var->whatif && !var->failed) { /* a configuration that failed has no what-if verdict */
      var->failed = 1;
      snprintf(var->error, sizeof var->error, "not compiled: %s did not compile the program", a->cfgs[var->cfg].name);
    }
    int t0 = 0;
    while (t0 + 1 < a->ntus && az_is_cu(a->tus[t0].file)) ++t0;
    if (gcc && !var->whatif && !var->failed) plan_add(a, &p, v, t0, GCCLINK); /* after its objects */
    if (gcc || base_failed) continue;
    for (int t = 0; t < a->ntus; ++t) {
      if (!a->tus[t].has_kernels) continue;
      if (var->whatif) plan_add(a, &p, v, t, OBJ);
      plan_add(a, &p, v, t, IR);
      if (!var->whatif && fewer_kernels(a, v, t)) plan_add(a, &p, v, t, HOST);
    }
  }
  if (run_plan(a, &p)) return -1;
  copy_sources(a);
  /* round three: the linked figures: the program's link, and each kept PTX as a whole module
   * (the figure where the program does not link: a configuration without a device runtime) */
  int any = 0;
  for (int t = 0; t < a->ntus; ++t) any |= a->tus[t].has_kernels;
  for (int v = 0; v < a->nvars; ++v) {
    if (a->cfgs[a->vars[v].cfg].gcc || a->vars[v].failed || a->vars[v].whatif) continue;
    int t0 = 0; /* the job's unit: any OpenMP one (a .cu file is the CUDA form's) */
    while (t0 + 1 < a->ntus && az_is_cu(a->tus[t0].file)) ++t0;
    if (any && links_program(a, &a->vars[v])) plan_add(a, &p, v, t0, PROG);
    for (int t = 0; t < a->ntus && !a->cfgs[a->vars[v].cfg].amd; ++t) /* AMD's units are linked already */
      if (a->tus[t].has_kernels) plan_add(a, &p, v, t, LINK);
  }
  int rc = run_plan(a, &p);
  free(p.jobs);
  return rc;
}
