#!/bin/sh
# An SPMD kernel pays for a generic kernel in the same file: with one trivial `#pragma omp target`
# beside it, openmp-opt no longer folds the device runtime's execution-mode queries in the SPMD
# kernel (su3_bench's v1 form), which keeps the generic paths: named barriers (`barrier.sync N`,
# N > 0) and `IsSPMDMode` loads in its PTX, and the runtime's shared-memory state (1052 B) at the
# link. Compile-time check: the SPMD kernel's lines of those kinds in the TU's PTX (-save-temps),
# alone and with the neighbour; with a device runtime, nvlink's smem of the linked kernel too.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=reproduces clang-22=n/a gcc-12=n/a
not_applicable clang-22 "Debian's LLVM 22 has no NVPTX device runtime: the runtime code that carries the generic paths is not in the PTX"
not_applicable gcc-12 "GCC 12 has no SPMD mode"
L=$(grep -n '^#pragma omp target teams' "$DIR/neighbour.c" | head -n 1 | cut -d: -f1) # the SPMD kernel's line
generic_lines() { # DEFINE: the SPMD kernel's (line $L) named-barrier and IsSPMDMode lines, or "failed"
  rm -rf t && mkdir t && cd t || { echo failed; return; }
  # shellcheck disable=SC2086
  $CC -O3 $1 -c -save-temps "$DIR/neighbour.c" -o n.o 2>../err.txt || { cd ..; echo failed; return; }
  s=$(ls ./*nvptx64*.s 2>/dev/null | head -n 1)
  [ -n "$s" ] || { cd ..; echo failed; return; }
  awk -v k="_l$L" '/\.entry / && index($0, k) { on = 1 } on && /^}/ { on = 0 } on' "$s" | grep -cE 'barrier\.sync [1-9]|bar\.sync [1-9]|IsSPMDMode'
  cd ..
}
smem() { # DEFINE: nvlink's smem of the SPMD kernel, linked (with a device runtime), or "-"
  [ -n "$RTDIR" ] || { echo -; return; }
  # shellcheck disable=SC2086
  $CC -O3 $1 "$DIR/neighbour.c" -o a.out -Xoffload-linker -v 2>link.txt || { echo -; return; }
  v=$(sed -n 's/.*used [0-9]* registers, [0-9]* stack, \([0-9]*\) bytes smem.*/\1/p' link.txt | tail -n 1)
  echo "${v:--}"
}
check() {
  c=$1
  a=$(generic_lines '') g=$(generic_lines -DWITH_GENERIC)
  [ "$a" = failed ] || [ "$g" = failed ] && { report "$c" error "compile failed: $(grep -v 'CUDA version' err.txt | head -c 200)"; return; }
  sa=$(smem '') sg=$(smem -DWITH_GENERIC)
  d="SPMD kernel: named-barrier/IsSPMDMode PTX lines alone $a, with a generic neighbour $g; linked smem alone ${sa} B, with it ${sg} B"
  if [ "$a" -eq 0 ] && [ "$g" -gt 0 ]; then report "$c" reproduces "$d"; else report "$c" fixed "$d"; fi
}
each check
