/* A study's result folder (study.h): compile data per configuration (remarks, resources, the code
 * listings that say a primitive is still in the code), joined onto each result line, then
 * compile.jsonl, results.csv and the other tables. */
#define _GNU_SOURCE
#include "resultset.h"
#include "study.h"

#include "remarks.h"
#include "disasm.h"
#include "ok_record.h"
#include "ok_modes.h"
#include "status.h"

#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void study_init(struct study *st, const char *dir) {
  memset(st, 0, sizeof *st); /* nlistings and the listing slots start empty */
  snprintf(st->dir, sizeof st->dir, "%s", dir);
  st->remarks = json_object();
  st->resources = json_object();
  st->modes = json_object();
  st->kernel_remarks = json_object();
  st->kernel_ids = json_object();
}

void study_free(struct study *st) {
  for (int i = 0; i < st->nlistings; ++i) {
    if (st->listings[i].sass_pid > 0) { /* the study ended first (interrupted) */
      kill(st->listings[i].sass_pid, SIGKILL);
      waitpid(st->listings[i].sass_pid, NULL, 0);
    }
    ok_disasm_free(st->listings[i].host);
    ok_disasm_free(st->listings[i].gpu);
  }
  json_decref(st->remarks);
  json_decref(st->resources);
  json_decref(st->modes);
  json_decref(st->kernel_remarks);
  json_decref(st->kernel_ids);
}

struct rctx {
  FILE *out;
  json_t *list;
  const char *config, *file;
  const struct ok_ir *ir; /* the TU's device IR, when there is one */
  json_t *by_kernel;      /* kernel -> [OMP IDs] */
  json_t *ids;            /* the configuration's kernel symbol -> identity */
  int cuda;               /* a CUDA configuration: every kernel is named by its demangled name */
  const char *arch;       /* the configuration's GPU architecture (an AMD one's occupancy) */
};

/* A kernel's identity in a configuration: from its TU's sources map, or (CUDA, GCC) its name. */
static void kernel_id_for(json_t *ids, const char *sym, char *buf, size_t n) {
  const char *id = json_string_value(json_object_get(ids, sym));
  if (id) snprintf(buf, n, "%s", id);
  else ok_kernel_id_of(sym, NULL, NULL, buf, n);
}

static int sym_matches(const char *fn, const char *sym) {
  size_t n = strlen(sym);
  return !strncmp(fn, sym, n) && (fn[n] == 0 || fn[n] == '_');
}

static void add_id(json_t *ids, const char *nm) {
  size_t k;
  json_t *x;
  json_array_foreach(ids, k, x) if (!strcmp(json_string_value(x), nm)) return;
  json_array_append_new(ids, json_string(nm));
}

/* The TU's kernels a remark belongs to: the one it names (or whose outlined helper it names), and
 * every kernel that reaches its function in the call graph. An empty array: unattributed. */
static json_t *attribute(const struct rctx *x, const char *fn) {
  json_t *ks = json_array();
  for (size_t k = 0, n = x->ir ? ok_ir_nkernels(x->ir) : 0; k < n; ++k) {
    const char *kn = ok_ir_kernel(x->ir, k, NULL);
    if (sym_matches(fn, kn) || ok_ir_reaches(x->ir, kn, fn)) json_array_append_new(ks, json_string(kn));
  }
  return ks;
}

static int on_remark(const struct ok_remark *r, void *ud) {
  struct rctx *x = ud;
  /* The study keeps OpenMP's optimizer records (every OMPnnn, HeapToStack, ...): inlining and
   * instruction-mix records are tens of thousands per build and say nothing about offload. */
  if (strcmp(r->pass, "openmp-opt") && strcmp(r->pass, "kernel-info")) return 0;
  json_t *j = json_object();
  json_object_set_new(j, OK_FNAME(config), json_string(x->config));
  json_object_set_new(j, "yaml", json_string(x->file));
  json_object_set_new(j, "kind", json_string(r->kind));
  json_object_set_new(j, "pass", json_string(r->pass));
  json_object_set_new(j, "name", json_string(r->name));
  json_object_set_new(j, "function", json_string(r->function));
  char dem[1024];
  if (ok_demangle(r->function, dem, sizeof dem) == 0) json_object_set_new(j, "function_demangled", json_string(dem));
  if (r->file) {
    json_object_set_new(j, "file", json_string(r->file));
    json_object_set_new(j, "line", json_integer(r->line));
    json_object_set_new(j, "column", json_integer(r->column));
  }
  json_object_set_new(j, "message", json_string(r->message));
  if (x->ir) {
    json_t *ks = attribute(x, r->function);
    size_t k;
    json_t *kn;
    if (!strncmp(r->name, "OMP", 3)) json_array_foreach(ks, k, kn) {
        json_t *ids = json_object_get(x->by_kernel, json_string_value(kn));
        if (!ids) json_object_set_new(x->by_kernel, json_string_value(kn), ids = json_array());
        add_id(ids, r->name);
      }
    if (json_array_size(ks)) {
      json_t *kid = json_array();
      json_array_foreach(ks, k, kn) {
        json_t *id = json_object_get(x->ids, json_string_value(kn));
        if (id) json_array_append(kid, id);
      }
      json_object_set_new(j, "kernels", ks);
      json_object_set_new(j, "kernel_ids", kid);
    } else {
      json_decref(ks);
      json_object_set_new(j, "unattributed", json_true());
    }
  }
  json_t *args = json_object();
  for (int i = 0; i < r->nargs; ++i)
    if (strcmp(r->args[i].key, "String")) json_object_set_new(args, r->args[i].key, json_string(r->args[i].value));
  json_object_set_new(j, "args", args);
  char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
  if (s) fprintf(x->out, "%s\n", s);
  free(s);
  json_array_append_new(x->list, j);
  return 0;
}

static int on_resource(const struct ok_resource *r, void *ud) {
  struct rctx *x = ud;
  json_t *j = json_object();
  json_object_set_new(j, OK_FNAME(config), json_string(x->config));
  json_object_set_new(j, "function", json_string(r->function));
  char dem[1024];
  if (ok_demangle(r->function, dem, sizeof dem) == 0) json_object_set_new(j, "function_demangled", json_string(dem));
  json_object_set_new(j, "tool", json_string(r->tool));
  if (x->cuda || json_object_get(x->ids, r->function)) {
    char id[2048];
    kernel_id_for(x->ids, r->function, id, sizeof id);
    json_object_set_new(j, OK_FNAME(kernel_id), json_string(id));
  }
#define OPT(key, v) \
  if ((v) >= 0) json_object_set_new(j, key, json_integer(v))
  OPT(OK_FNAME(registers), r->registers); /* -1 for an AMDGPU kernel: its VGPRs are vgprs */
  OPT("barriers", r->barriers);
  OPT(OK_FNAME(stack_bytes), r->stack);
  OPT(OK_FNAME(smem_bytes), r->smem);
  OPT(OK_FNAME(lmem_bytes), r->lmem);
  OPT(OK_FNAME(spill_stores_bytes), r->spill_stores);
  OPT(OK_FNAME(spill_loads_bytes), r->spill_loads);
#undef OPT
  ok_resource_amd_fields(j, r, x->arch);
  char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
  if (s) fprintf(x->out, "%s\n", s);
  free(s);
  json_object_set_new(x->list, r->function, j);
  return 0;
}

/* Host disassembly from the build; for CUDA, SASS from cuobjdump when this machine has it (the
 * GPU machine does), else the PTX the build kept. */
static void ptx_listing(struct study *st, const struct ok_config *c, struct study_listing *L);
/* GCC's offload image as kept by the build (scripts/gcc_keep_ptx.sh): 1 when <art>/keep/image
 * holds PTX, with that folder in dir. */
static int image_ptx(const struct ok_config *c, char *dir, size_t n) {
  char pat[PATH_MAX + 64];
  glob_t g;
  snprintf(dir, n, "%s/keep/image", c->artefacts);
  snprintf(pat, sizeof pat, "%s/*.ptx", dir);
  int any = glob(pat, 0, NULL, &g) == 0 && g.gl_pathc > 0;
  if (any) globfree(&g);
  return any;
}
static void load_listings(struct study *st, const struct ok_config *c, const char *arch) {
  if (st->nlistings == (int)(sizeof st->listings / sizeof st->listings[0])) return;
  struct study_listing *L = &st->listings[st->nlistings++];
  memset(L, 0, sizeof *L);
  snprintf(L->config, sizeof L->config, "%s", c->name);
  char path[PATH_MAX + 64], err[512];
  snprintf(path, sizeof path, "%s/disasm/host.txt", c->artefacts);
  if (access(path, R_OK) == 0 && ok_disasm_load(path, &L->host, err, sizeof err)) ok_err("%s", err);
  /* omp_target: the device PTX the build keeps (keep/<source>.ptx); the primitives' bodies are
   * plain-named device functions there. */
  int omp = c->model_id == OKM_OMP_TARGET;
  if (c->model_id != OKM_CUDA && !omp) return;
  if (!omp && ok_which("cuobjdump", L->sass_tool, sizeof L->sass_tool) == 0) {
    char out[sizeof L->sass_path];
    snprintf(out, sizeof out, "%s/sass-%s.txt", st->dir, c->name); /* via out: -Wrestrict */
    memcpy(L->sass_path, out, sizeof out);
    snprintf(L->sass_bench, sizeof L->sass_bench, "%s", c->bench);
    return; /* listed later, in the background (study_start_listings) */
  }
  /* GCC's image is PTX that the driver JIT-compiles at load time, and its ptxas may drop what the
   * PTX holds (atomic_write's 100 weak same-value stores per step became one store, H200 session
   * 3). With ptxas and cuobjdump here (the GPU machine), the check reads the SASS that ptxas
   * makes of it for this study's arch, listed in the background like CUDA's. */
  char dir[PATH_MAX + 64];
  if (omp && image_ptx(c, dir, sizeof dir) && strlen(dir) < sizeof L->sass_bench &&
      ok_which("ptxas", L->sass_ptxas, sizeof L->sass_ptxas) == 0 &&
      ok_which("cuobjdump", L->sass_tool, sizeof L->sass_tool) == 0) {
    char out[sizeof L->sass_path];
    snprintf(out, sizeof out, "%s/sass-%s.txt", st->dir, c->name);
    memcpy(L->sass_path, out, sizeof out);
    snprintf(L->sass_bench, sizeof L->sass_bench, "%s", dir);
    snprintf(L->sass_arch, sizeof L->sass_arch, "%s", arch && arch[0] ? arch : "sm_90");
    return;
  }
  L->sass_ptxas[0] = L->sass_tool[0] = 0;
  ptx_listing(st, c, L);
}

/* The GCC image listing's child (argv: ptxas cuobjdump arch dir): each kept PTX assembled at once
 * (a module of 1 MB takes ptxas 10 to 20 s), then listed in order, without the encodings. */
static const char image_sass_sh[] =
    "p=$1 c=$2 a=$3 d=$4; t=$(mktemp -d) || exit 1; i=0\n"
    "for f in \"$d\"/*.ptx; do i=$((i+1)); \"$p\" -c -arch=\"$a\" \"$f\" -o \"$t/$i.o\" >&2 & done; wait\n"
    "rc=0; j=0; while [ $j -lt $i ]; do j=$((j+1)); \"$c\" -sass \"$t/$j.o\" >\"$t/l\" || rc=1\n"
    /* without the encodings (half the 20 MB a library's listing has) */
    "  sed 's| *\\/\\* 0x[0-9a-f]* \\*\\/||; /^ *$/d' \"$t/l\"; done\n"
    "rm -rf \"$t\"; exit $rc\n";

/* The CUDA bench's listing's child (argv: cuobjdump bench): its cubins (one per translation unit)
 * extracted and listed side by side on the cores the listing may use, then concatenated; a
 * whole-executable `cuobjdump -sass` took 22-38 s on a 4xH100 node and held the CUDA primitives'
 * first lines (their code check reads it) that long. Without cubins (-xelf failed): listed whole. */
static const char cuda_sass_sh[] =
    "c=$1 b=$2; case $b in /*) ;; *) b=$PWD/$b ;; esac; t=$(mktemp -d) || exit 1; cd \"$t\" || exit 1\n"
    "if ! \"$c\" -xelf all \"$b\" >/dev/null 2>&1 || ! ls ./*.cubin >/dev/null 2>&1; then\n"
    "  cd /; rm -rf \"$t\"; exec \"$c\" -sass \"$b\"; fi\n"
    "p=$(nproc 2>/dev/null || echo 4); i=0\n"
    "for f in ./*.cubin; do \"$c\" -sass \"$f\" >\"$f.sass\" || echo fail >>failed & i=$((i+1))\n"
    "  [ $((i % p)) -eq 0 ] && wait; done; wait\n"
    "rc=0; [ -f failed ] && rc=1; cat ./*.cubin.sass; cd /; rm -rf \"$t\"; exit $rc\n";

void study_start_listings(struct study *st) {
  for (int i = 0; i < st->nlistings; ++i) {
    struct study_listing *L = &st->listings[i];
    if (!L->sass_tool[0] || L->sass_pid || L->gpu) continue;
    L->sass_t0 = ok_now();
    fflush(NULL); /* the child must not write the parent's buffered output again */
    pid_t pid = fork();
    if (pid == 0) {
      /* Straight to the file: the listing is larger than ok_spawn's 16 MiB capture. */
      FILE *o = freopen(L->sass_path, "w", stdout);
      if (!o) _exit(127);
      setpgid(0, 0); /* a timeout kills the group: the image listing's ptxas runs too */
      if (st->listing_cpus) sched_setaffinity(0, sizeof *st->listing_cpus, st->listing_cpus);
      /* A background job: on a core it shares with a GPU bench, the bench's launching thread
       * comes first (run_cores.h). */
      (void)setpriority(PRIO_PROCESS, 0, 19);
      if (L->sass_ptxas[0])
        execl("/bin/sh", "sh", "-c", image_sass_sh, "sh", L->sass_ptxas, L->sass_tool, L->sass_arch, L->sass_bench,
              (char *)NULL);
      else execl("/bin/sh", "sh", "-c", cuda_sass_sh, "sh", L->sass_tool, L->sass_bench, (char *)NULL);
      _exit(127);
    }
    if (pid < 0) ok_err("cannot start %s: %s", L->sass_tool, strerror(errno));
    else L->sass_pid = pid;
  }
}

/* Waits for a background SASS listing (at most 120 s; GCC's image, whose ptxas runs take longer
 * than a cuobjdump: 240 s) and loads it; PTX when it fails. */
static void finish_listing(struct study *st, struct study_listing *L, const struct ok_config *c) {
  if (!L->sass_tool[0] || L->gpu) return;
  if (!L->sass_pid) study_start_listings(st);
  int status = 0, done = 0;
  const double limit = L->sass_ptxas[0] ? 240 : 120;
  for (double t0 = ok_now(); L->sass_pid > 0 && ok_now() - t0 < limit;) {
    pid_t r = waitpid(L->sass_pid, &status, WNOHANG);
    if (r == L->sass_pid || r < 0) {
      done = r == L->sass_pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
      break;
    }
    usleep(20000);
  }
  if (L->sass_pid > 0 && !done && waitpid(L->sass_pid, &status, WNOHANG) == 0) {
    kill(-L->sass_pid, SIGKILL);
    kill(L->sass_pid, SIGKILL);
    waitpid(L->sass_pid, &status, 0);
    ok_err("%s%s -sass did not finish in %.0f s; checking %s against its PTX", L->sass_ptxas[0] ? "ptxas and " : "",
           L->sass_tool, limit, c->name);
  }
  L->sass_pid = -1;
  char err[512];
  if (done && ok_disasm_load(L->sass_path, &L->gpu, err, sizeof err) == 0) {
    snprintf(L->gpu_level, sizeof L->gpu_level, "%s", L->sass_ptxas[0] ? "sass-ptxas" : "sass");
    printf("ompkit: %s: SASS listing ready (%.1f s after it started)\n", c->name, ok_now() - L->sass_t0);
  }
  L->sass_tool[0] = L->sass_ptxas[0] = 0;
  if (!L->gpu) ptx_listing(st, c, L);
}

void study_ready_listing(struct study *st, const struct ok_config *c) {
  if (!ok_models[c->model_id].needs_gpu) return;
  for (int i = 0; i < st->nlistings; ++i)
    if (!strcmp(st->listings[i].config, c->name)) finish_listing(st, &st->listings[i], c);
}

int study_listing_pending(const struct study *st, const struct ok_config *c) {
  for (int i = 0; i < st->nlistings; ++i)
    if (!strcmp(st->listings[i].config, c->name)) return st->listings[i].sass_tool[0] && !st->listings[i].gpu;
  return 0;
}

int study_listing_running(const struct study *st, const struct ok_config *c) {
  for (int i = 0; i < st->nlistings; ++i) {
    const struct study_listing *L = &st->listings[i];
    if (strcmp(L->config, c->name)) continue;
    int pid = __atomic_load_n(&L->sass_pid, __ATOMIC_ACQUIRE);
    if (pid <= 0) return 0;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    /* WNOWAIT: the exit stays to be collected by finish_listing, which loads the listing. */
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == 0;
  }
  return 0;
}

/* The kept PTX of a configuration, as one listing. */
static void ptx_listing(struct study *st, const struct ok_config *c, struct study_listing *L) {
  char path[PATH_MAX + 64], err[512];
  if (!L->gpu) {
    glob_t g;
    snprintf(path, sizeof path, "%s/keep/*.ptx", c->artefacts);
    int gr = glob(path, 0, NULL, &g);
    /* GCC keeps no per-TU PTX, its final images' (keep/image): the same listing. */
    snprintf(path, sizeof path, "%s/keep/image/*.ptx", c->artefacts);
    gr = glob(path, gr == 0 ? GLOB_APPEND : 0, NULL, &g) == 0 ? 0 : gr;
    if (gr == 0) {
      /* One listing of all kept PTX files. */
      char all[PATH_MAX + 64];
      snprintf(all, sizeof all, "%s/ptx-%s.txt", st->dir, c->name);
      FILE *o = fopen(all, "w");
      for (size_t k = 0; o && k < g.gl_pathc; ++k) {
        FILE *in = fopen(g.gl_pathv[k], "r");
        char buf[65536];
        size_t n;
        while (in && (n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, o);
        if (in) fclose(in);
      }
      if (o) fclose(o);
      globfree(&g);
      if (ok_disasm_load(all, &L->gpu, err, sizeof err) == 0) snprintf(L->gpu_level, sizeof L->gpu_level, "ptx");
    }
  }
}

/* Is the timed primitive in the code? The test body must hold more instructions of the family
 * than the baseline; if not, no number is reported. */
static void presence(struct study *st, const struct ok_config *c, json_t *result) {
  const char *sym = rs_str(result, OKF_code_symbol);
  if (!sym) return;
  const char *family = rs_str(result, OKF_code_family);
  struct study_listing *L = NULL;
  for (int i = 0; i < st->nlistings; ++i)
    if (!strcmp(st->listings[i].config, c->name)) L = &st->listings[i];
  int gpu = ok_models[c->model_id].needs_gpu;
  struct ok_disasm *d = L ? (gpu ? L->gpu : L->host) : NULL;
  if (gpu && L) finish_listing(st, L, c);
  if (L) d = gpu ? L->gpu : L->host;
  const char *level = gpu ? (L ? L->gpu_level : "") : "x86";
  json_t *pic = json_object();
  json_object_set_new(pic, "level", json_string(level));
  regex_t re;
  /* GCC's SASS is read with the family in SASS spelling (ok_disasm_sass_family). */
  char *sfam = family && !strcmp(level, "sass-ptxas") ? ok_disasm_sass_family(family) : NULL;
  if (sfam) family = sfam;
  if (!family) {
    json_object_set_new(pic, "checked", json_false());
    json_object_set_new(pic, "why", json_string("no instruction family proves this primitive here"));
  } else if (!d) {
    json_object_set_new(pic, "checked", json_false());
    json_object_set_new(pic, "why", json_string("no disassembly available"));
  } else if (regcomp(&re, family, REG_EXTENDED | REG_NOSUB | (sfam ? REG_ICASE : 0))) {
    json_object_set_new(pic, "checked", json_false());
    json_object_set_new(pic, "why", json_string("bad family regex"));
  } else {
    char base[256];
    snprintf(base, sizeof base, "%s", sym);
    size_t n = strlen(base);
    if (n > 5 && !strcmp(base + n - 5, "_test")) strcpy(base + n - 5, "_base");
    int ft = 0, fb = 0;
    long tc = ok_disasm_count(d, sym, &re, &ft), bc = ok_disasm_count(d, base, &re, &fb);
    regfree(&re);
    json_object_set_new(pic, "family", json_string(family));
    if (!ft || !fb) {
      json_object_set_new(pic, "checked", json_false());
      json_object_set_new(pic, "why", json_string("test or baseline symbol not in the listing"));
    } else {
      json_object_set_new(pic, "checked", json_true());
      json_object_set_new(pic, "test_count", json_integer(tc));
      json_object_set_new(pic, "base_count", json_integer(bc));
      json_object_set_new(pic, "present", json_boolean(tc > bc));
      enum ok_status status = ok_line_status(result);
      /* The more specific reason wins over "test not slower than baseline". */
      if (tc <= bc && (status == OK_ST_OK || status == OK_ST_NOT_MEASURED)) {
        char why[320];
        snprintf(why, sizeof why, "eliminated by compiler: %s: test has %ld '%s' instructions, baseline %ld", level, tc,
                 family, bc);
        ok_line_set_status(result, OK_ST_NOT_MEASURED, why);
        static const enum ok_field_id drop[] = {OKF_per_op_ns, OKF_per_op_cycles, OKF_throughput_per_thread_ops_s,
                                                OKF_spread};
        for (size_t k = 0; k < sizeof drop / sizeof drop[0]; ++k) json_object_del(result, ok_fields[drop[k]].name);
      }
    }
  }
  json_object_set_new(result, OK_FNAME(present_in_code), pic);
  free(sfam);
}

/* One TU's device remarks, its kernels' static modes and identities (keep/<stem>.sources). */
static long tu_compile_data(FILE *rf, const struct ok_config *c, const char *yaml, json_t *rl, json_t *modes,
                            json_t *byk, json_t *ids) {
  const char *b = strrchr(yaml, '/');
  b = b ? b + 1 : yaml;
  char ll[PATH_MAX + 64], stem[256], err[512];
  /* The same TU's device code (artefacts/keep/<stem>.ptx): kernels, modes, call graph. */
  snprintf(stem, sizeof stem, "%.*s", (int)(strlen(b) - strlen(".device.opt.yaml")), b);
  ok_device_code_path(ll, sizeof ll, c->artefacts, stem);
  struct ok_ir *ir = access(ll, R_OK) == 0 ? ok_ir_load(ll, err, sizeof err) : NULL;
  if (!ir && access(ll, R_OK) == 0) ok_err("%s", err);
  json_t *srcs = ok_kernel_sources_load(c->artefacts, stem);
  for (size_t q = 0, nk = ir ? ok_ir_nkernels(ir) : 0; q < nk; ++q) {
    int mode;
    const char *kn = ok_ir_kernel(ir, q, &mode);
    char id[2048];
    ok_kernel_id_of(kn, srcs, stem, id, sizeof id);
    json_object_set_new(ids, kn, json_string(id));
    if (ok_exec_mode_name(mode)) json_object_set_new(modes, kn, json_string(ok_exec_mode_name(mode)));
    if (!json_object_get(byk, kn)) json_object_set_new(byk, kn, json_array());
  }
  json_decref(srcs);
  struct rctx x = {rf, rl, c->name, b, ir, byk, ids, 0, c->offload_arch};
  long n = ok_remarks_parse_file(yaml, on_remark, &x, err, sizeof err);
  if (n < 0) ok_err("%s", err);
  ok_ir_free(ir);
  return n < 0 ? 0 : n;
}

/* The files of a glob, each parsed by fn into the configuration's records; the records' count. */
typedef long (*study_parse_fn)(const char *path, void *ud, char *err, size_t n);
static long kernel_info_file(const char *path, void *ud, char *err, size_t n) {
  return ok_kernel_info_parse_file(path, on_remark, ud, err, n);
}
static long resource_file(const char *path, void *ud, char *err, size_t n) {
  return ok_resources_parse_file(path, on_resource, ud, err, n);
}
static long parse_glob(const char *pat, study_parse_fn fn, struct rctx x) {
  glob_t g;
  long total = 0;
  char err[512];
  if (glob(pat, 0, NULL, &g)) return 0;
  for (size_t k = 0; k < g.gl_pathc; ++k) {
    const char *b = strrchr(g.gl_pathv[k], '/');
    x.file = b ? b + 1 : g.gl_pathv[k];
    long n = fn(g.gl_pathv[k], &x, err, sizeof err);
    if (n < 0) ok_err("%s", err);
    else total += n;
  }
  globfree(&g);
  return total;
}

/* The progress line of a configuration's compile data: which OMP remark IDs the device compile
 * produced, and how many records of each kind. */
static void compile_data_line(const char *cfg, json_t *rl, long nrem, long nres, long nki) {
  char ids[512] = "";
  size_t ri;
  json_t *r;
  json_array_foreach(rl, ri, r) {
    const char *nm = json_string_value(json_object_get(r, "name"));
    if (nm && !strncmp(nm, "OMP", 3) && !strstr(ids, nm) && strlen(ids) + strlen(nm) + 2 < sizeof ids) {
      strcat(ids, " ");
      strcat(ids, nm);
    }
  }
  printf("ompkit: %s: %ld device remark(s)%s%s (openmp-opt ones kept in remarks.jsonl), resources for %ld kernel(s)",
         cfg, nrem, ids[0] ? ", IDs" : "", ids, nres);
  if (nki) printf(", %ld kernel-info fact(s)", nki);
  putchar('\n');
}

void study_compile_data(struct study *st, const struct ok_manifest *m) {
  char path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/remarks.jsonl", st->dir);
  FILE *rf = fopen(path, "w");
  snprintf(path, sizeof path, "%s/resources.jsonl", st->dir);
  FILE *sf = fopen(path, "w");
  if (!rf || !sf) {
    ok_err("cannot write compile-time data under %s", st->dir);
    if (rf) fclose(rf);
    if (sf) fclose(sf);
    return;
  }
  for (int i = 0; i < m->n; ++i) {
    const struct ok_config *c = &m->configs[i];
    if (!c->enabled || c->unselected) continue;
    json_t *rl = json_array(), *res = json_object(), *modes = json_object(), *byk = json_object(), *ids = json_object();
    glob_t g;
    long nrem = 0;
    snprintf(path, sizeof path, "%s/remarks/*.device.opt.yaml", c->artefacts);
    if (glob(path, 0, NULL, &g) == 0) {
      for (size_t k = 0; k < g.gl_pathc; ++k) nrem += tu_compile_data(rf, c, g.gl_pathv[k], rl, modes, byk, ids);
      globfree(&g);
    }
    /* kernel-info facts (LLVM 21+, scripts/compile.sh --kernel-info): the TU's device IR, per function. */
    snprintf(path, sizeof path, "%s/remarks/*.kernel-info.txt", c->artefacts);
    long nki = parse_glob(path, kernel_info_file, (struct rctx){rf, rl, c->name, NULL, NULL, NULL, ids, 0, c->offload_arch});
    /* CUDA kernels have no offload name: their identity is their demangled name. */
    snprintf(path, sizeof path, "%s/resources/*.txt", c->artefacts);
    long nres = parse_glob(path, resource_file,
                           (struct rctx){sf, res, c->name, NULL, NULL, NULL, ids, c->model_id == OKM_CUDA, c->offload_arch});
    if (nrem || nres || nki) compile_data_line(c->name, rl, nrem, nres, nki);
    load_listings(st, c, m->offload_arch);
    json_object_set_new(st->remarks, c->name, rl);
    json_object_set_new(st->resources, c->name, res);
    json_object_set_new(st->modes, c->name, modes);
    json_object_set_new(st->kernel_remarks, c->name, byk);
    json_object_set_new(st->kernel_ids, c->name, ids);
  }
  fclose(rf);
  fclose(sf);
}

/* resources.jsonl names these as the result record does */
static void copy_resources(json_t *r, json_t *dst) {
  for (size_t k = 0; r && k < ok_resource_nfields; ++k) {
    const char *f = ok_fields[ok_resource_fields[k]].name;
    if (json_object_get(r, f)) json_object_set(dst, f, json_object_get(r, f));
  }
}

/* The OMP remark IDs of a kernel: attributed through the device IR's call graph, else every
 * remark on a function named after it. A new array. */
static json_t *remark_ids(struct study *st, const char *cfg, const char *sym) {
  json_t *ids = json_object_get(json_object_get(st->kernel_remarks, cfg), sym);
  if (ids) return json_incref(ids);
  ids = json_array();
  size_t i;
  json_t *rec;
  json_array_foreach(json_object_get(st->remarks, cfg), i, rec) {
    const char *fn = json_string_value(json_object_get(rec, "function"));
    const char *nm = json_string_value(json_object_get(rec, "name"));
    if (!fn || !nm || strncmp(nm, "OMP", 3) || !sym_matches(fn, sym)) continue;
    int dup = 0;
    size_t k;
    json_t *x;
    json_array_foreach(ids, k, x) dup |= !strcmp(json_string_value(x), nm);
    if (!dup) json_array_append_new(ids, json_string(nm));
  }
  return ids;
}

void study_join(struct study *st, const struct ok_config *c, json_t *result, const char *bench_stderr) {
  const char *kernel = rs_str(result, OKF_kernel);
  if (!kernel) return;
  presence(st, c, result);
  char sym[512] = "";
  const char *hint = rs_str(result, OKF_symbol_hint);
  struct ok_launch L, last;
  int have = 0;
  for (const char *p = bench_stderr; p && *p;) {
    const char *e = strchr(p, '\n');
    char line[1024];
    size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
    /* A bench that launches several kernels names the measured one's host function. */
    if (ok_launch_parse(line, &L) == 0 && (!hint || strstr(L.kernel, hint))) last = L, have = 1;
    p = e ? e + 1 : NULL;
  }
  json_t *res = json_object_get(st->resources, c->name);
  if (have) {
    snprintf(sym, sizeof sym, "%s", last.kernel);
    json_object_set_new(result, OK_FNAME(observed_mode), json_string(last.mode));
    json_object_set_new(result, OK_FNAME(launch_blocks), json_integer(last.blocks));
    json_object_set_new(result, OK_FNAME(launch_threads), json_integer(last.threads));
  } else if (c->model_id == OKM_CUDA) {
    /* CUDA kernels are named <kernel>_kernel: find the mangled symbol "<len><kernel>_kernel";
     * a bench with several kernels per variant names the measured one (su3's float kernel). */
    char needle[300];
    if (hint) snprintf(needle, sizeof needle, "%s", hint);
    else snprintf(needle, sizeof needle, "%zu%s_kernel", strlen(kernel) + 7, kernel);
    const char *fn;
    json_t *v;
    json_object_foreach(res, fn, v) if (strstr(fn, needle)) snprintf(sym, sizeof sym, "%s", fn);
  }
  json_t *modes = json_object_get(st->modes, c->name);
  if (!sym[0] && c->model_id == OKM_OMP_TARGET) {
    /* No launch line (no GPU, or the run failed): the kernel from the device IR, named after
     * the host function <kernel>_<variant> (or the bench's hint); only when exactly one fits. */
    const char *variant = rs_str(result, OKF_variant);
    char needle[600];
    if (hint) snprintf(needle, sizeof needle, "_%s_l", hint);
    else snprintf(needle, sizeof needle, "_%s_%s_l", kernel, variant ? variant : "");
    const char *kn, *only = NULL;
    json_t *v;
    int count = 0;
    json_object_foreach(modes, kn, v) if (strstr(kn, needle)) only = kn, ++count;
    if (count == 1) snprintf(sym, sizeof sym, "%s", only);
  }
  if (!sym[0]) return;
  json_object_set_new(result, OK_FNAME(kernel_symbol), json_string(sym));
  char id[2048];
  kernel_id_for(json_object_get(st->kernel_ids, c->name), sym, id, sizeof id);
  json_object_set_new(result, OK_FNAME(kernel_id), json_string(id));
  const char *smode = json_string_value(json_object_get(modes, sym));
  if (smode) {
    json_object_set_new(result, OK_FNAME(static_mode), json_string(smode));
    /* A mode's other spellings (libomptarget 16's old plugin: SPMD-Generic) by record/ok_modes.def. */
    const char *omode = have ? (ok_mode_name(last.mode) ? ok_mode_name(last.mode) : last.mode) : NULL;
    if (omode && strcmp(omode, smode)) {
      char why[256];
      snprintf(why, sizeof why, "compiler stored %s, runtime launched %s", smode, omode);
      json_object_set_new(result, OK_FNAME(mode_mismatch), json_string(why));
    }
  }
  copy_resources(json_object_get(res, sym), result);
  json_object_set_new(result, OK_FNAME(remarks), remark_ids(st, c->name, sym));
}

/* compile.jsonl: every device kernel of every configuration with compile data, whether or not
 * anything ran (a build machine without a GPU): its static mode, resources and remark IDs, the
 * same fields a result line carries. `kernel_id` is its identity (record/ok_kernel_id.h), the key
 * compare pairs it by; `kernel` the symbol less the offload prefix, for people to read: two files
 * with a region on the same line of a same-named function give the same `kernel`. */
void study_write_compile(struct study *st) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/compile.jsonl", st->dir);
  FILE *f = fopen(path, "w");
  if (!f) {
    ok_err("cannot write %s", path);
    return;
  }
  json_t *cfgs = json_object(), *modes;
  const char *cfg;
  json_object_foreach(st->modes, cfg, modes) json_object_set_new(cfgs, cfg, json_true());
  json_object_foreach(st->resources, cfg, modes) json_object_set_new(cfgs, cfg, json_true());
  json_t *one;
  json_object_foreach(cfgs, cfg, one) {
    modes = json_object_get(st->modes, cfg);
    json_t *all = modes ? json_deep_copy(modes) : json_object(), *res = json_object_get(st->resources, cfg), *v;
    const char *sym;
    json_object_foreach(res, sym, v) if (!json_object_get(all, sym)) json_object_set_new(all, sym, json_null());
    json_object_foreach(all, sym, v) {
      const char *stem = sym;
      unsigned dev, file;
      int at = 0;
      if (sscanf(sym, "__omp_offloading_%x_%x_%n", &dev, &file, &at) == 2 && at > 0) stem = sym + at;
      char id[2048];
      kernel_id_for(json_object_get(st->kernel_ids, cfg), sym, id, sizeof id);
      json_t *j = json_pack("{s:s,s:s,s:s,s:s}", OK_FNAME(config), cfg, OK_FNAME(kernel), stem, OK_FNAME(kernel_id), id,
                            OK_FNAME(kernel_symbol), sym);
      if (json_is_string(v)) json_object_set(j, OK_FNAME(static_mode), v);
      copy_resources(json_object_get(res, sym), j);
      json_object_set_new(j, OK_FNAME(remarks), remark_ids(st, cfg, sym));
      char *line = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
      if (line) fprintf(f, "%s\n", line);
      free(line);
      json_decref(j);
    }
    json_decref(all);
  }
  json_decref(cfgs);
  fclose(f);
}

static void csv_field(FILE *f, json_t *v, int first) {
  if (!first) fputc(',', f);
  if (!v || json_is_null(v)) return;
  char buf[64];
  const char *s = buf;
  char *dump = NULL;
  if (json_is_string(v)) s = json_string_value(v);
  else if (json_is_integer(v)) snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
  else if (json_is_real(v)) snprintf(buf, sizeof buf, "%.9g", json_real_value(v));
  else if (json_is_boolean(v)) s = json_is_true(v) ? "true" : "false";
  else if (json_is_array(v)) {
    size_t n = 0, i;
    json_t *x;
    json_array_foreach(v, i, x) n += strlen(json_string_value(x) ? json_string_value(x) : "") + 1;
    dump = calloc(1, n + 1);
    json_array_foreach(v, i, x) {
      if (i) strcat(dump, " ");
      strcat(dump, json_string_value(x) ? json_string_value(x) : "");
    }
    s = dump;
  } else s = "";
  if (strpbrk(s, ",\"\n")) {
    fputc('"', f);
    for (; *s; ++s) {
      if (*s == '"') fputc('"', f);
      fputc(*s, f);
    }
    fputc('"', f);
  } else fputs(s, f);
  free(dump);
}

/* results.csv's columns: the record table's csv entries, in table order (ok_record.def). A STATS
 * field gives three columns ('*' -> median, min, max); an OBJ field "col.member" one. */
struct csv_col {
  char name[64];
  const char *field, *member;
};
static int csv_columns(struct csv_col *cols, int max) {
  static const char *const stats[] = {"median", "min", "max"};
  int n = 0;
  for (int f = 0; f < OKF_COUNT; ++f) {
    const struct ok_field *d = &ok_fields[f];
    if (!d->csv[0]) continue;
    for (int s = 0; s < (d->kind == OK_K_STATS ? 3 : 1) && n < max; ++s, ++n) {
      struct csv_col *c = &cols[n];
      c->field = d->name, c->member = NULL;
      const char *star = strchr(d->csv, '*'), *dot = strchr(d->csv, '.');
      if (d->kind == OK_K_STATS && star) {
        snprintf(c->name, sizeof c->name, "%.*s%s%s", (int)(star - d->csv), d->csv, stats[s], star + 1);
        c->member = stats[s];
      } else if (d->kind == OK_K_OBJ && dot) {
        snprintf(c->name, sizeof c->name, "%.*s", (int)(dot - d->csv), d->csv);
        c->member = dot + 1;
      } else
        snprintf(c->name, sizeof c->name, "%s", d->csv);
    }
  }
  return n;
}

struct csv_rows {
  FILE *mem;
  const struct csv_col *cols;
  int ncols;
};

static int csv_row(const struct ok_jsonl_line *l, void *vx) {
  const struct csv_rows *x = vx;
  if (!l->obj) return 0;
  for (int k = 0; k < x->ncols; ++k) {
    json_t *v = json_object_get(l->obj, x->cols[k].field);
    csv_field(x->mem, x->cols[k].member ? json_object_get(v, x->cols[k].member) : v, k == 0);
  }
  fputc('\n', x->mem);
  return 0;
}

int study_write_tables(struct study *st) {
  struct csv_col cols[3 * OKF_COUNT];
  const int ncols = csv_columns(cols, 3 * OKF_COUNT);
  char path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/results.jsonl", st->dir);
  char *buf = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&buf, &len);
  for (int k = 0; k < ncols; ++k) fprintf(mem, "%s%s", k ? "," : "", cols[k].name);
  fputc('\n', mem);
  struct csv_rows x = {mem, cols, ncols};
  if (ok_jsonl_each(path, csv_row, &x) == -1) {
    fclose(mem), free(buf);
    return -1;
  }
  fclose(mem);
  snprintf(path, sizeof path, "%s/results.csv", st->dir);
  int rc = ok_write_atomic(path, buf, len);
  if (rc) ok_err("cannot write %s", path);
  free(buf);
  return rc;
}

const char *study_git_sha(const struct ok_manifest *m) {
  static char sha[64];
  if (m->git_sha && *m->git_sha) return m->git_sha;
  if (sha[0]) return sha;
  snprintf(sha, sizeof sha, "unknown");
  char git[PATH_MAX] = "";
  ok_which("git", git, sizeof git);
  if (!git[0] || !m->source_dir) return sha;
  char *argv[] = {git, "-C", (char *)m->source_dir, "rev-parse", "HEAD", NULL};
  struct ok_proc p;
  if (!ok_spawn(argv, NULL, 10, &p)) {
    if (p.exited && p.code == 0 && p.outlen >= 7) snprintf(sha, sizeof sha, "%.40s", p.out);
    ok_proc_free(&p);
  }
  return sha;
}
