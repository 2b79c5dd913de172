// su3_bench's idiom, minimal: a complex class whose operator* / operator+ are defined before use,
// called in a `target teams loop` body. clang (19+) lowers this loop to `teams distribute` (one
// thread per team) because the body holds calls; teams_loop_ops.c is the same loop without calls.
// -DQUAL='constexpr' / 'inline' / '__attribute__((const))': how the operators are marked.
// -DDECLARE_TARGET: the operators inside `omp declare target`. -DASSUMES: the OpenMP 5.1
// `#pragma omp assumes no_parallelism`. -DDPF: the porting team's fix, `distribute parallel for`
// written out. -DNESTED: `target` + nested `teams loop` (clang 16 emits no code for the combined
// form: clang16-teams-loop-collapse-writes-nothing).
#ifdef ASSUMES
#pragma omp assumes no_parallelism
#endif
#ifndef QUAL
#define QUAL
#endif
struct cplx {
  double re, im;
};
#ifdef DECLARE_TARGET
#pragma omp declare target
#endif
QUAL static cplx operator*(cplx a, cplx b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
QUAL static cplx operator+(cplx a, cplx b) { return {a.re + b.re, a.im + b.im}; }
#ifdef DECLARE_TARGET
#pragma omp end declare target
#endif

void mul_add(cplx *c, const cplx *a, const cplx *b, int n) {
#if defined(NESTED)
#pragma omp target map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
#pragma omp teams loop
#elif defined(DPF)
#pragma omp target teams distribute parallel for map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
#else
#pragma omp target teams loop map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
#endif
  for (int i = 0; i < n; i++)
    c[i] = c[i] + a[i] * b[i];
}
