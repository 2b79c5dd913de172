#!/bin/sh
# clang 19+: whether a combined `target teams loop` becomes `distribute parallel for` (SPMD) or
# `teams distribute` (Generic) depends on the order of its statements. Sema's TeamsLoopChecker
# (llvm-project#87278) assigns its verdict at every call it visits instead of combining them, so an
# `omp_*` call after a call to any other function sets it back to "can be parallel for". Compile-time
# check: the front end's device IR (-O1, LLVM passes off) of teams_loop_order.c in both orders, also
# with a callee that opens its own `parallel for` (-DNESTED_PARALLEL): ExecMode (1 Generic, 2 SPMD)
# and the __kmpc_for_static_init calls (the `parallel for` part).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable clang-16 "emits no code for a combined target teams loop (clang16-teams-loop-collapse-writes-nothing); the check came with LLVM 19"
form() { # FLAGS...: "MODE/FOR-INITS", or "failed"
  $CC -nogpulib --offload-device-only -S -emit-llvm -O1 -Xclang -disable-llvm-passes "$@" "$DIR/teams_loop_order.c" -o k.ll 2>err.txt ||
    { echo failed; return; }
  echo "$(sed -n 's/.*ConfigurationEnvironmentTy { i8 [0-9]*, i8 [0-9]*, i8 \([0-9]*\),.*/\1/p' k.ll | head -n 1)/$(count 'call .*@__kmpc_for_static_init' k.ll)"
}
gcc_check() { # GCC 12 rejects the omp_* call in a loop region (OpenMP 5.x order(concurrent) rules)
  if $CC -O1 -c "$DIR/teams_loop_order.c" -o g.o 2>err.txt; then
    report gcc-12 fixed "compiles (teams loop -> distribute parallel for whatever the order)"
  elif grep -q 'order(concurrent)' err.txt; then
    report gcc-12 n/a "rejects the program: $(grep -m1 -o 'OpenMP runtime API call[^;]*clause' err.txt | tr -d "'\`")"
  else
    report gcc-12 error "compile failed: $(head -c 200 err.txt)"
  fi
}
check() {
  c=$1
  [ "$c" = gcc-12 ] && { gcc_check; return; }
  a=$(form) b=$(form -DSWAP) pa=$(form -DNESTED_PARALLEL) pb=$(form -DNESTED_PARALLEL -DSWAP)
  case "$a $b $pa $pb" in *failed*) report "$c" error "compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"; return ;; esac
  d="ExecMode/for_static_init: call then omp_get_team_num $a, swapped $b; callee with its own parallel for: $pa, swapped $pb"
  if [ "$a" != "$b" ] || [ "$pa" != "$pb" ]; then
    report "$c" reproduces "$d: the statement order decides the lowering"
  else
    report "$c" fixed "$d"
  fi
}
each check
