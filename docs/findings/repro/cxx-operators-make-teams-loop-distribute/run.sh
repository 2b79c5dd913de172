#!/bin/sh
# clang 19+: a combined `target teams loop` whose body calls C++ operators (a complex class's * and
# +, inlineable, defined before use) is lowered to `teams distribute` only, a Generic kernel in
# which one thread per team runs the body; the same loop in C (plain arithmetic) becomes
# `distribute parallel for`, an SPMD kernel. Sema's TeamsLoopChecker (llvm-project#87278) treats any
# call as possible nested parallelism. Compile-time check: the device IR's kernel environment
# (ExecMode 1 Generic, 2 SPMD; -O1 with the LLVM passes off, so the front end's decision) and its
# __kmpc_for_static_init calls, per form; -O2's mode (3 = Generic-SPMD after openmp-opt).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=reproduces clang-22=reproduces gcc-12=fixed
not_applicable clang-16 "emits no code for a combined target teams loop (clang16-teams-loop-collapse-writes-nothing); the conditional lowering came with LLVM 19"
# form FILE [FLAGS]: "MODE FOR-INITS" of the kernel the front end emitted; "failed" when it did not compile
form() {
  f=$1 && shift
  cc=$CXX && [ "${f##*.}" = c ] && cc=$CC
  $cc -nogpulib --offload-device-only -S -emit-llvm -O1 -Xclang -disable-llvm-passes "$@" "$DIR/$f" -o k.ll 2>err.txt ||
    { echo failed; return; }
  echo "$(sed -n 's/.*ConfigurationEnvironmentTy { i8 [0-9]*, i8 [0-9]*, i8 \([0-9]*\),.*/\1/p' k.ll | head -n 1) $(count 'call .*@__kmpc_for_static_init' k.ll)"
}
gcc_check() { # GCC: both forms' omplower dump has the `omp parallel` of distribute parallel for
  d=''
  for f in teams_loop_ops.c teams_loop_ops.cpp; do
    cc=$CXX && [ "${f##*.}" = c ] && cc=$CC
    rm -f ./*.omplower
    $cc -O1 -c -fdump-tree-omplower "$DIR/$f" -o g.o 2>err.txt || { report gcc-12 error "compile failed: $(head -c 200 err.txt)"; return; }
    eval "p_${f##*.}=$(cat ./*.omplower | count '#pragma omp parallel' /dev/stdin)"
  done
  d="omplower: \`omp parallel\` regions: C $p_c, C++ $p_cpp"
  if [ "$p_cpp" -lt "$p_c" ]; then report gcc-12 reproduces "$d"; else report gcc-12 fixed "$d (teams loop -> distribute parallel for in both)"; fi
}
check() {
  c=$1
  [ "$c" = gcc-12 ] && { gcc_check; return; }
  set -- $(form teams_loop_ops.c) && cm=$1 cf=${2:-}
  set -- $(form teams_loop_ops.cpp) && xm=$1 xf=${2:-}
  [ "$cm" = failed ] || [ "$xm" = failed ] && { report "$c" error "compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"; return; }
  d="ExecMode/for_static_init: C $cm/$cf, C++ $xm/$xf"
  v="C with a static inline call $(form teams_loop_ops.c -DCALL | tr ' ' /), C with sqrt() $(form teams_loop_ops.c -DMATH | tr ' ' /)"
  for q in constexpr inline '__attribute__((const))'; do v="$v, $q $(form teams_loop_ops.cpp "-DQUAL=$q" | tr ' ' /)"; done
  v="$v, declare target $(form teams_loop_ops.cpp -DDECLARE_TARGET | tr ' ' /)"
  v="$v, omp assumes no_parallelism $(form teams_loop_ops.cpp -DASSUMES | tr ' ' /)"
  v="$v, -fopenmp-assume-no-nested-parallelism $(form teams_loop_ops.cpp -fopenmp-assume-no-nested-parallelism | tr ' ' /)"
  v="$v, distribute parallel for written out $(form teams_loop_ops.cpp -DDPF | tr ' ' /)"
  $CXX -nogpulib --offload-device-only -S -emit-llvm -O2 "$DIR/teams_loop_ops.cpp" -o o2.ll 2>/dev/null
  o2=$(sed -n 's/.*ConfigurationEnvironmentTy { i8 [0-9]*, i8 [0-9]*, i8 \([0-9]*\),.*/\1/p' o2.ll | head -n 1)
  d="$d (C++ at -O2: $o2); variants: $v"
  if [ "$cm" = 2 ] && [ "$xm" = 1 ]; then
    report "$c" reproduces "$d"
  elif [ "$xm" = 2 ]; then
    report "$c" fixed "$d"
  else
    report "$c" error "unexpected modes: $d"
  fi
}
each check
