#!/bin/sh
# `-mllvm -openmp-opt-disable-deglobalization` ("Disable OpenMP optimizations involving
# deglobalization") stops heap-to-stack in LLVM 16, but not in LLVM 19 and 22: there the local is
# still moved to the stack (OMP110) and only heap-to-shared (OMP111) is switched off. An ablation
# that uses the flag (as the CGO 2022 artifact did) measures less than its name says. Compile-time
# check: device-only remarks and __kmpc_alloc_shared calls, no runtime, no GPU.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "no openmp-opt"
R='-Rpass=openmp-opt -Rpass-missed=openmp-opt -Rpass-analysis=openmp-opt'
compile() { # FLAGS: "remark-ids alloc_shared-calls"
  $CC -O3 $R "$@" -nogpulib --offload-device-only -S -emit-llvm "$DIR/deglob_flag.c" -o g.ll 2>err.txt || { echo failed; return; }
  echo "$(grep -oE 'OMP1[0-9][0-9]' err.txt | sort -u | tr '\n' '+' | sed 's/+$//') $(grep -c 'call.*@__kmpc_alloc_shared' g.ll)"
}
check() {
  c=$1
  set -- $(compile) && def_r=$1 def_a=${2:-}
  set -- $(compile -mllvm -openmp-opt-disable-deglobalization) && fl_r=$1 fl_a=${2:-}
  [ "$def_r" = failed ] || [ "$fl_r" = failed ] && { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
  d="default: $def_r, $def_a __kmpc_alloc_shared calls; with -openmp-opt-disable-deglobalization: $fl_r, $fl_a calls"
  if [ "$def_r" != OMP110 ]; then report "$c" error "$d (the default no longer moves the local to the stack)"
  elif [ "$fl_r" = OMP110 ] && [ "$fl_a" = 0 ]; then report "$c" reproduces "$d (heap-to-stack still ran)"
  else report "$c" fixed "$d (the flag stopped it)"; fi
}
each check
