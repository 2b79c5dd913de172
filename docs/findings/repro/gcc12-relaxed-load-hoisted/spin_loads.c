/* GCC 12 nvptx: a spin on a relaxed atomic (or volatile) load compiles to a weak ld.u32, which
 * ptxas takes out of the loop: spin_relaxed and spin_volatile become "load once, return" in the
 * SASS; spin_acquire keeps the load in the loop (membar.sys + CCTL.IVALL each iteration).
 * docs/findings/gcc12-relaxed-load-hoisted.md */
#pragma omp declare target
__attribute__((noinline)) int spin_volatile(volatile int *p, int goal) {
  int v;
  do v = *p; while (v < goal);
  return v;
}
__attribute__((noinline)) int spin_relaxed(int *p, int goal) {
  int v;
  do {
#pragma omp atomic read relaxed
    v = *p;
  } while (v < goal);
  return v;
}
#ifndef NO_ACQUIRE /* clang <= 19 cannot select an acquire load (nvptx-atomic-read-acquire.md) */
__attribute__((noinline)) int spin_acquire(int *p, int goal) {
  int v;
  do {
#pragma omp atomic read acquire
    v = *p;
  } while (v < goal);
  return v;
}
#endif
#pragma omp end declare target

int main(void) {
  int x = 0, r = 0;
#pragma omp target map(tofrom : x, r)
  r = spin_volatile(&x, 0) + spin_relaxed(&x, 0)
#ifndef NO_ACQUIRE
      + spin_acquire(&x, 0)
#endif
      ;
  return r;
}
