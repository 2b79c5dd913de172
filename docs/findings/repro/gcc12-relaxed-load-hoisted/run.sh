#!/bin/sh
# GCC 12's nvptx back end writes `omp atomic read` (relaxed) and a volatile read as a weak ld.u32,
# which ptxas hoists out of a spin loop: the SASS of spin_relaxed/spin_volatile is "load once,
# return" (no branch). clang keeps both loops (ld.volatile / ld.relaxed.sys). Compile-time check:
# each compiler's PTX of spin_loads.c, assembled by CUDA 11.8's ptxas, branches counted per spin.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=fixed clang-22=fixed gcc-12=reproduces
T=$CUDA118/bin
gcc_spin_ptx() { # GCC builds the device code at the link; take the spins' module from mkoffload's file
  $CC -O3 -foffload-options=nvptx-none="-march=sm_80 -save-temps" "$DIR/spin_loads.c" -o spin 2>err.txt &&
    gcc_ptx spin spin_relaxed spin.ptx
}
branches() { # FUNCTION: BRA instructions in its SASS, less the self-branch that pads every function's end
  awk -v f="Function : $1" 'index($0, f) { on = 1; next } /Function :/ { on = 0 }
    on && /BRA/ { a = $0; sub(/^.*\/\*/, "", a); sub(/\*\/.*/, "", a); sub(/^0+/, "", a)
                  t = $0; sub(/^.*BRA[^0]*0x/, "", t); sub(/[^0-9a-fA-F].*/, "", t); sub(/^0+/, "", t)
                  if (a != t) n++ }
    END { print n + 0 }' spin.sass
}
check() {
  c=$1
  if [ "$c" = gcc-12 ]; then
    gcc_spin_ptx || { report "$c" error "build failed: $(head -c 200 err.txt)"; return; }
    arch=sm_80
  else
    $CC -O3 -DNO_ACQUIRE -nogpulib --offload-device-only -S "$DIR/spin_loads.c" -o spin.ptx 2>err.txt ||
      { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
    arch=sm_90
  fi
  "$T/ptxas" -arch=$arch -c spin.ptx -o spin.cubin 2>err.txt || { report "$c" error "ptxas: $(head -c 200 err.txt)"; return; }
  "$T/cuobjdump" -sass spin.cubin | sed "s/ *\/\* 0x[0-9a-f]* \*\///" >spin.sass # without the encodings
  r=$(branches spin_relaxed) v=$(branches spin_volatile)
  ld=$(awk '/spin_relaxed/ { on = 1 } on && /ld\./ && !/ld\.param/ { sub(/^[ \t]+/, ""); split($1, a, " "); print a[1]; exit }' spin.ptx)
  d="PTX load in spin_relaxed: ${ld:-?}; SASS branches: spin_relaxed $r, spin_volatile $v"
  if [ "$r" -eq 0 ] || [ "$v" -eq 0 ]; then report "$c" reproduces "$d (the loop is gone)"; else report "$c" fixed "$d"; fi
}
each check
