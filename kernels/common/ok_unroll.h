/* Compile-time unrolling shared by every model's primitive harness: OK_REP(X) writes X OK_UNROLL
 * times, so the primitive runs unrolled whatever each compiler's unroll heuristics decide. */
#ifndef OK_UNROLL_H
#define OK_UNROLL_H
#ifndef OK_UNROLL
#define OK_UNROLL 100
#endif
#define OK_REP10(X) X X X X X X X X X X
#if OK_UNROLL == 100
#define OK_REP(X) OK_REP10(OK_REP10(X))
#elif OK_UNROLL == 10
#define OK_REP(X) OK_REP10(X)
#else
#error "OK_UNROLL must be 10 or 100"
#endif
#endif
