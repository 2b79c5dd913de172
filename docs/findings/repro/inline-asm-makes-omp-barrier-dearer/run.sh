#!/bin/sh
# An empty inline asm statement reachable from a kernel keeps `omp barrier`'s thread-state lookups
# (ThreadStates[tid]) in the per-TU PTX; -fopenmp-assume-no-thread-state removes them again.
# Compile-time check: the `-c` compile links the device runtime into the TU, so its kept PTX
# (-save-temps) shows the barrier as it will run. Needs the compiler's NVPTX device runtime.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=reproduces clang-22=n/a gcc-12=n/a own=reproduces
not_applicable gcc-12 "GCC's barrier is libgomp's; the reproducer reads clock64 through a clang builtin"
ptx() { # FLAGS...: the TU's device PTX; prints "lines ld.shared ThreadStates"
  rm -f ./*.s
  $CC -O3 "$@" -save-temps=obj -c "$DIR/barrier_inline_asm.c" -o b.o 2>err.txt || { echo "failed"; return; }
  s=$(ls ./*nvptx64*.s | head -n 1)
  echo "$(wc -l <"$s") $(count 'ld\.shared' "$s") $(count ThreadStates "$s")"
}
check() {
  c=$1
  [ -n "$RTDIR" ] || { report "$c" n/a "no NVPTX device runtime to link into the TU (the lookups live in it)"; return; }
  set -- $(ptx -DASM=0) && base_l=$1 base_s=$2 base_t=$3
  set -- $(ptx -DASM=1) && asm_l=$1 asm_s=$2 asm_t=$3
  set -- $(ptx -DASM=1 -fopenmp-assume-no-thread-state) && fix_l=$1 fix_s=$2 fix_t=$3
  [ "$base_l" = failed ] || [ "$asm_l" = failed ] && { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
  d="PTX lines/ld.shared/ThreadStates: no asm $base_l/$base_s/$base_t, asm $asm_l/$asm_s/$asm_t, asm + -fopenmp-assume-no-thread-state $fix_l/$fix_s/$fix_t"
  if [ "$base_t" -gt 0 ]; then report "$c" n/a "the barrier keeps its thread-state lookups without asm too; $d"
  elif [ "$asm_t" -gt 0 ]; then report "$c" reproduces "$d"
  else report "$c" fixed "$d"; fi
}
each check
