/* Statuses on result lines, and the one tally of a result folder (status.h). */
#define _GNU_SOURCE
#include "resultset.h"
#include "status.h"

#include "ok_record.h"

#include <stdio.h>
#include <string.h>

enum ok_status ok_line_status(json_t *line) {
  return ok_status_parse(rs_str(line, OKF_status), NULL);
}

void ok_line_set_status(json_t *line, enum ok_status s, const char *why) {
  json_object_set_new(line, OK_FNAME(status), json_string(ok_status_name(s)));
  if (why && *why) json_object_set_new(line, OK_FNAME(error), json_string(why));
}

void ok_line_normalize(json_t *line) {
  const char *text = rs_str(line, OKF_status), *why;
  enum ok_status s = ok_status_parse(text, &why);
  if (s == OK_ST_OK && rs_get(line, OKF_expect_fail)) { /* format 1's passed-under-a-marker */
    ok_line_set_status(line, OK_ST_FIXED, NULL);
    return;
  }
  if (s == OK_ST_UNKNOWN || !strcmp(text, ok_status_name(s))) return;
  const char *err = rs_str(line, OKF_error);
  char buf[2048];
  if (err && *err && strcmp(err, why)) snprintf(buf, sizeof buf, "%s: %s", why, err);
  else snprintf(buf, sizeof buf, "%s", why);
  ok_line_set_status(line, s, buf);
}

json_t *ok_variant_groups(json_t *lines) {
  json_t *per = json_object(), *j;
  size_t i;
  json_array_foreach(lines, i, j) {
    const char *k = rs_str(j, OKF_kernel);
    if (!k) continue;
    const char *cf = rs_str(j, OKF_config);
    const char *va = rs_str(j, OKF_variant);
    char key[1024];
    snprintf(key, sizeof key, "%s|%s|%s", cf ? cf : "", k, va ? va : "");
    json_t *g = json_object_get(per, key), *n;
    if (!g) {
      json_object_set_new(per, key, g = json_pack("{s:O,s:[]}", "first", j, "n"));
      for (int c = 0; c < OK_SC_COUNT; ++c) json_array_append_new(json_object_get(g, "n"), json_integer(0));
    }
    n = json_object_get(g, "n");
    enum ok_status_class c = ok_status_class(ok_line_status(j));
    json_array_set_new(n, (size_t)c, json_integer(json_integer_value(json_array_get(n, (size_t)c)) + 1));
    /* The marked line that says most: the first that failed as marked, else the first that passed. */
    json_t *m = json_object_get(g, "marked");
    if ((c == OK_SC_KNOWN && (!m || ok_line_status(m) != OK_ST_KNOWN_DEFECT)) || (c == OK_SC_FIXED && !m))
      json_object_set(g, "marked", j);
  }
  return per;
}

enum ok_status_class ok_group_class(json_t *group, long n[OK_SC_COUNT]) {
  for (int c = 0; c < OK_SC_COUNT; ++c) n[c] = (long)json_integer_value(json_array_get(json_object_get(group, "n"), (size_t)c));
  return ok_variant_class(n);
}

void ok_tally_lines(json_t *lines, struct ok_tally *t) {
  memset(t, 0, sizeof *t);
  json_t *j, *per = ok_variant_groups(lines);
  size_t i;
  json_array_foreach(lines, i, j) {
    enum ok_status_class c = ok_status_class(ok_line_status(j));
    if (!rs_get(j, OKF_kernel)) ++t->configs, ++t->config_class[c];
    else ++t->points, ++t->point_class[c];
  }
  const char *k;
  json_object_foreach(per, k, j) {
    long n[OK_SC_COUNT];
    enum ok_status_class vc = ok_group_class(j, n);
    ++t->variants, ++t->variant_class[vc];
    if (vc == OK_SC_KNOWN && n[OK_SC_FIXED]) ++t->known_partly;
  }
  json_decref(per);
}

/* "N (a passed, b failed, …)": every class, zeros included, so that two lines compare. */
static int classes(char *buf, size_t n, long total, const long *cls, long partly) {
  int l = snprintf(buf, n, "%ld (", total);
  for (int c = 0; c < OK_SC_COUNT && l > 0 && (size_t)l < n; ++c) {
    l += snprintf(buf + l, n - (size_t)l, "%s%ld %s", c ? ", " : "", cls[c], ok_status_class_names[c]);
    if (c == OK_SC_KNOWN && partly > 0 && (size_t)l < n)
      l += snprintf(buf + l, n - (size_t)l, " [%ld passing at some points]", partly);
  }
  if (l > 0 && (size_t)l < n) l += snprintf(buf + l, n - (size_t)l, ")");
  return l;
}

void ok_tally_format(const struct ok_tally *t, char *buf, size_t n) {
  int l = snprintf(buf, n, "variants: ");
  if (l > 0 && (size_t)l < n) l += classes(buf + l, n - (size_t)l, t->variants, t->variant_class, t->known_partly);
  if (l > 0 && (size_t)l < n) l += snprintf(buf + l, n - (size_t)l, " · points: ");
  if (l > 0 && (size_t)l < n) l += classes(buf + l, n - (size_t)l, t->points, t->point_class, 0);
  if (t->configs && l > 0 && (size_t)l < n) {
    l += snprintf(buf + l, n - (size_t)l, " · configurations with no variant run: ");
    if (l > 0 && (size_t)l < n) classes(buf + l, n - (size_t)l, t->configs, t->config_class, 0);
  }
}

static json_t *class_obj(long total, const long *cls) {
  json_t *o = json_pack("{s:I}", "total", (json_int_t)total);
  for (int c = 0; c < OK_SC_COUNT; ++c) json_object_set_new(o, ok_status_class_names[c], json_integer(cls[c]));
  return o;
}

json_t *ok_tally_json(const struct ok_tally *t) {
  json_t *v = class_obj(t->variants, t->variant_class);
  json_object_set_new(v, "known defect passing at some points", json_integer(t->known_partly));
  return json_pack("{s:o,s:o,s:o}", "variants", v, "points", class_obj(t->points, t->point_class), "configurations",
                   class_obj(t->configs, t->config_class));
}

int ok_tally_exit(const struct ok_tally *t) {
  return t->variant_class[OK_SC_FAIL] || t->variant_class[OK_SC_FIXED] || t->config_class[OK_SC_FAIL] ? 1 : 0;
}
