/* Host OpenMP model hooks (gcc/libgomp and clang/libomp builds share this file). */
#include "ok_bench.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int ok_model_probe(char *name, int len) {
  snprintf(name, (size_t)len, "host (%d hardware threads)", omp_get_num_procs());
  return 1;
}
int ok_model_needs_gpu(void) { return 0; }
void ok_model_defaults(struct ok_params *p) {
  p->threads = omp_get_max_threads();
  p->teams = 1;
  p->iters = 100000;
}

/* Host affinity must be set before the OpenMP runtime starts, so a primitive run re-executes this
 * bench once per affinity (quick: close; full: close and spread), unless the user set one. */
int ok_model_prepare(int argc, char **argv, const struct ok_params *p) {
  (void)argc;
  if (!p->sweeping || getenv("OMP_PROC_BIND") || getenv("OK_AFFINITY_CHILD")) return -1;
  static const char *binds[] = {"close", "spread"};
  int rc = 0, passes = p->full ? 2 : 1;
  for (int i = 0; i < passes; ++i) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      setenv("OMP_PROC_BIND", binds[i], 1);
      if (!getenv("OMP_PLACES")) setenv("OMP_PLACES", "threads", 1);
      setenv("OK_AFFINITY_CHILD", "1", 1);
      char pass[32];
      snprintf(pass, sizeof pass, "%d/%d", i, passes); /* the begin/end markers say which pass */
      setenv("OK_PASS", pass, 1);
      execv("/proc/self/exe", argv);
      perror("ompkit-bench: re-exec");
      _exit(2);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) return 2;
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : 2;
    if (code > rc) rc = code;
  }
  return rc;
}
