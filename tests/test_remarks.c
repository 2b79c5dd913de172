/* remarks/ library: records from a real clang-19 device compile, resource lines from real
 * ptxas/nvlink output, launch lines, and malformed or hostile YAML. */
#include "remarks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                                       \
  do {                                                         \
    if (!(cond)) {                                             \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);     \
      fprintf(stderr, __VA_ARGS__);                            \
      fputc('\n', stderr);                                     \
      ++failures;                                              \
    }                                                          \
  } while (0)

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

static void launch(void) {
  struct ok_launch L;
  const char *line = "\"PluginInterface\" device 0 info: Launching kernel __omp_offloading_fe00_5100af_"
                     "atomic_add_scalar_generic_l67 with 128 blocks and 160 threads in Generic mode";
  CHECK(ok_launch_parse(line, &L) == 0 && L.blocks == 128 && L.threads == 160 && !strcmp(L.mode, "Generic") &&
            strstr(L.kernel, "_generic_l67"),
        "launch line");
  CHECK(ok_launch_parse("CUDA device 0 info: The primary context is inactive", &L) == -1, "not a launch line");
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "tests/fixtures";
  real_fixture(dir);
  malformed();
  resources(dir);
  launch();
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  else printf("all remarks/resources/launch checks passed\n");
  return failures ? 1 : 0;
}
