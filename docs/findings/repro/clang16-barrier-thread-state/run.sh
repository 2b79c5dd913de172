#!/bin/sh
# clang 16: when the TU also has a generic kernel, __kmpc_barrier keeps its per-thread ICV lookups
# (ThreadStates[tid]), so every `omp barrier` pays them, SPMD kernels included, with no inline asm
# and no ICV change anywhere; clang 19 folds them away. -fopenmp-assume-no-thread-state removes them
# in 16 too. Compile-time check: the TU's PTX (-c -save-temps, device runtime linked in),
# `ThreadStates` references with only the SPMD kernel, with the generic one too, and with the flag.
# GPU part (FINDINGS_GPU=1): ns per barrier.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=fixed clang-22=n/a gcc-12=n/a
not_applicable clang-22 "no NVPTX device runtime in Debian's LLVM 22 (the lookups live in it)"
not_applicable gcc-12 "GCC's barrier is libgomp's (gcc12-omp-barrier-slow)"
refs() { # FLAGS: "PTX-lines ThreadStates-references"
  rm -f ./*.s
  $CC -O3 "$@" -save-temps=obj -c "$DIR/barrier_plain.c" -o b.o 2>err.txt || { echo failed; return; }
  s=$(ls ./*nvptx64*.s | head -n 1)
  echo "$(wc -l <"$s") $(count ThreadStates "$s")"
}
check() {
  c=$1
  [ -n "$RTDIR" ] || { report "$c" n/a "no NVPTX device runtime"; return; }
  set -- $(refs -DGENERIC=0) && sl=$1 st=${2:-}
  set -- $(refs) && l=$1 t=${2:-}
  set -- $(refs -fopenmp-assume-no-thread-state) && fl=$1 ft=${2:-}
  [ "$sl" = failed ] || [ "$l" = failed ] || [ "$fl" = failed ] && { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
  d="PTX lines/ThreadStates: SPMD kernel only $sl/$st; with the generic kernel $l/$t; both + -fopenmp-assume-no-thread-state $fl/$ft"
  if [ "$FINDINGS_GPU" = 1 ] && $CC -O3 "$DIR/barrier_plain.c" -o bp 2>/dev/null; then
    d="$d; GPU: $(OMP_TARGET_OFFLOAD=MANDATORY timeout 60 ./bp 2>&1 | tail -n 1)"
  fi
  if [ "$t" -gt 0 ]; then report "$c" reproduces "$d"; else report "$c" fixed "$d"; fi
}
each check
