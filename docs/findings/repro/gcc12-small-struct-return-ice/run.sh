#!/bin/sh
# GCC 11/12 (nvptx offload): an internal compiler error in tree-nrv.cc:179 for any function that
# reaches the offload image and returns a struct of 16 bytes or less by value at -O1 and above
# (RSBench's openmp-offload `c_add`, docs/findings/<this name>.md). x86-64 returns such a struct in
# registers, so the host front end leaves `return <local>;`; nvptx returns every struct in memory,
# and the offload compiler's NRV pass asserts that such a function returns its RESULT_DECL.
# Compile-time check: GCC's offload link of struct_return.c (-O1), with the controls that compile
# (-O0, -DWIDE, -DINLINE, the host alone with -foffload=disable); clang: the device compile.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=fixed clang-22=fixed gcc-12=reproduces
gcc_builds() { # FLAGS...: "ok", "ICE" (tree-nrv) or "error"
  $CC "$@" "$DIR/struct_return.c" -o sr 2>err.txt && { echo ok; return; }
  if grep -q 'internal compiler error' err.txt && grep -q 'tree-nrv' err.txt; then echo ICE; else echo error; fi
}
gcc_check() {
  r=$(gcc_builds -O1)
  [ "$r" = error ] && { report gcc-12 error "the -O1 build failed otherwise: $(grep -m1 -E 'error' err.txt | head -c 200)"; return; }
  where=$(sed -n 's/.*internal compiler error: \(.*\)/\1/p' err.txt | head -n 1)
  fn=$(sed -n "s/.*In function .\([a-z_]*\).*/\1/p" err.txt | head -n 1)
  c="controls: -O0 $(gcc_builds -O0), -DWIDE (24 bytes) $(gcc_builds -O1 -DWIDE), -DINLINE $(gcc_builds -O1 -DINLINE), -foffload=disable $(gcc_builds -O1 -foffload=disable)"
  if [ "$r" = ICE ]; then
    report gcc-12 reproduces "-O1 offload link: internal compiler error ${where:-?} in ${fn:-?} (nvptx offload compiler); $c"
  else
    report gcc-12 fixed "-O1 offload link builds; $c"
  fi
}
check() {
  c=$1
  [ "$c" = gcc-12 ] && { gcc_check; return; }
  if $CC -O1 -nogpulib --offload-device-only -c "$DIR/struct_return.c" -o dev.o 2>err.txt; then
    report "$c" fixed "the device compile of the 16-byte struct return builds"
  else
    report "$c" error "device compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"
  fi
}
each check
