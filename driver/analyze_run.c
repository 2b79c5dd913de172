/* ompkit analyze --run / --build-only / --run-built: the program (the files have their own main)
 * linked per runnable configuration into OUT/run/<config>/prog, run by OUT/run/run.sh with
 * OMP_TARGET_OFFLOAD=MANDATORY, LIBOMPTARGET_INFO=16 and LIBOMPTARGET_PROFILE, and the
 * runtime's launch lines joined to the regions. The split lets the build happen where the
 * compilers are and the run where the GPU is (the GPU machine has no clang): --build-only here,
 * `sh OUT/run/run.sh` there (with the runtime on LD_LIBRARY_PATH), --run-built OUT here. */
#define _GNU_SOURCE
#include "analyze.h"
#include "check.h"
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

/* Links one configuration's program; 0, or -1 with the first error in err. */
static int link_one(struct az *a, const struct az_cfg *c, const char *dir, char *err, size_t en) {
  int cxx = 0;
  for (int f = 0; f < a->nfiles; ++f) cxx |= az_is_cxx(a->files[f]);
  const char *cc = cxx ? c->cxx : c->cc;
  if (!cc || !cc[0]) return snprintf(err, en, "not built: no C++ compiler"), -1;
  char cmd[16384], log[PATH_MAX + 32];
  snprintf(log, sizeof log, "%s/link.txt", dir);
  FILE *m = fmemopen(cmd, sizeof cmd, "w");
  fprintf(m, "%s %s", cc, c->flags);
  for (int i = 0; i < a->nuser_flags; ++i) fputc(' ', m), shell_quote(m, a->user_flags[i]);
  for (int f = 0; f < a->nfiles; ++f) fputc(' ', m), shell_quote(m, a->files[f]);
  fprintf(m, " -o '%s/prog' %s >'%s' 2>&1", dir, c->link, log);
  fclose(m);
  if (system(cmd) == 0) return 0;
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
    fprintf(f, "( cd '%s' && OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 LIBOMPTARGET_PROFILE=profile.json "
               "timeout 300 ./prog", n);
    for (int k = 0; k < a->nprog_args; ++k) fputc(' ', f), shell_quote(f, a->prog_args[k]);
    fprintf(f, " >output.txt 2>&1; echo $? >exit-code.txt )\n");
  }
  fclose(f);
  chmod(p, 0755);
}

int az_build_programs(struct az *a) {
  json_t *run = json_pack("{s:[],s:[],s:[]}", "built", "notes", "args");
  for (int k = 0; k < a->nprog_args; ++k) json_array_append_new(json_object_get(run, "args"), json_string(a->prog_args[k]));
  for (int c = 0; c < a->ncfgs; ++c) {
    const struct az_cfg *z = &a->cfgs[c];
    char dir[PATH_MAX + 64], err[1024], note[1400];
    if (z->compile_only || (z->not_runnable && z->not_runnable[0])) {
      snprintf(note, sizeof note, "%s: not runnable: %s", z->name, z->not_runnable && z->not_runnable[0] ? z->not_runnable : "compile data only");
      json_array_append_new(json_object_get(run, "notes"), json_string(note));
      continue;
    }
    snprintf(dir, sizeof dir, "%s/run/%s", a->out, z->name);
    ok_mkdirs(dir);
    if (link_one(a, z, dir, err, sizeof err)) {
      snprintf(note, sizeof note, "%s: %s", z->name, err);
      json_array_append_new(json_object_get(run, "notes"), json_string(note));
    } else {
      json_array_append_new(json_object_get(run, "built"), json_string(z->name));
    }
  }
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

/* Kernel time from libomptarget's profile (a Chrome trace): the events whose detail names the
 * kernel, else none. */
static double kernel_us(const char *profile, const char *kernel, int *events) {
  json_t *j = json_load_file(profile, 0, NULL), *e;
  size_t i;
  double us = 0;
  *events = 0;
  json_array_foreach(json_object_get(j, "traceEvents"), i, e) {
    const char *d = str(json_object_get(e, "args"), "detail");
    if (strstr(str(e, "name"), "Kernel") && strstr(d, kernel)) us += json_number_value(json_object_get(e, "dur")), ++*events;
  }
  json_decref(j);
  return us;
}

static void join_config(json_t *doc, const char *dir, const char *cfg, json_t *launches, json_t *notes) {
  char p[PATH_MAX + 64], line[4096];
  snprintf(p, sizeof p, "%s/run/%s/output.txt", dir, cfg);
  FILE *f = fopen(p, "r");
  if (!f) return;
  json_t *agg = json_object(); /* kernel -> {n, shapes, mode} */
  while (fgets(line, sizeof line, f)) {
    struct ok_launch l;
    if (ok_launch_parse(line, &l)) continue;
    json_t *k = json_object_get(agg, l.kernel);
    if (!k) json_object_set_new(agg, l.kernel, k = json_pack("{s:i,s:s,s:s}", "n", 0, "shape", "", "mode", l.mode));
    json_object_set_new(k, "n", json_integer(json_integer_value(json_object_get(k, "n")) + 1));
    char shape[64], all[512];
    snprintf(shape, sizeof shape, "%ld x %ld", l.blocks, l.threads);
    if (!strstr(str(k, "shape"), shape)) {
      snprintf(all, sizeof all, "%s%s%s", str(k, "shape"), str(k, "shape")[0] ? ", " : "", shape);
      json_object_set_new(k, "shape", json_string(all));
    }
  }
  fclose(f);
  snprintf(p, sizeof p, "%s/run/%s/exit-code.txt", dir, cfg);
  FILE *x = fopen(p, "r");
  int code = -1;
  if (x && fscanf(x, "%d", &code) != 1) code = -1;
  if (x) fclose(x);
  snprintf(line, sizeof line, "%s: the program exited %d (output: run/%s/output.txt)%s", cfg, code, cfg,
           json_object_size(agg) ? "" : "; no launch line: did it reach a target region on the device?");
  json_array_append_new(notes, json_string(line));
  const char *kn;
  json_t *k;
  snprintf(p, sizeof p, "%s/run/%s/profile.json", dir, cfg);
  json_object_foreach(agg, kn, k) {
    char reg[PATH_MAX], n[32], t[64];
    int ev = 0;
    double us = kernel_us(p, kn, &ev);
    region_of(doc, cfg, kn, reg, sizeof reg);
    snprintf(n, sizeof n, "%lld", (long long)json_integer_value(json_object_get(k, "n")));
    if (ev) snprintf(t, sizeof t, "%.1f us (%d events)", us, ev);
    else snprintf(t, sizeof t, "not in the profile");
    json_array_append_new(launches, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "config", cfg, "region", reg, "kernel", kn,
                                              "launches", n, "shape", str(k, "shape"), "mode", str(k, "mode"), "time", t));
  }
  json_decref(agg);
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
  json_t *run = json_object_get(a->doc, "run"), *launches = json_array(), *notes = json_object_get(run, "notes"), *b;
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
