/* The report's "proxies against the public apps" section (issue 22): per public setting, the
 * kit's omp/CUDA kernel-time ratio beside the public app's, read from proxies/public_figures.json
 * (facts measured elsewhere: their date, GPU and command are in the file). A kit ratio agrees
 * when it lies within the file's "agreement" (±25 %) of the public figure or range. */
#include "resultset.h"
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef OK_PROXY_PUBLIC_FIGURES
#define OK_PROXY_PUBLIC_FIGURES "proxies/public_figures.json"
#endif

/* $OMPKIT_PUBLIC_FIGURES, else the source tree's file (compiled in). NULL when neither reads. */
static json_t *load_figures(char *path, size_t n) {
  const char *env = getenv("OMPKIT_PUBLIC_FIGURES");
  snprintf(path, n, "%s", env && *env ? env : OK_PROXY_PUBLIC_FIGURES);
  json_t *f = json_load_file(path, 0, NULL);
  if (f && !json_is_array(json_object_get(f, "rows"))) json_decref(f), f = NULL;
  return f;
}

/* The ok line of (config, kernel, variant) whose param without ran= tokens is param. */
static json_t *find_line(struct report *r, const char *config, const char *kernel, const char *variant,
                         const char *param) {
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    const char *c = rs_str(j, OKF_config), *k = rs_str(j, OKF_kernel), *v = rs_str(j, OKF_variant);
    if (!c || !k || !v || strcmp(c, config) || strcmp(k, kernel) || strcmp(v, variant) || !rs_is_ok(j)) continue;
    char pk[512];
    rs_param_key(rs_str(j, OKF_param) ? rs_str(j, OKF_param) : "", pk, sizeof pk);
    if (!strcmp(pk, param)) return j;
  }
  return NULL;
}

static double median_s(json_t *j) {
  double med = NAN, mn, mx;
  if (j) rs_metric(j, &med, &mn, &mx);
  return med;
}

static void one_row(struct report *r, json_t *row, double tol, int *rows, int *agree) {
  const char *kernel = rs_str(row, OKF_kernel), *var = ok_jstr(row, "omp_variant"), *param = rs_str(row, OKF_param);
  const char *setting = ok_jstr(row, "setting");
  json_t *rg = json_object_get(row, "ratio");
  if (!kernel || !var || !param || !setting || json_array_size(rg) != 2) return;
  const double lo = json_number_value(json_array_get(rg, 0)), hi = json_number_value(json_array_get(rg, 1));
  char pub[96], kit[160] = "not run", verdict[64] = "—";
  if (lo == hi) snprintf(pub, sizeof pub, "%.2f", lo);
  else snprintf(pub, sizeof pub, "%.2f–%.2f", lo, hi);
  if (json_number_value(json_object_get(row, "omp_ms")) > 0)
    snprintf(pub + strlen(pub), sizeof pub - strlen(pub), " (%g vs %g ms)", json_number_value(json_object_get(row, "omp_ms")),
             json_number_value(json_object_get(row, "cuda_ms")));
  const double omp = median_s(find_line(r, "target-clang19", kernel, var, param));
  const double cuda = median_s(find_line(r, "cuda-nvcc", kernel, "cuda", param));
  if (!isnan(omp) && !isnan(cuda) && cuda > 0) {
    const double x = omp / cuda;
    const int ok = x >= lo * (1 - tol) && x <= hi * (1 + tol);
    snprintf(kit, sizeof kit, "%.2f (%.4g vs %.4g ms)", x, omp * 1e3, cuda * 1e3);
    snprintf(verdict, sizeof verdict, "%s", ok ? "agrees" : "outside");
    ++*rows, *agree += ok;
  }
  fprintf(r->md, "| %s | `%s/%s` | %s | %s | %s |\n", setting, kernel, var, pub, kit, verdict);
  fputs("<tr><td>", r->html);
  rp_esc(r->html, setting);
  fprintf(r->html, "<td><code>%s/%s</code><td class=num>", kernel, var);
  rp_esc(r->html, pub);
  fprintf(r->html, "<td class=num>%s<td>%s</tr>\n", kit, verdict);
}

/* A row's note: what was measured about the public figure itself (e.g. the public kernel re-run
 * here), a fact with its own date and GPU, printed under the table. */
static void one_note(struct report *r, json_t *row) {
  const char *setting = ok_jstr(row, "setting"), *note = ok_jstr(row, "note");
  if (!setting || !note) return;
  fprintf(r->md, "- *%s*: %s\n", setting, note);
  fputs("<p class=note><em>", r->html);
  rp_esc(r->html, setting);
  fputs("</em>: ", r->html);
  rp_esc(r->html, note);
  fputs("</p>\n", r->html);
}

void report_proxy_public(struct report *r) {
  char path[4096];
  json_t *f = load_figures(path, sizeof path);
  if (!f) return; /* no figures file where the report runs: no section */
  size_t i;
  json_t *row;
  int ran = 0; /* a study that ran no public setting (primitives only, the quick study) gets no section */
  json_array_foreach(json_object_get(f, "rows"), i, row) ran |= rs_str(row, OKF_kernel) && rs_str(row, OKF_param) &&
                                                                 ok_jstr(row, "omp_variant") &&
                                                                 find_line(r, "cuda-nvcc", rs_str(row, OKF_kernel), "cuda",
                                                                           rs_str(row, OKF_param));
  if (!ran) {
    json_decref(f);
    return;
  }
  const double tol = json_number_value(json_object_get(f, "agreement")) > 0 ? json_number_value(json_object_get(f, "agreement")) : 0.25;
  const char *date = ok_jstr(f, "date"), *gpu = rs_str(f, OKF_gpu), *cmd = ok_jstr(f, "command");
  fprintf(r->md, "## Proxies against the public apps\n\nomp/CUDA kernel time of `target-clang19` against `cuda-nvcc` at the "
                 "public apps' settings, beside the public apps' own ratio (measured %s on %s; %s). A ratio agrees within "
                 "±%.0f %% of the public figure or range. Figures: `%s`.\n\n"
                 "| setting | kit form | public omp/CUDA | kit omp/CUDA | |\n|---|---|---|---|---|\n",
          date ? date : "?", gpu ? gpu : "?", cmd ? cmd : "?", tol * 100, path);
  fputs("<h2 id=proxy-public>Proxies against the public apps</h2>\n<p class=note>omp/CUDA kernel time of "
        "<code>target-clang19</code> against <code>cuda-nvcc</code> at the public apps' settings, beside the public "
        "apps' own ratio (measured ", r->html);
  rp_esc(r->html, date ? date : "?");
  fputs(" on ", r->html);
  rp_esc(r->html, gpu ? gpu : "?");
  fputs("; ", r->html);
  rp_esc(r->html, cmd ? cmd : "?");
  fprintf(r->html, "). A ratio agrees within ±%.0f %% of the public figure or range.</p>\n<table><thead><tr><th>setting"
                   "<th>kit form<th>public omp/CUDA<th>kit omp/CUDA<th></tr></thead><tbody>\n", tol * 100);
  int rows = 0, agree = 0;
  json_array_foreach(json_object_get(f, "rows"), i, row) one_row(r, row, tol, &rows, &agree);
  fprintf(r->md, "\n%d of %d settings the study ran agree.\n\n", agree, rows);
  fprintf(r->html, "</tbody></table>\n<p class=note>%d of %d settings the study ran agree.</p>\n", agree, rows);
  json_array_foreach(json_object_get(f, "rows"), i, row) one_note(r, row);
  json_decref(f);
}
