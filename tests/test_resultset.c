/* The result set's point identity (driver/core/resultset.c):
 *   test_resultset                 fixtures: points differing only in param stay apart; param's
 *                                  ran=TxN tokens (what ran) do not split a point; repeats merge
 *   test_resultset --no-merge DIR  a folder from one pass (no --repeat): no two lines may merge;
 *                                  prints the number of points */
#define _GNU_SOURCE
#include "resultset.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ok_check.h"

static void write_dir(const char *dir, const char *lines) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/results.jsonl", dir);
  FILE *f = fopen(path, "w");
  fputs(lines, f);
  fclose(f);
  snprintf(path, sizeof path, "%s/provenance.json", dir);
  f = fopen(path, "w");
  fputs("{\"sweep\":\"quick\"}\n", f);
  fclose(f);
}

static json_t *find(struct resultset *rs, const char *param) {
  size_t i;
  json_t *j;
  json_array_foreach(rs->lines, i, j) {
    const char *p = rs_str(j, OKF_param);
    if (p && !strcmp(p, param)) return j;
  }
  return NULL;
}

static int fixtures(void) {
  char dir[] = "/tmp/ok_rs_XXXXXX";
  if (!mkdtemp(dir)) return 1;
  /* atomic_cas pass/fail x scalar/array at one shape, and atomic_write at 1 and 2 locations: the
   * points the H200 quick results merged. */
  write_dir(dir,
            "{\"config\":\"cuda-nvcc\",\"kernel\":\"atomic_cas\",\"variant\":\"cuda\",\"status\":\"ok\",\"type\":\"int\",\"threads\":32,\"teams\":1,\"param\":\"outcome=pass,layout=scalar\",\"per_op_ns\":{\"median\":10,\"min\":9,\"max\":11}}\n"
            "{\"config\":\"cuda-nvcc\",\"kernel\":\"atomic_cas\",\"variant\":\"cuda\",\"status\":\"ok\",\"type\":\"int\",\"threads\":32,\"teams\":1,\"param\":\"outcome=fail,layout=scalar\",\"per_op_ns\":{\"median\":30,\"min\":29,\"max\":31}}\n"
            "{\"config\":\"cuda-nvcc\",\"kernel\":\"atomic_cas\",\"variant\":\"cuda\",\"status\":\"wrong result\",\"type\":\"int\",\"threads\":32,\"teams\":1,\"param\":\"outcome=pass,layout=array\"}\n"
            "{\"config\":\"native-gcc\",\"kernel\":\"atomic_write\",\"variant\":\"omp_atomic\",\"status\":\"ok\",\"type\":\"int\",\"threads\":2,\"teams\":1,\"affinity\":\"close/threads\",\"param\":\"locations=1\",\"per_op_ns\":{\"median\":5,\"min\":4,\"max\":6}}\n"
            "{\"config\":\"native-gcc\",\"kernel\":\"atomic_write\",\"variant\":\"omp_atomic\",\"status\":\"ok\",\"type\":\"int\",\"threads\":2,\"teams\":1,\"affinity\":\"close/threads\",\"param\":\"locations=2\",\"per_op_ns\":{\"median\":7,\"min\":6,\"max\":8}}\n"
            /* the same omp_target point in two repeats; the region got a different shape each time */
            "{\"config\":\"target-clang19\",\"kernel\":\"fence\",\"variant\":\"omp_flush_spmd\",\"status\":\"ok\",\"type\":\"int\",\"threads\":1024,\"teams\":1,\"param\":\"order=seq_cst,ran=1x736\",\"repeat\":0,\"per_op_ns\":{\"median\":100,\"min\":90,\"max\":110}}\n"
            "{\"config\":\"target-clang19\",\"kernel\":\"fence\",\"variant\":\"omp_flush_spmd\",\"status\":\"ok\",\"type\":\"int\",\"threads\":1024,\"teams\":1,\"param\":\"order=seq_cst,ran=1x1024\",\"repeat\":1,\"per_op_ns\":{\"median\":200,\"min\":190,\"max\":210}}\n"
            "{\"config\":\"target-clang19\",\"kernel\":\"fence\",\"variant\":\"omp_flush_spmd\",\"status\":\"ok\",\"type\":\"int\",\"threads\":1024,\"teams\":1,\"param\":\"ran=1x1024\",\"per_op_ns\":{\"median\":50,\"min\":45,\"max\":55}}\n");
  struct resultset rs;
  if (rs_load(&rs, dir, "test", 1)) return 1;
  CHECK(json_array_size(rs.lines) == 7, "7 points, got %zu", json_array_size(rs.lines));
  json_t *pass = find(&rs, "outcome=pass,layout=scalar"), *fail = find(&rs, "outcome=fail,layout=scalar");
  json_t *arr = find(&rs, "outcome=pass,layout=array");
  json_t *l1 = find(&rs, "locations=1"), *l2 = find(&rs, "locations=2");
  CHECK(pass && fail && arr && l1 && l2, "a param point was merged away");
  if (pass && fail && arr && l1 && l2) {
    CHECK(ok_jint(pass, RS_REPEATS) == 1 && ok_jint(fail, RS_REPEATS) == 1, "pass/fail merged as repeats");
    CHECK(rs_ns_per_op(pass) == 10 && rs_ns_per_op(fail) == 30, "pass %g fail %g: medians mixed", rs_ns_per_op(pass),
          rs_ns_per_op(fail));
    CHECK(rs_is_ok(pass) && !rs_is_ok(arr), "the failed array point's status leaked into the scalar one");
    CHECK(rs_ns_per_op(l1) == 5 && rs_ns_per_op(l2) == 7, "locations 1/2 mixed");
    char a[1024], b[1024];
    rs_key(pass, 1, a, sizeof a);
    rs_key(fail, 1, b, sizeof b);
    CHECK(strcmp(a, b), "same key for pass and fail: %s", a);
    CHECK(strstr(a, "|param=outcome=pass,layout=scalar"), "param not in the key: %s", a);
    char label[512];
    rs_point_label(l2, label, sizeof label);
    CHECK(strstr(label, "param=locations=2"), "label lacks param: %s", label);
  }
  json_t *rep = find(&rs, "order=seq_cst,ran=1x736");
  CHECK(rep && ok_jint(rep, RS_REPEATS) == 2, "repeats of one omp_target point not merged (ran= split them)");
  if (rep) CHECK(rs_ns_per_op(rep) == 150, "median of medians %g, want 150", rs_ns_per_op(rep));
  json_t *bare = find(&rs, "ran=1x1024");
  CHECK(bare && ok_jint(bare, RS_REPEATS) == 1, "a point whose param is only ran= merged with order=seq_cst");
  rs_free(&rs);
  char cmd[PATH_MAX + 16];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) return 1;
  return 0;
}

static int no_merge(const char *dir) {
  struct resultset rs;
  if (rs_load(&rs, dir, "test", 0)) return 1;
  size_t i, merged = 0;
  json_t *j;
  json_array_foreach(rs.lines, i, j) if (ok_jint(j, RS_REPEATS) > 1) {
    ++merged;
    fprintf(stderr, "merged: %s (%ld lines)\n", ok_jstr(j, RS_KEY), ok_jint(j, RS_REPEATS));
  }
  CHECK(merged == 0, "%zu point(s) of a single pass merged", merged);
  printf("%zu points\n", json_array_size(rs.lines));
  rs_free(&rs);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "--no-merge")) {
    if (no_merge(argv[2])) return 2;
  } else if (argc == 1) {
    if (fixtures()) return 2;
  } else {
    fprintf(stderr, "usage: test_resultset [--no-merge DIR]\n");
    return 2;
  }
  if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
  return failures ? 1 : 0;
}
