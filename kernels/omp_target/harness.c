/* OpenMP target model hooks. */
#define _GNU_SOURCE
#include "ok_bench.h"

#include <dlfcn.h>
#include <link.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The offload plugin of this runtime: LLVM <= 18 dlopens it as a separate library, by its
 * unversioned name; LLVM 19+ has it inside libomptarget; libgomp dlopens libgomp-plugin-nvptx. */
#if defined(__clang__) && __clang_major__ <= 18
#define OK_PLUGIN_SEP 1
#define OK_CUDA_LIB "libcuda.so" /* what the LLVM <= 19 CUDA plugins dlopen (not .so.1) */
#elif defined(__clang__)
#define OK_PLUGIN_SEP 0
#define OK_CUDA_LIB "libcuda.so"
#else
#define OK_PLUGIN_SEP 1
#define OK_CUDA_LIB "libcuda.so.1"
#endif

struct ok_loaded { const char *part; char path[512]; };
static int find_loaded(struct dl_phdr_info *i, size_t sz, void *d) {
  (void)sz;
  struct ok_loaded *l = d;
  if (i->dlpi_name && strstr(i->dlpi_name, l->part)) {
    snprintf(l->path, sizeof l->path, "%s", i->dlpi_name);
    return 1;
  }
  return 0;
}

/* Why the runtime sees no device, in one clause: a plugin that did not load is a broken runtime
 * (the driver says "disabled (plugin ...)"), not a machine without a GPU (the H200 run of
 * target-clang16 said only "0 offload device(s)" while its plugins were never found). */
static void explain_no_device(char *why, size_t n) {
  why[0] = 0;
#if OK_PLUGIN_SEP
#ifdef __clang__
  const char *ng = getenv("LIBOMPTARGET_NEXTGEN_PLUGINS");
  const char *plugin = ng && !atoi(ng) ? "libomptarget.rtl.cuda.so" : "libomptarget.rtl.cuda.nextgen.so";
  struct ok_loaded rt = {"libomptarget.so", ""}, pl = {"libomptarget.rtl.cuda", ""};
#else
  const char *plugin = "libgomp-plugin-nvptx.so.1";
  struct ok_loaded rt = {"libgomp.so", ""}, pl = {"libgomp-plugin-nvptx", ""};
#endif
  dl_iterate_phdr(find_loaded, &rt);
  dl_iterate_phdr(find_loaded, &pl);
  if (!pl.path[0]) {
    /* Not loaded: can it load at all, from the runtime's own folder? */
    char p[600] = "";
    char *slash = strrchr(rt.path, '/');
    if (slash) snprintf(p, sizeof p, "%.*s/%s", (int)(slash - rt.path), rt.path, plugin);
    void *h = dlopen(p[0] ? p : plugin, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char *e = dlerror();
      snprintf(why, n, "plugin %s: %s", plugin, e ? e : "dlopen failed");
    } else {
      snprintf(why, n, "plugin %s: loads from %s, but the runtime did not load it (not on its loader's search path)",
               plugin, p[0] ? p : "the default path");
      dlclose(h);
    }
    return;
  }
#endif
  void *c = dlopen(OK_CUDA_LIB, RTLD_LAZY | RTLD_LOCAL);
  if (!c) {
    const char *e = dlerror();
    snprintf(why, n, "%s", e ? e : OK_CUDA_LIB ": dlopen failed");
  } else {
    snprintf(why, n, OK_CUDA_LIB " loads; the plugin found no usable device");
    dlclose(c);
  }
}

int ok_model_probe(char *name, int len) {
  int n = omp_get_num_devices();
  if (n > 0) {
    snprintf(name, (size_t)len, "%d offload device(s) visible to the offload runtime", n);
    return n;
  }
  char why[400];
  explain_no_device(why, sizeof why);
  if (!strncmp(why, "plugin ", 7))
    snprintf(name, (size_t)len, "%s", why);
  else
    snprintf(name, (size_t)len, "0 offload device(s) visible to the offload runtime (%s)", why);
  return 0;
}
int ok_model_needs_gpu(void) { return 1; }

#if OK_PLUGIN_SEP && !defined(__clang__)
/* GCC: libgomp loads the image at the first target region, and the driver JIT-compiles its sm_80
 * PTX then (6.6 MB for the kit, one module: about 30 s on an H100). The driver runs this (--warm)
 * in the background before the configuration's first run, while other GPU configurations run
 * (docs/fidelity.md, "Room in the full study"); the driver's JIT cache (CUDA_CACHE_MAXSIZE in
 * the configuration's run_env) keeps the result for the bench runs. It was --probe's job, which
 * held the whole planning for it. */
int ok_model_warm(char *say, int len) {
  const double t0 = omp_get_wtime();
  int on = 0;
#pragma omp target map(from : on)
  on = !omp_is_initial_device();
  snprintf(say, (size_t)len, "first target region %.1f s (image load and PTX JIT)%s", omp_get_wtime() - t0,
           on ? "" : ", and it ran on the host");
  return !on;
}
#endif
void ok_model_defaults(struct ok_params *p) {
  p->threads = 128;
  p->teams = 128;
  p->iters = 1000;
}
int ok_model_prepare(int argc, char **argv, const struct ok_params *p) {
  (void)argc, (void)argv, (void)p;
  return -1;
}
