/* The proxies' run hooks (ok_bench.h, struct ok_run_hooks), registered for the "proxy" family of
 * kernels.def: a second problem size and the public settings in a --full GPU run
 * (ok_proxy_passes), operations counted per unit of the size that ran, and that size, the problem
 * setting (param) and the end-to-end time on each run's line. The bench main knows nothing of the
 * proxies beyond these. */
#include "ok_proxy.h"
#include "ok_record.h"

#include <stdlib.h>
#include <string.h>

static long ran_size;      /* the last verified run's size */
static const char *ran_param; /* and its problem setting (NULL: none) */
static double *e2e;   /* per timed run */
static int e2e_cap;

static void run_begin(void) { memset(ok_proxy_this_run(), 0, sizeof(struct ok_proxy_run)); }

static void run_end(int timed) {
  const struct ok_proxy_run *now = ok_proxy_this_run();
  ran_size = now->size, ran_param = now->param;
  if (timed < 0) return;
  if (timed >= e2e_cap) {
    int cap = timed + 16;
    double *grown = realloc(e2e, (size_t)cap * sizeof *e2e);
    if (!grown) return;
    e2e = grown, e2e_cap = cap;
  }
  e2e[timed] = now->e2e_seconds;
}

static double ops(double ops_per_iter) { return ran_size > 0 ? (double)ran_size * ops_per_iter : 0; }

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The size and setting that ran and the end-to-end time beside the kernel time. */
static void fields(int runs) {
  if (ran_size <= 0) return;
  ok_put_long(OKF_size, ran_size);
  if (ran_param) ok_put_str(OKF_param, ran_param);
  if (runs < 1 || runs > e2e_cap) return;
  qsort(e2e, (size_t)runs, sizeof *e2e, cmp);
  double med = runs % 2 ? e2e[runs / 2] : 0.5 * (e2e[runs / 2 - 1] + e2e[runs / 2]);
  if (med > 0) ok_put_stat(OKF_e2e_time_s, med, e2e[0], e2e[runs - 1]);
}

static struct ok_run_hooks hooks = {"proxy", 1, ok_proxy_passes, run_begin, run_end, ops, fields, 0};
__attribute__((constructor)) static void register_hooks(void) { ok_register_hooks(&hooks); }
