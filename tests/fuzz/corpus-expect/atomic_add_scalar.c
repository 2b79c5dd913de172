static void atomic_add_scalar_spmd(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long counter = 0;
  int on_device = 0, teams = 0, threads = 0;
  const long iters = p->iters;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: SPMD
  // EXPECT-NO-REMARK: OMP121
#pragma omp target teams distribute parallel for num_teams(nt) thread_limit(tl) \
    map(tofrom : counter, on_device, teams, threads)
  for (int j = 0; j < nt * tl; ++j) {
    if (j == 0) {
      on_device = !omp_is_initial_device();
      teams = omp_get_num_teams();
      threads = omp_get_num_threads();
    }
    for (long i = 0; i < iters; ++i) {
#pragma omp atomic update
      counter += 1;
    }
    if (fault && j == 0) {
#pragma omp atomic update
      counter += 1;
    }
  }
  /* Every iteration is one "thread" of work here: the loop spans nt * tl iterations. */
  finish(p, o, counter, nt, tl, on_device, t0);
  snprintf(o->detail + strlen(o->detail), sizeof o->detail - strlen(o->detail), "; launched %d teams x %d threads",
           teams, threads);
}
OK_REGISTER(atomic_add_scalar, spmd, "spmd", "omp_get_wtime around the target region", atomic_add_scalar_spmd)

static void atomic_add_scalar_generic(const struct ok_params *p, struct ok_outcome *o) {
  unsigned long long counter = 0;
  int on_device = 0, teams = 0, threads = 0;
  const long iters = p->iters;
  const int nt = p->teams, tl = p->threads, fault = p->inject_fault;
  double t0 = omp_get_wtime();
  // EXPECT-MODE: Generic
  // EXPECT-REMARK: OMP121
  // EXPECT-NO-REMARK: OMP120
#pragma omp target teams num_teams(nt) thread_limit(tl) map(tofrom : counter, on_device, teams, threads)
  {
    ok_opaque_touch(&counter); /* unknown side effect: the kernel stays generic */
    if (omp_get_team_num() == 0) {
