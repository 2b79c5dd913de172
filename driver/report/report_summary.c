/* The report's first screen: a key line, per kernel family the best and the worst omp_target
 * form against CUDA, and the surprises, grouped, ranked, each group capped with "N more" (the
 * full lists follow in a collapsed section). SPMD-ization of a generic kernel (OMP120) is the
 * compiler doing its job and never a surprise; a mode demoted below what the source says is. */
#define _GNU_SOURCE
#include "resultset.h"
#include "provenance.h"
#include "report.h"
#include "status.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { G_FAIL, G_EXPECT, G_DEMOTED, G_GLOBAL, G_DROPPED, G_OUTLIER, G_KNOWN, G_N };
static const char *const group_title[G_N] = {
    "Failed runs",
    "Broken expectations",
    "Mode demoted below the source",
    "Globalization left (OMP112/OMP113)",
    "Region dropped by a configuration",
    "Ratio far from the family's norm",
    "Known defects",
};
/* Items shown per group on the first screen; the rest are counted ("N more"). */
enum { SUMMARY_CAP = 3 };
/* A form is an outlier when its ratio is this many times above or below its family's median. */
static const double OUTLIER_FACTOR = 8.0;

struct item {
  int group;
  double score; /* higher first within a group */
  char text[640], href[32];
  char why[512]; /* detail: in the full list and the item's tooltip, not on the first screen */
};

struct items {
  struct item *v;
  size_t n, cap;
};

static struct item *add(struct items *it, int group, double score, const char *href, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static struct item *add(struct items *it, int group, double score, const char *href, const char *fmt, ...) {
  if (it->n == it->cap) it->v = realloc(it->v, (it->cap = it->cap ? 2 * it->cap : 32) * sizeof *it->v);
  struct item *x = &it->v[it->n++];
  x->group = group, x->score = score, x->why[0] = 0;
  snprintf(x->href, sizeof x->href, "%s", href ? href : "");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->text, sizeof x->text, fmt, ap);
  va_end(ap);
  return x;
}

static int item_cmp(const void *a, const void *b) {
  const struct item *x = a, *y = b;
  if (x->group != y->group) return x->group - y->group;
  if (x->score != y->score) return x->score > y->score ? -1 : 1;
  return strcmp(x->text, y->text);
}

/* The line's form for people: "critical_add/omp_set_lock_spmd (target-clang19)". */
static void line_label(json_t *j, char *buf, size_t n) {
  snprintf(buf, n, "%s/%s (%s)", rs_str(j, OKF_kernel) ? rs_str(j, OKF_kernel) : "?",
           rs_str(j, OKF_variant) ? rs_str(j, OKF_variant) : "?", rs_str(j, OKF_config) ? rs_str(j, OKF_config) : "?");
}

static struct rrow *row_of(struct report *r, json_t *j) {
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    if (w->cuda == j || w->omp[0] == j || w->omp[1] == j || w->native == j) return w;
  }
  return NULL;
}

static double model_weight(json_t *j) {
  const char *m = rs_str(j, OKF_model);
  return ok_model_of(m) == OKM_OMP_TARGET ? 3 : ok_model_of(m) == OKM_CUDA ? 2 : 1;
}

/* One variant's items: its failures, one per status (omp_target first, then by points), and its
 * verdict as a known defect or fixed? (ok_variant_class, as in the run's summary and nightly). */
static void variant_items(struct report *r, struct items *it, json_t *group, json_t *fails) {
  json_t *first = json_object_get(group, "first"), *g;
  char lab[512], href[32] = "";
  line_label(first, lab, sizeof lab);
  struct rrow *w = row_of(r, first);
  if (w) rp_row_anchor(r, w, href, sizeof href);
  const char *st;
  json_object_foreach(fails, st, g) {
    long pts = ok_jint(g, "points");
    json_t *f = json_object_get(g, "first");
    char pt[300] = "", own[256];
    rp_point_label(f, own, sizeof own);
    if (pts > 1) snprintf(pt, sizeof pt, " at %ld points", pts);
    else if (own[0]) snprintf(pt, sizeof pt, " at %s", own);
    struct item *x = add(it, G_FAIL, model_weight(f) * 1000 + (double)pts, href, "%s: %s%s", lab, st, pt);
    snprintf(x->why, sizeof x->why, "%s", rs_str(f, OKF_error) ? rs_str(f, OKF_error) : rs_str(f, OKF_detail) ?: "");
  }
  long n[OK_SC_COUNT];
  enum ok_status_class vc = ok_group_class(group, n);
  json_t *marked = json_object_get(group, "marked");
  long nm = n[OK_SC_KNOWN] + n[OK_SC_FIXED];
  if (vc == OK_SC_KNOWN) {
    struct item *x = add(it, G_KNOWN, 1, href, "%s: known defect at %ld of %ld marked point(s)%s", lab, n[OK_SC_KNOWN],
                         nm, n[OK_SC_FIXED] ? " (passes at the others)" : "");
    snprintf(x->why, sizeof x->why, "%s", rs_str(marked, OKF_error) ?: "");
  } else if (vc == OK_SC_FIXED) { /* news: ranks above the defects still there */
    struct item *x = add(it, G_KNOWN, 2, href, "%s: fixed? passed at all %ld marked point(s)", lab, nm);
    snprintf(x->why, sizeof x->why, "%s", rs_str(marked, OKF_expect_fail) ?: "");
  }
}

/* Failures and known defects, per variant (config, kernel, variant): status.c's one grouping. */
static void status_items(struct report *r, struct items *it) {
  json_t *groups = ok_variant_groups(r->rs.lines), *fails = json_object(), *j;
  size_t i;
  json_array_foreach(r->rs.lines, i, j) { /* failing points by variant and status */
    if (!rs_str(j, OKF_kernel) || !ok_status_fails(ok_line_status(j))) continue;
    char key[1024];
    snprintf(key, sizeof key, "%s|%s|%s", rs_str(j, OKF_config) ?: "", rs_str(j, OKF_kernel), rs_str(j, OKF_variant) ?: "");
    json_t *v = json_object_get(fails, key), *g;
    if (!v) json_object_set_new(fails, key, v = json_object());
    const char *name = rs_str(j, OKF_status) ? rs_str(j, OKF_status) : "no status";
    if (!(g = json_object_get(v, name))) json_object_set_new(v, name, g = json_pack("{s:O,s:i}", "first", j, "points", 0));
    json_object_set_new(g, "points", json_integer(ok_jint(g, "points") + 1));
  }
  const char *key;
  json_t *empty = json_object();
  json_object_foreach(groups, key, j) {
    json_t *f = json_object_get(fails, key);
    variant_items(r, it, j, f ? f : empty);
  }
  json_decref(empty);
  json_decref(fails);
  json_decref(groups);
}

/* check.json's failed expectations, and kernels whose runtime mode is not the compiled one. */
static void expectation_items(struct report *r, struct items *it) {
  size_t i;
  json_t *c;
  json_array_foreach(r->checks, i, c) {
    const char *obs = ok_jstr(c, "observed");
    add(it, G_EXPECT, 2 - 1e-6 * (double)i, NULL, "%s:%ld: EXPECT-%s: %s (%s)%s%s", ok_jstr(c, "file") ? ok_jstr(c, "file") : "?",
        ok_jint(c, "line"), ok_jstr(c, "directive") ? ok_jstr(c, "directive") : "?", ok_jstr(c, "value") ? ok_jstr(c, "value") : "",
        rs_str(c, OKF_config) ? rs_str(c, OKF_config) : "?", obs ? " — observed " : "", obs ? obs : "");
  }
  json_t *seen = json_object();
  for (size_t n = 0; n < r->nrows; ++n)
    for (int s = 0; s < SL_N; ++s) {
      json_t *j = r->rows[n].omp[s];
      const char *mm = rs_str(j, OKF_mode_mismatch);
      char lab[512], href[32];
      if (!mm) continue;
      line_label(j, lab, sizeof lab);
      if (json_object_get(seen, lab)) continue;
      json_object_set_new(seen, lab, json_true());
      rp_row_anchor(r, &r->rows[n], href, sizeof href);
      add(it, G_EXPECT, 1, href, "%s: %s", lab, mm);
    }
  json_decref(seen);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* A form: one (config, kernel, form, slot) over its points. */
struct form {
  struct rrow *first, *worst_row; /* worst_row: the point furthest from the family's norm */
  int slot, family, points;
  double logsum, far;
};

static int same_form(const struct rrow *a, const struct rrow *b) {
  return !strcmp(a->kernel, b->kernel) && !strcmp(a->form, b->form) && !strcmp(a->config, b->config);
}

static size_t collect_forms(struct report *r, struct form *f, size_t max, double *norm) {
  size_t nf = 0;
  for (size_t n = 0; n < r->nrows; ++n)
    for (int s = 0; s < SL_N; ++s) {
      struct rrow *w = &r->rows[n];
      if (isnan(w->ratio[s])) continue;
      size_t k = 0;
      while (k < nf && !(f[k].slot == s && same_form(f[k].first, w))) ++k;
      if (k == nf) {
        if (nf == max) continue;
        memset(&f[nf], 0, sizeof f[nf]);
        f[nf].first = f[nf].worst_row = w, f[nf].slot = s, f[nf].family = w->family, ++nf;
      }
      f[k].logsum += log(w->ratio[s]);
      ++f[k].points;
      double d = fabs(log(w->ratio[s]) - norm[w->family]);
      if (d > f[k].far) f[k].far = d, f[k].worst_row = w;
    }
  return nf;
}

/* Each family's norm: the median log ratio over all its omp_target points. */
static void family_norms(struct report *r, double *norm) {
  for (int fam = 0; fam < r->nfamilies; ++fam) {
    double *v = malloc((2 * r->nrows + 1) * sizeof *v);
    size_t k = 0;
    for (size_t n = 0; n < r->nrows; ++n)
      for (int s = 0; s < SL_N; ++s)
        if (r->rows[n].family == fam && !isnan(r->rows[n].ratio[s])) v[k++] = log(r->rows[n].ratio[s]);
    qsort(v, k, sizeof *v, cmp_double);
    norm[fam] = !k ? NAN : k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
    free(v);
  }
}

/* From the result lines: modes below the written one and globalization left, ranked by what it
 * costs against CUDA; a region whose EXPECT lines ask for globalization is a deliberate case.
 * done: "config|symbol" of what they listed, which the compile data then leave out. */
static void mode_and_global_items(struct report *r, struct items *it, json_t *done) {
  json_t *seen = json_object();
  for (size_t n = 0; n < r->nrows; ++n)
    for (int s = 0; s < SL_N; ++s) {
      struct rrow *w = &r->rows[n];
      json_t *j = w->omp[s];
      if (!j) continue;
      char lab[512], key[600], href[32], sk[1200];
      line_label(j, lab, sizeof lab);
      rp_row_anchor(r, w, href, sizeof href);
      snprintf(sk, sizeof sk, "%s|%s", rs_str(j, OKF_config) ?: "", rs_str(j, OKF_kernel_symbol) ?: "");
      const char *mode = rp_mode(j), *src = rs_str(j, OKF_source_mode);
      int got = ok_mode_rank(mode), want = ok_mode_rank(src);
      snprintf(key, sizeof key, "m|%s", lab);
      if (got >= 0 && want >= 0 && got < want) json_object_set_new(done, sk, json_true());
      if (got >= 0 && want >= 0 && got < want && !json_object_get(seen, key)) {
        json_object_set_new(seen, key, json_true());
        add(it, G_DEMOTED, want - got, href, "%s: written %s, ran %s", lab, src, mode);
      }
      char ids[64] = "";
      size_t k;
      json_t *id;
      json_array_foreach(rs_get(j, OKF_remarks), k, id) {
        const char *x = json_string_value(id);
        if (x && (!strcmp(x, "OMP112") || !strcmp(x, "OMP113")) && strlen(ids) + 8 < sizeof ids)
          strcat(strcat(ids, ids[0] ? " " : ""), x);
      }
      snprintf(key, sizeof key, "g|%s", lab);
      if (ids[0]) json_object_set_new(done, sk, json_true());
      if (!ids[0] || json_object_get(seen, key) ||
          rc_deliberate(r, rs_str(j, OKF_config), rs_str(j, OKF_kernel_symbol)))
        continue;
      json_object_set_new(seen, key, json_true());
      /* Ranked by what it costs against CUDA (the worst point of the form). */
      double worst = NAN;
      for (size_t m = 0; m < r->nrows; ++m)
        if (same_form(&r->rows[m], w) && !isnan(r->rows[m].ratio[s]) && !(r->rows[m].ratio[s] <= worst))
          worst = r->rows[m].ratio[s];
      char q[32] = "";
      if (!isnan(worst)) rp_ratio(worst, q, sizeof q);
      add(it, G_GLOBAL, isnan(worst) ? 0 : worst, href, "%s: %s%s%s%s", lab, ids, q[0] ? " — " : "", q,
          q[0] ? " CUDA's cost" : "");
    }
  json_decref(seen);
}

/* The compile data's surprises (report_compile.c) for the regions the result lines did not list
 * (without a GPU, all of them), one item per region and finding with its configurations
 * ("target-clang16, target-clang16-oldplugin": one build, two runtimes); the reference
 * configuration's rank first. */
static void compile_items(struct report *r, struct items *it, json_t *done) {
  static const int group_of[] = {[CS_DEMOTED] = G_DEMOTED, [CS_GLOBAL] = G_GLOBAL, [CS_DROPPED] = G_DROPPED};
  json_t *merged = json_object(); /* kind|region|what -> index of its item */
  for (size_t i = 0; i < r->ncsurp; ++i) {
    const struct csurprise *c = &r->csurp[i];
    char sk[1200], mk[1000];
    snprintf(sk, sizeof sk, "%s|%s", c->config, c->symbol);
    if (c->kind != CS_DROPPED && json_object_get(done, sk)) continue;
    snprintf(mk, sizeof mk, "%d|%s|%s", c->kind, c->id, c->what);
    json_t *at = json_object_get(merged, mk);
    double ref = r->ref_config && !strcmp(c->config, r->ref_config) ? 10 : 0;
    if (!at) {
      json_object_set_new(merged, mk, json_integer((json_int_t)it->n));
      struct item *x = add(it, group_of[c->kind], c->score + ref, c->href, "%s (%s): %s", c->label, c->config, c->what);
      snprintf(x->why, sizeof x->why, "%s", c->why);
      continue;
    }
    struct item *x = &it->v[json_integer_value(at)];
    char *paren = strstr(x->text, "): ");
    if (!paren) continue;
    char tail[700];
    snprintf(tail, sizeof tail, "%s", paren);
    snprintf(paren, sizeof x->text - (size_t)(paren - x->text), ", %s%s", c->config, tail);
    x->score += 1 + ref; /* the same finding in more configurations ranks higher */
  }
  json_decref(merged);
}

static void outlier_items(struct report *r, struct items *it, struct form *f, size_t nf, const double *norm) {
  for (size_t k = 0; k < nf; ++k) {
    if (isnan(norm[f[k].family]) || f[k].far < log(OUTLIER_FACTOR)) continue;
    struct rrow *w = f[k].worst_row;
    char lab[512], q[32], nq[32], href[32];
    rp_form_label(r, w, f[k].slot, lab, sizeof lab);
    rp_ratio(w->ratio[f[k].slot], q, sizeof q);
    rp_ratio(exp(norm[f[k].family]), nq, sizeof nq);
    rp_row_anchor(r, w, href, sizeof href);
    add(it, G_OUTLIER, f[k].far, href, "%s: %s CUDA at %s%s; %s's median %s", lab, q, w->point[0] ? w->point : "its point",
        w->cuda_approx ? " (≈)" : "", r->families[f[k].family], nq);
  }
}

/* An item in both outputs; full: with its detail (the full list), else the detail is a tooltip. */
static void put_item(struct report *r, const struct item *x, int full) {
  fprintf(r->md, "- %s%s%s\n", x->text, full && x->why[0] ? " — " : "", full ? x->why : "");
  fputs("<li", r->html);
  if (x->why[0] && !full) {
    fputs(" title=\"", r->html);
    rp_esc(r->html, x->why);
    fputs("\"", r->html);
  }
  fputs(">", r->html);
  if (x->href[0]) fprintf(r->html, "<a href=\"#%s\">", x->href);
  rp_esc(r->html, x->text);
  if (x->href[0]) fputs("</a>", r->html);
  if (full && x->why[0]) {
    fputs(" <span class=n>— ", r->html);
    rp_esc(r->html, x->why);
    fputs("</span>", r->html);
  }
  fputs("</li>\n", r->html);
}

/* One best/worst cell: the form, its mode, its ratio, the configuration in grey. */
static void family_cell(struct report *r, const struct form *x) {
  double g = exp(x->logsum / x->points);
  char lab[512], q[32], href[32], mode[48] = "";
  const char *m = rp_mode(x->first->omp[x->slot]);
  rp_form_label(r, x->first, x->slot, lab, sizeof lab);
  rp_ratio(g, q, sizeof q);
  rp_row_anchor(r, x->first, href, sizeof href);
  if (m) snprintf(mode, sizeof mode, " (%s)", m);
  char *tag = strstr(lab, " ["); /* the configuration, in grey after the link; the header names the reference */
  if (tag && r->ref_config && !strcmp(x->first->config, r->ref_config) && r->n_omp_configs > 1) *tag = 0, tag = NULL;
  fprintf(r->md, " %s%s %s |", lab, mode, q);
  if (tag) *tag = 0;
  fprintf(r->html, "<td><a href=\"#%s\">", href);
  rp_esc(r->html, lab);
  fprintf(r->html, "</a>%s <span class=%s>%s</span>", mode, g > r->slow_ratio ? "slow" : g <= 1.1 ? "fast" : "ratio", q);
  if (tag) {
    fputs(" <span class=n>", r->html);
    rp_esc(r->html, tag + 1);
    fputs("</span>", r->html);
    *tag = ' ';
  }
  fputs("</td>", r->html);
}

/* The best and the worst form of a family among the reference configuration's (mine = 1) or the
 * others' (mine = 0); -1 when there is none. Returns the number of forms. */
static int family_extremes(struct report *r, struct form *f, size_t nf, int fam, int mine, int *best, int *worst) {
  int count = 0;
  *best = *worst = -1;
  for (size_t k = 0; k < nf; ++k) {
    const char *cfg = f[k].first->config;
    if (f[k].family != fam || (r->ref_config && !strcmp(cfg, r->ref_config)) != mine) continue;
    ++count;
    double g = f[k].logsum / f[k].points;
    if (*best < 0 || g < f[*best].logsum / f[*best].points) *best = (int)k;
    if (*worst < 0 || g > f[*worst].logsum / f[*worst].points) *worst = (int)k;
  }
  return count;
}

/* Per family the best and the worst form of the reference configuration (the compiler the
 * EXPECT lines describe) and, when there are others, the worst among them: the ablation and the
 * compiler matrix would otherwise be every family's worst. */
static void family_table(struct report *r, struct form *f, size_t nf) {
  int others = r->n_omp_configs > 1 && r->ref_config;
  char refname[80] = "";
  if (others) snprintf(refname, sizeof refname, " (%s)", !strncmp(r->ref_config, "target-", 7) ? r->ref_config + 7 : r->ref_config);
  fprintf(r->md, "## omp_target against CUDA, per kernel family\n\n| family | forms | best%s | worst%s |%s\n|---|---|---|---|%s\n",
          refname, refname, others ? " worst, other configurations |" : "", others ? "---|" : "");
  fprintf(r->html, "<section><h2>omp_target against CUDA, per kernel family</h2>\n<table class=fam><thead><tr><th>family</th>"
                   "<th>forms</th><th>best%s</th><th>worst%s</th>%s</tr></thead><tbody>\n",
          refname, refname, others ? "<th>worst, other configurations</th>" : "");
  int any = 0;
  for (int fam = 0; fam < r->nfamilies; ++fam) {
    int best, worst, obest, oworst, omp_rows = 0;
    for (size_t n = 0; n < r->nrows; ++n) omp_rows += r->rows[n].family == fam && r->rows[n].config[0];
    if (!omp_rows) continue;
    int count = family_extremes(r, f, nf, fam, 1, &best, &worst);
    int ocount = others ? family_extremes(r, f, nf, fam, 0, &obest, &oworst) : 0;
    if (!others) count += family_extremes(r, f, nf, fam, 0, &obest, &oworst), best = best < 0 ? obest : best,
                 worst = worst < 0 ? oworst : worst;
    any = 1;
    fprintf(r->md, "| %s | %d |", r->families[fam], count + ocount);
    fprintf(r->html, "<tr><td class=f>%s</td><td class=r>%d</td>", r->families[fam], count + ocount);
    if (best < 0 && (!others || oworst < 0)) {
      fprintf(r->md, " no CUDA reference | |%s\n", others ? " |" : "");
      fprintf(r->html, "<td colspan=%d class=none>no CUDA reference beside the omp_target points</td></tr>\n", others ? 3 : 2);
      continue;
    }
    if (best < 0) fputs(" – | – |", r->md), fputs("<td class=none>–</td><td class=none>–</td>", r->html);
    else family_cell(r, &f[best]), family_cell(r, &f[worst]);
    if (others && oworst >= 0) family_cell(r, &f[oworst]);
    else if (others) fputs(" – |", r->md), fputs("<td class=none>–</td>", r->html);
    fputs("\n", r->md);
    fputs("</tr>\n", r->html);
  }
  if (!any) rp_both(r, "| (no omp_target results) | | | |\n", "<tr><td colspan=4 class=none>no omp_target results</td></tr>\n");
  rp_both(r, "\nRatio: omp_target cost per operation over CUDA's at the same point (proxies, launch, reduce_study: the same "
             "work, each at its own launch shape), geometric mean over the form's points; the mode in brackets.\n\n",
          "</tbody></table>\n<p class=note>Ratio: omp_target cost per operation over CUDA's at the same point (≈: CUDA "
          "at a team count within 10 %; proxies, launch, reduce_study: the same work, each at its own launch shape), "
          "geometric mean over the form's points; the mode in brackets. Click a form for its rows.</p></section>\n");
}

/* The one line under the title: machine, sweep, commit, what ran and what failed. */
static void key_line(struct report *r) {
  json_t *p = r->rs.prov;
  char buf[2400];
  const char *gpu = ok_jstr(json_object_get(p, PROV_GPU), "device_name"), *sha = ok_jstr(p, "git_sha");
  int l = snprintf(buf, sizeof buf, "%.*s", gpu ? (int)strcspn(gpu, "(") : 7, gpu ? gpu : "no GPU");
  while (l > 0 && buf[l - 1] == ' ') buf[--l] = 0;
  if (ok_jstr(p, "sweep")) l += snprintf(buf + l, sizeof buf - (size_t)l, " · %s sweep", ok_jstr(p, "sweep"));
  if (sha) l += snprintf(buf + l, sizeof buf - (size_t)l, " · git %.10s", sha);
  /* The run's summary line, word for word (status.c): the same counts in the same units. */
  struct ok_tally t;
  ok_tally_lines(r->rs.lines, &t);
  if (l > 0 && (size_t)l < sizeof buf) l += snprintf(buf + l, sizeof buf - (size_t)l, " · ");
  if (l > 0 && (size_t)l < sizeof buf) ok_tally_format(&t, buf + l, sizeof buf - (size_t)l);
  l = (int)strlen(buf);
  size_t i;
  json_t *j;
  /* Configurations that did not run at all, one list per status and reason: "skipped (no GPU):
   * target-clang19, cuda-nvcc" (the first screen, not a line per configuration). */
  json_t *why = json_object();
  json_array_foreach(r->rs.lines, i, j) {
    if (rs_str(j, OKF_kernel)) continue;
    char k[400];
    snprintf(k, sizeof k, "%s%s%s%s", rs_str(j, OKF_status) ?: "?", rs_str(j, OKF_error) ? " (" : "",
             rs_str(j, OKF_error) ?: "", rs_str(j, OKF_error) ? ")" : "");
    json_t *a = json_object_get(why, k);
    if (!a) json_object_set_new(why, k, a = json_array());
    json_array_append_new(a, json_string(rs_str(j, OKF_config) ?: "?"));
  }
  const char *k;
  json_t *a, *c;
  json_object_foreach(why, k, a) {
    if (l <= 0 || (size_t)l >= sizeof buf) break;
    l += snprintf(buf + l, sizeof buf - (size_t)l, " · %s:", k);
    json_array_foreach(a, i, c) if (l > 0 && (size_t)l < sizeof buf) l += snprintf(buf + l, sizeof buf - (size_t)l, "%s %s",
                                                                                     i ? "," : "", json_string_value(c));
  }
  json_decref(why);
  fprintf(r->md, "%s\n\n", buf);
  fputs("<div class=keyline>", r->html);
  rp_esc(r->html, buf);
  fputs(" · <a href=\"#provenance\">provenance</a></div>\n", r->html);
}

void report_summary(struct report *r) {
  key_line(r);
  double norm[64];
  family_norms(r, norm);
  size_t maxf = 2 * r->nrows + 1;
  struct form *f = calloc(maxf, sizeof *f);
  size_t nf = collect_forms(r, f, maxf, norm);
  struct items it = {0};
  status_items(r, &it);
  expectation_items(r, &it);
  json_t *done = json_object();
  mode_and_global_items(r, &it, done);
  compile_items(r, &it, done);
  json_decref(done);
  outlier_items(r, &it, f, nf, norm);
  qsort(it.v, it.n, sizeof *it.v, item_cmp);

  fputs(r->no_gpu ? "<div class=\"sum wide\">\n" : "<div class=sum>\n", r->html);
  if (r->no_gpu) report_compile_table(r); /* nothing timed: what the compilers did leads */
  else family_table(r, f, nf);
  rp_both(r, "## Surprises\n\n", "<section><h2>Surprises</h2>\n<ol class=surp>\n");
  int count[G_N] = {0};
  for (size_t k = 0; k < it.n; ++k) ++count[it.v[k].group];
  size_t k = 0;
  for (int g = 0; g < G_N; ++g) {
    if (!count[g]) continue;
    fprintf(r->md, "**%s** (%d)\n\n", group_title[g], count[g]);
    fprintf(r->html, "<li><span class=g>%s</span> <span class=n>(%d)</span><ul>\n", group_title[g], count[g]);
    for (int shown = 0; k < it.n && it.v[k].group == g; ++k, ++shown) {
      if (shown == SUMMARY_CAP) {
        fprintf(r->md, "- … %d more (below)\n", count[g] - SUMMARY_CAP);
        fprintf(r->html, "<li class=more><a href=\"#all-%d\">%d more</a></li>\n", g, count[g] - SUMMARY_CAP);
        while (k < it.n && it.v[k].group == g) ++k;
        break;
      }
      put_item(r, &it.v[k], 0);
    }
    fputs("\n", r->md);
    fputs("</ul></li>\n", r->html);
  }
  if (!it.n) rp_both(r, "None: every run ok, modes as written or better, no globalization left, no ratio far from its family's.\n\n",
                     "<li>None: every run ok, modes as written or better, no globalization left, no ratio far from its "
                     "family's.</li>\n");
  fprintf(r->html, "</ol>\n<p class=note>Not listed: generic kernels the compiler made SPMD (OMP120). Outliers: %g× "
                   "above or below the family's median ratio.</p></section>\n</div>\n", OUTLIER_FACTOR);

  /* Every surprise, for the groups the first screen cut. */
  int cut = 0;
  for (int g = 0; g < G_N; ++g) cut |= count[g] > SUMMARY_CAP;
  if (cut) {
    rp_both(r, "## All surprises\n\n", "<details id=all-surprises><summary><h2>All surprises</h2></summary>\n");
    for (int g = 0; g < G_N; ++g) {
      if (count[g] <= SUMMARY_CAP) continue;
      fprintf(r->md, "**%s**\n\n", group_title[g]);
      fprintf(r->html, "<h3 id=all-%d>%s</h3>\n<ul>\n", g, group_title[g]);
      for (size_t q = 0; q < it.n; ++q) {
        if (it.v[q].group != g) continue;
        put_item(r, &it.v[q], 1);
      }
      fputs("\n", r->md);
      fputs("</ul>\n", r->html);
    }
    fputs("</details>\n", r->html);
  }
  free(it.v);
  free(f);
}
