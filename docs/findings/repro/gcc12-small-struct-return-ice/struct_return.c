/* docs/findings/gcc12-small-struct-return-ice.md: a function called in a target region (so
 * implicitly `declare target`) that returns a 16-byte struct by value. x86-64 returns such a
 * struct in registers, nvptx in memory; GCC 11 and 12 stop with an internal compiler error in
 * the nvptx offload compiler (tree-nrv.cc:179) at -O1 and above.
 *   -DWIDE    a 24-byte struct (returned in memory on x86-64 too): compiles
 *   -DINLINE  the function `static inline` (inlined before the pass runs): compiles
 * Prints the sum and exits 0 when it is right (4, 6). */
#include <stdio.h>

#ifdef WIDE
typedef struct { double x, y, z; } vec;
#else
typedef struct { double x, y; } vec;
#endif

#ifdef INLINE
static inline
#endif
vec vec_add(vec a, vec b) {
  vec s;
  s.x = a.x + b.x;
  s.y = a.y + b.y;
#ifdef WIDE
  s.z = a.z + b.z;
#endif
  return s;
}

int main(void) {
  double out[2] = {0, 0};
#pragma omp target map(from : out[0 : 2])
  {
    vec a = {1, 2}, b = {3, 4};
    vec s = vec_add(a, b);
    out[0] = s.x;
    out[1] = s.y;
  }
  printf("vec_add on the device: %g %g\n", out[0], out[1]);
  return !(out[0] == 4 && out[1] == 6);
}
