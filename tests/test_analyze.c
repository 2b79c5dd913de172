/* Asserts what `ompkit analyze` found in its fixtures (tests/fixtures/analyze/), from its
 * analysis.json: the lowering of each region in words, the globalization, the what-if verdicts,
 * the EXPECT verdicts, and a configuration that fails to compile beside one that does not.
 *   test_analyze lowering ANALYSIS.json CONFIG   (lowering.c or lowering.cpp, four regions)
 *   test_analyze bad ANALYSIS.json GOOD BAD      (badcompile.c: BAD fails, GOOD reports)
 *   test_analyze gcc ANALYSIS.json CONFIG        (lowering.c or .cpp under GCC: kernels, lowering
 *                                                 from the omplower dump and the PTX call graph)
 *   test_analyze p30 CHECK ANALYSIS.json ARGS...  issue 30's verdicts on tests/fixtures/analyze/programs/
 *       header CFG          the region in hdr_regions.h is a row under the header's name; the one in
 *                           #if 0 is none; the header named on the command line is no unit
 *       instances CFG       two_types.cpp: a row per instance, labelled by type; the Wide one costs
 *                           more stack and is listed as costly, each instance judged
 *       callee CFG          callee_remark.cpp: OMP121 raised in Acc::operator*= is on the region,
 *                           with the operator's line
 *       outlined CFG        outlined.c: the linked figure counts the out-of-line callee: more
 *                           registers than the kernel's own ptxas -c figure, both shown
 *       dropped DROP OK     teams_loop.c: DROP emitted no kernel and no launch (a finding, costly),
 *                           OK emitted a kernel
 *       failed BAD          badcompile.c with what-if on BAD: "not compiled", never "no change";
 *                           BAD listed first under Costly
 *       compdb CFG          two units from a compile database, each with its own flags, both ok
 *       cause CFG           struct_assign.cpp: one thread per team because of the struct assignment
 *                           (a call, operator=) on line 14, named; both fixes given
 *       twokernels CFG      su3_v1_manual.c: one directive, two kernels (float, double): two rows
 *       cudacmp CFG         lowering.c's run beside its CUDA form's (--cuda-program; run outputs
 *                           written by the test): the region in combined() with the CUDA kernel
 *                           combined (same name), the other by rank; ratios of the total times;
 *                           a line for the whole program
 *       headerexpect CFG HOLD FAIL  hdr_main.c: the EXPECT lines written in hdr_regions.h are
 *                           judged on the header's region: HOLD hold, FAIL fail (a failing one is
 *                           its EXPECT-MODE), each named by the header
 *   test_analyze agree OUTSIDE.json BUILD.json CONFIG
 *       a kit source analyzed as an outside copy agrees with the kit build's artefacts of it
 *       (analyze --from-build): per region the same mode, remark IDs and registers */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;
#define CHECK(c, ...) ((c) ? 0 : (fails++, printf("FAIL %s:%d: ", __FILE__, __LINE__), printf(__VA_ARGS__), printf("\n")))

static const char *s(json_t *o, const char *k) {
  const char *v = json_string_value(json_object_get(o, k));
  return v ? v : "";
}

static json_t *entry(json_t *doc, size_t i, const char *cfg) {
  return json_object_get(json_object_get(json_array_get(json_object_get(doc, "regions"), i), "configs"), cfg);
}

/* Whether one of the what-if flag's changes starts with `what`. */
static int whatif_changes(json_t *doc, size_t i, const char *cfg, const char *flag, const char *what) {
  json_t *w = json_object_get(json_object_get(json_object_get(json_array_get(json_object_get(doc, "regions"), i), "whatif"), cfg), flag), *c;
  size_t k;
  json_array_foreach(json_object_get(w, "changes"), k, c) if (strstr(json_string_value(c), what)) return 1;
  return 0;
}

static int has_glob(json_t *e, const char *id) {
  json_t *g;
  size_t k;
  json_array_foreach(json_object_get(e, "globalized"), k, g) if (!strcmp(s(g, "id"), id)) return 1;
  return 0;
}

static void lowering(json_t *doc, const char *cfg) {
  CHECK(json_array_size(json_object_get(doc, "regions")) == 4, "4 regions, got %zu", json_array_size(json_object_get(doc, "regions")));
  json_t *d = entry(doc, 0, cfg), *g = entry(doc, 1, cfg), *e = entry(doc, 2, cfg), *c = entry(doc, 3, cfg);
  json_t *ld = json_object_get(d, "lowering"), *lg = json_object_get(g, "lowering"), *lc = json_object_get(c, "lowering");
  /* distribute only: one thread per team does the loop */
  CHECK(strstr(s(ld, "summary"), "teams distribute only") && !strcmp(s(ld, "loop_threads"), "1 per team"),
        "distribute_only: %s (%s)", s(ld, "summary"), s(ld, "loop_threads"));
  CHECK(json_is_true(json_object_get(ld, "distribute")) && !json_is_true(json_object_get(ld, "parallel_launch")),
        "distribute_only: entry points");
  /* generic kept generic by a side effect: OMP121, a state machine, one parallel region */
  CHECK(!strcmp(s(g, "mode"), "Generic") && strstr(s(g, "remark_ids"), "OMP121"), "side_effect: %s %s", s(g, "mode"), s(g, "remark_ids"));
  CHECK(!strncmp(s(lg, "summary"), "generic with", 12) && json_integer_value(json_object_get(lg, "parallel_regions")) == 1,
        "side_effect: %s", s(lg, "summary"));
  /* an escaping local: OMP112/OMP113 kept; -fopenmp-cuda-mode removes the globalization */
  CHECK(has_glob(e, "OMP112") && has_glob(e, "OMP113"), "escapes: no OMP112/OMP113 in globalized");
  CHECK(whatif_changes(doc, 2, cfg, "cuda-mode", "-OMP112") && whatif_changes(doc, 2, cfg, "cuda-mode", "lowering:"),
        "escapes: cuda-mode does not drop OMP112 and change the lowering");
  CHECK(!whatif_changes(doc, 3, cfg, "cuda-mode", "lowering:"), "combined: cuda-mode changed its lowering");
  /* the combined loop: SPMD, every thread shares it */
  CHECK(!strcmp(s(c, "mode"), "SPMD") && strstr(s(lc, "summary"), "every thread of a team shares the loop") &&
            !strcmp(s(lc, "loop_threads"), "all threads of every team"),
        "combined: %s %s", s(c, "mode"), s(lc, "summary"));
  CHECK(json_integer_value(json_object_get(json_object_get(c, "resources"), "registers")) > 0, "combined: no registers");
  json_t *ex = json_object_get(doc, "expect");
  CHECK(json_integer_value(json_object_get(ex, "fail")) == 0 && json_integer_value(json_object_get(ex, "hold")) >= 7,
        "EXPECT: %lld hold, %lld fail", (long long)json_integer_value(json_object_get(ex, "hold")),
        (long long)json_integer_value(json_object_get(ex, "fail")));
}

static void bad(json_t *doc, const char *good, const char *badc) {
  json_t *c, *gc = NULL, *bc = NULL;
  size_t k;
  json_array_foreach(json_object_get(doc, "configs"), k, c) {
    if (!strcmp(s(c, "name"), good)) gc = c;
    if (!strcmp(s(c, "name"), badc)) bc = c;
  }
  CHECK(gc && !strcmp(s(gc, "status"), "ok"), "%s did not compile", good);
  CHECK(bc && !strcmp(s(bc, "status"), "error") && strstr(s(bc, "error"), "error") && !strchr(s(bc, "error"), '\n'),
        "%s: status %s, error '%s'", badc, s(bc, "status"), s(bc, "error"));
  CHECK(!strcmp(s(entry(doc, 0, good), "mode"), "SPMD"), "%s: region not reported", good);
  CHECK(!strcmp(s(entry(doc, 0, badc), "status"), "not compiled"), "%s: region not marked 'not compiled': %s", badc,
        s(entry(doc, 0, badc), "status"));
}

static int in_array(json_t *arr, const char *v) {
  json_t *x;
  size_t k;
  json_array_foreach(arr, k, x) if (json_is_string(x) && !strcmp(json_string_value(x), v)) return 1;
  return 0;
}

/* GCC's rows (analyze_gcc.c): each region joined to its kernel (the child function, '.' spelt '$'),
 * registers from nvlink, the lowering from the constructs and the libgomp entry points reached. */
static void gcc(json_t *doc, const char *cfg) {
  static const char *fn[] = {"distribute_only", "side_effect", "escapes", "combined"};
  CHECK(json_array_size(json_object_get(doc, "regions")) == 4, "4 regions");
  for (size_t i = 0; i < 4; ++i) {
    json_t *e = entry(doc, i, cfg), *l = json_object_get(e, "lowering");
    CHECK(!strcmp(s(e, "status"), "ok"), "%s: status %s (%s)", fn[i], s(e, "status"), s(e, "error"));
    CHECK(strstr(s(e, "kernel"), fn[i]) && strstr(s(e, "kernel"), "$_omp_fn$"), "%s: kernel '%s'", fn[i], s(e, "kernel"));
    CHECK(!strcmp(s(e, "mode"), "generic (GCC)"), "%s: mode '%s'", fn[i], s(e, "mode"));
    CHECK(in_array(json_object_get(l, "entry_points"), "gomp_nvptx_main") &&
              in_array(json_object_get(l, "entry_points"), "GOMP_teams4"),
          "%s: gomp_nvptx_main or GOMP_teams4 not reached", fn[i]);
    CHECK(json_integer_value(json_object_get(json_object_get(e, "resources"), "registers")) > 0, "%s: no registers", fn[i]);
  }
  json_t *d = json_object_get(entry(doc, 0, cfg), "lowering"), *g = entry(doc, 1, cfg), *c = json_object_get(entry(doc, 3, cfg), "lowering");
  CHECK(strstr(s(d, "summary"), "teams distribute only") && !strcmp(s(d, "loop_threads"), "1 per team") &&
            !json_is_true(json_object_get(d, "parallel_launch")) && !in_array(json_object_get(d, "entry_points"), "GOMP_parallel"),
        "distribute_only: %s", s(d, "summary"));
  CHECK(in_array(json_object_get(g, "external_calls"), "ext_touch") &&
            in_array(json_object_get(json_object_get(g, "lowering"), "entry_points"), "GOMP_parallel"),
        "side_effect: ext_touch not an external call, or no GOMP_parallel");
  CHECK(strstr(s(c, "summary"), "distribute parallel for") && json_is_true(json_object_get(c, "distribute")) &&
            json_is_true(json_object_get(c, "for")) && json_integer_value(json_object_get(c, "parallel_regions")) == 1,
        "combined: %s", s(c, "summary"));
}

/* The OMP remark IDs of an entry attributed through the object's call graph (as `ompkit check`
 * and a build's artefacts attribute them; the build keeps no front-end IR, so a callee's remarks
 * found through it are left out), as a sorted, space-separated set. */
static void idset(json_t *e, char *out, size_t n) {
  char ids[64][16];
  int k = 0;
  json_t *x;
  size_t i;
  json_array_foreach(json_object_get(e, "remarks"), i, x) {
    int dup = 0;
    if (strncmp(s(x, "id"), "OMP", 3) || json_object_get(x, "via")) continue;
    for (int q = 0; q < k; ++q) dup |= !strcmp(ids[q], s(x, "id"));
    if (!dup && k < 64) snprintf(ids[k++], sizeof ids[0], "%s", s(x, "id"));
  }
  qsort(ids, (size_t)k, sizeof ids[0], (int (*)(const void *, const void *))strcmp);
  out[0] = 0;
  for (int i = 0; i < k; ++i) snprintf(out + strlen(out), n - strlen(out), "%s%s", i ? " " : "", ids[i]);
}

static void agree(json_t *outside, json_t *build, const char *cfg) {
  json_t *ro = json_object_get(outside, "regions"), *rb = json_object_get(build, "regions");
  CHECK(json_array_size(ro) == json_array_size(rb) && json_array_size(ro) > 0, "%zu regions outside, %zu in the build",
        json_array_size(ro), json_array_size(rb));
  int linked = 0;
  for (size_t i = 0; i < json_array_size(ro) && i < json_array_size(rb); ++i) {
    json_t *a = entry(outside, i, cfg), *b = entry(build, i, cfg);
    long line = (long)json_integer_value(json_object_get(json_array_get(ro, i), "line"));
    char ia[1024], ib[1024];
    idset(a, ia, sizeof ia), idset(b, ib, sizeof ib);
    long ra = (long)json_integer_value(json_object_get(json_object_get(a, "resources"), "registers"));
    long rb2 = (long)json_integer_value(json_object_get(json_object_get(b, "resources"), "registers"));
    CHECK(!strcmp(s(a, "status"), "ok") && !strcmp(s(b, "status"), "ok"), "line %ld: %s / %s", line, s(a, "status"), s(b, "status"));
    CHECK(!strcmp(s(a, "mode"), s(b, "mode")), "line %ld: mode %s outside, %s in the build", line, s(a, "mode"), s(b, "mode"));
    CHECK(!strcmp(ia, ib), "line %ld: remarks '%s' outside, '%s' in the build", line, ia, ib);
    /* Calls into another file: the build's count is nvlink's after the device link (callees
     * included), analyze's ptxas's of the file alone; they are compared only without such calls. */
    if (!json_array_size(json_object_get(a, "external_calls")))
      CHECK(ra == rb2 && ra > 0, "line %ld: %ld registers outside, %ld in the build", line, ra, rb2);
    else
      CHECK(ra > 0 && rb2 >= ra, "line %ld: %ld registers outside (file alone), %ld in the build (linked)", line, ra, rb2), ++linked;
  }
  printf("agree: %zu regions, %d with calls into another file (registers compared as at most the linked count)\n",
         json_array_size(ro), linked);
}

/* --- issue 30: real programs (tests/fixtures/analyze/programs/) --- */

static json_t *regions(json_t *doc) { return json_object_get(doc, "regions"); }

static json_t *row_where(json_t *doc, const char *file, const char *fn) {
  json_t *r;
  size_t i;
  json_array_foreach(regions(doc), i, r) if (strstr(s(r, "file"), file) && (!fn || strstr(s(r, "function"), fn))) return r;
  return NULL;
}

static json_t *cfg_of(json_t *r, const char *cfg) { return json_object_get(json_object_get(r, "configs"), cfg); }

static long rint_(json_t *e, const char *res, const char *k) {
  json_t *v = json_object_get(json_object_get(e, res), k);
  return v ? (long)json_integer_value(v) : -1;
}

static json_t *costly_for(json_t *doc, const char *cfg, const char *fn, const char *why) {
  json_t *c;
  size_t i;
  json_array_foreach(json_object_get(doc, "costly"), i, c) if (!strcmp(s(c, "config"), cfg) && (!fn || strstr(s(c, "function"), fn)) &&
                                                               (!why || strstr(s(c, "why"), why))) return c;
  return NULL;
}

static void p30_header(json_t *doc, const char *cfg) {
  json_t *h = row_where(doc, "hdr_regions.h", NULL), *f;
  size_t i;
  CHECK(h && json_integer_value(json_object_get(h, "line")) == 10, "no row hdr_regions.h:10");
  CHECK(h && !strcmp(s(cfg_of(h, cfg), "status"), "ok") && strstr(s(h, "kernel_id"), "hdr_regions.h:10:hdr_scale"),
        "hdr_regions.h:10: status %s, kernel_id %s", h ? s(cfg_of(h, cfg), "status") : "-", h ? s(h, "kernel_id") : "-");
  CHECK(!row_where(doc, "hdr_main.c", NULL), "a row for hdr_main.c (the region in #if 0)");
  CHECK(json_array_size(regions(doc)) == 1, "%zu regions, want 1", json_array_size(regions(doc)));
  json_array_foreach(json_object_get(doc, "files"), i, f) CHECK(!strstr(json_string_value(f), ".h"), "the header %s was compiled as a unit",
                                                                 json_string_value(f));
  CHECK(json_array_size(json_object_get(doc, "headers")) == 1, "the header named on the command line is not listed as one");
}

static void p30_instances(json_t *doc, const char *cfg) {
  json_t *w = row_where(doc, "two_types.cpp", "Wide"), *d = row_where(doc, "two_types.cpp", "<double>"), *r;
  size_t i;
  CHECK(w && d && w != d, "not one row per instance (Wide: %p, double: %p)", (void *)w, (void *)d);
  if (!w || !d) return;
  CHECK(json_integer_value(json_object_get(w, "line")) == json_integer_value(json_object_get(d, "line")), "instances on two lines");
  long sw = rint_(cfg_of(w, cfg), "resources", "stack_bytes"), sd = rint_(cfg_of(d, cfg), "resources", "stack_bytes");
  CHECK(sw > sd && sw >= 384, "stack: Wide %ld B, double %ld B (the Wide instance must be the costlier)", sw, sd);
  CHECK(costly_for(doc, cfg, "Wide", "stack") != NULL, "the Wide instance is not listed as costly (stack)");
  json_array_foreach(regions(doc), i, r) CHECK(!strcmp(s(cfg_of(r, cfg), "status"), "ok"), "%s: not judged: %s", s(r, "kernel_id"),
                                               s(cfg_of(r, cfg), "status"));
}

static void p30_callee(json_t *doc, const char *cfg) {
  json_t *r = row_where(doc, "callee_remark.cpp", NULL), *x;
  size_t i;
  int found = 0;
  CHECK(r != NULL, "no row for callee_remark.cpp");
  json_array_foreach(json_object_get(cfg_of(r, cfg), "remarks"), i, x) found |=
      !strcmp(s(x, "id"), "OMP121") && strstr(s(x, "function"), "operator*=") && json_integer_value(json_object_get(x, "line")) >= 10 &&
      json_integer_value(json_object_get(x, "line")) <= 12;
  CHECK(found, "OMP121 of Acc::operator*= (lines 10-12) is not on the region");
  CHECK(strstr(s(cfg_of(r, cfg), "remark_ids"), "OMP121") != NULL, "remark_ids lack OMP121: %s", s(cfg_of(r, cfg), "remark_ids"));
}

static void p30_outlined(json_t *doc, const char *cfg) {
  json_t *e = cfg_of(row_where(doc, "outlined.c", NULL), cfg);
  long linked = rint_(e, "resources", "registers"), own = rint_(e, "resources_per_file", "registers");
  CHECK(linked > own && own > 0, "registers: linked %ld, per file %ld (linked must count the callee)", linked, own);
  CHECK(strstr(s(e, "resources_note"), "linked") != NULL, "no note with both figures: %s", s(e, "resources_note"));
}

static void p30_dropped(json_t *doc, const char *drop, const char *ok) {
  json_t *r = row_where(doc, "teams_loop.c", NULL), *e = cfg_of(r, drop);
  CHECK(r && !strcmp(s(cfg_of(r, ok), "status"), "ok"), "%s emitted no kernel", ok);
  CHECK(!strcmp(s(e, "status"), "no kernel") && !strcmp(s(e, "host_side"), "dropped") && json_is_true(json_object_get(e, "finding")),
        "%s: status %s, host side %s", drop, s(e, "status"), s(e, "host_side"));
  CHECK(strstr(s(e, "error"), "no device kernel and no launch") && !strstr(s(e, "error"), "#if"), "%s: says '%s'", drop, s(e, "error"));
  CHECK(costly_for(doc, drop, NULL, "no device kernel and no launch") != NULL, "the drop is not listed as costly");
}

static void p30_failed(json_t *doc, const char *badc) {
  json_t *r, *w, *c;
  size_t i, k;
  int n = 0;
  json_array_foreach(regions(doc), i, r) {
    const char *fl;
    json_object_foreach(json_object_get(json_object_get(r, "whatif"), badc), fl, w) {
      ++n;
      int said = 0;
      json_array_foreach(json_object_get(w, "changes"), k, c) said |= strstr(json_string_value(c), "not compiled") != NULL;
      CHECK(said, "%s %s: what-if verdict is not 'not compiled'", badc, fl);
      CHECK(!json_is_true(json_object_get(w, "changed")), "%s %s: a failed configuration 'changed'", badc, fl);
    }
  }
  CHECK(n > 0, "no what-if entries for %s", badc);
  json_t *first = json_array_get(json_object_get(doc, "costly"), 0);
  CHECK(first && !strcmp(s(first, "config"), badc) && strstr(s(first, "why"), "error"), "Costly does not open with %s's failure", badc);
}

static void p30_cause(json_t *doc, const char *cfg) {
  json_t *r = row_where(doc, "struct_assign.cpp", NULL), *e = cfg_of(r, cfg), *low = json_object_get(e, "lowering");
  CHECK(!strcmp(s(low, "loop_threads"), "1 per team"), "struct_assign.cpp: loop threads '%s'", s(low, "loop_threads"));
  CHECK(strstr(s(low, "cause"), "operator=") && strstr(s(low, "cause"), "struct_assign.cpp:14"),
        "the cause is not the struct assignment on line 14: '%s'", s(low, "cause"));
  json_t *c = costly_for(doc, cfg, NULL, "teams distribute only");
  CHECK(c && strstr(s(c, "why"), "-fopenmp-assume-no-nested-parallelism (what-if: SPMD") &&
            strstr(s(c, "why"), "teams distribute parallel for"),
        "Costly does not give both fixes: %s", c ? s(c, "why") : "(not listed)");
}

static void p30_compdb(json_t *doc, const char *cfg) {
  json_t *a = row_where(doc, "db_a.c", NULL), *b = row_where(doc, "db_b.c", NULL);
  CHECK(json_array_size(json_object_get(doc, "files")) == 2, "%zu units, want 2", json_array_size(json_object_get(doc, "files")));
  CHECK(a && b && !strcmp(s(cfg_of(a, cfg), "status"), "ok") && !strcmp(s(cfg_of(b, cfg), "status"), "ok"),
        "db_a.c %s, db_b.c %s", a ? s(cfg_of(a, cfg), "status") : "no row", b ? s(cfg_of(b, cfg), "status") : "no row");
}

static void p30_twokernels(json_t *doc, const char *cfg) {
  json_t *f = row_where(doc, "su3_v1_manual.c", "_f"), *d = row_where(doc, "su3_v1_manual.c", "_d");
  CHECK(f && d && f != d && !strcmp(s(cfg_of(f, cfg), "status"), "ok") && !strcmp(s(cfg_of(d, cfg), "status"), "ok"),
        "su3_v1_manual.c: not a row per kernel (float and double)");
}

static json_t *cmp_row(json_t *run, const char *region) {
  size_t i;
  json_t *x;
  json_array_foreach(json_object_get(run, "cuda_compare"), i, x) if (strstr(s(x, "region"), region)) return x;
  return NULL;
}

static void p30_cudacmp(json_t *doc, const char *cfg) {
  json_t *run = json_object_get(doc, "run");
  json_t *c = cmp_row(run, "lowering.c:59"), *d = cmp_row(run, "lowering.c:29"), *p = cmp_row(run, "the program");
  CHECK(json_array_size(json_object_get(run, "cuda_compare")) == 3, "%zu comparison rows, want 3",
        json_array_size(json_object_get(run, "cuda_compare")));
  CHECK(c && !strcmp(s(c, "cuda_kernel"), "_Z8combinedPjl") && strstr(s(c, "pairing"), "name") && !strcmp(s(c, "config"), cfg),
        "lowering.c:59 (in combined) is not paired by name with the CUDA kernel combined: %s", c ? s(c, "cuda_kernel") : "no row");
  CHECK(c && json_real_value(json_object_get(c, "ratio")) > 9.99 && json_real_value(json_object_get(c, "ratio")) < 10.01 &&
            strstr(s(c, "pairing"), "launch counts differ"),
        "lowering.c:59: ratio %g, want 2 ms / 0.2 ms = 10 (totals)", c ? json_real_value(json_object_get(c, "ratio")) : -1);
  CHECK(d && !strcmp(s(d, "cuda_kernel"), "_Z6helperPjl") && strstr(s(d, "pairing"), "rank"),
        "lowering.c:29 (in distribute_only) is not paired by rank with the CUDA kernel left: %s", d ? s(d, "cuda_kernel") : "no row");
  CHECK(d && json_real_value(json_object_get(d, "ratio")) > 0.59 && json_real_value(json_object_get(d, "ratio")) < 0.61,
        "lowering.c:29: ratio %g, want 0.3 / 0.5", d ? json_real_value(json_object_get(d, "ratio")) : -1);
  CHECK(p && json_real_value(json_object_get(p, "omp_ms")) > 2.29 && json_real_value(json_object_get(p, "cuda_ms")) < 0.71 &&
            json_integer_value(json_object_get(p, "cuda_launches")) == 2,
        "the program's line: OpenMP %g ms, CUDA %g ms", p ? json_real_value(json_object_get(p, "omp_ms")) : -1,
        p ? json_real_value(json_object_get(p, "cuda_ms")) : -1);
}

static void p30_headerexpect(json_t *doc, const char *cfg, size_t want_hold, size_t want_fail) {
  json_t *ex = json_object_get(doc, "expect"), *x;
  size_t i, hold = 0, fail = 0;
  json_array_foreach(json_object_get(ex, "checks"), i, x) {
    if (!strstr(s(x, "file"), "hdr_regions.h") || strcmp(s(x, "config"), cfg)) continue;
    hold += !strcmp(s(x, "status"), "pass"), fail += !strcmp(s(x, "status"), "fail");
    CHECK(strcmp(s(x, "status"), "fail") || strstr(s(x, "check"), "EXPECT-MODE"), "the failing check is not the mode: %s", s(x, "check"));
  }
  CHECK(hold == want_hold && fail == want_fail, "hdr_regions.h's EXPECT lines: %zu hold, %zu fail; want %zu and %zu", hold,
        fail, want_hold, want_fail);
}

static int p30(const char *check, json_t *doc, char **args, int nargs) {
  if (nargs < 1) return 2;
  if (!strcmp(check, "header")) p30_header(doc, args[0]);
  else if (!strcmp(check, "instances")) p30_instances(doc, args[0]);
  else if (!strcmp(check, "callee")) p30_callee(doc, args[0]);
  else if (!strcmp(check, "outlined")) p30_outlined(doc, args[0]);
  else if (!strcmp(check, "dropped") && nargs > 1) p30_dropped(doc, args[0], args[1]);
  else if (!strcmp(check, "failed")) p30_failed(doc, args[0]);
  else if (!strcmp(check, "compdb")) p30_compdb(doc, args[0]);
  else if (!strcmp(check, "cause")) p30_cause(doc, args[0]);
  else if (!strcmp(check, "twokernels")) p30_twokernels(doc, args[0]);
  else if (!strcmp(check, "cudacmp")) p30_cudacmp(doc, args[0]);
  else if (!strcmp(check, "headerexpect") && nargs > 2) p30_headerexpect(doc, args[0], (size_t)atol(args[1]), (size_t)atol(args[2]));
  else return 2;
  return 0;
}

int main(int argc, char **argv) {
  json_error_t je;
  if (argc > 4 && !strcmp(argv[1], "p30")) {
    json_t *d = json_load_file(argv[3], 0, &je);
    if (!d) return printf("%s: %s\n", argv[3], je.text), 2;
    if (p30(argv[2], d, argv + 4, argc - 4)) return printf("usage: test_analyze p30 CHECK ANALYSIS.json ARGS\n"), 2;
    json_decref(d);
    printf("%s %s\n", argv[2], fails ? "FAILED" : "ok");
    return fails != 0;
  }
  json_t *doc = argc > 3 ? json_load_file(argv[2], 0, &je) : NULL;
  if (!doc) return printf("usage: test_analyze lowering|bad ANALYSIS.json CONFIG [BAD] (%s)\n", argc > 3 ? je.text : ""), 2;
  if (!strcmp(argv[1], "lowering")) lowering(doc, argv[3]);
  else if (!strcmp(argv[1], "gcc")) gcc(doc, argv[3]);
  else if (!strcmp(argv[1], "agree") && argc > 4) {
    json_t *b = json_load_file(argv[3], 0, &je);
    if (!b) return printf("%s: %s\n", argv[3], je.text), 2;
    agree(doc, b, argv[4]);
    json_decref(b);
  }
  else if (argc > 4) bad(doc, argv[3], argv[4]);
  json_decref(doc);
  printf("%s\n", fails ? "FAILED" : "ok");
  return fails != 0;
}
