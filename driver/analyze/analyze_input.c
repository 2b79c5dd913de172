/* ompkit analyze: what a program is, as its build builds it (issue 30 §1). The translation units
 * come from the files named on the command line (with `-- FLAGS` for all of them) or from a
 * compile_commands.json (`-p BUILD_DIR`, as clang-tidy and clangd take it), each with its own
 * flags and working directory. The user's flags are kept, except those that say what the
 * configuration says (the compiler, -fopenmp, the offload toolchain) or that would move the
 * outputs (-c, -o, -MF); an offload target (-Xopenmp-target -march=sm_80, --offload-arch=sm_80)
 * is honoured for every configuration and said in the report's first line, or refused in one
 * line when it is not NVIDIA's: it is never mixed in silently. */
#define _GNU_SOURCE
#include "analyze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suf) {
  size_t n = strlen(s), k = strlen(suf);
  return n >= k && !strcmp(s + n - k, suf);
}

int az_is_fortran(const char *p) {
  static const char *ext[] = {".f", ".F", ".f90", ".F90", ".f95", ".F95", ".f03", ".F03", ".f08", ".F08", ".for", ".ftn"};
  for (size_t i = 0; i < sizeof ext / sizeof ext[0]; ++i)
    if (ends_with(p, ext[i])) return 1;
  return 0;
}

/* A header is not a translation unit: its regions are compiled where it is included. */
int az_is_header(const char *p) {
  static const char *ext[] = {".h", ".hh", ".hpp", ".hxx", ".h++", ".H", ".inc", ".inl", ".cuh", ".tcc", ".ipp"};
  for (size_t i = 0; i < sizeof ext / sizeof ext[0]; ++i)
    if (ends_with(p, ext[i])) return 1;
  return 0;
}

/* The arguments of a command string, split as a POSIX shell splits words (quotes, backslashes;
 * no expansion): compile_commands.json's "command" form. */
static char **split_command(const char *s, int *n) {
  size_t cap = 16;
  char **v = calloc(cap, sizeof *v), *w = malloc(strlen(s) + 1);
  *n = 0;
  while (*s) {
    while (*s == ' ' || *s == '\t' || *s == '\n') ++s;
    if (!*s) break;
    size_t k = 0;
    char q = 0;
    for (; *s && (q || (*s != ' ' && *s != '\t' && *s != '\n')); ++s) {
      if (q) {
        if (*s == q) q = 0;
        else if (q == '"' && *s == '\\' && s[1]) w[k++] = *++s;
        else w[k++] = *s;
      } else if (*s == '\'' || *s == '"') q = *s;
      else if (*s == '\\' && s[1]) w[k++] = *++s;
      else w[k++] = *s;
    }
    w[k] = 0;
    if ((size_t)*n + 2 > cap) v = realloc(v, (cap *= 2) * sizeof *v);
    v[(*n)++] = strdup(w);
  }
  free(w);
  v[*n] = NULL;
  return v;
}

/* The offload target an option names, into arch ("" when none); 1 when the option (and, for a
 * two-word form, the next word) says the offload target and is not passed on. */
static int offload_target(char **argv, int i, int argc, int *skip, char *arch, size_t an, char *said, size_t sn) {
  const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : "";
  *skip = 0;
  arch[0] = 0;
  if (!strncmp(s, "--offload-arch=", 15) || !strncmp(s, "--cuda-gpu-arch=", 16))
    snprintf(arch, an, "%s", strchr(s, '=') + 1);
  else if (!strcmp(s, "-Xopenmp-target") || !strncmp(s, "-Xopenmp-target=", 16)) {
    *skip = 1; /* the option it passes to the offload toolchain */
    if (!strncmp(next, "-march=", 7)) snprintf(arch, an, "%s", next + 7);
    else if (!strncmp(next, "--offload-arch=", 15)) snprintf(arch, an, "%s", next + 15);
    else snprintf(arch, an, "?%s", next); /* anything else for the device toolchain: refused */
    if (!strncmp(s, "-Xopenmp-target=", 16) && !strstr(s + 16, "nvptx")) snprintf(arch, an, "%s", s + 16);
  } else if (!strncmp(s, "-fopenmp-targets=", 17)) {
    if (!strstr(s + 17, "nvptx")) snprintf(arch, an, "%s", s + 17);
    else return snprintf(said, sn, "%s", s), 1; /* the configurations' own target: nothing to honour */
  } else if (!strncmp(s, "-foffload-options=", 18) && strstr(s, "-march="))
    snprintf(arch, an, "%.*s", (int)strcspn(strstr(s, "-march=") + 7, " ,"), strstr(s, "-march=") + 7);
  else if (!strncmp(s, "-foffload=", 10)) {
    if (strstr(s, "nvptx") || !strcmp(s + 10, "default")) return snprintf(said, sn, "%s", s), 1;
    snprintf(arch, an, "%s", s + 10);
  } else
    return 0;
  snprintf(said, sn, "%s%s%s", s, *skip ? " " : "", *skip ? next : "");
  return 1;
}

/* Options that the configuration sets or that would move the compile's outputs: dropped. The
 * number of words it takes (1 or 2), 0 when it is the user's and kept. */
static int dropped(const char *s, const char *next) {
  static const char *two[] = {"-o", "-MF", "-MT", "-MQ", "-Xclang-linker", "-Xlinker"};
  static const char *one[] = {"-c", "-S", "-E", "-MD", "-MMD", "-MP", "-M", "-MM", "-fopenmp", "-fiopenmp", "-qsmp=omp",
                              "-qoffload", "-emit-llvm", "-save-temps", "-flto", "-fsave-optimization-record"};
  (void)next;
  for (size_t i = 0; i < sizeof two / sizeof two[0]; ++i)
    if (!strcmp(s, two[i])) return 2;
  for (size_t i = 0; i < sizeof one / sizeof one[0]; ++i)
    if (!strcmp(s, one[i])) return 1;
  if (!strncmp(s, "-o", 2) || !strncmp(s, "-MF", 3) || !strncmp(s, "-MT", 3) || !strncmp(s, "-fopenmp=", 9) ||
      !strncmp(s, "-flto=", 6) || !strncmp(s, "-save-temps=", 12) || !strncmp(s, "-Wl,", 4) || !strncmp(s, "-l", 2) ||
      !strncmp(s, "-L", 2))
    return 1;
  return 0;
}

/* Takes a TU's raw flags apart: the user's kept in tu->argv, its offload target honoured (the
 * same for every TU) or refused. 0, or an exit status after a one-line error. */
static int filter_flags(struct az *a, struct az_tu *tu, char **raw, int nraw, int nown, const char *file) {
  tu->argv = calloc((size_t)nraw + 1, sizeof *tu->argv);
  for (int i = 0; i < nraw; ++i) {
    char arch[128], said[512];
    int skip, k;
    if (offload_target(raw, i, nraw, &skip, arch, sizeof arch, said, sizeof said)) {
      i += skip;
      if (!arch[0]) continue;
      if (a->arch_forced && i < nown) { /* the command line's `-- FLAGS` name the target: theirs wins, said */
        if (!a->arch_over[0]) snprintf(a->arch_over, sizeof a->arch_over, "%s", said);
        continue;
      }
      if (strncmp(arch, "sm_", 3)) {
        ok_err("analyze: %s: offload target '%s' (%s) is not NVIDIA's: the configurations build for nvptx (sm_NN); "
               "drop it or give --offload-arch=sm_NN", file, arch[0] == '?' ? arch + 1 : arch, said);
        return OK_EXIT_USAGE;
      }
      if (a->arch_user[0] && strcmp(a->arch_user, arch)) {
        ok_err("analyze: %s: offload target %s differs from %s of %s: one program, one target", file, arch,
               a->arch_user, a->arch_said);
        return OK_EXIT_USAGE;
      }
      snprintf(a->arch_user, sizeof a->arch_user, "%s", arch);
      snprintf(a->arch_said, sizeof a->arch_said, "%s", said);
      continue;
    }
    if ((k = dropped(raw[i], i + 1 < nraw ? raw[i + 1] : ""))) {
      i += k - 1;
      continue;
    }
    tu->argv[tu->argc++] = strdup(raw[i]);
  }
  return 0;
}

/* One translation unit, or a header (noted, not compiled), or a refusal (Fortran, missing). */
static int add_tu(struct az *a, const char *path, const char *dir, char **raw, int nraw, int nown) {
  char real[PATH_MAX], joined[2 * PATH_MAX + 2];
  struct stat st;
  if (path[0] != '/' && dir) snprintf(joined, sizeof joined, "%s/%s", dir, path), path = joined;
  if (az_is_fortran(path)) return ok_err("analyze: %s: Fortran: not supported yet", path), OK_EXIT_USAGE;
  if (stat(path, &st) || !S_ISREG(st.st_mode) || !realpath(path, real))
    return ok_err("analyze: no such file: %s", path), OK_EXIT_USAGE;
  for (int t = 0; t < a->ntus; ++t)
    if (!strcmp(a->tus[t].file, real)) return 0; /* a database lists a file once per target */
  if (az_is_header(real)) {
    json_array_append_new(a->headers, json_string(real));
    return 0;
  }
  struct az_tu *tu = &a->tus[a->ntus];
  memset(tu, 0, sizeof *tu);
  tu->file = strdup(real);
  tu->dir = dir ? strdup(dir) : NULL;
  int rc = filter_flags(a, tu, raw, nraw, nown, real);
  if (rc) return rc;
  ++a->ntus;
  return 0;
}

/* The files named on the command line, with FLAGS for every one. */
int az_add_files(struct az *a, char **files, int nfiles) {
  a->tus = calloc((size_t)nfiles + 1, sizeof *a->tus);
  a->headers = a->headers ? a->headers : json_array();
  for (int f = 0; f < nfiles; ++f) {
    int rc = add_tu(a, files[f], NULL, a->user_flags, a->nuser_flags, 0);
    if (rc) return rc;
  }
  return 0;
}

/* Whether a database entry is among the files named (none named, or only a CUDA form's .cu
 * files: every entry). */
static int wanted(char **files, int nfiles, const char *dir, const char *file) {
  int named = 0;
  for (int f = 0; f < nfiles; ++f) named += !az_is_cu(files[f]);
  if (!named) return 1;
  char p[2 * PATH_MAX + 2], r1[PATH_MAX], r2[PATH_MAX];
  if (file[0] != '/') snprintf(p, sizeof p, "%s/%s", dir, file);
  else snprintf(p, sizeof p, "%s", file);
  if (!realpath(p, r1)) return 0;
  for (int f = 0; f < nfiles; ++f)
    if (realpath(files[f], r2) && !strcmp(r1, r2)) return 1;
  return 0;
}

/* A compile-database entry's command as argv: its "arguments", else its "command" split as a
 * shell would. NULL-terminated, each string and the array malloc'ed. */
static char **entry_argv(json_t *e, int *n) {
  json_t *args = json_object_get(e, "arguments"), *x;
  *n = 0;
  if (!json_is_array(args)) {
    const char *c = json_string_value(json_object_get(e, "command"));
    return split_command(c ? c : "", n);
  }
  size_t k;
  char **raw = calloc(json_array_size(args) + 1, sizeof *raw);
  json_array_foreach(args, k, x) raw[(*n)++] = strdup(json_string_value(x) ? json_string_value(x) : "");
  return raw;
}

/* -p BUILD_DIR: BUILD_DIR/compile_commands.json ("arguments" or "command", "directory", "file"). */
int az_add_compdb(struct az *a, const char *dbdir, char **files, int nfiles) {
  char p[PATH_MAX + 32];
  json_error_t je;
  snprintf(p, sizeof p, "%s/compile_commands.json", dbdir);
  if (!ends_with(dbdir, ".json") && access(p, R_OK))
    return ok_err("analyze: no compile_commands.json in %s (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; a Makefile: "
                  "bear -- make)", dbdir), OK_EXIT_USAGE;
  json_t *db = json_load_file(ends_with(dbdir, ".json") ? dbdir : p, 0, &je), *e;
  if (!json_is_array(db)) return ok_err("analyze: %s:%d: not a compile database: %s", p, je.line, je.text), OK_EXIT_USAGE;
  a->tus = calloc(json_array_size(db) + (size_t)nfiles + 1, sizeof *a->tus); /* the entries and the .cu files named */
  a->headers = a->headers ? a->headers : json_array();
  for (int i = 0; i < a->nuser_flags; ++i) { /* a target in `-- FLAGS` is the user's choice over the database's */
    char arch[128], said[512];
    int skip;
    if (offload_target(a->user_flags, i, a->nuser_flags, &skip, arch, sizeof arch, said, sizeof said) && arch[0]) a->arch_forced = 1;
    i += skip;
  }
  size_t i;
  int rc = 0;
  json_array_foreach(db, i, e) {
    const char *dir = json_string_value(json_object_get(e, "directory")), *file = json_string_value(json_object_get(e, "file"));
    if (!dir || !file || !wanted(files, nfiles, dir, file)) continue;
    int nraw = 0;
    char **raw = entry_argv(e, &nraw);
    /* argv[0] is the user's compiler and the source file is the database's: the configuration
     * compiles with its own compiler, and the file is named by its own field */
    int nown = nraw - 1; /* the entry's own flags (less argv[0]); `-- FLAGS` follow them */
    raw = realloc(raw, ((size_t)nraw + (size_t)a->nuser_flags + 1) * sizeof *raw);
    for (int k = 0; k < a->nuser_flags; ++k) raw[nraw++] = a->user_flags[k];
    char src[2 * PATH_MAX + 2], r1[PATH_MAX], r2[PATH_MAX];
    snprintf(src, sizeof src, "%s%s%s", file[0] == '/' ? "" : dir, file[0] == '/' ? "" : "/", file);
    int n = 0;
    for (int k = 1; k < nraw; ++k) {
      char w[2 * PATH_MAX + 2];
      snprintf(w, sizeof w, "%s%s%s", raw[k][0] == '/' ? "" : dir, raw[k][0] == '/' ? "" : "/", raw[k]);
      if (raw[k][0] != '-' && realpath(w, r1) && realpath(src, r2) && !strcmp(r1, r2)) {
        if (k <= nown) --nown;
        continue;
      }
      raw[n++] = raw[k];
    }
    if (!rc) rc = add_tu(a, file, dir, raw, n, nown);
    free(raw); /* the strings are leaked on purpose: the TU's argv holds copies, a run is short */
  }
  json_decref(db);
  /* the program's CUDA form, named beside the database: a program of its own (analyze_run.c) */
  for (int f = 0; f < nfiles && !rc; ++f)
    if (az_is_cu(files[f])) rc = add_tu(a, files[f], NULL, NULL, 0, 0);
  return rc;
}

/* Unique stems (two units named main.c in two folders), and the program's root: the deepest
 * folder holding every unit (kernel identities name files relative to it). */
void az_finish_tus(struct az *a) {
  for (int t = 0; t < a->ntus; ++t) {
    const char *b = strrchr(a->tus[t].file, '/');
    char s[256];
    snprintf(s, sizeof s, "%s", b ? b + 1 : a->tus[t].file);
    if (strrchr(s, '.')) *strrchr(s, '.') = 0;
    int dup = 0;
    for (int u = 0; u < t; ++u) dup += !strncmp(a->tus[u].stem, s, strlen(s));
    if (dup) snprintf(a->tus[t].stem, sizeof a->tus[t].stem, "%s-%d", s, dup + 1);
    else snprintf(a->tus[t].stem, sizeof a->tus[t].stem, "%s", s);
  }
  a->root[0] = 0;
  for (int t = 0; t < a->ntus; ++t) {
    char d[PATH_MAX];
    snprintf(d, sizeof d, "%s", a->tus[t].file);
    if (strrchr(d, '/')) *strrchr(d, '/') = 0;
    if (!a->root[0]) {
      snprintf(a->root, sizeof a->root, "%s", d);
      continue;
    }
    size_t k = 0;
    while (a->root[k] && a->root[k] == d[k]) ++k;
    while (k && a->root[k] && a->root[k] != '/') --k; /* back to a folder boundary */
    if (a->root[k] || (d[k] && d[k] != '/')) a->root[k] = 0;
  }
  if (!a->root[0]) snprintf(a->root, sizeof a->root, "/");
  a->files = calloc((size_t)a->ntus + 1, sizeof *a->files);
  for (int t = 0; t < a->ntus; ++t) a->files[t] = a->tus[t].file;
  a->nfiles = a->ntus;
}

/* The configuration's flags with the program's offload target in place of the build's. */
char *az_target_flags(const struct az *a, const char *flags, int gcc) {
  size_t n = strlen(flags) + 256;
  char *out = malloc(n);
  snprintf(out, n, "%s", flags);
  if (!a->arch_user[0]) return out;
  const char *key = gcc ? "-march=" : "--offload-arch=";
  char *p = strstr(out, key);
  if (!p && !gcc) { /* no --offload-arch in the configuration: add one */
    snprintf(out + strlen(out), n - strlen(out), " --offload-arch=%s", a->arch_user);
    return out;
  }
  /* GCC 12's nvptx knows sm_30 to sm_80: a newer target keeps its own (said in the report) */
  if (!p || (gcc && strcmp(a->arch_user, "sm_80") > 0)) return out;
  char rest[4096];
  const char *e = p + strlen(key) + strcspn(p + strlen(key), " \t,");
  snprintf(rest, sizeof rest, "%s", e);
  snprintf(p + strlen(key), n - (size_t)(p + strlen(key) - out), "%s%s", a->arch_user, rest);
  return out;
}

/* nvcc's options that name the GPU target (the OpenMP program's is used, so that both forms run
 * on the same GPU) or move the outputs: dropped; the number of words each takes, 0 when kept. */
static int cuda_dropped(const char *s) {
  static const char *two[] = {"-o", "-arch", "-gencode", "--generate-code", "-code", "--gpu-code", "--gpu-architecture",
                              "-MF", "--output-file", "-odir", "--output-directory"};
  static const char *one[] = {"-c", "--compile", "-dc", "-dw", "-M", "-MD", "-MMD", "-cubin", "-ptx", "-fatbin", "-E"};
  for (size_t i = 0; i < sizeof two / sizeof two[0]; ++i)
    if (!strcmp(s, two[i])) return 2;
  for (size_t i = 0; i < sizeof one / sizeof one[0]; ++i)
    if (!strcmp(s, one[i])) return 1;
  static const char *pre[] = {"-arch=", "-gencode=", "--generate-code=", "-code=", "--gpu-code=", "--gpu-architecture=", "-o"};
  for (size_t i = 0; i < sizeof pre / sizeof pre[0]; ++i)
    if (!strncmp(s, pre[i], strlen(pre[i]))) return 1;
  return 0;
}

/* One unit of the CUDA form: its flags less argv[0], the source and what cuda_dropped drops; the
 * link's libraries and options into a->cuda_link (once each). */
static void add_cuda_unit(struct az *a, const char *file, const char *dir, char **raw, int nraw) {
  struct az_tu *tu = &a->cuda_tus[a->ncuda++];
  memset(tu, 0, sizeof *tu);
  char src[2 * PATH_MAX + 2], r1[PATH_MAX], r2[PATH_MAX];
  snprintf(src, sizeof src, "%s%s%s", file[0] == '/' || !dir ? "" : dir, file[0] == '/' || !dir ? "" : "/", file);
  tu->file = strdup(realpath(src, r2) ? r2 : src);
  for (int t = 0; t < a->ncuda - 1; ++t)
    if (!strcmp(a->cuda_tus[t].file, tu->file)) { /* a database lists a file once per target */
      free(tu->file), --a->ncuda;
      return;
    }
  tu->dir = dir ? strdup(dir) : NULL;
  tu->argv = calloc((size_t)nraw + 1, sizeof *tu->argv);
  for (int k = 1; k < nraw; ++k) {
    char w[2 * PATH_MAX + 2];
    int d;
    snprintf(w, sizeof w, "%s%s%s", raw[k][0] == '/' || !dir ? "" : dir, raw[k][0] == '/' || !dir ? "" : "/", raw[k]);
    if (raw[k][0] != '-' && realpath(w, r1) && !strcmp(r1, tu->file)) continue;
    if ((d = cuda_dropped(raw[k]))) {
      k += d - 1;
      continue;
    }
    if (!strncmp(raw[k], "-l", 2) || !strncmp(raw[k], "-L", 2) || !strncmp(raw[k], "-Wl,", 4)) {
      int seen = 0;
      for (int q = 0; q < a->ncuda_link; ++q) seen |= !strcmp(a->cuda_link[q], raw[k]);
      if (!seen) a->cuda_link = realloc(a->cuda_link, (size_t)(a->ncuda_link + 1) * sizeof *a->cuda_link),
                 a->cuda_link[a->ncuda_link++] = strdup(raw[k]);
      continue;
    }
    tu->argv[tu->argc++] = strdup(raw[k]);
  }
}

int az_add_cuda_program(struct az *a, const char *what) {
  struct stat st;
  char p[PATH_MAX + 32];
  if (stat(what, &st)) return ok_err("analyze: --cuda-program: no such file or build folder: %s", what), OK_EXIT_USAGE;
  if (S_ISREG(st.st_mode) && !ends_with(what, ".json")) { /* a source: the CUDA form is this file */
    a->cuda_tus = realloc(a->cuda_tus, (size_t)(a->ncuda + 1) * sizeof *a->cuda_tus);
    char *raw[2] = {"nvcc", NULL};
    add_cuda_unit(a, what, NULL, raw, 1);
    return 0;
  }
  snprintf(p, sizeof p, "%s/compile_commands.json", what);
  if (S_ISDIR(st.st_mode) && access(p, R_OK))
    return ok_err("analyze: --cuda-program: no compile_commands.json in %s (a Makefile: bear -- make)", what), OK_EXIT_USAGE;
  json_error_t je;
  json_t *db = json_load_file(S_ISDIR(st.st_mode) ? p : what, 0, &je), *e;
  if (!json_is_array(db) || !json_array_size(db))
    return ok_err("analyze: --cuda-program %s: not a compile database (or an empty one)", what), OK_EXIT_USAGE;
  a->cuda_tus = realloc(a->cuda_tus, (size_t)a->ncuda * sizeof *a->cuda_tus + json_array_size(db) * sizeof *a->cuda_tus);
  size_t i;
  json_array_foreach(db, i, e) {
    const char *dir = json_string_value(json_object_get(e, "directory")), *file = json_string_value(json_object_get(e, "file"));
    if (!dir || !file) continue;
    int nraw = 0;
    char **raw = entry_argv(e, &nraw);
    add_cuda_unit(a, file, dir, raw, nraw);
    free(raw);
  }
  json_decref(db);
  return 0;
}
