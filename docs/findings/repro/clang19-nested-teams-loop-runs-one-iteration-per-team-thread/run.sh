#!/bin/sh
# clang 19+ (wrong code): `#pragma omp target` with a nested `#pragma omp teams loop` becomes an SPMD
# kernel whose loop is distributed over the teams only (distribute schedule 91, chunk = the team's
# thread count) with no `parallel for` part: every thread of a team runs the team's chunk head, so
# on an H100 1/128 of the iterations ran, 128 times each (docs/findings/<this name>.md).
# Compile-time check: the device IR of the front end (-O1, LLVM passes off): the kernel's ExecMode
# (2 = SPMD), its __kmpc_distribute_static_init and __kmpc_for_static_init / __kmpc_parallel_51
# calls. The GPU check (FINDINGS_GPU=1 with a usable offload runtime) counts each iteration's runs.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=reproduces clang-22=reproduces gcc-12=fixed
not_applicable clang-16 "lowers the nested teams loop as a Generic kernel with no distribute worksharing (another path; not run on a GPU)"
facts() { # "MODE DIST FOR PAR" of the front end's kernel, or "failed"
  $CC -nogpulib --offload-device-only -S -emit-llvm -O1 -Xclang -disable-llvm-passes "$DIR/nested_teams_loop.c" \
    -o k.ll 2>err.txt || { echo failed; return; }
  m=$(sed -n 's/.*ConfigurationEnvironmentTy { i8 [0-9]*, i8 [0-9]*, i8 \([0-9]*\),.*/\1/p' k.ll | head -n 1)
  [ -n "$m" ] || m=$(sed -n 's/.*_exec_mode = weak protected constant i8 \([0-9]*\).*/\1/p' k.ll | head -n 1)
  echo "${m:-?} $(count 'call .*@__kmpc_distribute_static_init' k.ll) $(count 'call .*@__kmpc_for_static_init' k.ll) $(count 'call .*@__kmpc_parallel_51' k.ll)"
}
gcc_check() { # GCC: the omplower dump holds the parallel for that teams loop needs
  rm -f ./*.omplower
  $CC -O1 -c -DNO_ATOMIC -fdump-tree-omplower "$DIR/nested_teams_loop.c" -o g.o 2>err.txt || { report gcc-12 error "compile failed: $(head -c 200 err.txt)"; return; }
  p=$(cat ./*.omplower | count '#pragma omp parallel' /dev/stdin)
  if [ "$p" -ge 1 ]; then report gcc-12 fixed "omplower: $p omp parallel (teams loop -> distribute parallel for)"
  else report gcc-12 reproduces "omplower: no omp parallel under teams"; fi
}
check() {
  c=$1
  [ "$c" = gcc-12 ] && { gcc_check; return; }
  set -- $(facts)
  [ "$1" = failed ] && { report "$c" error "compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"; return; }
  d="ExecMode $1, distribute_static_init $2, for_static_init $3, parallel_51 $4"
  if [ "$1" = 2 ] && [ "$2" -ge 1 ] && [ "$3" = 0 ] && [ "$4" = 0 ]; then
    report "$c" reproduces "$d: an SPMD kernel with a distribute-only loop (every team thread runs the chunk)"
  else
    report "$c" fixed "$d"
  fi
}
each check
