/* Where build time went, per configuration: scripts/compile.sh appends one line per compile or
 * link to <artefacts>/build-times.txt ("<start epoch> <seconds> compile|link <file>"). The latest
 * line per file is what that file costs now; their sum is the configuration's build CPU time. */
#define _GNU_SOURCE
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bt {
  char file[512], kind[16];
  long start;
  double s;
};

static int by_time_desc(const void *a, const void *b) {
  double x = ((const struct bt *)a)->s, y = ((const struct bt *)b)->s;
  return (x < y) - (x > y);
}

/* {"tus": N, "compile_s": X, "link_s": Y, "slowest": [{"file": F, "s": S}, ...5]}, or NULL. */
static json_t *one_config(const char *artefacts) {
  char path[4200];
  snprintf(path, sizeof path, "%s/build-times.txt", artefacts);
  FILE *in = fopen(path, "r");
  if (!in) return NULL;
  struct bt *v = NULL;
  size_t n = 0, cap = 0;
  char line[1024];
  while (fgets(line, sizeof line, in)) {
    struct bt b;
    if (sscanf(line, "%ld %lf %15s %511s", &b.start, &b.s, b.kind, b.file) != 4) continue;
    size_t i = 0;
    while (i < n && strcmp(v[i].file, b.file)) ++i;
    if (i == n) {
      if (n == cap) {
        struct bt *nv = realloc(v, (cap = cap ? 2 * cap : 64) * sizeof *v);
        if (!nv) break;
        v = nv;
      }
      ++n;
    }
    v[i] = b; /* later lines are later builds */
  }
  fclose(in);
  double comp = 0, link = 0;
  size_t tus = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!strcmp(v[i].kind, "link")) link += v[i].s;
    else comp += v[i].s, ++tus;
  }
  qsort(v, n, sizeof *v, by_time_desc);
  json_t *o = json_object(), *slow = json_array();
  json_object_set_new(o, "tus", json_integer((json_int_t)tus));
  json_object_set_new(o, "compile_s", json_real(comp));
  json_object_set_new(o, "link_s", json_real(link));
  for (size_t i = 0, k = 0; i < n && k < 5; ++i) {
    if (!strcmp(v[i].kind, "link")) continue;
    json_t *e = json_object();
    json_object_set_new(e, "file", json_string(v[i].file));
    json_object_set_new(e, "s", json_real(v[i].s));
    json_array_append_new(slow, e);
    ++k;
  }
  json_object_set_new(o, "slowest", slow);
  free(v);
  return o;
}

json_t *ok_build_times(const struct ok_manifest *m) {
  json_t *all = json_object();
  for (int i = 0; i < m->n; ++i) {
    if (!m->configs[i].enabled) continue;
    json_t *o = one_config(m->configs[i].artefacts);
    if (o) json_object_set_new(all, m->configs[i].name, o);
  }
  return all;
}
