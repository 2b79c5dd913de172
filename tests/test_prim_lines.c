/* Reads a bench's JSON lines on stdin and checks each is a well-formed primitive point (or rate
 * point: verified, rate min <= median <= max); argv names the kernels that must each appear at
 * least once. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char *line = NULL;
  size_t cap = 0;
  int n = 0, bad = 0, seen[64] = {0};
  while (getline(&line, &cap, stdin) > 0) {
    ++n;
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!json_is_object(j)) {
      fprintf(stderr, "line %d: not a JSON object: %s\n", n, je.text);
      ++bad;
      continue;
    }
    if (json_object_get(j, "rate")) { /* a rate point (maps, microbenchmarks): its own fields */
      json_t *r = json_object_get(j, "rate");
      const char *status = json_string_value(json_object_get(j, "status"));
      double med = json_number_value(json_object_get(r, "median")), mn = json_number_value(json_object_get(r, "min")),
             mx = json_number_value(json_object_get(r, "max"));
      if (!status || strcmp(status, "ok")) fprintf(stderr, "line %d: rate point status %s\n", n, status), ++bad;
      else if (!json_is_true(json_object_get(j, "verified")) || !json_is_string(json_object_get(j, "rate_unit")) ||
               !(med > 0 && mn <= med * 1.000001 && med <= mx * 1.000001) || !json_is_object(json_object_get(j, "time_s")))
        fprintf(stderr, "line %d: rate point not verified or rate %g/%g/%g malformed\n", n, mn, med, mx), ++bad;
      const char *k = json_string_value(json_object_get(j, "kernel"));
      for (int a = 1; a < argc && a < 64; ++a)
        if (k && !strcmp(k, argv[a])) seen[a] = 1;
      json_decref(j);
      continue;
    }
    static const char *str[] = {"config", "model", "kernel", "variant", "status", "type", "affinity", "unit", "timer",
                                NULL};
    static const char *num[] = {"threads", "teams", "n_iter", "unroll", "runs", "retries", NULL};
    for (int k = 0; str[k]; ++k)
      if (!json_is_string(json_object_get(j, str[k]))) fprintf(stderr, "line %d: %s missing\n", n, str[k]), ++bad;
    for (int k = 0; num[k]; ++k)
      if (!json_is_integer(json_object_get(j, num[k]))) fprintf(stderr, "line %d: %s missing\n", n, num[k]), ++bad;
    const char *status = json_string_value(json_object_get(j, "status"));
    if (status && !strcmp(status, "ok")) {
      json_t *p = json_object_get(j, "per_op_ns");
      double med = json_number_value(json_object_get(p, "median")), mn = json_number_value(json_object_get(p, "min")),
             mx = json_number_value(json_object_get(p, "max"));
      if (!json_is_true(json_object_get(j, "verified"))) fprintf(stderr, "line %d: ok but not verified\n", n), ++bad;
      if (!(med > 0 && mn <= med && med <= mx * 1.000001 + 1e-12))
        fprintf(stderr, "line %d: per_op_ns median %g min %g max %g\n", n, med, mn, mx), ++bad;
      if (!json_is_number(json_object_get(j, "throughput_per_thread_ops_s")))
        fprintf(stderr, "line %d: no throughput\n", n), ++bad;
    } else if (status && strncmp(status, "not measured", 12)) {
      fprintf(stderr, "line %d: status %s\n", n, status), ++bad;
    }
    const char *k = json_string_value(json_object_get(j, "kernel"));
    for (int a = 1; a < argc && a < 64; ++a)
      if (k && !strcmp(k, argv[a])) seen[a] = 1;
    json_decref(j);
  }
  for (int a = 1; a < argc && a < 64; ++a)
    if (!seen[a]) fprintf(stderr, "no line for kernel %s\n", argv[a]), ++bad;
  if (!n) fprintf(stderr, "no lines\n"), ++bad;
  printf("%d line(s), %d problem(s)\n", n, bad);
  return bad ? 1 : 0;
}
