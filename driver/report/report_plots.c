/* The report's plots, drawn by gnuplot's SVG terminal (Debian's gnuplot-nox, carried by the GPU
 * bundle too) and inlined: a heat map of the omp_target/CUDA ratio over kernel form x
 * configuration, per primitive the cost against threads with CUDA as the reference line, and,
 * for sweeps over teams and threads, ns/op grids. Without gnuplot the report says so in one line.
 * Scripts and SVG files stay under DIR/plots/. */
#define _GNU_SOURCE
#include "resultset.h"
#include "report.h"

#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct fig {
  char title[256], file[128], *svg, note[512];
  pid_t pid; /* its gnuplot while it draws (fig_start) */
};

static char *gnuplot_path(void) {
  const char *env = getenv("OMPKIT_GNUPLOT"); /* tests point it elsewhere to check the fallback */
  if (env) return access(env, X_OK) ? NULL : strdup(env);
  char g[PATH_MAX];
  if (ok_which("gnuplot", g, sizeof g) == 0) return strdup(g);
  return NULL;
}

/* Writes a gnuplot script under DIR/plots/ and starts gnuplot on it (stderr to NAME.err, read by
 * plot_finish); returns its pid, or -1 with why. */
static pid_t plot_start(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
                        size_t nwhy) {
  char sp[PATH_MAX + 64], svg[PATH_MAX + 64], ep[PATH_MAX + 64];
  snprintf(sp, sizeof sp, "%s/plots/%s.gp", dir, name);
  snprintf(svg, sizeof svg, "%s/plots/%s.svg", dir, name);
  snprintf(ep, sizeof ep, "%s/plots/%s.err", dir, name);
  /* Every figure's own: the heat maps of a run without a GPU are drawn with no timing plots
   * (report_plots, which made the folder before, is not called then). */
  char pdir[PATH_MAX + 16];
  snprintf(pdir, sizeof pdir, "%s/plots", dir);
  FILE *f = ok_mkdirs(pdir) ? NULL : fopen(sp, "w");
  if (!f) {
    snprintf(why, nwhy, "cannot write %s", sp);
    return -1;
  }
  fprintf(f,
          "set encoding utf8\nset terminal svg size %d,%d dynamic enhanced font 'sans,11' background rgb 'white'\n"
          "set output '%s'\n%s",
          w, h, svg, script);
  fclose(f);
  fflush(NULL); /* the child must not write the parent's buffered output again */
  pid_t pid = fork();
  if (pid == 0) {
    int out = open("/dev/null", O_WRONLY), err = open(ep, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) _exit(127);
    dup2(out, 1);
    dup2(err, 2);
    execl(gp, gp, sp, (char *)NULL);
    _exit(127);
  }
  if (pid < 0) snprintf(why, nwhy, "cannot run %s", gp);
  return pid;
}

/* Waits for plot_start's gnuplot (60 s at most); returns the SVG text (from "<svg" on) or NULL
 * with why. */
static char *plot_finish(pid_t pid, const char *gp, const char *dir, const char *name, char *why, size_t nwhy) {
  if (pid < 0) return NULL;
  char svg[PATH_MAX + 64], ep[PATH_MAX + 64], err[512] = "";
  snprintf(svg, sizeof svg, "%s/plots/%s.svg", dir, name);
  snprintf(ep, sizeof ep, "%s/plots/%s.err", dir, name);
  int st = 0;
  pid_t r;
  for (double t0 = ok_now(); (r = waitpid(pid, &st, WNOHANG)) == 0 && ok_now() - t0 < 60;) usleep(2000);
  if (r == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
  }
  FILE *e = fopen(ep, "r");
  if (e && !fgets(err, sizeof err, e)) err[0] = 0;
  if (e) fclose(e);
  unlink(ep);
  err[strcspn(err, "\n")] = 0;
  if (r != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    if (r == pid && WIFEXITED(st) && WEXITSTATUS(st) == 127 && !err[0]) snprintf(why, nwhy, "cannot run %s", gp);
    else snprintf(why, nwhy, "gnuplot failed: %s", r == 0 ? "no end in 60 s" : err);
    return NULL;
  }
  FILE *in = fopen(svg, "r");
  if (!in) {
    snprintf(why, nwhy, "gnuplot wrote no %s", svg);
    return NULL;
  }
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len = getdelim(&buf, &cap, 0, in);
  fclose(in);
  char *s = len > 0 ? strstr(buf, "<svg") : NULL; /* drop the XML prolog and DOCTYPE for inlining */
  char *out = s ? rp_svg_pixelated(s) : NULL;
  if (out && strstr(s, "<image ")) { /* the file too: it is what report.md shows */
    FILE *o = fopen(svg, "w");
    if (o) fputs(out, o), fclose(o);
  }
  free(buf);
  if (!out) snprintf(why, nwhy, "%s is not SVG", svg);
  return out;
}

static void gp_quote(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static const char *short_config(const char *c) {
  return !strncmp(c, "target-", 7) ? c + 7 : c;
}

/* ---- heat map: ratio over kernel form (columns) x configuration and form (rows) ---- */

/* Runs a gnuplot script and waits; returns the SVG text or NULL with why. */
static char *plot(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
                  size_t nwhy) {
  return plot_finish(plot_start(gp, dir, name, w, h, script, why, nwhy), gp, dir, name, why, nwhy);
}

/* A group's figures draw side by side, at most PLOTS_AT_ONCE gnuplots at a time: a full study's
 * report draws about 130, each mostly gnuplot's start-up, one after the other 6 of the report's
 * 15 s on an H100 host (docs/fidelity.md, "Room in the full study"). */
enum { PLOTS_AT_ONCE = 16 };
static void fig_finish(const char *gp, struct report *r, struct fig *fg) {
  if (fg->pid) fg->svg = plot_finish(fg->pid, gp, r->rs.dir, fg->file, fg->note, sizeof fg->note);
  fg->pid = 0;
}
static void fig_start(const char *gp, struct report *r, struct fig *figs, int i, int w, int h, const char *script) {
  if (i >= PLOTS_AT_ONCE) fig_finish(gp, r, &figs[i - PLOTS_AT_ONCE]);
  figs[i].pid = plot_start(gp, r->rs.dir, figs[i].file, w, h, script, figs[i].note, sizeof figs[i].note);
}

static void ratio_heat(struct report *r, const char *gp, struct fig *fg) {
  snprintf(fg->title, sizeof fg->title, "omp_target / CUDA cost per operation, geometric mean over each form's points");
  snprintf(fg->file, sizeof fg->file, "ratio-heat");
  /* columns: kernel/form in table order; rows: (config, slot) */
  const char *col_k[256], *col_f[256];
  int ncol = 0;
  double sum[256][32];
  int cnt[256][32];
  memset(cnt, 0, sizeof cnt);
  memset(sum, 0, sizeof sum);
  double lo = INFINITY, hi = 0;
  for (size_t n = 0; n < r->nrows; ++n) {
    struct rrow *w = &r->rows[n];
    if (!w->config[0]) continue;
    int c = 0;
    while (c < ncol && !(!strcmp(col_k[c], w->kernel) && !strcmp(col_f[c], w->form))) ++c;
    int cfg = 0;
    while (cfg < r->n_omp_configs && strcmp(r->omp_configs[cfg], w->config)) ++cfg;
    for (int s = 0; s < SL_N; ++s) {
      if (isnan(w->ratio[s]) || cfg >= 16) continue;
      if (c == ncol) {
        if (ncol == 256) break;
        col_k[ncol] = w->kernel, col_f[ncol] = w->form, ++ncol;
      }
      sum[c][cfg * SL_N + s] += log(w->ratio[s]);
      ++cnt[c][cfg * SL_N + s];
    }
  }
  int nrow = r->n_omp_configs * SL_N, any = 0;
  for (int c = 0; c < ncol; ++c)
    for (int y = 0; y < nrow; ++y)
      if (cnt[c][y]) {
        double v = exp(sum[c][y] / cnt[c][y]);
        lo = fmin(lo, v), hi = fmax(hi, v), any = 1;
      }
  if (!any) {
    snprintf(fg->note, sizeof fg->note, "Not plotted: no omp_target point has a CUDA result beside it.");
    return;
  }
  lo = fmin(0.5, lo / 1.2), hi = fmax(16, hi * 1.2);
  char *script = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&script, &len);
#define POS(x) (log((x) / lo) / log(hi / lo))
  fprintf(f,
          "unset key\nset tics scale 0\nset logscale cb\nset cbrange [%g:%g]\nset cblabel 'omp\\_target / CUDA'\n"
          "set palette defined (0 '#1a9850', %.4f '#d9ef8b', %.4f '#fee08b', %.4f '#f46d43', 1 '#a50026')\n"
          "set xrange [-0.5:%d.5]\nset yrange [%d.5:-0.5]\nset xtics rotate by 55 right noenhanced font ',9' (",
          lo, hi, POS(1), POS(2), POS(8), ncol - 1, nrow - 1);
#undef POS
  for (int c = 0; c < ncol; ++c) {
    char lab[300];
    snprintf(lab, sizeof lab, "%s%s%s", col_k[c], col_f[c][0] ? "/" : "", col_f[c]);
    fputs(c ? ", " : "", f);
    gp_quote(f, lab);
    fprintf(f, " %d", c);
  }
  fputs(")\nset ytics noenhanced (", f);
  for (int y = 0; y < nrow; ++y) {
    char lab[200];
    snprintf(lab, sizeof lab, "%s %s", short_config(r->omp_configs[y / SL_N]), y % SL_N == SL_SPMD ? "SPMD" : "generic");
    fputs(y ? ", " : "", f);
    gp_quote(f, lab);
    fprintf(f, " %d", y);
  }
  /* The cells as one image over the whole grid (NaN: no point), the ratios as labels on it. */
  fputs(")\n$d << EOD\n", f);
  for (int y = 0; y < nrow; ++y, fputs("\n", f))
    for (int c = 0; c < ncol; ++c) fprintf(f, "%d %d %.6g\n", c, y, cnt[c][y] ? exp(sum[c][y] / cnt[c][y]) : NAN);
  fputs("EOD\n$l << EOD\n", f);
  for (int c = 0; c < ncol; ++c)
    for (int y = 0; y < nrow; ++y) {
      if (!cnt[c][y]) continue;
      double v = exp(sum[c][y] / cnt[c][y]);
      char q[32];
      snprintf(q, sizeof q, v >= 100 ? "%.0f" : "%.2g", v);
      fprintf(f, "%d %d \"%s\"\n", c, y, q);
    }
  fputs("EOD\nplot $d using 1:2:3 with image, $l using 1:2:3 with labels font ',8'\n", f);
  fclose(f);
  int W = 260 + 24 * ncol, H = 200 + 30 * nrow;
  if (W < 700) W = 700;
  fg->svg = plot(gp, r->rs.dir, fg->file, W, H, script, fg->note, sizeof fg->note);
  free(script);
}

/* ---- cost against threads, per primitive ---- */

static int cmp_pt(const void *a, const void *b) {
  const double *x = a, *y = b;
  return (x[0] > y[0]) - (x[0] < y[0]);
}

/* param less its ran=TxN tokens (what a region got, not which point was asked for). */
static void param_clean(json_t *j, char *out, size_t n) {
  const char *pa = rs_str(j, OKF_param);
  size_t l = 0;
  out[0] = 0;
  for (const char *p = pa ? pa : ""; *p;) {
    size_t t = strcspn(p, ",");
    if (strncmp(p, "ran=", 4) && l + t + 2 < n) l += (size_t)snprintf(out + l, n - l, "%s%.*s", l ? "," : "", (int)t, p);
    p += t + (p[t] == ',');
  }
}

/* Primitives: kernels whose omp_target points carry a per-op cost (per_op_ns). */
static int cost_figs(struct report *r, const char *gp, struct fig *figs, int max) {
  int n = 0;
  const char *done[256];
  int ndone = 0;
  for (size_t q = 0; q < r->nrows && n < max; ++q) {
    const char *k = r->rows[q].kernel;
    int seen = 0;
    for (int d = 0; d < ndone; ++d) seen |= !strcmp(done[d], k);
    if (seen || ndone == 256) continue;
    done[ndone++] = k;
    /* series: omp_target (config, variant, type); CUDA: the variants the omp forms are compared with */
    json_t *series = json_object(), *cuda_refs = json_object(), *types = json_object();
    for (size_t m = 0; m < r->nrows; ++m)
      if (!strcmp(r->rows[m].kernel, k) && r->rows[m].config[0] && r->rows[m].cuda_variant)
        json_object_set_new(cuda_refs, r->rows[m].cuda_variant, json_true());
    size_t i;
    json_t *j;
    int prim = 0;
    json_array_foreach(r->rs.lines, i, j) {
      const char *m = rs_str(j, OKF_model);
      if (!rs_str(j, OKF_kernel) || strcmp(rs_str(j, OKF_kernel), k) || !m) continue;
      int omp = ok_model_of(m) == OKM_OMP_TARGET, cu = ok_model_of(m) == OKM_CUDA;
      if (omp && json_is_object(rs_get(j, OKF_per_op_ns))) prim = 1;
      if ((!omp && !cu) || !rs_is_ok(j) || rp_is_floor(j) || isnan(rs_ns_per_op(j)) || rs_int(j, OKF_threads) < 1) continue;
      if (cu && json_object_size(cuda_refs) && !json_object_get(cuda_refs, rs_str(j, OKF_variant))) continue;
      if (!json_is_object(rs_get(j, OKF_per_op_ns))) continue;
      /* One line per workload: type, stride and param (less ran=) split series, threads do not. */
      char ty[200], pa[160];
      param_clean(j, pa, sizeof pa);
      json_t *st = rs_get(j, OKF_stride);
      char sts[48] = "";
      if (json_is_number(st)) snprintf(sts, sizeof sts, " stride %.0f", json_number_value(st));
      snprintf(ty, sizeof ty, "%s%s%s%s", rs_str(j, OKF_type) ? rs_str(j, OKF_type) : "", sts, pa[0] ? " " : "", pa);
      json_object_set_new(types, ty, json_true());
      char name[400];
      snprintf(name, sizeof name, "%s%s %s\x01%s", cu ? "0" : "1", cu ? "CUDA" : short_config(rs_str(j, OKF_config)),
               rs_str(j, OKF_variant), ty);
      json_t *pts = json_object_get(series, name);
      if (!pts) json_object_set_new(series, name, pts = json_array());
      long te = rs_int(j, OKF_teams) > 0 ? rs_int(j, OKF_teams) : ok_jint(j, "blocks") > 0 ? ok_jint(j, "blocks") : 1;
      json_array_append_new(pts, json_pack("[f,f]", (double)rs_int(j, OKF_threads) * (double)te, rs_ns_per_op(j)));
    }
    int lines = 0;
    const char *s;
    json_t *pts;
    json_object_foreach(series, s, pts) lines += s[0] == '1' && json_array_size(pts) >= 2;
    if (!prim || !lines) {
      json_decref(series), json_decref(cuda_refs), json_decref(types);
      continue;
    }
    struct fig *fg = &figs[n++];
    snprintf(fg->title, sizeof fg->title, "%s: ns per operation against threads", k);
    snprintf(fg->file, sizeof fg->file, "cost-%s", k);
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    fprintf(f, "set xlabel 'threads (teams × threads)'\nset ylabel 'ns per op'\nset logscale x 2\nset logscale y\n"
               "set format x '2^{%%L}'\nset grid\nset key outside bottom center horizontal maxcols 2 font ',10' noenhanced\n"
               "$d << EOD\n");
    /* series in name order: CUDA ("0...") first */
    const char *names[64];
    int nn = 0;
    json_object_foreach(series, s, pts) if (nn < 64) names[nn++] = s;
    for (int a = 1; a < nn; ++a)
      for (int b = a; b > 0 && strcmp(names[b - 1], names[b]) > 0; --b) {
        const char *t = names[b];
        names[b] = names[b - 1], names[b - 1] = t;
      }
    for (int a = 0; a < nn; ++a) {
      pts = json_object_get(series, names[a]);
      size_t np = json_array_size(pts);
      double (*v)[2] = calloc(np ? np : 1, sizeof *v);
      json_t *pt;
      json_array_foreach(pts, i, pt) v[i][0] = json_number_value(json_array_get(pt, 0)), v[i][1] = json_number_value(json_array_get(pt, 1));
      qsort(v, np, sizeof *v, cmp_pt);
      for (size_t b = 0; b < np; ++b) fprintf(f, "%.6g %.6g\n", v[b][0], v[b][1]);
      fputs("\n\n", f);
      free(v);
    }
    fputs("EOD\nplot ", f);
    int multi_type = json_object_size(types) > 1;
    for (int a = 0, ncu = 0; a < nn; ++a) {
      char title[300], style[96];
      const char *sep = strchr(names[a], '\x01');
      snprintf(title, sizeof title, "%.*s%s%s", (int)(sep - names[a] - 1), names[a] + 1, multi_type && sep[1] ? " " : "",
               multi_type ? sep + 1 : "");
      /* CUDA: black, thick, a dash pattern each; omp_target: gnuplot's colours */
      if (names[a][0] == '0') snprintf(style, sizeof style, "lc rgb 'black' lw 3 dt %d pt 7 ps 0.6", 2 + ncu++ % 4);
      else snprintf(style, sizeof style, "lw 1.5 pt 7 ps 0.5");
      fprintf(f, "%s$d index %d using 1:2 with linespoints %s title ", a ? ", " : "", a, style);
      gp_quote(f, title);
    }
    fputs("\n", f);
    fclose(f);
    int rows = (nn + 1) / 2;
    fig_start(gp, r, figs, n - 1, 560, 330 + 16 * rows, script);
    free(script);
    json_decref(series), json_decref(cuda_refs), json_decref(types);
  }
  for (int i = 0; i < n; ++i) fig_finish(gp, r, &figs[i]);
  return n;
}

/* ---- ns/op grids over teams x threads (a full sweep) ---- */

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static int index_of(const long *v, int n, long x) {
  for (int i = 0; i < n; ++i)
    if (v[i] == x) return i;
  return -1;
}

/* Per (config, kernel, variant, type) measured over at least two team counts and two thread
 * counts, the time per op on a log colour scale. */
static int grid_figs(struct report *r, const char *gp, struct fig *figs, int max) {
  json_t *grids = json_object();
  size_t i;
  json_t *j;
  json_array_foreach(r->rs.lines, i, j) {
    double ns = rs_ns_per_op(j);
    if (!rs_is_ok(j) || isnan(ns) || ns <= 0 || rs_int(j, OKF_threads) < 1 || rs_int(j, OKF_teams) < 1 ||
        rs_get(j, OKF_stride))
      continue;
    const char *ty = rs_str(j, OKF_type);
    char key[512], pclean[256];
    param_clean(j, pclean, sizeof pclean); /* ran=TxN differs between points of one grid */
    snprintf(key, sizeof key, "%s %s/%s%s%s%s%s", rs_str(j, OKF_config), rs_str(j, OKF_kernel), rs_str(j, OKF_variant),
             ty && *ty ? " " : "", ty ? ty : "", pclean[0] ? " " : "", pclean);
    json_t *pts = json_object_get(grids, key);
    if (!pts) json_object_set_new(grids, key, pts = json_array());
    json_array_append_new(pts, json_pack("[I,I,f]", (json_int_t)rs_int(j, OKF_teams), (json_int_t)rs_int(j, OKF_threads), ns));
  }
  int n = 0;
  const char *key;
  json_t *pts;
  json_object_foreach(grids, key, pts) {
    if (n == max) break;
    long teams[64], threads[64];
    int nt = 0, nh = 0;
    size_t q;
    json_t *pt;
    json_array_foreach(pts, q, pt) {
      long t = (long)json_integer_value(json_array_get(pt, 0)), h = (long)json_integer_value(json_array_get(pt, 1));
      if (index_of(teams, nt, t) < 0 && nt < 64) teams[nt++] = t;
      if (index_of(threads, nh, h) < 0 && nh < 64) threads[nh++] = h;
    }
    if (nt < 2 || nh < 2 || (int)json_array_size(pts) < nt * nh) continue; /* full grids only */
    qsort(teams, (size_t)nt, sizeof *teams, cmp_long);
    qsort(threads, (size_t)nh, sizeof *threads, cmp_long);
    struct fig *fg = &figs[n++];
    snprintf(fg->title, sizeof fg->title, "%s: ns per op, teams/blocks x threads", key);
    snprintf(fg->file, sizeof fg->file, "grid-%d", n);
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    fprintf(f, "set xlabel 'threads per team/block'\nset ylabel 'teams/blocks'\n"
               "set logscale cb\nset cblabel 'ns per op'\nset palette rgbformulae 22,13,-31\nset xtics (");
    for (int a = 0; a < nh; ++a) fprintf(f, "%s'%ld' %d", a ? ", " : "", threads[a], a);
    fprintf(f, ")\nset ytics (");
    for (int a = 0; a < nt; ++a) fprintf(f, "%s'%ld' %d", a ? ", " : "", teams[a], a);
    fprintf(f, ")\nset xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\nunset key\n$d << EOD\n", nh - 1, nt - 1);
    double *cell = malloc((size_t)(nt * nh) * sizeof *cell);
    for (int a = 0; a < nt * nh; ++a) cell[a] = NAN;
    json_array_foreach(pts, q, pt)
      cell[index_of(teams, nt, (long)json_integer_value(json_array_get(pt, 0))) * nh +
           index_of(threads, nh, (long)json_integer_value(json_array_get(pt, 1)))] = json_number_value(json_array_get(pt, 2));
    /* The whole grid, row by row, as an image (one PNG in the SVG, not a polygon per cell). */
    for (int y = 0; y < nt; ++y, fputs("\n", f))
      for (int x = 0; x < nh; ++x) fprintf(f, "%d %d %.6g\n", x, y, cell[y * nh + x]);
    free(cell);
    fprintf(f, "EOD\nplot $d using 1:2:3 with image\n");
    fclose(f);
    fig_start(gp, r, figs, n - 1, 560, 400, script);
    free(script);
  }
  json_decref(grids);
  for (int i = 0; i < n; ++i) fig_finish(gp, r, &figs[i]);
  return n;
}

static void put_fig(struct report *r, struct fig *fg) {
  fprintf(r->md, "**%s**\n\n", fg->title);
  fputs("<figure><figcaption>", r->html);
  rp_esc(r->html, fg->title);
  fputs("</figcaption>\n", r->html);
  if (fg->svg) {
    fprintf(r->md, "![%s](plots/%s.svg)\n\n", fg->title, fg->file);
    rp_svg_write(r->html, fg->svg, &r->svg_grad);
  } else {
    fprintf(r->md, "%s\n\n", fg->note);
    fputs("<p class=note>", r->html);
    rp_esc(r->html, fg->note);
    fputs("</p>", r->html);
  }
  fputs("</figure>\n", r->html);
  free(fg->svg);
  fg->svg = NULL;
}

void report_plots(struct report *r) {
  rp_both(r, "## Plots\n\n", "<h2 id=plots>Plots</h2>\n");
  char pdir[PATH_MAX + 16];
  snprintf(pdir, sizeof pdir, "%s/plots", r->rs.dir);
  char *gp = gnuplot_path();
  if (!gp) {
    rp_both(r, "Not plotted: gnuplot not found (apt-get install gnuplot-nox; the GPU bundle carries it).\n\n",
            "<p class=note>Not plotted: gnuplot not found (apt-get install gnuplot-nox; the GPU bundle carries it).</p>\n");
    return;
  }
  if (ok_mkdirs(pdir)) {
    free(gp);
    rp_both(r, "Not plotted: cannot create plots/.\n\n", "<p class=note>Not plotted: cannot create plots/.</p>\n");
    return;
  }
  struct fig figs[64];
  memset(figs, 0, sizeof figs);
  ratio_heat(r, gp, &figs[0]);
  put_fig(r, &figs[0]);
  int n = cost_figs(r, gp, figs, 40);
  if (n) {
    rp_both(r, "### Cost against threads, per primitive (CUDA: black, dashed)\n\n",
            "<h3>Cost against threads, per primitive (CUDA: black, dashed)</h3>\n<div class=figs>\n");
    for (int i = 0; i < n; ++i) put_fig(r, &figs[i]);
    rp_both(r, NULL, "</div>\n");
  } else
    rp_both(r, "No primitive has two or more thread counts in one omp_target configuration: no cost plots.\n\n",
            "<p class=note>No primitive has two or more thread counts in one omp_target configuration: no cost plots.</p>\n");
  n = grid_figs(r, gp, figs, 64);
  if (n) {
    rp_both(r, "### Teams × threads grids\n\n", "<details><summary><h3 style=display:inline>Teams × threads grids</h3></summary>\n<div class=figs>\n");
    for (int i = 0; i < n; ++i) put_fig(r, &figs[i]);
    rp_both(r, NULL, "</div></details>\n");
  }
  free(gp);
}

/* Figures of another file drawn side by side and put in their order (report.h rp_figs_add). */
enum { RP_FIGS_MAX = 64 };
struct rp_figs {
  const char *gp;
  int n;
  struct fig f[RP_FIGS_MAX];
};
struct rp_figs *rp_figs_new(const char *gp) {
  struct rp_figs *q = calloc(1, sizeof *q);
  if (q) q->gp = gp;
  return q;
}
static void figs_flush(struct report *r, struct rp_figs *q) {
  for (int i = 0; i < q->n; ++i) {
    fig_finish(q->gp, r, &q->f[i]);
    put_fig(r, &q->f[i]);
  }
  q->n = 0;
}
void rp_figs_add(struct report *r, struct rp_figs *q, const char *title, const char *file, int w, int h,
                 const char *script, const char *note) {
  if (q->n == RP_FIGS_MAX) figs_flush(r, q);
  struct fig *fg = &q->f[q->n];
  memset(fg, 0, sizeof *fg);
  snprintf(fg->title, sizeof fg->title, "%s", title);
  snprintf(fg->file, sizeof fg->file, "%s", file);
  snprintf(fg->note, sizeof fg->note, "%s", note ? note : "");
  if (script) fig_start(q->gp, r, q->f, q->n, w, h, script);
  ++q->n;
}
void rp_figs_put(struct report *r, struct rp_figs *q) {
  if (!q) return;
  figs_flush(r, q);
  free(q);
}

/* For the other figure files (report_heatmap.c, report_ablation.c): the same gnuplot, runner and figure output. */
char *rp_gnuplot(void) { return gnuplot_path(); }
char *rp_plot(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
              size_t nwhy) {
  return plot(gp, dir, name, w, h, script, why, nwhy);
}
void rp_put_svg(struct report *r, const char *title, const char *file, char *svg, const char *note) {
  struct fig fg;
  memset(&fg, 0, sizeof fg);
  snprintf(fg.title, sizeof fg.title, "%s", title);
  snprintf(fg.file, sizeof fg.file, "%s", file);
  snprintf(fg.note, sizeof fg.note, "%s", note ? note : "");
  fg.svg = svg;
  put_fig(r, &fg);
}
char *rp_plot_svg(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
                  size_t nwhy) {
  char pdir[PATH_MAX + 16];
  snprintf(pdir, sizeof pdir, "%s/plots", dir);
  if (ok_mkdirs(pdir)) return snprintf(why, nwhy, "cannot create plots/"), NULL;
  return plot(gp, dir, name, w, h, script, why, nwhy);
}
