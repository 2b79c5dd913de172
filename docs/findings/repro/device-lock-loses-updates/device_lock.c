/* docs/findings/device-lock-loses-updates.md: omp_set_lock / omp_unset_lock (or, with -DCRITICAL,
 * `omp critical`) around an add on the device. With a lock that excludes, the counter is
 * TEAMS x THREADS x ITERS; prints both and exits 1 when updates were lost (or it ran on the host). */
#include <omp.h>
#include <stdio.h>
#define TEAMS 4
#define THREADS 32
#define ITERS 100

#pragma omp declare target
static omp_lock_t lock;
#pragma omp end declare target

int main(void) {
  long counter = 0;
  int dev = 0;
#pragma omp target map(tofrom : dev)
  {
    omp_init_lock(&lock);
    dev = !omp_is_initial_device();
  }
#pragma omp target teams num_teams(TEAMS) thread_limit(THREADS) map(tofrom : counter)
#pragma omp parallel num_threads(THREADS)
  for (int i = 0; i < ITERS; ++i) {
#ifdef CRITICAL
#pragma omp critical
    counter += 1;
#else
    omp_set_lock(&lock);
    counter += 1; /* the lock is the only thing that orders these */
    omp_unset_lock(&lock);
#endif
  }
#pragma omp target
  omp_destroy_lock(&lock);
  const long want = (long)TEAMS * THREADS * ITERS;
  printf("%s: counter %ld, expected %ld%s\n", dev ? "device" : "HOST", counter, want,
         counter == want ? "" : " (updates lost: the lock did not exclude)");
  return dev && counter == want ? 0 : 1;
}
