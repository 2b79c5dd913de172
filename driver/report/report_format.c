/* The report's formatting helpers (report.h "Helpers"): escaping for HTML and Markdown cells, a
 * line's cost and mode for people, row labels and anchors, and what a line's status is. Every
 * section file uses them; they call nothing of the report's. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"
#include "status.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

void rp_esc(FILE *f, const char *s) {
  for (; s && *s; ++s) switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

/* Markdown table cells: pipes escaped, newlines flattened. */
void rp_mdesc(FILE *f, const char *s) {
  for (; s && *s; ++s) {
    if (*s == '|') fputc('\\', f);
    fputc(*s == '\n' ? ' ' : *s, f);
  }
}

void rp_both(struct report *r, const char *md, const char *html) {
  if (md) fputs(md, r->md);
  if (html) fputs(html, r->html);
}

int rp_is_floor(json_t *j) {
  json_t *f = rs_get(j, OKF_floor);
  if (json_is_boolean(f)) return json_is_true(f);
  return json_is_number(rs_get(j, OKF_floor_cycles));
}

static void fmt_ns(double ns, char *buf, size_t n) {
  if (isnan(ns)) snprintf(buf, n, "–");
  else if (ns < 1e3) snprintf(buf, n, "%.3g ns", ns);
  else if (ns < 1e6) snprintf(buf, n, "%.3g µs", ns / 1e3);
  else if (ns < 1e9) snprintf(buf, n, "%.3g ms", ns / 1e6);
  else snprintf(buf, n, "%.3g s", ns / 1e9);
}

void rp_cost(json_t *j, char *buf, size_t n) {
  if (!j) {
    snprintf(buf, n, "–");
    return;
  }
  if (!rs_is_ok(j)) {
    snprintf(buf, n, "%s", rs_str(j, OKF_status) ? rs_str(j, OKF_status) : "no status");
    return;
  }
  if (rp_is_floor(j)) {
    json_t *fc = rs_get(j, OKF_floor_cycles);
    double cyc = json_is_number(fc) ? json_number_value(fc)
                                    : json_number_value(json_object_get(rs_get(j, OKF_per_op_cycles), "median"));
    if (cyc > 0) snprintf(buf, n, "≤ %.3g cycles (floor)", cyc);
    else {
      char t[32];
      fmt_ns(rs_ns_per_op(j), t, sizeof t);
      snprintf(buf, n, "≤ %s (floor)", t);
    }
    return;
  }
  double ns = rs_ns_per_op(j);
  if (!isnan(ns)) {
    fmt_ns(ns, buf, n);
    return;
  }
  double med, mn, mx;
  const char *m = rs_metric(j, &med, &mn, &mx);
  if (m && !strcmp(m, OK_FNAME(time_s))) rs_fmt_time(med, buf, n);
  else if (m) snprintf(buf, n, "%.3g cycles", med);
  else snprintf(buf, n, "ok");
}

void rp_ratio(double x, char *buf, size_t n) {
  if (isnan(x)) snprintf(buf, n, "–");
  else snprintf(buf, n, x >= 100 ? "×%.0f" : "×%.2g", x);
}

const char *rp_mode(json_t *j) {
  const char *m = rs_str(j, OKF_observed_mode);
  return m ? m : rs_str(j, OKF_static_mode);
}

/* A known defect's line, or a fixed? one (a marked line that passed). */
int rp_is_known_defect(json_t *j) {
  enum ok_status_class c = ok_status_class(ok_line_status(j));
  return c == OK_SC_KNOWN || c == OK_SC_FIXED;
}

int rp_is_failure(json_t *j) { return ok_status_fails(ok_line_status(j)); }

void rp_form_label(struct report *r, const struct rrow *w, int slot, char *buf, size_t n) {
  int len = snprintf(buf, n, "%s%s%s", w->kernel, w->form[0] ? "/" : "", w->form);
  if (slot >= 0 && len > 0 && (size_t)len < n) len += snprintf(buf + len, n - (size_t)len, " %s", slot == SL_SPMD ? "spmd" : "generic");
  if (r->n_omp_configs > 1 && w->config[0] && len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, " [%s]", !strncmp(w->config, "target-", 7) ? w->config + 7 : w->config);
}

void rp_row_anchor(struct report *r, const struct rrow *w, char *buf, size_t n) {
  snprintf(buf, n, "row-%zu", (size_t)(w - r->rows));
}

void rp_remark_anchor(char *buf, size_t n, const char *config, const char *sym, const char *id) {
  int len = snprintf(buf, n, "r-%s-%s-%s", config, sym, id);
  for (int i = 0; i < len && (size_t)i < n; ++i)
    if (!isalnum((unsigned char)buf[i]) && buf[i] != '-') buf[i] = '_';
}

