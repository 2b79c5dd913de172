#!/bin/sh
# clang 19+ (wrong code): `#pragma omp target` with a nested `#pragma omp teams loop` becomes an SPMD
# kernel (isOpenMPParallelDirective is true for teams loop, so the nested-SPMD check says SPMD) whose
# loop is the distribute loop only, with SPMD's default dist_schedule(static, <block size>) (91) and
# no `parallel for` to cover each chunk: every thread of a team runs each of the team's chunks'
# first iteration. On an H100 1/128 of the iterations ran, 128 times each (docs/findings/<this name>.md).
# Compile-time check: the device IR of the front end (-O1, LLVM passes off): the kernel's ExecMode
# (2 = SPMD), its __kmpc_distribute_static_init (and its schedule) and __kmpc_for_static_init /
# __kmpc_parallel_51/_60 calls. clang 16 has a different wrong code here (its kernel holds no loop):
# reported as n/a with what its kernel calls.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=reproduces clang-22=reproduces gcc-12=fixed
facts() { # "MODE DIST FOR PAR" of the front end's kernel, or "failed"
  $CC -nogpulib --offload-device-only -S -emit-llvm -O1 -Xclang -disable-llvm-passes "$DIR/nested_teams_loop.c" \
    -o k.ll 2>err.txt || { echo failed; return; }
  m=$(sed -n 's/.*ConfigurationEnvironmentTy { i8 [0-9]*, i8 [0-9]*, i8 \([0-9]*\),.*/\1/p' k.ll | head -n 1)
  [ -n "$m" ] || m=$(sed -n 's/.*_exec_mode = weak protected constant i8 \([0-9]*\).*/\1/p' k.ll | head -n 1)
  sched=$(sed -n 's/.*call void @__kmpc_distribute_static_init_[48]u*(ptr [^,]*, i32 [^,]*, i32 \([0-9]*\),.*/\1/p' k.ll | head -n 1)
  echo "${m:-?} $(count 'call .*@__kmpc_distribute_static_init' k.ll) $(count 'call .*@__kmpc_for_static_init' k.ll) $(count 'call .*@__kmpc_parallel_(51|60)' k.ll) ${sched:--}"
}
gcc_check() { # GCC: the omplower dump holds the parallel for that teams loop needs
  rm -f ./*.omplower
  $CC -O1 -c -DNO_ATOMIC -fdump-tree-omplower "$DIR/nested_teams_loop.c" -o g.o 2>err.txt || { report gcc-12 error "compile failed: $(head -c 200 err.txt)"; return; }
  p=$(cat ./*.omplower | count '#pragma omp parallel' /dev/stdin)
  if [ "$p" -ge 1 ]; then report gcc-12 fixed "omplower: $p omp parallel (teams loop -> distribute parallel for)"
  else report gcc-12 reproduces "omplower: no omp parallel under teams"; fi
}
clang16_check() { # the nested form's kernel in clang 16: what it calls, and whether the body's atomic is there
  calls=$(grep -o 'call [^@]*@__kmpc_[a-z_0-9]*' k.ll | sed 's/.*@//' | sort -u | tr '\n' ' ')
  if [ "$(count 'atomicrmw' k.ll)" = 0 ] && [ "$2" = 0 ]; then
    report clang-16 n/a "a different wrong code: the kernel (ExecMode $1) holds no loop and no atomic, it calls only ${calls% }: clang16-teams-loop-collapse-writes-nothing"
  else
    report clang-16 error "the kernel has a loop or the atomic now: ExecMode $1, distribute_static_init $2, calls ${calls% }"
  fi
}
check() {
  c=$1
  [ "$c" = gcc-12 ] && { gcc_check; return; }
  set -- $(facts)
  [ "$1" = failed ] && { report "$c" error "compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"; return; }
  [ "$c" = clang-16 ] && { clang16_check "$@"; return; }
  d="ExecMode $1, distribute_static_init $2 (schedule $5), for_static_init $3, parallel_51/60 $4"
  if [ "$1" = 2 ] && [ "$2" -ge 1 ] && [ "$3" = 0 ] && [ "$4" = 0 ]; then
    report "$c" reproduces "$d: an SPMD kernel with a distribute-only loop (every team thread runs each chunk's first iteration)"
  else
    report "$c" fixed "$d"
  fi
}
each check
