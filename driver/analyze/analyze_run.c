/* ompkit analyze --run / --build-only / --run-built: the program (the files have their own main)
 * linked per runnable configuration into OUT/run/<config>/prog, run by OUT/run/run.sh with
 * OMP_TARGET_OFFLOAD=MANDATORY, LIBOMPTARGET_INFO=16 and LIBOMPTARGET_PROFILE, and the
 * runtime's launch lines joined to the regions. The split lets the build happen where the
 * compilers are and the run where the GPU is (the GPU machine has no clang): --build-only here,
 * `sh OUT/run/run.sh` there (with the runtime on LD_LIBRARY_PATH), --run-built OUT here.
 * Kernel times: libomptarget's profile (LLVM); GCC's launches from GOMP_DEBUG=1's lines, no time;
 * a CUDA form (.cu files, their own program) is built with nvcc -cudart shared and run with
 * scripts/cuda-events.c preloaded: each launch timed with CUDA events. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "analyze.h"
#include "check.h"
#include "ok_kernel_id.h"
#include "remarks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *str(json_t *e, const char *k) {
  const char *s = json_string_value(json_object_get(e, k));
  return s ? s : "";
}

static int shell_quote(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; ++s) *s == '\'' ? fputs("'\\''", f) : fputc(*s, f);
  return fputc('\'', f);
}

/* Compiles each file with its own compiler (a .c file stays C in a C++ program) and links the
 * program with the C++ driver when there is C++; 0, or -1 with the first error in err. */
static int link_one(struct az *a, const struct az_cfg *c, const char *dir, char *err, size_t en) {
  int cxx = 0;
  for (int f = 0; f < a->nfiles; ++f) cxx |= az_is_cxx(a->files[f]);
  /* the CUDA form is a program of its own (build_cuda) */
  if (cxx && !c->cxx[0]) return snprintf(err, en, "not built: no C++ compiler"), -1;
  size_t cap = 65536;
  char *cmd = malloc(cap), log[PATH_MAX + 32];
  snprintf(log, sizeof log, "%s/link.txt", dir);
  FILE *m = fmemopen(cmd, cap, "w");
  fprintf(m, "{ true");
  for (int f = 0; f < a->nfiles; ++f) { /* each unit with its own flags, in its own folder */
    if (az_is_cu(a->files[f])) continue;
    fprintf(m, " && ( cd ");
    shell_quote(m, a->tus[f].dir ? a->tus[f].dir : ".");
    fprintf(m, " && %s %s", az_is_cxx(a->files[f]) ? c->cxx : c->cc, c->flags);
    for (int i = 0; i < a->tus[f].argc; ++i) fputc(' ', m), shell_quote(m, a->tus[f].argv[i]);
    fprintf(m, " -c "), shell_quote(m, a->files[f]), fprintf(m, " -o '%s/%d.o' )", dir, f);
  }
  fprintf(m, " && %s %s", cxx ? c->cxx : c->cc, c->flags);
  for (int f = 0; f < a->nfiles; ++f)
    if (!az_is_cu(a->files[f])) fprintf(m, " '%s/%d.o'", dir, f);
  /* libm as the kit's bench links it (GCC: the device's newlib libm too, for sin/exp in regions) */
  fprintf(m, " -o '%s/prog' %s%s -lm", dir, c->link, c->gcc ? " -foffload-options=nvptx-none=-lm" : "");
  fprintf(m, " && rm -f '%s/'*.o", dir); /* the folder travels to the GPU */
  fprintf(m, "; } >'%s' 2>&1", log);
  fclose(m);
  int rc = system(cmd);
  free(cmd);
  if (rc == 0) return 0;
  FILE *l = fopen(log, "r");
  char line[1024];
  snprintf(err, en, "link failed (%s)", log);
  while (l && fgets(line, sizeof line, l))
    if (strstr(line, "error")) {
      line[strcspn(line, "\n")] = 0;
      snprintf(err, en, "%s", line);
      break;
    }
  if (l) fclose(l);
  return -1;
}

/* run.sh: each program with the offload environment, its output and profile beside it. */
static void write_script(struct az *a, json_t *built) {
  char p[PATH_MAX + 32];
  snprintf(p, sizeof p, "%s/run/run.sh", a->out);
  FILE *f = fopen(p, "w");
  if (!f) return;
  fprintf(f, "#!/bin/sh\n# ompkit analyze: runs each configuration's program (put its OpenMP runtime on LD_LIBRARY_PATH)\n"
             "cd \"$(dirname \"$0\")\"\n");
  size_t i;
  json_t *b;
  json_array_foreach(built, i, b) {
    const char *n = json_string_value(b);
    int gcc = 0;
    for (int c = 0; c < a->ncfgs; ++c) gcc |= a->cfgs[c].gcc && !strcmp(a->cfgs[c].name, n);
    if (!strcmp(n, a->cuda_cfg)) /* the CUDA form: every launch timed with CUDA events */
      fprintf(f, "( cd '%s' && rm -f events.txt && CUDA_MODULE_LOADING=EAGER OMPKIT_CUDA_EVENTS=events.txt LD_PRELOAD=\"$PWD/libokcudaevents.so\" "
                 "timeout 120 ./prog", n);
    else /* GOMP_DEBUG=1: libgomp's launch lines (it prints much more: GCC only) */
      fprintf(f, "( cd '%s' && OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 LIBOMPTARGET_PROFILE=profile.json "
                 "LIBOMPTARGET_PROFILE_GRANULARITY=0 %stimeout 120 ./prog", n, gcc ? "GOMP_DEBUG=1 " : "");
    for (int k = 0; k < a->nprog_args; ++k) fputc(' ', f), shell_quote(f, a->prog_args[k]);
    fprintf(f, " >output.txt 2>&1; echo $? >exit-code.txt )\n");
  }
  fclose(f);
  chmod(p, 0755);
}

/* nvcc's compile of the CUDA form's units given with --cuda-program: each in its own folder with
 * its own flags and the OpenMP program's GPU target, into DIR/c<N>.o. */
static void cuda_units(const struct az *a, FILE *m, const char *arch, const char *dir) {
  for (int t = 0; t < a->ncuda; ++t) {
    const struct az_tu *u = &a->cuda_tus[t];
    fprintf(m, " && ( cd "), shell_quote(m, u->dir ? u->dir : "."), fprintf(m, " && %s -arch=%s", a->nvcc, arch);
    if (!u->dir) fprintf(m, " -O3"); /* a source named alone: as the kit builds its CUDA forms */
    for (int i = 0; i < u->argc; ++i) fputc(' ', m), shell_quote(m, u->argv[i]);
    fprintf(m, " -c "), shell_quote(m, u->file), fprintf(m, " -o '%s/c%d.o' )", dir, t);
  }
}

/* The CUDA form (a program of its own: .cu files named among the files, or --cuda-program's
 * units) with nvcc -cudart shared, libcudart beside it, and the CUDA-event shim; 0 built, 1
 * nothing to build, -1 with the first error in err. */
static int build_cuda(struct az *a, const char *dir, char *err, size_t en) {
  int any = a->ncuda;
  for (int f = 0; f < a->nfiles; ++f) any |= az_is_cu(a->files[f]);
  if (!any) return 1;
  if (!a->nvcc[0]) return snprintf(err, en, "not built: no enabled CUDA configuration (nvcc)"), -1;
  char root[PATH_MAX], log[PATH_MAX + 32];
  const char *arch = a->arch_user[0] ? a->arch_user : a->arch;
  snprintf(root, sizeof root, "%s", a->nvcc);
  for (int k = 0; k < 2 && strrchr(root, '/'); ++k) *strrchr(root, '/') = 0; /* <root>/bin/nvcc */
  snprintf(log, sizeof log, "%s/link.txt", dir);
  size_t cap = 65536;
  char *cmd = malloc(cap);
  FILE *m = fmemopen(cmd, cap, "w");
  fprintf(m, "{ set -x; true"); /* link.txt shows each command */
  cuda_units(a, m, arch, dir);
  fprintf(m, " && %s -arch=%s -cudart shared", a->nvcc, arch);
  int named = 0;
  for (int f = 0; f < a->nfiles; ++f) named |= az_is_cu(a->files[f]);
  for (int i = 0; named && i < a->nuser_flags; ++i) { /* the OpenMP program's offload flags are not nvcc's */
    const char *u = a->user_flags[i];
    if (!strncmp(u, "--offload-arch", 14) || !strncmp(u, "-fopenmp", 8) || !strncmp(u, "-Xopenmp-target", 15)) continue;
    fputc(' ', m), shell_quote(m, u);
  }
  if (named) fprintf(m, " -O3");
  for (int f = 0; f < a->nfiles; ++f)
    if (az_is_cu(a->files[f])) fputc(' ', m), shell_quote(m, a->files[f]);
  for (int t = 0; t < a->ncuda; ++t) fprintf(m, " '%s/c%d.o'", dir, t);
  for (int i = 0; i < a->ncuda_link; ++i) fputc(' ', m), shell_quote(m, a->cuda_link[i]);
  fprintf(m, " -o '%s/prog' -Xlinker -rpath -Xlinker '$ORIGIN' && rm -f '%s/'c*.o && cp -L '%s/lib64/'libcudart.so.[0-9]* '%s/'",
          dir, dir, root, dir);
  fprintf(m, " && cc -O2 -shared -fPIC -I'%s/include' '%s/scripts/cuda-events.c' -o '%s/libokcudaevents.so' -L'%s/lib64' "
             "-lcudart -ldl -Wl,-rpath,'$ORIGIN'; } >'%s' 2>&1", root, a->src_root, dir, root, log);
  fclose(m);
  int rc = system(cmd);
  free(cmd);
  if (rc) snprintf(err, en, "the CUDA form did not build (%s)", log);
  return rc ? -1 : 0;
}

int az_build_programs(struct az *a) {
  json_t *run = json_pack("{s:[],s:[],s:[]}", "built", "build_notes", "args");
  for (int k = 0; k < a->nprog_args; ++k) json_array_append_new(json_object_get(run, "args"), json_string(a->prog_args[k]));
  for (int c = 0; c < a->ncfgs; ++c) {
    const struct az_cfg *z = &a->cfgs[c];
    char dir[PATH_MAX + 64], err[1024], note[1400];
    if (z->compile_only || (z->not_runnable && z->not_runnable[0])) {
      snprintf(note, sizeof note, "%s: not runnable: %s", z->name, z->not_runnable && z->not_runnable[0] ? z->not_runnable : "compile data only");
      json_array_append_new(json_object_get(run, "build_notes"), json_string(note));
      continue;
    }
    snprintf(dir, sizeof dir, "%s/run/%s", a->out, z->name);
    ok_mkdirs(dir);
    if (link_one(a, z, dir, err, sizeof err)) {
      snprintf(note, sizeof note, "%s: %s", z->name, err);
      json_array_append_new(json_object_get(run, "build_notes"), json_string(note));
    } else {
      json_array_append_new(json_object_get(run, "built"), json_string(z->name));
    }
  }
  char dir[PATH_MAX + 64], err[1024], note[1400];
  snprintf(dir, sizeof dir, "%s/run/%s", a->out, a->cuda_cfg[0] ? a->cuda_cfg : "cuda");
  ok_mkdirs(dir);
  int cu = build_cuda(a, dir, err, sizeof err);
  if (cu == 0) json_array_append_new(json_object_get(run, "built"), json_string(a->cuda_cfg));
  else if (cu < 0) snprintf(note, sizeof note, "CUDA form: %s", err), json_array_append_new(json_object_get(run, "build_notes"), json_string(note));
  if (cu > 0) rmdir(dir);
  write_script(a, json_object_get(run, "built"));
  json_object_set_new(a->doc, "run", run);
  return 0;
}

/* The region (file:line) a launched kernel was made for, from the analysis. */
static void region_of(json_t *doc, const char *cfg, const char *kernel, char *out, size_t n) {
  size_t i;
  json_t *r;
  snprintf(out, n, "?");
  json_array_foreach(json_object_get(doc, "regions"), i, r) {
    json_t *e = json_object_get(json_object_get(r, "configs"), cfg);
    int line = (int)json_integer_value(json_object_get(r, "line"));
    if (!strcmp(str(e, "kernel"), kernel) || (!e && ok_kernel_for_line(kernel, line)) || ok_kernel_for_line(kernel, line)) {
      const char *f = str(r, "file"), *b = strrchr(f, '/');
      snprintf(out, n, "%s:%d", b ? b + 1 : f, line);
      return;
    }
  }
}

/* Per launch, from libomptarget's profile (a Chrome trace, LIBOMPTARGET_PROFILE with
 * LIBOMPTARGET_PROFILE_GRANULARITY=0 so that no short event is dropped): each "Runtime: target
 * exe" event (LLVM 16: "targetKernel"), the target construct, less the host-to-device copies inside it (its map(to:)
 * clauses: XSBench and RSBench map their whole data set in the directive, 0.77 s of XSBench's
 * 0.98 s on an H100). What is left is the kernel and the copies back (the first of which waits
 * for the kernel). The "Runtime: syncronize" that waits for the kernel lies inside the construct's
 * event (LLVM 19): adding it counted the kernel twice (su3_bench v4: 24.9 ms a launch against
 * its own 12.6 ms). The events do not name the kernel: the i-th construct is the i-th launch
 * line. Returns how many launches have a time (0 when the counts do not pair); h2d[i] the copies. */
static size_t profile_times(const char *profile, double *us, double *h2d, size_t nlaunch) {
  json_t *j = json_load_file(profile, 0, NULL), *e;
  size_t i, n = 0;
  json_t *ev = json_is_array(j) ? j : json_object_get(j, "traceEvents");
  /* LLVM 16's runtime names the construct "targetKernel" and its copies to the device (with their
   * allocations) "mappingBeforeTargetRegion": the same difference, the kernel and the copies back. */
  const char *construct = "targetKernel", *h2d_name = "mappingBeforeTargetRegion";
  json_array_foreach(ev, i, e) if (!strcmp(str(e, "name"), "Runtime: target exe")) construct = "Runtime: target exe", h2d_name = "HostToDev";
  json_array_foreach(ev, i, e) {
    if (strcmp(str(e, "name"), construct)) continue;
    double ts = json_number_value(json_object_get(e, "ts")), d = json_number_value(json_object_get(e, "dur")), copies = 0;
    size_t k;
    json_t *x;
    json_array_foreach(ev, k, x) { /* the copies in [ts, ts + d] */
      double xt = json_number_value(json_object_get(x, "ts"));
      if (!strcmp(str(x, "name"), h2d_name) && xt >= ts && xt <= ts + d) copies += json_number_value(json_object_get(x, "dur"));
    }
    if (n < nlaunch) us[n] = d - copies, h2d[n] = copies;
    ++n;
  }
  json_decref(j);
  return n == nlaunch ? n : 0;
}

/* A launch line of libgomp's GOMP_DEBUG=1 ("GOMP_OFFLOAD_run: kernel K: launch [(teams: T), 1, 1]
 * [(lanes: 32), (threads: W), 1]": W warps of 32 lanes) or of the CUDA-event shim
 * ("ompkit-cuda-event: kernel K grid X,Y,Z block X,Y,Z ms T"); 0, or -1 for any other line. */
static int other_launch(const char *line, struct ok_launch *l, double *ms) {
  const char *p = strstr(line, "GOMP_OFFLOAD_run: kernel ");
  unsigned g[3], b[3];
  *ms = -1;
  if (p) {
    p += 25;
    const char *e = strstr(p, ": launch");
    const char *t = strstr(line, "(teams: "), *w = strstr(line, "(threads: ");
    if (!e || !t || !w || (size_t)(e - p) >= sizeof l->kernel) return -1;
    snprintf(l->kernel, sizeof l->kernel, "%.*s", (int)(e - p), p);
    l->blocks = atol(t + 8), l->threads = 32 * atol(w + 10);
    snprintf(l->mode, sizeof l->mode, "gomp: %ld warps", l->threads / 32);
    return 0;
  }
  if (strncmp(line, "ompkit-cuda-event: kernel ", 26) ||
      sscanf(line + 26, "%511s grid %u,%u,%u block %u,%u,%u ms %lf", l->kernel, &g[0], &g[1], &g[2], &b[0], &b[1], &b[2], ms) != 8)
    return -1;
  l->blocks = (long)g[0] * g[1] * g[2], l->threads = (long)b[0] * b[1] * b[2];
  snprintf(l->mode, sizeof l->mode, "CUDA");
  return 0;
}

static void join_config(json_t *doc, const char *dir, const char *cfg, json_t *launches, json_t *notes) {
  char p[PATH_MAX + 64], line[4096];
  snprintf(p, sizeof p, "%s/run/%s/events.txt", dir, cfg);
  int events = !access(p, R_OK); /* the CUDA form: its launches are the shim's lines */
  if (!events) snprintf(p, sizeof p, "%s/run/%s/output.txt", dir, cfg);
  FILE *f = fopen(p, "r");
  if (!f) return;
  json_t *agg = json_object(), *order = json_array(); /* kernel -> {n, shape, mode, us}; launch order */
  while (fgets(line, sizeof line, f)) {
    struct ok_launch l;
    double ms = -1;
    if (ok_launch_parse(line, &l) && other_launch(line, &l, &ms)) continue;
    json_array_append_new(order, json_string(l.kernel));
    json_t *k = json_object_get(agg, l.kernel);
    if (!k) json_object_set_new(agg, l.kernel, k = json_pack("{s:i,s:s,s:s,s:f,s:i}", "n", 0, "shape", "", "mode", l.mode, "us", 0.0, "timed", 0));
    if (ms >= 0) { /* CUDA events: the time is on the line */
      json_object_set_new(k, "us", json_real(json_real_value(json_object_get(k, "us")) + 1000 * ms));
      json_object_set_new(k, "timed", json_integer(json_integer_value(json_object_get(k, "timed")) + 1));
    }
    json_object_set_new(k, "n", json_integer(json_integer_value(json_object_get(k, "n")) + 1));
    char shape[64], all[512];
    snprintf(shape, sizeof shape, "%ld x %ld", l.blocks, l.threads);
    if (!strstr(str(k, "shape"), shape)) {
      snprintf(all, sizeof all, "%s%s%s", str(k, "shape"), str(k, "shape")[0] ? ", " : "", shape);
      json_object_set_new(k, "shape", json_string(all));
    }
  }
  fclose(f);
  size_t nl = json_array_size(order), i;
  double *us = calloc(nl + 1, sizeof *us), *h2d = calloc(nl + 1, sizeof *h2d);
  snprintf(p, sizeof p, "%s/run/%s/profile.json", dir, cfg);
  size_t timed = nl && !events ? profile_times(p, us, h2d, nl) : 0;
  json_t *kn_j;
  json_array_foreach(order, i, kn_j) if (timed) {
    json_t *k = json_object_get(agg, json_string_value(kn_j));
    json_object_set_new(k, "us", json_real(json_real_value(json_object_get(k, "us")) + us[i]));
    json_object_set_new(k, "h2d", json_real(json_real_value(json_object_get(k, "h2d")) + h2d[i]));
  }
  free(us), free(h2d);
  snprintf(p, sizeof p, "%s/run/%s/exit-code.txt", dir, cfg);
  FILE *x = fopen(p, "r");
  int code = -1;
  if (x && fscanf(x, "%d", &code) != 1) code = -1;
  if (x) fclose(x);
  snprintf(line, sizeof line, "%s: the program exited %d (output: run/%s/output.txt)%s%s", cfg, code, cfg,
           nl ? "" : events ? "; no kernel launch seen by the CUDA-event shim" : "; no LIBOMPTARGET_INFO or GOMP_DEBUG launch line (nothing reached the device?)",
           events ? "; kernel times from CUDA events around each launch"
           : nl && !timed ? "; no kernel times (libgomp has no profile; or the profile's events do not pair with the launches)" : "");
  json_array_append_new(notes, json_string(line));
  const char *kn;
  json_t *k;
  json_object_foreach(agg, kn, k) {
    char reg[PATH_MAX], n[32], t[160];
    long cnt = (long)json_integer_value(json_object_get(k, "n"));
    double tot = json_real_value(json_object_get(k, "us"));
    if (events) snprintf(reg, sizeof reg, "CUDA form");
    else region_of(doc, cfg, kn, reg, sizeof reg);
    snprintf(n, sizeof n, "%ld", cnt);
    long ne = (long)json_integer_value(json_object_get(k, "timed"));
    if (events && ne) snprintf(t, sizeof t, "%.1f us per launch (CUDA events)", tot / (double)ne);
    else if (timed)
      snprintf(t, sizeof t, "%.1f us per launch (target exe less its %.1f us of host-to-device copies)", tot / (double)cnt,
               json_real_value(json_object_get(k, "h2d")) / (double)cnt);
    else snprintf(t, sizeof t, "-");
    json_array_append_new(launches, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:f}", OK_FNAME(config), cfg, "region", reg, OK_FNAME(kernel), kn,
                                              "launches", n, "shape", str(k, "shape"), "mode", str(k, "mode"), "time", t,
                                              "us_total", timed || (events && ne) ? tot : -1.0));
  }
  json_decref(agg);
  json_decref(order);
}

static int by_time(const void *x, const void *y) {
  double a = json_real_value(json_object_get(*(json_t *const *)x, "us_total"));
  double b = json_real_value(json_object_get(*(json_t *const *)y, "us_total"));
  return a < b ? 1 : a > b ? -1 : 0;
}

/* The timed launch rows of one configuration (cfg NULL: the CUDA form's), costliest first. */
static size_t timed_rows(json_t *launches, const char *cfg, json_t **out, size_t cap, double *sum) {
  size_t i, n = 0;
  json_t *l;
  *sum = 0;
  json_array_foreach(launches, i, l) {
    int cuda = !strcmp(str(l, "mode"), "CUDA");
    if (json_real_value(json_object_get(l, "us_total")) <= 0 || cuda != !cfg || (cfg && strcmp(str(l, "config"), cfg))) continue;
    *sum += json_real_value(json_object_get(l, "us_total"));
    if (n < cap) out[n++] = l;
  }
  qsort(out, n, sizeof *out, by_time);
  return n;
}

static json_t *pair(const char *cfg, const char *region, const char *kernel, double omp_us, long omp_n, double cu_us,
                    long cu_n, const char *how) {
  return json_pack("{s:s,s:s,s:s,s:f,s:I,s:f,s:I,s:f,s:s}", OK_FNAME(config), cfg, "region", region, "cuda_kernel", kernel,
                   "omp_ms", omp_us / 1000, "omp_launches", (json_int_t)omp_n, "cuda_ms", cu_us / 1000, "cuda_launches",
                   (json_int_t)cu_n, "ratio", omp_us / cu_us, "pairing", how);
}

/* A function's name as written ("combined" for _Z8combinedPjl, N...E's last part for a nested one). */
static void plain_name(const char *m, char *out, size_t n) {
  snprintf(out, n, "%s", m);
  if (strncmp(m, "_Z", 2)) return;
  const char *p = m + 2;
  long len = 0;
  if (*p == 'N') /* a nested name: its last component */
    for (++p; *p >= '0' && *p <= '9'; p += len) {
      len = strtol(p, (char **)&p, 10);
      if (len <= 0 || (long)strlen(p) < len) return;
      snprintf(out, n, "%.*s", (int)len, p);
    }
  else if ((len = strtol(p, (char **)&p, 10)) > 0 && (long)strlen(p) >= len)
    snprintf(out, n, "%.*s", (int)len, p);
}

/* Whether the CUDA kernel has the name of the function that holds the OpenMP region. */
static int same_name(json_t *om, json_t *cu) {
  struct ok_offload_sym o;
  char a[512], b[512];
  if (ok_offload_sym_parse(str(om, "kernel"), &o)) return 0;
  plain_name(o.parent, a, sizeof a), plain_name(str(cu, "kernel"), b, sizeof b);
  return a[0] && !strcmp(a, b);
}

static void add_pair(json_t *out, const char *cfg, json_t *om, json_t *cu, const char *how) {
  long on = atol(str(om, "launches")), cn = atol(str(cu, "launches"));
  char h[256];
  snprintf(h, sizeof h, "%s%s", how, on == cn ? "" : "; the launch counts differ: the ratio is of the totals");
  json_array_append_new(out, pair(cfg, str(om, "region"), str(cu, "kernel"), json_real_value(json_object_get(om, "us_total")), on,
                                  json_real_value(json_object_get(cu, "us_total")), cn, h));
}

/* The OpenMP regions beside the CUDA form's kernels (issue 30 §5), per configuration: a region
 * whose enclosing function has a CUDA kernel's name goes with it; the others by rank of kernel
 * time (the costliest left with the costliest left): the two forms' kernels share no source line,
 * and a program's CUDA form does the same work in the same order of cost. The ratio is of the
 * total kernel times (the same work when the pairing is right, whatever the launch counts); a
 * line for the whole program adds every timed kernel on each side. */
static json_t *cuda_compare(json_t *launches) {
  json_t *out = json_array(), *cu[64], *om[64], *l;
  double cu_sum, om_sum;
  size_t ncu = timed_rows(launches, NULL, cu, 64, &cu_sum), i;
  json_t *seen = json_object();
  json_array_foreach(launches, i, l) {
    const char *cfg = str(l, "config");
    if (!ncu || !strcmp(str(l, "mode"), "CUDA") || json_object_get(seen, cfg)) continue;
    json_object_set_new(seen, cfg, json_true());
    size_t nom = timed_rows(launches, cfg, om, 64, &om_sum), ucu[64] = {0}, uom[64] = {0};
    for (size_t k = 0; k < nom; ++k)
      for (size_t c = 0; c < ncu && !uom[k]; ++c)
        if (!ucu[c] && same_name(om[k], cu[c])) ucu[c] = uom[k] = 1, add_pair(out, cfg, om[k], cu[c], "the kernel has the name of the region's function");
    for (size_t k = 0, c = 0; k < nom; ++k) {
      while (c < ncu && ucu[c]) ++c;
      if (uom[k] || c == ncu) continue;
      add_pair(out, cfg, om[k], cu[c], "the same rank by kernel time on both sides");
      ucu[c] = 1;
    }
    if (nom) {
      long on = 0, cn = 0;
      for (size_t k = 0; k < nom; ++k) on += atol(str(om[k], "launches"));
      for (size_t k = 0; k < ncu; ++k) cn += atol(str(cu[k], "launches"));
      json_array_append_new(out, pair(cfg, "the program", "every kernel", om_sum, on, cu_sum, cn, "every timed kernel on each side"));
    }
  }
  json_decref(seen);
  return out;
}

/* --run-built: the analysis of a folder made with --build-only. */
static int reload(struct az *a, const char *dir) {
  char p[PATH_MAX + 32];
  snprintf(p, sizeof p, "%s/analysis.json", dir);
  json_error_t je;
  if (!(a->doc = json_load_file(p, 0, &je))) return ok_err("analyze: %s: %s", p, je.text), -1;
  snprintf(a->out, sizeof a->out, "%s", dir);
  json_t *cs = json_object_get(a->doc, "configs"), *c;
  size_t i;
  a->cfgs = calloc(json_array_size(cs) + 1, sizeof *a->cfgs);
  json_array_foreach(cs, i, c) a->cfgs[a->ncfgs++].name = str(c, "name");
  a->nfiles = (int)json_array_size(json_object_get(a->doc, "files"));
  if (!json_object_get(a->doc, "run")) return ok_err("analyze: %s was built without --build-only or --run", dir), -1;
  return 0;
}

int az_run_programs(struct az *a, const char *dir) {
  if (!a->doc && reload(a, dir)) return OK_EXIT_USAGE;
  json_t *run = json_object_get(a->doc, "run"), *launches = json_array(), *b;
  json_t *notes = json_deep_copy(json_object_get(run, "build_notes")); /* a --run-built again starts afresh */
  json_object_set_new(run, "notes", notes);
  int gpu = !access("/dev/nvidiactl", F_OK) || !access("/dev/nvidia0", F_OK);
  char p[PATH_MAX + 64], cmd[PATH_MAX + 80];
  snprintf(p, sizeof p, "%s/run/%s/output.txt", dir, str(json_array_get(json_object_get(run, "built"), 0), ""));
  size_t i;
  json_array_foreach(json_object_get(run, "built"), i, b) snprintf(p, sizeof p, "%s/run/%s/output.txt", dir, json_string_value(b));
  if (access(p, R_OK) && gpu) {
    snprintf(cmd, sizeof cmd, "sh '%s/run/run.sh'", dir);
    if (system(cmd)) json_array_append_new(notes, json_string("run.sh failed"));
  } else if (access(p, R_OK)) {
    json_array_append_new(notes, json_string("no GPU on this machine: nothing ran; the compile data above stands. Run "
                                             "run/run.sh where a GPU is, then `ompkit analyze --run-built DIR`."));
  }
  json_array_foreach(json_object_get(run, "built"), i, b) join_config(a->doc, dir, json_string_value(b), launches, notes);
  json_object_set_new(run, "launches", launches);
  json_object_set_new(run, "cuda_compare", cuda_compare(launches));
  json_object_set_new(run, "gpu_here", json_boolean(gpu));
  snprintf(p, sizeof p, "%s/analysis.json", dir);
  char *s = json_dumps(a->doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  if (s) ok_write_atomic(p, s, strlen(s));
  free(s);
  if (a->nfiles && a->ncfgs && !a->vars) {
    az_write_reports(a);
    az_print_table(a);
  }
  return OK_EXIT_OK;
}
