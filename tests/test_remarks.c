/* remarks/ library: records from a real clang-19 device compile, resource lines from real
 * ptxas/nvlink output, launch lines, and malformed or hostile YAML; clang-16/22 remarks, device IR
 * execution modes, and the EXPECT comment parser. */
#include "disasm.h"
#include "expect.h"
#include "remarks.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ok_check.h"

struct seen {
  int n, omp121, omp111_bytes, omp132;
  int omp121_line;
  char omp121_msg[512];
  int with_arg_debugloc;
};

static int on_rec(const struct ok_remark *r, void *ud) {
  struct seen *s = ud;
  s->n++;
  if (!strcmp(r->name, "OMP121")) {
    s->omp121++;
    s->omp121_line = r->line;
    snprintf(s->omp121_msg, sizeof s->omp121_msg, "%s", r->message);
    CHECK(!strcmp(r->kind, "Analysis"), "OMP121 kind %s", r->kind);
    CHECK(!strcmp(r->pass, "openmp-opt"), "OMP121 pass %s", r->pass);
    CHECK(strstr(r->function, "__omp_offloading_") == r->function, "OMP121 function %s", r->function);
  }
  if (!strcmp(r->name, "OMP111")) {
    const char *b = ok_remark_arg(r, "SharedMemory");
    s->omp111_bytes = b ? atoi(b) : -1;
  }
  if (!strcmp(r->name, "OMP132")) s->omp132++;
  if (!strcmp(r->name, "AlwaysInline") && ok_remark_arg(r, "Callee")) s->with_arg_debugloc++;
  return 0;
}

static void real_fixture(const char *dir) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/clang19-atomic_add_scalar.device.opt.yaml", dir);
  struct seen s = {0};
  long n = ok_remarks_parse_file(path, on_rec, &s, err, sizeof err);
  CHECK(n == 7, "expected 7 records, got %ld (%s)", n, n < 0 ? err : "");
  CHECK(s.omp121 == 1 && s.omp132 == 1, "OMP121/OMP132 seen %d/%d", s.omp121, s.omp132);
  CHECK(s.omp121_line == 69, "OMP121 line %d", s.omp121_line);
  CHECK(!strcmp(s.omp121_msg,
                "Value has potential side effects preventing SPMD-mode execution. Add "
                "`[[omp::assume(\"ompx_spmd_amenable\")]]` to the called function to override. [OMP121]"),
        "OMP121 message: %s", s.omp121_msg);
  CHECK(s.omp111_bytes == 8, "OMP111 SharedMemory %d", s.omp111_bytes);
  CHECK(s.with_arg_debugloc >= 1, "args with nested DebugLoc not parsed");
}

struct wide {
  int nargs, dropped, after;
};
static int on_wide(const struct ok_remark *r, void *ud) {
  struct wide *w = ud;
  if (!strcmp(r->name, "InstructionMix")) w->nargs = r->nargs, w->dropped = r->args_dropped;
  if (!strcmp(r->name, "OMP120")) w->after = 1;
  return 0;
}

static void expect_error(const char *label, const char *yaml, size_t len, const char *want) {
  char err[512] = "";
  long n = ok_remarks_parse_buffer(label, (const unsigned char *)yaml, len, NULL, NULL, err, sizeof err);
  CHECK(n == -1, "%s: expected an error, got %ld records", label, n);
  CHECK(strstr(err, want) != NULL, "%s: error '%s' lacks '%s'", label, err, want);
  CHECK(strncmp(err, label, strlen(label)) == 0 && err[strlen(label)] == ':', "%s: error not 'FILE:LINE:': %s",
        label, err);
  CHECK(strchr(err, '\n') == NULL, "%s: error is not one line", label);
}

static void malformed(void) {
  const char *ok = "--- !Passed\nPass: p\nName: N\nFunction: f\n...\n";
  char err[512];
  CHECK(ok_remarks_parse_buffer("ok", (const unsigned char *)ok, strlen(ok), NULL, NULL, err, sizeof err) == 1,
        "minimal record");
  CHECK(ok_remarks_parse_buffer("empty", (const unsigned char *)"", 0, NULL, NULL, err, sizeof err) == 0,
        "empty file has no records");
  const char *trunc = "--- !Passed\nPass: p\nName: N\nFunction: f\nArgs:\n  - String: 'abc";
  expect_error("truncated", trunc, strlen(trunc), "malformed YAML");
  const char *unknown = "--- !Bogus\nPass: p\nName: N\nFunction: f\n...\n";
  expect_error("unknown-tag", unknown, strlen(unknown), "unknown record kind");
  const char *notag = "---\nPass: p\nName: N\nFunction: f\n...\n";
  expect_error("no-tag", notag, strlen(notag), "kind tag");
  const char *wrong = "--- !Passed\nPass: [a, b]\nName: N\nFunction: f\n...\n";
  expect_error("wrong-type", wrong, strlen(wrong), "Pass: expected a scalar");
  const char *args = "--- !Passed\nPass: p\nName: N\nFunction: f\nArgs: hello\n...\n";
  expect_error("args-scalar", args, strlen(args), "Args: expected a sequence");
  const char *line = "--- !Passed\nPass: p\nName: N\nFunction: f\nDebugLoc: { File: a, Line: x }\n...\n";
  expect_error("bad-line", line, strlen(line), "expected an integer");
  const char *missing = "--- !Passed\nPass: p\nFunction: f\n...\n";
  expect_error("missing-name", missing, strlen(missing), "without Pass, Name or Function");
  const char *alias = "--- !Passed\nPass: &a p\nName: *a\nFunction: f\n...\n";
  expect_error("alias", alias, strlen(alias), "aliases");

  /* Deep nesting inside an unknown key: bounded, not a stack overflow. */
  size_t depth = 100000;
  char *deep = malloc(depth * 2 + 128);
  size_t k = (size_t)sprintf(deep, "--- !Passed\nPass: p\nName: N\nFunction: f\nX: ");
  for (size_t i = 0; i < depth; ++i) deep[k++] = '[';
  for (size_t i = 0; i < depth; ++i) deep[k++] = ']';
  deep[k++] = '\n';
  expect_error("deep", deep, k, "nesting deeper than");
  free(deep);

  /* A huge scalar: refused before libyaml buffers it all. */
  size_t big = 64u << 20;
  char *huge = malloc(big + 128);
  k = (size_t)sprintf(huge, "--- !Passed\nPass: p\nName: N\nFunction: ");
  memset(huge + k, 'a', big);
  k += big;
  k += (size_t)sprintf(huge + k, "\n...\n");
  expect_error("huge", huge, k, "token larger than");
  free(huge);

  /* A record with more arguments than kept (asm-printer's instruction mix): the record stays, the
   * extra arguments are counted as dropped, and the records after it are still read. */
  {
    char many[8192];
    size_t m = (size_t)sprintf(many, "--- !Analysis\nPass: asm-printer\nName: InstructionMix\nFunction: f\nArgs:\n");
    for (int i = 0; i < 100; ++i) m += (size_t)sprintf(many + m, "  - INST_op%d: '%d'\n", i, i);
    m += (size_t)sprintf(many + m, "...\n--- !Passed\nPass: openmp-opt\nName: OMP120\nFunction: g\n...\n");
    struct wide w = {0};
    CHECK(ok_remarks_parse_buffer("wide", (const unsigned char *)many, m, on_wide, &w, err, sizeof err) == 2,
          "wide record: %s", err);
    CHECK(w.nargs == OK_REMARK_MAX_ARGS && w.dropped == 100 - OK_REMARK_MAX_ARGS && w.after,
          "wide record: %d args kept, %d dropped, next record %s", w.nargs, w.dropped, w.after ? "read" : "lost");
  }

  /* Binary garbage. */
  unsigned char junk[4096];
  for (size_t i = 0; i < sizeof junk; ++i) junk[i] = (unsigned char)(i * 131 + 7);
  CHECK(ok_remarks_parse_buffer("junk", junk, sizeof junk, NULL, NULL, err, sizeof err) == -1, "junk accepted");
  CHECK(ok_remarks_parse_file("/nonexistent/x.yaml", NULL, NULL, err, sizeof err) == -1 && strstr(err, "cannot open"),
        "missing file: %s", err);
}

struct res {
  int n;
  struct ok_resource last[8];
};
static int on_res(const struct ok_resource *r, void *ud) {
  struct res *x = ud;
  if (x->n < 8) x->last[x->n] = *r;
  x->n++;
  return 0;
}

static void resources(const char *dir) {
  char path[1024], err[512];
  struct res x = {0};
  snprintf(path, sizeof path, "%s/clang19-offload-link-v.txt", dir);
  long n = ok_resources_parse_file(path, on_res, &x, err, sizeof err);
  CHECK(n == 2, "offload link: %ld kernels", n);
  CHECK(strstr(x.last[0].function, "atomic_add_scalar_spmd_l34") && x.last[0].registers == 28 &&
            x.last[0].smem == 1080 && x.last[0].lmem == 0 && x.last[0].stack == 0 && !strcmp(x.last[0].tool, "nvlink"),
        "spmd kernel resources: %s %d %ld", x.last[0].function, x.last[0].registers, x.last[0].smem);
  CHECK(x.last[1].registers == 32 && x.last[1].smem == 1068, "generic kernel: %d regs", x.last[1].registers);
  memset(&x, 0, sizeof x);
  snprintf(path, sizeof path, "%s/nvcc13-ptxas-v.txt", dir);
  n = ok_resources_parse_file(path, on_res, &x, err, sizeof err);
  CHECK(n == 1 && x.last[0].registers == 11 && x.last[0].barriers == 0 && x.last[0].spill_stores == 0 &&
            !strcmp(x.last[0].function, "_Z24atomic_add_scalar_kernelPyliPi"),
        "nvcc kernel: n=%ld %s %d", n, x.last[0].function, x.last[0].registers);
}

/* An AMDGPU code object's notes (llvm-readelf-19 --notes of gfx90a's spmd_modes.c, built by
 * target-clang19-gfx90a): the four kernels' maps, found among their .args lists, and the
 * occupancy each architecture's limits give (remarks/amdgpu.c, docs/amdgpu.md). */
static void amdgpu_notes(const char *dir) {
  char path[1024], err[512];
  struct res x = {0};
  snprintf(path, sizeof path, "%s/clang19-gfx90a-spmd_modes.notes.txt", dir);
  long n = ok_resources_parse_file(path, on_res, &x, err, sizeof err);
  CHECK(n == 4, "gfx90a notes: %ld kernels", n);
  const struct ok_resource *k = &x.last[1];
  CHECK(strstr(k->function, "spmd_modes_spmdized_l46") && !strcmp(k->tool, "readelf") && k->vgprs == 31 &&
            k->sgprs == 52 && k->agprs == 0 && k->lds == 24 && k->scratch == 0 && k->vgpr_spills == 0 &&
            k->sgpr_spills == 0 && k->max_wg == 1024 && k->wave == 64 && k->registers == -1,
        "spmdized kernel: %s %s v%d s%d a%d lds %ld scratch %ld wg %d", k->function, k->tool, k->vgprs, k->sgprs,
        k->agprs, k->lds, k->scratch, k->max_wg);
  CHECK(x.last[2].vgprs == 48 && x.last[2].sgprs == 93 && x.last[2].lds == 56, "side-effect kernel: v%d s%d lds %ld",
        x.last[2].vgprs, x.last[2].sgprs, x.last[2].lds);
  /* side_effect calls opaque.c's ok_opaque_touch, which its code object does not hold */
  CHECK(k->dynamic_stack == 0 && x.last[2].dynamic_stack == 1, "dynamic stack: %d %d", k->dynamic_stack,
        x.last[2].dynamic_stack);
  const char *lim;
  CHECK(ok_amdgpu_waves_per_simd("gfx90a", k, &lim) == 8 && !strcmp(lim, "the hardware's"), "31 VGPRs: 8 waves");
  /* 512 VGPRs per lane in blocks of 8: 72 -> 512/72 = 7 waves, 128 -> 4, 256 -> 2, 512 -> 1. */
  struct ok_resource r = *k;
  r.lds = 0;
  int want[][2] = {{64, 8}, {65, 7}, {72, 7}, {73, 6}, {128, 4}, {256, 2}, {512, 1}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
    r.vgprs = want[i][0];
    int w = ok_amdgpu_waves_per_simd("gfx942", &r, &lim);
    CHECK(w == want[i][1], "gfx942, %d VGPRs: %d waves, want %d", want[i][0], w, want[i][1]);
  }
  /* LDS: 64 KiB per CU; 20 KiB work-groups of 256 threads (4 waves) -> 3 groups, 12 waves over 4 SIMDs. */
  r.vgprs = 32, r.lds = 20480, r.max_wg = 256;
  CHECK(ok_amdgpu_waves_per_simd("gfx90a", &r, &lim) == 3 && !strcmp(lim, "LDS"), "20 KiB LDS: %d waves (%s)",
        ok_amdgpu_waves_per_simd("gfx90a", &r, &lim), lim);
  CHECK(ok_amdgpu_waves_per_simd("gfx1030", &r, NULL) == -1 && ok_amdgpu_waves_per_simd("sm_90", &r, NULL) == -1,
        "an architecture without documented limits here has no occupancy");
}

static void launch(void) {
  struct ok_launch L;
  const char *line = "\"PluginInterface\" device 0 info: Launching kernel __omp_offloading_fe00_5100af_"
                     "atomic_add_scalar_generic_l67 with 128 blocks and 160 threads in Generic mode";
  CHECK(ok_launch_parse(line, &L) == 0 && L.blocks == 128 && L.threads == 160 && !strcmp(L.mode, "Generic") &&
            strstr(L.kernel, "_generic_l67"),
        "launch line");
  CHECK(ok_launch_parse("CUDA device 0 info: The primary context is inactive", &L) == -1, "not a launch line");
  /* The form of runtimes after LLVM 19: dimensions in brackets, more modes. */
  CHECK(ok_launch_parse("\"PluginInterface\" device 0 info: Launching kernel __omp_offloading_10302_1_main_l5 with "
                        "[132,1,1] blocks and [256,1,1] threads in SPMD-No-Loop mode",
                        &L) == 0 &&
            L.blocks == 132 && L.threads == 256 && !strcmp(L.mode, "SPMD-No-Loop") &&
            !strcmp(L.kernel, "__omp_offloading_10302_1_main_l5"),
        "bracketed launch line: %ld %ld %s", L.blocks, L.threads, L.mode);
  CHECK(ok_launch_parse("x info: Launching kernel k with [2,3,4] blocks and [32,2,1] threads in BARE mode", &L) == 0 &&
            L.blocks == 24 && L.threads == 64 && !strcmp(L.mode, "BARE"),
        "3-D launch: %ld x %ld %s", L.blocks, L.threads, L.mode);
  /* The example of the newer form (issue 11 section 5). */
  CHECK(ok_launch_parse("\"PluginInterface\" device 0 info: Launching kernel __omp_offloading_fd00_2_main_l9 with "
                        "[1,1,1] blocks and [256,1,1] threads in Generic-SPMD mode",
                        &L) == 0 &&
            L.blocks == 1 && L.threads == 256 && !strcmp(L.mode, "Generic-SPMD"),
        "bracketed Generic-SPMD launch: %ld %ld %s", L.blocks, L.threads, L.mode);
  /* LLVM 16's old CUDA plugin calls a SPMDized generic kernel SPMD-Generic. */
  CHECK(ok_launch_parse("CUDA device 0 info: Launching kernel k with 3200 blocks and 128 threads in SPMD-Generic mode",
                        &L) == 0 &&
            !strcmp(L.mode, "Generic-SPMD") && L.blocks == 3200,
        "old plugin mode name: %s", L.mode);
  CHECK(ok_launch_parse("info: Launching kernel k with [1,1 blocks and [1,1,1] threads in SPMD mode", &L) == -1 &&
            ok_launch_parse("info: Launching kernel k with 4 blocks and 8 threads in SPMD", &L) == -1,
        "malformed launch lines refused");
}

/* Real device YAML of atomic_add_scalar.c from other LLVM versions (openmp-opt records kept). */
struct other {
  int n, omp121, omp132, omp113, omp111_bytes, omp101;
  char omp121_fn[256], omp132_fn[256];
  int omp121_line, omp132_line;
};
static int on_other(const struct ok_remark *r, void *ud) {
  struct other *s = ud;
  s->n++;
  if (!strcmp(r->name, "OMP121")) {
    if (!s->omp121++) snprintf(s->omp121_fn, sizeof s->omp121_fn, "%s", r->function), s->omp121_line = r->line;
    CHECK(!strcmp(r->kind, "Analysis") && !strcmp(r->pass, "openmp-opt"), "OMP121 %s/%s", r->kind, r->pass);
  }
  if (!strcmp(r->name, "OMP132")) {
    s->omp132++;
    s->omp132_line = r->line;
    snprintf(s->omp132_fn, sizeof s->omp132_fn, "%s", r->function);
  }
  if (!strcmp(r->name, "OMP113")) {
    s->omp113++;
    CHECK(!strcmp(r->kind, "Missed"), "OMP113 kind %s", r->kind);
  }
  if (!strcmp(r->name, "OMP101")) s->omp101++;
  if (!strcmp(r->name, "OMP111")) {
    const char *b = ok_remark_arg(r, "SharedMemory");
    s->omp111_bytes = b ? atoi(b) : -1;
    CHECK(strstr(r->message, "Replaced globalized variable with 8 bytes of shared memory. [OMP111]") != NULL,
          "OMP111 message: %s", r->message);
  }
  return 0;
}

static void other_versions(const char *dir) {
  char path[1024], err[512];
  struct other s = {0};
  snprintf(path, sizeof path, "%s/clang16-atomic_add_scalar.device.opt.yaml", dir);
  long n = ok_remarks_parse_file(path, on_other, &s, err, sizeof err);
  CHECK(n == 7, "clang-16: expected 7 records, got %ld (%s)", n, n < 0 ? err : "");
  /* LLVM 16 names outlined helpers __omp_outlined__N: not after their kernel. */
  CHECK(s.omp121 == 1 && !strcmp(s.omp121_fn, "__omp_outlined__2") && s.omp121_line == 69, "clang-16 OMP121 %d in %s:%d",
        s.omp121, s.omp121_fn, s.omp121_line);
  CHECK(s.omp132 == 1 && strstr(s.omp132_fn, "_atomic_add_scalar_generic_l67") && s.omp132_line == 67,
        "clang-16 OMP132 in %s:%d", s.omp132_fn, s.omp132_line);
  CHECK(s.omp113 == 1 && s.omp111_bytes == 8, "clang-16 OMP113 %d, OMP111 %d bytes", s.omp113, s.omp111_bytes);

  memset(&s, 0, sizeof s);
  snprintf(path, sizeof path, "%s/clang22-atomic_add_scalar.device.opt.yaml", dir);
  n = ok_remarks_parse_file(path, on_other, &s, err, sizeof err);
  CHECK(n == 11, "clang-22: expected 11 records, got %ld (%s)", n, n < 0 ? err : "");
  /* Device-only compile without the device runtime: every runtime call is a side effect. */
  CHECK(s.omp121 == 7 && !strcmp(s.omp121_fn + strlen(s.omp121_fn) - strlen("_generic_l67_omp_outlined"),
                                  "_generic_l67_omp_outlined") && s.omp121_line == 71,
        "clang-22 OMP121 %d in %s:%d", s.omp121, s.omp121_fn, s.omp121_line);
  CHECK(s.omp101 == 1 && s.omp111_bytes == 8 && s.omp132 == 0, "clang-22 OMP101 %d OMP111 %d OMP132 %d", s.omp101,
        s.omp111_bytes, s.omp132);
}

static void spills(const char *dir) {
  char path[1024], err[512];
  struct res x = {0};
  snprintf(path, sizeof path, "%s/nvcc13-ptxas-v-spills.txt", dir);
  long n = ok_resources_parse_file(path, on_res, &x, err, sizeof err);
  CHECK(n == 1 && !strcmp(x.last[0].function, "_Z12spill_kernelPKfPfi") && x.last[0].registers == 24 &&
            x.last[0].stack == 256 && x.last[0].spill_stores == 604 && x.last[0].spill_loads == 668 &&
            x.last[0].barriers == 0 && !strcmp(x.last[0].tool, "ptxas"),
        "spill kernel: n=%ld %s regs %d stack %ld spills %ld/%ld", n, x.last[0].function, x.last[0].registers,
        x.last[0].stack, x.last[0].spill_stores, x.last[0].spill_loads);
}

static void ir_modes(const char *dir) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/clang19-modes.device.ll", dir);
  struct ok_ir *g = ok_ir_load(path, err, sizeof err);
  CHECK(g != NULL, "device IR: %s", err);
  if (!g) return;
  CHECK(ok_ir_nkernels(g) == 3, "%zu kernels", ok_ir_nkernels(g));
  const char *spmd = "__omp_offloading_fe00_5108d4_spmd_l7", *spmdized = "__omp_offloading_fe00_5108d4_spmdized_l12",
             *generic = "__omp_offloading_fe00_5108d4_generic_l23";
  CHECK(ok_ir_exec_mode(g, spmd) == 2, "spmd mode %d", ok_ir_exec_mode(g, spmd));
  CHECK(ok_ir_exec_mode(g, spmdized) == 3, "SPMDized (OMP120) mode %d", ok_ir_exec_mode(g, spmdized));
  CHECK(ok_ir_exec_mode(g, generic) == 1, "generic mode %d", ok_ir_exec_mode(g, generic));
  CHECK(ok_ir_exec_mode(g, "bump") == 0, "bump is no kernel");
  CHECK(!strcmp(ok_exec_mode_name(3), "Generic-SPMD") && !ok_exec_mode_name(7), "mode names");
  /* bump is called (internalized) from the spmd kernel's outlined loop only. */
  CHECK(ok_ir_reaches(g, spmd, "bump.internalized") && !ok_ir_reaches(g, generic, "bump.internalized"), "call graph");
  CHECK(ok_ir_reaches(g, generic, "__omp_offloading_fe00_5108d4_generic_l23_omp_outlined_omp_outlined_wrapper"),
        "wrapper handed to __kmpc_parallel_51 is reached");
  CHECK(ok_ir_defines(g, "bump") && !ok_ir_defines(g, "opaque"), "defines");
  ok_ir_free(g);
  CHECK(ok_ir_load("/nonexistent.ll", err, sizeof err) == NULL && strstr(err, "cannot open"), "missing IR: %s", err);
  /* LLVM 16 stores the mode as @<kernel>_exec_mode = ... i8 N. */
  snprintf(path, sizeof path, "%s/clang16-modes.device.ll", dir);
  g = ok_ir_load(path, err, sizeof err);
  CHECK(g && ok_ir_nkernels(g) == 3 && ok_ir_exec_mode(g, spmd) == 2 && ok_ir_exec_mode(g, spmdized) == 3 &&
            ok_ir_exec_mode(g, generic) == 1,
        "clang-16 exec_mode globals: %s", g ? "wrong modes" : err);
  ok_ir_free(g);
  snprintf(path, sizeof path, "%s/nvcc13-ptxas-v.txt", dir);
  CHECK(ok_ir_load(path, err, sizeof err) == NULL && strstr(err, "not LLVM IR"), "not IR: %s", err);

  /* The same source's PTX as the object compile keeps it (-save-temps): the modes are the ExecMode
   * byte of the .u64 kernel-environment initializers, and "_$_" maps back to IR names. */
  snprintf(path, sizeof path, "%s/clang19-modes.device.ptx", dir);
  g = ok_ir_load(path, err, sizeof err);
  CHECK(g != NULL, "device PTX: %s", err);
  if (!g) return;
  const char *pspmd = "__omp_offloading_fe00_a721fe_spmd_l7", *pspmdized = "__omp_offloading_fe00_a721fe_spmdized_l12",
             *pgeneric = "__omp_offloading_fe00_a721fe_generic_l23";
  CHECK(ok_ir_nkernels(g) == 3, "ptx: %zu kernels", ok_ir_nkernels(g));
  CHECK(ok_ir_exec_mode(g, pspmd) == 2 && ok_ir_exec_mode(g, pspmdized) == 3 && ok_ir_exec_mode(g, pgeneric) == 1,
        "ptx modes %d %d %d", ok_ir_exec_mode(g, pspmd), ok_ir_exec_mode(g, pspmdized), ok_ir_exec_mode(g, pgeneric));
  CHECK(ok_ir_reaches(g, pspmd, "bump.internalized") && !ok_ir_reaches(g, pgeneric, "bump.internalized") &&
            !ok_ir_reaches(g, pspmdized, "bump.internalized"),
        "ptx call graph");
  /* The outlined wrapper's address is handed to __kmpc_parallel_51 (a mov, not a call). */
  CHECK(ok_ir_reaches(g, pspmdized, "__omp_offloading_fe00_a721fe_spmdized_l12_omp_outlined_omp_outlined_wrapper"),
        "ptx: wrapper referenced by address is reached");
  CHECK(ok_ir_reaches(g, pgeneric, "opaque") && ok_ir_defines(g, "bump") && !ok_ir_defines(g, "opaque"),
        "ptx: extern callee reached, defines");
  ok_ir_free(g);
}

static size_t parse_expect(const char *src, struct ok_expect **v, char *err, size_t errlen) {
  size_t n = 0;
  err[0] = 0;
  if (ok_expect_parse_buffer("t.c", src, strlen(src), v, &n, err, errlen)) return (size_t)-1;
  return n;
}

static void expect_bad(const char *src, const char *want) {
  struct ok_expect *v;
  char err[512];
  size_t n = parse_expect(src, &v, err, sizeof err);
  CHECK(n == (size_t)-1, "accepted: %s", src);
  CHECK(strstr(err, want) != NULL && !strncmp(err, "t.c:", 4) && !strchr(err, '\n'), "error '%s' lacks '%s'", err,
        want);
}

static void expect_parser(const char *dir) {
  const char *good = "int x;\n"
                     "  // EXPECT-MODE: generic-spmd\n"                 /* 2 */
                     "  // EXPECT-REMARK: OMP120\n"                      /* 3 */
                     "  // EXPECT-NO-REMARK[clang-16]: OMP120\n"         /* 4 */
                     "  //EXPECT-MAX-REGISTERS: 64 +8\n"                /* 5 */
                     "  // the EXPECT-MODE comments below are prose\n"   /* 6 */
                     "  #pragma omp target data map(x)\n"               /* 7: no kernel */
                     "/* #pragma omp target */\n"                        /* 8: in a comment */
                     "  #  pragma omp target teams \\\n"                /* 9 */
                     "     num_teams(2)\n"
                     "  {}\n"
                     "  // EXPECT-MODE[target-clang19]: SPMD\n"          /* 12 */
                     "#pragma omp target\n";                             /* 13 */
  struct ok_expect *v;
  char err[512];
  size_t n = parse_expect(good, &v, err, sizeof err);
  CHECK(n == 5, "good: %zu expectations (%s)", n, err);
  if (n == 5) {
    CHECK(v[0].kind == OK_EXPECT_MODE && !strcmp(v[0].value, "Generic-SPMD") && v[0].line == 2 && v[0].pragma_line == 9,
          "mode: %s line %d pragma %d", v[0].value, v[0].line, v[0].pragma_line);
    CHECK(v[1].kind == OK_EXPECT_REMARK && !strcmp(v[1].value, "OMP120") && !v[1].qualifier[0], "remark");
    CHECK(v[2].kind == OK_EXPECT_NO_REMARK && !strcmp(v[2].qualifier, "clang-16") && v[2].pragma_line == 9, "qualified");
    CHECK(v[3].kind == OK_EXPECT_MAX_REGISTERS && v[3].max == 64 && v[3].tolerance == 8, "registers %ld +%ld", v[3].max,
          v[3].tolerance);
    CHECK(v[4].pragma_line == 13 && !strcmp(v[4].qualifier, "target-clang19"), "second region %d", v[4].pragma_line);
    /* For clang-16 the qualified NO-REMARK replaces the unqualified REMARK; others keep it. */
    CHECK(ok_expect_applies(v, n, 1, "clang-19", "target-clang19") && !ok_expect_applies(v, n, 1, "clang-16", "x"),
          "override by qualifier");
    CHECK(ok_expect_applies(v, n, 2, "clang-16", "x") && !ok_expect_applies(v, n, 2, "clang-19", "target-clang19"),
          "qualified applies only to its compiler");
    CHECK(ok_expect_applies(v, n, 4, "clang-19", "target-clang19") && !ok_expect_applies(v, n, 4, "clang-19", "t2"),
          "config-name qualifier");
    CHECK(ok_expect_applies(v, n, 0, "clang-19", NULL), "unqualified applies");
  }
  free(v);
  /* A target qualifier (docs/amdgpu.md): [amdgpu] holds on every gfx arch and replaces the
   * unqualified line of its slot there; [gfx942] one arch; NVPTX keeps the unqualified line. */
  n = parse_expect("// EXPECT-MODE: Generic\n// EXPECT-MODE[amdgpu]: Generic-SPMD\n// EXPECT-REMARK[gfx942]: OMP120\n"
                   "#pragma omp target teams\n",
                   &v, err, sizeof err);
  CHECK(n == 3, "target qualifiers: %zu (%s)", n, err);
  if (n == 3) {
    CHECK(ok_expect_applies_on(v, n, 0, "clang-19", "target-clang19", "sm_90") &&
              !ok_expect_applies_on(v, n, 0, "clang-19", "target-clang19-gfx90a", "gfx90a"),
          "[amdgpu] replaces the unqualified mode on gfx90a only");
    CHECK(ok_expect_applies_on(v, n, 1, "clang-19", "x", "gfx90a") && ok_expect_applies_on(v, n, 1, "clang-19", "x", "gfx942") &&
              !ok_expect_applies_on(v, n, 1, "clang-19", "x", "sm_90") && !ok_expect_applies(v, n, 1, "clang-19", "x"),
          "[amdgpu] holds on gfx archs only");
    CHECK(ok_expect_applies_on(v, n, 2, "clang-19", "x", "gfx942") && !ok_expect_applies_on(v, n, 2, "clang-19", "x", "gfx90a"),
          "[gfx942] holds on that arch only");
    CHECK(!strcmp(ok_target_family("gfx90a"), "amdgpu") && !strcmp(ok_target_family("sm_90"), "nvptx") &&
              !ok_target_family("x86"), "target families");
  }
  free(v);
  expect_bad("// EXPECT-MODE: spmdd\n#pragma omp target\n", "mode must be SPMD, Generic or Generic-SPMD");
  expect_bad("// EXPECT-REMARK OMP120\n#pragma omp target\n", "expected ':'");
  expect_bad("// EXPECT-REMARK:\n#pragma omp target\n", "missing value");
  expect_bad("// EXPECT-REMARK: OMP120 OMP121\n#pragma omp target\n", "unexpected text after the value");
  expect_bad("// EXPECT-REMARK: 120\n#pragma omp target\n", "remark ID must be a name");
  expect_bad("// EXPECT-MAX-REGISTERS: lots\n#pragma omp target\n", "expected a register count");
  expect_bad("// EXPECT-MAX-REGISTERS: 64 +\n#pragma omp target\n", "tolerance");
  expect_bad("// EXPECT-REMARK[clang 19]: OMP120\n#pragma omp target\n", "compiler qualifier");
  expect_bad("// EXPECT-REMARKS: OMP120\n#pragma omp target\n", "unknown directive 'EXPECT-REMARKS'");
  expect_bad("// EXPECT_MODE: SPMD\n#pragma omp target\n", "unknown directive");
  expect_bad("int x;\n// EXPECT-MODE: SPMD\n", "t.c:2: EXPECT-MODE has no '#pragma omp target' below it");
  expect_bad("// EXPECT-MODE: SPMD\n// EXPECT-MODE: Generic\n#pragma omp target\n", "t.c:2: EXPECT-MODE: Generic conflicts");
  expect_bad("// EXPECT-REMARK: OMP1\n// EXPECT-NO-REMARK: OMP1\n#pragma omp target\n", "conflicts");
  expect_bad("// EXPECT-MODE: SPMD\n#pragma omp target data\n", "has no '#pragma omp target'");
  /* EXPECT-FAIL: binds to the next registration, across the variant's pragmas, beside them. */
  const char *kd = "// EXPECT-FAIL[clang-19]: wrong result (docs/offload-gaps.md#lock)\n" /* 1 */
                   "// EXPECT-MODE: SPMD\n"                                              /* 2 */
                   "#pragma omp target\n"                                                /* 3 */
                   "{}\n"
                   "// EXPECT-FAIL[target-clang19-cudamode]: not built\n"                /* 5 */
                   "  OK_REGISTER_SWEEP( critical_add , omp_set_lock_spmd, \"spmd\", T, f)\n" /* 6 */
                   "OK_REGISTER(critical_add, other, \"spmd\", T, f)\n";                /* 7 */
  n = parse_expect(kd, &v, err, sizeof err);
  CHECK(n == 3, "expect-fail: %zu expectations (%s)", n, err);
  if (n == 3) {
    CHECK(v[0].kind == OK_EXPECT_MODE && v[0].pragma_line == 3, "region expectation kept");
    CHECK(v[1].kind == OK_EXPECT_FAIL && !strcmp(v[1].value, "wrong result") &&
              !strcmp(v[1].note, "docs/offload-gaps.md#lock") && !strcmp(v[1].qualifier, "clang-19") &&
              v[1].line == 1 && v[1].pragma_line == 6 && !strcmp(v[1].kernel, "critical_add") &&
              !strcmp(v[1].variant, "omp_set_lock_spmd"),
          "fail: '%s' '%s' [%s] line %d reg %d %s/%s", v[1].value, v[1].note, v[1].qualifier, v[1].line,
          v[1].pragma_line, v[1].kernel, v[1].variant);
    CHECK(v[2].kind == OK_EXPECT_FAIL && !strcmp(v[2].value, "not built") && !v[2].note[0] &&
              !strcmp(v[2].variant, "omp_set_lock_spmd"),
          "second fail on the same registration");
    CHECK(ok_expect_applies(v, n, 1, "clang-19", "target-clang19-cudamode") &&
              !ok_expect_applies(v, n, 1, "clang-16", "target-clang16"),
          "fail by compiler tag");
    CHECK(ok_expect_applies(v, n, 2, "clang-19", "target-clang19-cudamode") &&
              !ok_expect_applies(v, n, 2, "clang-19", "target-clang19"),
          "fail by configuration name");
  }
  free(v);
  expect_bad("// EXPECT-FAIL: wrong result\nOK_REGISTER(k, v, \"spmd\", T, f)\n", "belongs to a compiler");
  expect_bad("// EXPECT-FAIL[clang-19]: wrong result\n#pragma omp target\n{}\n",
             "t.c:1: EXPECT-FAIL has no OK_REGISTER");
  expect_bad("// EXPECT-FAIL[clang-19]: wrong result (x\nOK_REGISTER(k, v, \"spmd\", T, f)\n", "must end with ')'");
  expect_bad("// EXPECT-FAIL[clang-19]: wrong; result\nOK_REGISTER(k, v, \"spmd\", T, f)\n", "status must be words");
  expect_bad("// EXPECT-FAIL[clang-19]: (x)\nOK_REGISTER(k, v, \"spmd\", T, f)\n", "missing status");
  expect_bad("// EXPECT-FAIL[clang-19]: a\n// EXPECT-FAIL[clang-19]: b\nOK_REGISTER(k, v, \"spmd\", T, f)\n",
             "t.c:2: EXPECT-FAIL: a second EXPECT-FAIL[clang-19]");
  char ct[64];
  ok_compiler_tag("Debian clang version 19.1.7 (3+b1)", "/usr/bin/clang-19", ct, sizeof ct);
  CHECK(!strcmp(ct, "clang-19"), "tag %s", ct);
  ok_compiler_tag("gcc (Debian 12.2.0-14) 12.2.0", "/usr/bin/gcc-12", ct, sizeof ct);
  CHECK(!strcmp(ct, "gcc-12"), "tag %s", ct);
  char *many = malloc(300 * 32 + 32);
  many[0] = 0;
  for (int i = 0; i < 300; ++i) sprintf(many + strlen(many), "// EXPECT-REMARK: OMP%d\n", i);
  strcat(many, "#pragma omp target\n");
  expect_bad(many, "t.c:257: more than 256 expectations for one target region");
  free(many);
  /* The catalogue source parses, and its expectations sit on the two kernels' lines. */
  char path[1024];
  snprintf(path, sizeof path, "%s/../../kernels/omp_target/atomic_add_scalar.c", dir);
  CHECK(ok_expect_parse_file(path, &v, &n, err, sizeof err) == 0 && n >= 4, "catalogue source: %s", err);
  free(v);
  CHECK(ok_expect_parse_file("/nonexistent.c", &v, &n, err, sizeof err) == -1 && strstr(err, "cannot open"), "%s", err);
}

static void demangle(void) {
  char out[256];
  CHECK(ok_demangle("_Z24atomic_add_scalar_kernelPyliPi", out, sizeof out) == 0 &&
            !strcmp(out, "atomic_add_scalar_kernel(unsigned long long*, long, int, int*)"),
        "demangled CUDA kernel: %s", out);
  CHECK(ok_demangle("__omp_offloading_fe00_5100af_atomic_add_scalar_spmd_l34", out, sizeof out) == -1,
        "an offload kernel is a C symbol");
  CHECK(ok_demangle("_Zgarbage", out, sizeof out) == -1, "garbage demangled");
}

/* PTX listings: kernels (.entry) and device functions (.func, with or without a return parameter)
 * are functions; prototypes and .extern declarations add no instructions to the counted ones. The
 * omp_target primitive bodies are plain-named device functions. */
static void ptx_functions(const char *dir) {
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s/clang19-omp-prims.ptx", dir);
  struct ok_disasm *d = NULL;
  CHECK(ok_disasm_load(path, &d, err, sizeof err) == 0, "load %s: %s", path, err);
  if (!d) return;
  regex_t re;
  regcomp(&re, "bar\\.sync|barrier\\.sync", REG_EXTENDED | REG_NOSUB);
  int ft = 0, fb = 0, fk = 0, fh = 0;
  long t = ok_disasm_count(d, "ok_ot_barrier_test", &re, &ft), b = ok_disasm_count(d, "ok_ot_barrier_base", &re, &fb);
  long k = ok_disasm_count(d, "__omp_offloading_fe00_51621d_launch_spmd_l18", &re, &fk);
  long h = ok_disasm_count(d, "ok_ot_barrier_test_helper", &re, &fh);
  CHECK(ft == 1 && t == 4, "test body: %d function(s), %ld barriers (want 1, 4)", ft, t);
  CHECK(fb == 1 && b == 2, "baseline body: %d function(s), %ld barriers (want 1, 2)", fb, b);
  CHECK(fk == 1 && k == 1, "kernel: %d function(s), %ld barriers (want 1, 1)", fk, k);
  CHECK(fh == 1 && h == 1, ".func with a return parameter: %d function(s), %ld barriers (want 1, 1)", fh, h);
  CHECK(ok_disasm_count(d, "ok_opaque_touch", &re, &fh) == 0 && fh == 0, ".extern declaration taken for a function");
  regfree(&re);
  ok_disasm_free(d);
}

/* target-gcc12's listings (tests/fixtures/README.md): the kept image PTX, in which GCC's clones
 * are spelled with '$'; there atomic_write's test body holds 100 more stores than its baseline,
 * but the SASS ptxas makes of it holds one store each (what the H200's 0.00026 ns per op meant):
 * read with the SASS spelling of the family, the primitive is absent. A body GCC itself folded is
 * absent in the PTX already. */
static void gcc_listings(const char *dir) {
  char path[1024], err[256];
  struct ok_disasm *d = NULL;
  regex_t re;
  int ft = 0, fb = 0;
  snprintf(path, sizeof path, "%s/gcc12-atomic-write.ptx", dir);
  CHECK(ok_disasm_load(path, &d, err, sizeof err) == 0, "load %s: %s", path, err);
  if (d) {
    regcomp(&re, "st\\.", REG_EXTENDED | REG_NOSUB);
    long t = ok_disasm_count(d, "ok_ot_atomic_write_int_test", &re, &ft),
         b = ok_disasm_count(d, "ok_ot_atomic_write_int_base", &re, &fb);
    CHECK(ft == 1 && fb == 1 && t == 202 && b == 102, "gcc PTX: %d/%d function(s), %ld/%ld stores (want 202/102)", ft,
          fb, t, b);
    regfree(&re);
    ok_disasm_free(d), d = NULL;
  }
  char *sf = ok_disasm_sass_family("st\\.");
  CHECK(sf && !strcmp(sf, "st[gsl]?\\."), "SASS family of st\\.: %s", sf ? sf : "(null)");
  snprintf(path, sizeof path, "%s/gcc12-atomic-write.sass", dir);
  CHECK(ok_disasm_load(path, &d, err, sizeof err) == 0, "load %s: %s", path, err);
  if (d && sf && regcomp(&re, sf, REG_EXTENDED | REG_NOSUB | REG_ICASE) == 0) {
    long t = ok_disasm_count(d, "ok_ot_atomic_write_int_test", &re, &ft),
         b = ok_disasm_count(d, "ok_ot_atomic_write_int_base", &re, &fb);
    /* ST.E (the loop's one store), ST.E.64 x 2 (cycles, sink); the register saves (STL) have no '.'. */
    CHECK(ft == 1 && fb == 1 && t == 3 && b == 3, "gcc SASS: %d/%d function(s), %ld/%ld stores (want 3/3)", ft, fb, t, b);
    regfree(&re);
  }
  ok_disasm_free(d), d = NULL;
  free(sf);
  sf = ok_disasm_sass_family("^[[:space:]]*(membar|fence)\\.|atom\\.|red\\.");
  if (sf && regcomp(&re, sf, REG_EXTENDED | REG_NOSUB | REG_ICASE) == 0) {
    CHECK(!regexec(&re, "        /*0080*/                   MEMBAR.SC.SYS ;", 0, NULL, 0), "MEMBAR after the address: %s", sf);
    CHECK(!regexec(&re, "        /*0090*/                   REDG.E.ADD.STRONG.GPU [R2.64], R5 ;", 0, NULL, 0), "REDG: %s", sf);
    CHECK(!regexec(&re, "        /*00a0*/                   ATOM.E.ADD.STRONG.GPU PT, R3, [R2.64], R5 ;", 0, NULL, 0), "ATOM: %s", sf);
    CHECK(regexec(&re, "        /*00b0*/                   IMAD.MOV.U32 R4, RZ, RZ, R5 ;", 0, NULL, 0), "IMAD matched: %s", sf);
    regfree(&re);
  }
  free(sf);
  /* A runtime call (GCC's barrier: `call GOMP_barrier;`) is a CALL in ptxas -c's SASS, unnamed;
   * a bare mnemonic (the contention map's SASS-and-PTX family) stays one. */
  sf = ok_disasm_sass_family("ATOM|RED|atom\\.|red\\.|lock |xchg");
  CHECK(sf && !strcmp(sf, "ATOM|RED|atom[gsl]?\\.|red[gsl]?\\.|lock |xchg"), "mnemonics kept: %s", sf ? sf : "(null)");
  free(sf);
  sf = ok_disasm_sass_family("bar\\.sync|__kmpc_barrier|GOMP_barrier");
  CHECK(sf && !strcmp(sf, "bar[gsl]?\\.sync|call\\.|call\\."), "SASS family of a call: %s", sf ? sf : "(null)");
  if (sf && regcomp(&re, sf, REG_EXTENDED | REG_NOSUB | REG_ICASE) == 0) {
    CHECK(!regexec(&re, "        /*01b0*/                   CALL.ABS.NOINC 0x0 ;", 0, NULL, 0), "CALL: %s", sf);
    CHECK(!regexec(&re, "        /*01c0*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;", 0, NULL, 0), "BAR.SYNC: %s", sf);
    regfree(&re);
  }
  free(sf);
  snprintf(path, sizeof path, "%s/gcc12-eliminated.ptx", dir);
  CHECK(ok_disasm_load(path, &d, err, sizeof err) == 0, "load %s: %s", path, err);
  if (d) {
    regcomp(&re, "st\\.", REG_EXTENDED | REG_NOSUB);
    long t = ok_disasm_count(d, "ok_fx_store_test", &re, &ft), b = ok_disasm_count(d, "ok_fx_store_base", &re, &fb);
    CHECK(ft == 1 && fb == 1 && t == 1 && b == 1, "folded: %ld/%ld stores (want 1/1)", t, b);
    int fm = 0;
    ok_disasm_count(d, "main", &re, &fm);
    CHECK(fm >= 1, "GCC's '$' clones (main$_omp_fn$0...) belong to main: %d", fm);
    regfree(&re);
    ok_disasm_free(d);
  }
}

/* kernel-info (LLVM 22): the text scripts/compile.sh --kernel-info keeps, captured from clang-22's
 * device IR of kernels/omp_target/cases/launch_bounds.c (opt-22 -passes='default<O3>,kernel-info'). */
struct ki_acc {
  int n, teams128, flat7, allocas;
  char first_fn[256];
};
static int on_ki(const struct ok_remark *r, void *ud) {
  struct ki_acc *a = ud;
  if (!a->n++) snprintf(a->first_fn, sizeof a->first_fn, "%s", r->function);
  if (strcmp(r->pass, "kernel-info") || r->nargs != 1 || strcmp(r->args[0].key, r->name)) a->n += 1000;
  if (!strcmp(r->name, "omp_target_num_teams") && strstr(r->function, "launch_bounds_constant_l21") &&
      !strcmp(r->args[0].value, "128") && !strcmp(r->message, "omp_target_num_teams = 128"))
    ++a->teams128;
  if (!strcmp(r->name, "FlatAddrspaceAccesses") && !strcmp(r->args[0].value, "7")) ++a->flat7;
  if (!strcmp(r->name, "Allocas")) ++a->allocas;
  return 0;
}
static void kernel_info(const char *dir) {
  char path[1024], err[256];
  struct ki_acc a;
  memset(&a, 0, sizeof a);
  snprintf(path, sizeof path, "%s/clang22-launch_bounds.kernel-info.txt", dir);
  long n = ok_kernel_info_parse_file(path, on_ki, &a, err, sizeof err);
  /* 166 lines: 66 per-function summaries (11 keys x 6 functions), the rest per instruction. */
  CHECK(n == 66 && a.n == 66, "kernel-info: %ld records (%d seen), want 66", n, a.n);
  CHECK(!strcmp(a.first_fn, "__omp_offloading_fe00_51c6c3_launch_bounds_constant_l21"), "kernel-info: function '%s'",
        a.first_fn);
  CHECK(a.teams128 == 1, "kernel-info: omp_target_num_teams = 128 of the constant kernel not read");
  CHECK(a.flat7 == 2, "kernel-info: FlatAddrspaceAccesses = 7 read %d times, want 2", a.flat7);
  CHECK(a.allocas == 6, "kernel-info: Allocas for %d functions, want 6", a.allocas);
  /* clang's form (a location first, the flag after), a negative value, the form with debug info
   * ("artificial function", no '@'), and lines that are not summaries or are broken: only the
   * three well-formed summaries count. */
  snprintf(path, sizeof path, "/tmp/ok_ki_%d.txt", (int)getpid());
  FILE *f = fopen(path, "w");
  if (!f) {
    CHECK(0, "kernel-info: cannot write %s", path);
    return;
  }
  fputs("k.c:26:1: remark: in function '@K', omp_target_num_teams = 64 [-Rpass=kernel-info]\n"
        "remark: <unknown>:0:0: in function '@K', AllocasStaticSizeSum = -1\n"
        "remark: <unknown>:0:0: in function '@K', direct call, callee is '@f'\n"
        "remark: <unknown>:0:0: in function '@K', Allocas = x\n"
        "remark: <unknown>:0:0: in function '@K', Allocas = 3x\n"
        "remark: <unknown>:0:0: in function '@K'\n"
        "in function '@K', Allocas = 3\n"
        "remark: in function '', Allocas = 3\n"
        /* the kit's own build (-g line info): kernels/omp_target/cases/launch_bounds.c */
        "remark: kernels/omp_target/cases/launch_bounds.c:21:0: in artificial function "
        "'__omp_offloading_fe00_51c6c3_launch_bounds_constant_l21', omp_target_num_teams = 128\n",
        f);
  fclose(f);
  memset(&a, 0, sizeof a);
  n = ok_kernel_info_parse_file(path, on_ki, &a, err, sizeof err);
  CHECK(n == 3 && !strcmp(a.first_fn, "K") && a.teams128 == 1,
        "kernel-info: clang form / debug-info form / malformed lines: %ld records, first '%s'", n, a.first_fn);
  remove(path);
  CHECK(ok_kernel_info_parse_file("/nonexistent/x.txt", NULL, NULL, err, sizeof err) == -1 && strstr(err, "/nonexistent"),
        "kernel-info: a missing file is not an error with its name");
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "tests/fixtures";
  real_fixture(dir);
  malformed();
  resources(dir);
  amdgpu_notes(dir);
  launch();
  demangle();
  other_versions(dir);
  spills(dir);
  ir_modes(dir);
  expect_parser(dir);
  ptx_functions(dir);
  gcc_listings(dir);
  kernel_info(dir);
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  else printf("all remarks/resources/launch checks passed\n");
  return failures ? 1 : 0;
}
