/* ompkit analyze FILE... : what each configuration (and each what-if flag) made of every target
 * region of any C or C++ source, with no registration (docs/analyze.md). Exit 0, 1 an EXPECT
 * line fails (as `ompkit check`) or no configuration compiled the files, 2 usage or bad input. */
#define _GNU_SOURCE
#include "analyze.h"
#include "check.h"
#include "expect.h"
#include "ok_record.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *f) {
  fprintf(f,
          "usage: ompkit analyze FILE... [-p|--build-dir BUILD_DIR] [--cuda-program FILE|BUILD_DIR] [--configs A,B]\n"
          "                      [--out DIR] [--json] [--no-whatif] [--whatif-configs A,B|all] [--whatif-flags F,G]\n"
          "                      [--jobs N] [--allow-compile-failures] [--run [-- ARGS --]] [--build-only]\n"
          "                      [--from-build] [--help] [-- FLAGS]\n"
          "       ompkit analyze -p BUILD_DIR [-p CUDA_BUILD_DIR] [FILE...] [options] [-- FLAGS]\n"
          "       ompkit analyze --run-built DIR\n"
          "  Compiles the program (C or C++ translation units) with each omp_target configuration and each\n"
          "  what-if flag, and reports per target region the compiler emitted (file:line of the directive,\n"
          "  headers included, one row per template instance): mode, remarks, resources of the linked\n"
          "  kernel, globalization, lowering in words, what each flag changes, EXPECT verdicts.\n"
          "  -p, --build-dir BUILD_DIR  the translation units and their flags from BUILD_DIR/compile_commands.json\n"
          "                  (FILEs, if given, pick units of it); a FILE.json names the database itself\n"
          "  --configs A,B   these configurations (default: every enabled omp_target one that has a\n"
          "                  build of its own, the openmp-opt ablation ones left out)\n"
          "  --out DIR       output folder (default analyze/<stamp>): analysis.json, report.md, report.html\n"
          "  --json          print analysis.json on stdout instead of the table\n"
          "  --no-whatif     skip the what-if compiles\n"
          "  --whatif-configs A,B|all  the configurations compiled with each what-if flag (default: the\n"
          "                  reference one, the first LLVM configuration outside the compiler matrix)\n"
          "  --whatif-flags F,G  only these what-if flags, by short name: no-nested-parallelism,\n"
          "                  no-thread-state, teams-oversubscription, threads-oversubscription, cuda-mode\n"
          "  --jobs N        compiles in parallel (default: one per core)\n"
          "  --allow-compile-failures  exit 0 even when a configuration failed, crashed or dropped a region\n"
          "  --run           also link the program per runnable configuration and run it with\n"
          "                  OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 (ARGS: its arguments)\n"
          "  --build-only    link the programs into DIR/run/ and stop (run them where the GPU is\n"
          "                  with `ompkit analyze --run-built DIR`)\n"
          "  --run-built DIR read the runs of a folder built with --build-only\n"
          "  --from-build    compile nothing: read what the kit's build left for these (kit) sources in\n"
          "                  each configuration's artefacts (to compare with an outside copy's analysis)\n"
          "  -- FLAGS        extra compile flags for every unit (-I, -D, ...); an offload target in them\n"
          "                  (-Xopenmp-target -march=sm_80, --offload-arch=sm_80) is used by every\n"
          "                  configuration and said in the report's first line; a non-NVIDIA one is refused\n"
          "  --cuda-program FILE|BUILD_DIR  the same program's CUDA build: a source, or a compile database\n"
          "                  (a second -p says the same); with --run built with nvcc (each unit with its own\n"
          "                  flags, the OpenMP program's GPU target), run with ARGS, each kernel launch timed\n"
          "                  with CUDA events, and its kernels set beside the regions with the OpenMP/CUDA ratio\n"
          "  FILE.cu         a CUDA form's source named among the files: as --cuda-program FILE.cu\n"
          "  A header (FILE.h, .hpp) is not compiled as a unit; Fortran is refused.\n"
          "exit: 0 every configuration compiled the program; 1 a configuration failed, crashed or dropped a\n"
          "  region (unless --allow-compile-failures), or an EXPECT line fails; 2 usage or bad input\n");
}

static int fail_usage(const char *msg, const char *arg) {
  ok_err("analyze: %s%s%s", msg, arg ? " " : "", arg ? arg : "");
  return OK_EXIT_USAGE;
}

/* Options; 0, -1 after --help, or the exit status of a usage error. getopt_long returns the
 * files in order ("-"), so `--run -- ARGS [--] FLAGS` and `-- FLAGS` are read where they stand. */
static int parse(struct az *a, int argc, char **argv, const char **configs, const char **run_built) {
  static const struct option lo[] = {
      {"help", 0, 0, 'h'},          {"json", 0, 0, 'j'},         {"no-whatif", 0, 0, 'W'},
      {"build-only", 0, 0, 'b'},    {"from-build", 0, 0, 'F'},   {"run", 0, 0, 'r'},
      {"configs", 1, 0, 'c'},       {"out", 1, 0, 'o'},          {"jobs", 1, 0, 'J'},
      {"run-built", 1, 0, 'R'},     {"whatif-configs", 1, 0, 'C'}, {"whatif-flags", 1, 0, 'f'},
      {"build-dir", 1, 0, 'p'},     {"allow-compile-failures", 0, 0, 'A'}, {"cuda-program", 1, 0, 'U'},
      {0, 0, 0, 0}};
  char **names = calloc((size_t)argc + 1, sizeof *names), **cuda = calloc((size_t)argc + 1, sizeof *cuda);
  int ncuda = 0;
  const char *dbdir = NULL;
  int nnames = 0, ch, rc, flags_done = 0;
  opterr = 0;
  optind = 0; /* a full restart, so the "-" of the option string takes effect */
  while (!flags_done && (ch = getopt_long(argc, argv, "-hp:", lo, NULL)) != -1) {
    switch (ch) {
    case 'h': return usage(stdout), -1;
    case 'j': a->json = 1; break;
    case 'W': a->whatif = 0; break;
    case 'b': a->build_only = 1; break;
    case 'F': a->from_build = 1, a->whatif = 0; break;
    case 'c': *configs = optarg; break;
    case 'o': snprintf(a->out, sizeof a->out, "%s", optarg); break;
    case 'R': *run_built = optarg; break;
    case 'C': a->whatif_configs = optarg; break;
    case 'f': a->whatif_flags = optarg; break;
    case 'p': /* a second -p is the program's CUDA build (issue 30 §5) */
      if (dbdir) cuda[ncuda++] = optarg;
      else dbdir = optarg;
      break;
    case 'U': cuda[ncuda++] = optarg; break;
    case 'A': a->allow_failures = 1; break;
    case 'J':
      if ((a->jobs = atoi(optarg)) < 1) return fail_usage("--jobs needs a positive number, not", optarg);
      break;
    case 'r':
      a->run = 1;
      if (optind < argc && !strcmp(argv[optind], "--")) { /* --run -- ARGS [--] */
        int i;
        a->prog_args = argv + optind + 1;
        for (i = optind + 1; i < argc && strcmp(argv[i], "--"); ++i) ++a->nprog_args;
        if (i < argc) a->user_flags = argv + i + 1, a->nuser_flags = argc - i - 1;
        flags_done = 1;
      }
      break;
    case 1: names[nnames++] = optarg; break;
    default: return ok_bad_option("analyze", argv);
    }
  }
  /* A "--" ended the options: the compiler flags follow it. */
  if (!flags_done && optind > 1 && optind <= argc && !strcmp(argv[optind - 1], "--"))
    a->user_flags = argv + optind, a->nuser_flags = argc - optind;
  for (const char *p = a->whatif_flags; p && *p;) {
    const char *e = strchr(p, ',');
    char n[128];
    snprintf(n, sizeof n, "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
    int ok = 0;
    for (int w = 0; w < az_nwhatif; ++w) ok |= !strcmp(n, az_whatif_short(az_whatif_flags[w]));
    if (!ok) return fail_usage("unknown what-if flag (see ompkit analyze --help):", n);
    p = e ? e + 1 : p + strlen(p);
  }
  if (*run_built) return 0;
  if (!nnames && !dbdir) return fail_usage("give at least one source file or -p BUILD_DIR (see ompkit analyze --help)", NULL);
  rc = dbdir ? az_add_compdb(a, dbdir, names, nnames) : az_add_files(a, names, nnames);
  for (int k = 0; !rc && k < ncuda; ++k) rc = az_add_cuda_program(a, cuda[k]);
  if (rc) return rc;
  if (!a->ntus)
    return fail_usage(json_array_size(a->headers) ? "only headers given: name the files that include them (or -p BUILD_DIR):"
                                                  : "no translation unit to analyze in",
                      json_array_size(a->headers) ? json_string_value(json_array_get(a->headers, 0)) : dbdir ? dbdir : "the files");
  az_finish_tus(a);
  return 0;
}

static int in_list(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; p && *p;) {
    const char *e = strchr(p, ',');
    size_t l = e ? (size_t)(e - p) : strlen(p);
    if (l == n && !strncmp(p, name, n)) return 1;
    p = e ? e + 1 : NULL;
  }
  return 0;
}

static const char *jstr(json_t *o, const char *k) {
  const char *s = json_string_value(json_object_get(o, k));
  return s ? s : "";
}

/* The configurations to compile with; 0, or an exit status. */
static int pick_configs(struct az *a, const struct ok_manifest *m, const char *want) {
  a->cfgs = calloc((size_t)m->n + 1, sizeof *a->cfgs);
  json_t *arr = json_object_get(m->root, "configs");
  for (int i = 0; i < m->n; ++i) {
    const struct ok_config *c = &m->configs[i];
    json_t *j = json_array_get(arr, (size_t)i);
    const char *flags = jstr(j, "compile_flags");
    int dup = 0;
    for (int q = 0; q < a->ncfgs; ++q) dup |= !strcmp(a->cfgs[q].oc.artefacts, c->artefacts);
    if (want ? !in_list(want, c->name) : (c->model_id != OKM_OMP_TARGET || !c->enabled || dup || strstr(flags, "-mllvm")))
      continue;
    if (c->model_id != OKM_OMP_TARGET || !c->enabled || !flags[0])
      return fail_usage(!c->enabled ? "configuration is disabled:" : "not an omp_target configuration (or a build "
                        "without compile_flags: rebuild):", c->name);
    struct az_cfg *z = &a->cfgs[a->ncfgs++];
    z->oc = *c;
    z->name = c->name, z->cc = c->compiler, z->cxx = jstr(j, "cxx_compiler");
    const char *fam = ok_target_family(c->offload_arch);
    z->amd = fam && !strcmp(fam, "amdgpu");
    /* the program's offload target; an AMD configuration keeps its own architecture */
    z->flags = z->amd ? strdup(flags) : az_target_flags(a, flags, strstr(flags, "-foffload=") != NULL);
    z->link = jstr(j, "link_flags"), z->version = c->compiler_version, z->not_runnable = c->not_runnable;
    z->cxx_why = z->cxx[0] ? "" : "this configuration has no C++ compiler";
    z->gcc = strstr(flags, "-foffload=") != NULL, z->compile_only = strstr(flags, "-nogpulib") != NULL || z->amd;
  }
  if (want)
    for (const char *p = want; *p;) {
      const char *e = strchr(p, ',');
      char n[256];
      snprintf(n, sizeof n, "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
      int found = 0;
      for (int q = 0; q < a->ncfgs; ++q) found |= !strcmp(a->cfgs[q].name, n);
      if (!found) return fail_usage("no such configuration (ompkit list --configs):", n);
      p = e ? e + 1 : p + strlen(p);
    }
  if (!a->ncfgs) return fail_usage("no omp_target configuration is enabled (ompkit list --configs says why)", NULL);
  return 0;
}

/* One variant per configuration, and per what-if flag of every LLVM one (a flag the
 * configuration already has is left out: target-clang19-cudamode and -fopenmp-cuda-mode). */
static int whatif_for(const struct az *a, int c) {
  const struct az_cfg *z = &a->cfgs[c];
  if (!a->whatif || z->gcc) return 0;
  if (a->whatif_configs) return !strcmp(a->whatif_configs, "all") || in_list(a->whatif_configs, z->name);
  for (int q = 0; q < a->ncfgs; ++q)
    if (!a->cfgs[q].gcc && !a->cfgs[q].oc.matrix) return q == c;
  return c == 0 || (c == 1 && a->cfgs[0].gcc);
}

static void make_variants(struct az *a) {
  a->vars = calloc((size_t)a->ncfgs * (size_t)(az_nwhatif + 1), sizeof *a->vars);
  for (int c = 0; c < a->ncfgs; ++c)
    for (int w = -1; w < (whatif_for(a, c) ? az_nwhatif : 0); ++w) {
      if (w >= 0 && strstr(a->cfgs[c].flags, az_whatif_flags[w])) continue;
      if (w >= 0 && a->whatif_flags && !in_list(a->whatif_flags, az_whatif_short(az_whatif_flags[w]))) continue;
      struct az_variant *v = &a->vars[a->nvars++];
      v->cfg = c;
      v->whatif = w >= 0 ? az_whatif_flags[w] : NULL;
      if (a->from_build) {
        snprintf(v->dir, sizeof v->dir, "%s", a->cfgs[c].oc.artefacts);
        continue;
      }
      snprintf(v->dir, sizeof v->dir, "%s/build/%s%s%s", a->out, a->cfgs[c].name, w >= 0 ? "/whatif-" : "",
               w >= 0 ? az_whatif_short(az_whatif_flags[w]) : "");
    }
}

static json_t *configs_doc(const struct az *a) {
  json_t *arr = json_array();
  for (int c = 0; c < a->ncfgs; ++c) {
    const struct az_cfg *z = &a->cfgs[c];
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:s}", "name", z->name, OK_FNAME(compiler), z->cc, "cxx_compiler", z->cxx,
                          "version", z->version ? z->version : "", "flags", z->flags);
    json_t *wf = json_array();
    for (int v = 0; v < a->nvars; ++v) {
      const struct az_variant *x = &a->vars[v];
      if (x->cfg != c) continue;
      if (!x->whatif) {
        json_object_set_new(j, OK_FNAME(status), json_string(!x->failed ? AZ_ST(OK) : !strncmp(x->error, AZ_ST(NOT_BUILT), 9) ? AZ_ST(NOT_BUILT) : x->crashed ? AZ_ST(CRASHED) : AZ_ST(ERROR)));
        if (x->failed) json_object_set_new(j, OK_FNAME(error), json_string(x->error));
        json_object_set_new(j, "compile_seconds", json_real(x->seconds));
      } else if (x->failed) {
        json_array_append_new(wf, json_pack("{s:s,s:s}", "flag", x->whatif, OK_FNAME(error), x->error));
      }
    }
    json_object_set_new(j, "whatif_failed", wf);
    json_array_append_new(arr, j);
  }
  return arr;
}

/* One file's EXPECT lines (a header's: on the kernels of the unit that includes it). */
static void check_one(struct az_cfg *z, const char *file, const char *unit, json_t *checks, long *hold, long *failed) {
  long h = 0, fl = 0;
  char err[1024];
  if (ok_check_source_in(&z->oc, file, unit, checks, &h, &fl, err, sizeof err)) {
    json_array_append_new(checks, json_pack("{s:s,s:s,s:s,s:s}", CHECK_STATUS, "fail", OK_FNAME(config), z->name, "file", file, "check", err));
    ++fl;
  }
  *hold += h, *failed += fl;
}

/* The files' EXPECT lines against each configuration that `ompkit check` holds to them (the
 * matrix's only when --configs names them), with check's verdicts; a header's lines too, when a
 * region of the program is in it (issue 30 §7). Returns the failures. */
static long check_expect(struct az *a, int named) {
  json_t *checks = json_array();
  long hold = 0, failed = 0;
  for (int v = 0; v < a->nvars; ++v) {
    struct az_variant *x = &a->vars[v];
    struct az_cfg *z = &a->cfgs[x->cfg];
    if (x->whatif || x->failed || z->gcc || (z->oc.matrix && !named)) continue;
    snprintf(z->oc.artefacts, sizeof z->oc.artefacts, "%s", x->dir);
    json_t *done = json_object(); /* a header is judged once, with the first unit that includes it */
    for (int f = 0; f < a->nfiles; ++f) check_one(z, a->files[f], NULL, checks, &hold, &failed);
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(a->doc, "regions"), i, r) {
      const char *p = json_string_value(json_object_get(r, "path"));
      int t = (int)json_integer_value(json_object_get(r, "tu"));
      if (!p || t < 0 || t >= a->ntus || !strcmp(p, a->tus[t].file) || json_object_get(done, p)) continue;
      json_object_set_new(done, p, json_true());
      check_one(z, p, a->tus[t].file, checks, &hold, &failed);
    }
    json_decref(done);
  }
  json_object_set_new(a->doc, "expect", json_pack("{s:I,s:I,s:o}", "hold", (json_int_t)hold, "fail",
                                                  (json_int_t)failed, "checks", checks));
  return failed;
}

static int write_json(const struct az *a) {
  char p[PATH_MAX + 32];
  snprintf(p, sizeof p, "%s/analysis.json", a->out);
  char *s = json_dumps(a->doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  int rc = s ? ok_write_atomic(p, s, strlen(s)) : -1;
  free(s);
  return rc;
}

/* What GCC's device link needs from the build: the offload architecture and CUDA 11.8's tools
 * (the clang configurations' --cuda-path; the kit's .toolchains/cuda-11.8 otherwise); and nvcc,
 * the CUDA configuration's compiler, for a CUDA form (.cu files) under --run. */
static void gcc_tools(struct az *a, const struct ok_manifest *m) {
  const char *arch = json_string_value(json_object_get(m->root, "offload_arch"));
  snprintf(a->arch, sizeof a->arch, "%s", arch ? arch : "sm_90");
  snprintf(a->cuda_bin, sizeof a->cuda_bin, "%s/.toolchains/cuda-11.8/bin", a->src_root);
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(m->root, "configs"), i, c) /* the CUDA form's compiler */
    if (!a->nvcc[0] && !strcmp(jstr(c, "model"), "cuda") && json_is_true(json_object_get(c, "enabled")))
      snprintf(a->nvcc, sizeof a->nvcc, "%s", jstr(c, "compiler")), snprintf(a->cuda_cfg, sizeof a->cuda_cfg, "%s", jstr(c, "name"));
  json_array_foreach(json_object_get(m->root, "configs"), i, c) {
    const char *cp = strstr(jstr(c, "compile_flags"), "--cuda-path=");
    if (!cp) continue;
    snprintf(a->cuda_bin, sizeof a->cuda_bin, "%.*s/bin", (int)strcspn(cp + 12, " \t"), cp + 12);
    break;
  }
}

/* Whether every configuration compiled every unit ("not built": no C++ compiler, is no failure). */
static int no_failure(const struct az *a) {
  for (int v = 0; v < a->nvars; ++v)
    if (!a->vars[v].whatif && a->vars[v].failed && strncmp(a->vars[v].error, "not built", 9)) return 0;
  return 1;
}

/* Findings about the compilers that make exit 1 (issue 30 §4): a configuration that failed on
 * the program or crashed, a region a configuration emitted no kernel for while another did, or a
 * kernel known to be wrong code (issue 33: its loop never runs, or runs the wrong iterations). */
static int compile_findings(const struct az *a) {
  int n = !no_failure(a);
  size_t i;
  json_t *r;
  json_array_foreach(json_object_get(a->doc, "regions"), i, r) {
    const char *cn;
    json_t *e;
    json_object_foreach(json_object_get(r, "configs"), cn, e) /* a drop; a kernel whose loop never runs right */
        n += json_is_true(json_object_get(e, "finding")) || json_is_true(json_object_get(json_object_get(e, "lowering"), "wrong_code"));
  }
  return n;
}

static int analyze(struct az *a, const char *want) {
  struct ok_manifest m;
  if (ok_manifest_load(&m)) return OK_EXIT_USAGE;
  int rc = pick_configs(a, &m, want);
  char keep[PATH_MAX + 32];
  a->src_root = m.source_dir ? m.source_dir : ".";
  snprintf(keep, sizeof keep, "%s/scripts/ptxas-keep.sh", a->src_root);
  if (!rc && access(keep, R_OK)) rc = fail_usage("the kit's scripts/ptxas-keep.sh is not at", keep);
  gcc_tools(a, &m);
  if (!a->out[0]) {
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    snprintf(a->out, sizeof a->out, "analyze/%s", stamp);
  }
  if (!rc && ok_mkdirs(a->out)) rc = fail_usage("cannot create", a->out);
  char real[PATH_MAX]; /* the compiles run in the units' own folders: every path absolute */
  if (!rc && realpath(a->out, real)) snprintf(a->out, sizeof a->out, "%s", real);
  if (rc) return ok_manifest_free(&m), rc;
  make_variants(a);
  for (int t = 0; a->from_build && t < a->ntus; ++t) a->tus[t].has_kernels = 1; /* the build's artefacts say */
  double t0 = ok_now();
  if (!a->from_build && az_compile_all(a)) return ok_manifest_free(&m), fail_usage("cannot start the compilers", NULL);
  double compile_s = ok_now() - t0;
  a->doc = json_object();
  json_t *files = json_array();
  for (int f = 0; f < a->nfiles; ++f) json_array_append_new(files, json_string(a->files[f]));
  json_object_set_new(a->doc, "files", files);
  json_object_set_new(a->doc, "headers", a->headers ? json_incref(a->headers) : json_array());
  json_object_set_new(a->doc, "root", json_string(a->root));
  if (a->arch_user[0])
    json_object_set_new(a->doc, "offload_target", json_pack("{s:s,s:s,s:s}", "arch", a->arch_user, "from", a->arch_said, "build", a->arch));
  json_object_set_new(a->doc, "configs", configs_doc(a));
  az_collect(a);
  if (!json_array_size(json_object_get(a->doc, "regions")) && no_failure(a)) {
    char where[PATH_MAX + 32];
    for (int t = 0; t < a->ntus; ++t) /* a live region no configuration emitted: the compilers' drop */
      if (!az_is_cu(a->files[t]) && !a->cfgs[a->vars[0].cfg].gcc && az_live_target(a, &a->vars[0], t, where, sizeof where)) {
        ok_err("analyze: no configuration emitted an offload kernel, though %s holds a live target region: the "
               "compilers dropped it (compare with another configuration, ompkit list --configs)", where);
        ok_manifest_free(&m);
        return OK_EXIT_FINDING;
      }
    ok_manifest_free(&m);
    return fail_usage(a->nfiles == 1 ? "no target region: no configuration emitted an offload kernel for" :
                      "no target region: no configuration emitted an offload kernel for any of", a->nfiles == 1 ? a->files[0] : "the files");
  }
  az_whatif_diffs(a);
  long failed = check_expect(a, want != NULL);
  json_object_set_new(a->doc, "costly", az_costly(a));
  json_object_set_new(a->doc, "timing", json_pack("{s:f,s:i,s:i}", "compile_seconds", compile_s, "compiles",
                                                  a->ncompiles, "jobs", a->jobs));
  int nok = 0, findings = compile_findings(a);
  for (int v = 0; v < a->nvars; ++v) nok += !a->vars[v].whatif && !a->vars[v].failed;
  if (a->run || a->build_only) {
    az_build_programs(a);
    if (a->run && !a->build_only) az_run_programs(a, a->out);
  }
  write_json(a);
  az_write_reports(a);
  if (a->json) {
    char *s = json_dumps(a->doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (s) puts(s);
    free(s);
  } else {
    az_print_table(a);
  }
  ok_manifest_free(&m);
  return failed || !nok || (findings && !a->allow_failures) ? OK_EXIT_FINDING : OK_EXIT_OK;
}

int cmd_analyze(int argc, char **argv) {
  struct az a = {0};
  a.whatif = 1;
  a.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (a.jobs < 1) a.jobs = 1;
  const char *want = NULL, *run_built = NULL;
  int rc = parse(&a, argc, argv, &want, &run_built);
  if (rc) return rc < 0 ? OK_EXIT_OK : rc;
  if (run_built) return az_run_programs(&a, run_built);
  return analyze(&a, want);
}
