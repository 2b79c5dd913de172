/* ompkit report, internal: the rows of the comparison table, shared by the summary, the table
 * and the plots (report.c builds them; report_summary.c, report_table.c, report_plots.c use them). */
#ifndef OK_REPORT_H
#define OK_REPORT_H
#include "ok_modes.h"
#include "ok_record.h"
#include "resultset.h"

#include <stdio.h>

/* The two omp_target forms a kernel is written in; a row holds one point of each. */
enum { SL_SPMD, SL_GENERIC, SL_N };

/* One row: a kernel, a form (the variant less its _spmd/_generic suffix), a point and, for
 * omp_target rows, the configuration. CUDA and native lines join the rows they are the reference
 * for; those that are nobody's reference make rows of their own. */
struct rrow {
  const char *kernel, *config; /* config: the omp_target configuration, "" in CUDA/native-only rows */
  char form[128], point[256], pkey[512], wkey[512];
  int family;           /* index into report.families */
  long total;           /* threads x teams, for ordering points */
  json_t *cuda, *omp[SL_N], *native;
  const char *cuda_variant;
  int cuda_approx;      /* CUDA point of a nearby shape (other team count), marked ≈ */
  int cuda_by_workload; /* CUDA point of the same work at its own launch shape (report_rows.c ref_rules) */
  double ratio[SL_N];   /* omp / CUDA cost per op, NAN when there is none */
};

/* One device region in one configuration, from compile.jsonl (report_compile.c): what the
 * compiler made of it beside what the source meant. */
struct cregion {
  json_t *rec;                /* its compile.jsonl record */
  const char *config, *symbol; /* symbol: kernel_symbol */
  char id[512];               /* kernel_id, else the symbol (one build names a region alike everywhere) */
  char file[512];             /* the source file (kernel_id's), else the symbol's <dev>_<file> */
  char label[600];            /* for people: kernel_id, else "<file base>: <kernel>", else the symbol */
  const char *kernel;         /* the kernels.def kernel it belongs to, NULL when none fits */
  int family, config_order;
  const char *written, *expect; /* source_mode of its result lines; EXPECT-MODE (check.json) */
  int global, deliberate;     /* OMP112/OMP113 left; an EXPECT-REMARK asks for it */
  int blocked, fallback;      /* OMP121 (SPMDization blocked); OMP132/OMP133 (state-machine fallback) */
  long spill;                 /* spill bytes, stores and loads */
  int hold, fail, mode_failed; /* check.json verdicts on it; its own EXPECT-MODE failed */
  char fails[200];            /* the failing directives, "EXPECT-MODE: SPMD" */
};

/* A compile-time surprise (report_compile.c), ranked by report_summary.c with the others. */
enum { CS_DEMOTED, CS_GLOBAL, CS_DROPPED };
struct csurprise {
  int kind;
  double score;
  const char *config, *symbol, *id;
  char label[600], what[200], href[32], why[512]; /* "<label> (<configs>): <what>" */
};

struct report {
  struct resultset rs;
  struct rrow *rows;
  size_t nrows, cap;
  json_t *linked; /* rp_remark_anchor(config, symbol, ID) -> index into msgs of the text it links to */
  json_t *msgs;   /* the distinct remark texts: [{name, message, n, places: {"file:line:col": {config: true}}}] */
  json_t *checks; /* check.json's failed checks (array; empty without the file) */
  json_t *check_all; /* every verdict of check.json (array) */
  struct cregion *cregs; /* compile.jsonl's omp_target regions, family order */
  size_t ncregs;
  struct csurprise *csurp;
  size_t ncsurp;
  const char *ref_config; /* the reference omp_target configuration: the first the provenance lists */
  int no_gpu;             /* nothing ran on a GPU: the compile data lead */
  int svg_grad;           /* gradients written into the page so far (their ids) */
  const char *families[64];
  int nfamilies;
  const char *omp_configs[16];
  int n_omp_configs;
  double slow_ratio;
  FILE *md, *html;
};

/* Kernel family from record/kernels.def (report_rows.c) ("other" for kernels it does not list). */
int report_family(struct report *r, const char *kernel);
/* The kernels.def kernel a file or function name starts with ("su3_cxx" for su3_cxx_v4_loop),
 * the longest that ends at '_' or the name's end; NULL for none. */
const char *report_kernel_prefix(const char *name);
/* Position of a kernel in kernels.def (its order in tables); unknown kernels after. */
int report_kernel_order(const char *kernel);

/* Builds r's rows and families (report_rows.c). */
void report_rows(struct report *r);

/* The study report's style sheet (report.c), also ompkit analyze's report.html. */
extern const char *const rp_css;
/* Helpers shared by the report's files (report_format.c). */
void rp_esc(FILE *f, const char *s);
void rp_mdesc(FILE *f, const char *s);
void rp_both(struct report *r, const char *md, const char *html);
int rp_is_floor(json_t *j);
/* Cost of a line for a person: "33.4 ns", "≤ 1 cycles (floor)", or its status. */
void rp_cost(json_t *j, char *buf, size_t n);
void rp_ratio(double x, char *buf, size_t n);
/* "Generic-SPMD": the observed mode, else the compiler's static one; NULL for neither. */
const char *rp_mode(json_t *j);
/* A mode's rank: ok_mode_rank (record/ok_modes.h), case-insensitive, so that source_mode spmd
 * ranks as SPMD and generic as Generic. */
/* A known defect's or a fixed? line (status classes, record/ok_status.h); a failure's. */
int rp_is_known_defect(json_t *j);
int rp_is_failure(json_t *j);
/* The row's omp_target form, for people: "atomic_update/relaxed spmd" (config added when the
 * study has more than one omp_target configuration). */
void rp_form_label(struct report *r, const struct rrow *w, int slot, char *buf, size_t n);
/* A line's own point: "int 128×1024 stride 32 order=relaxed" (empty without point fields). */
void rp_point_label(json_t *j, char *buf, size_t n);
void rp_row_anchor(struct report *r, const struct rrow *w, char *buf, size_t n);
void rp_remark_anchor(char *buf, size_t n, const char *config, const char *sym, const char *id);

void report_summary(struct report *r);
void report_table(struct report *r);
void report_plots(struct report *r);
/* Rate points (maps, microbenchmarks; issue 13): heat maps and a summary table
 * (report_heatmap.c); they stay out of the comparison table. */
void report_maps(struct report *r);
/* report_plots.c's gnuplot (NULL: none), runner (SVG text or NULL with why) and figure output
 * (takes svg; note is shown when svg is NULL). */
char *rp_gnuplot(void);
char *rp_plot(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
              size_t nwhy);
void rp_put_svg(struct report *r, const char *title, const char *file, char *svg, const char *note);
/* gnuplot's SVG written compact into the page (report_svg.c); grad numbers its gradients. */
void rp_svg_write(FILE *out, const char *svg, int *grad);
/* svg with its images (heat-map cells, a pixel each) drawn pixelated; a new string. */
char *rp_svg_pixelated(const char *svg);
/* Figures drawn side by side (up to 16 gnuplots at once) and put in the order they were added:
 * rp_figs_add starts one (script NULL: none, note says why); rp_figs_put waits, puts, frees. */
struct rp_figs;
struct rp_figs *rp_figs_new(const char *gp);
void rp_figs_add(struct report *r, struct rp_figs *q, const char *title, const char *file, int w, int h,
                 const char *script, const char *note);
void rp_figs_put(struct report *r, struct rp_figs *q);
void report_ablation(struct report *r); /* report_ablation.c */
/* report_compile.c: the regions and compile-time surprises (load), the per family and
 * configuration table, every region (collapsed); rc_deliberate: whether the EXPECT lines of
 * (config, symbol) ask for globalization. */
void report_compile_load(struct report *r);
void report_compile_table(struct report *r);
void report_compile_details(struct report *r);
int rc_deliberate(struct report *r, const char *config, const char *symbol);
void report_compile_free(struct report *r);
/* Launch cost, grid sync and the reduction case study (issue 12): report_sync.c. */
void report_sync(struct report *r);
/* rp_plot into DIR/plots/NAME.svg, creating plots/ first. */
char *rp_plot_svg(const char *gp, const char *dir, const char *name, int w, int h, const char *script, char *why,
                  size_t nwhy);
/* report_proxy_public.c: the proxies against the public apps' omp/CUDA figures (issue 22). */
void report_proxy_public(struct report *r);
#endif
