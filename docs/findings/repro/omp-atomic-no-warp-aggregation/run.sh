#!/bin/sh
# `omp atomic` on one counter: clang writes `atom.add.u32` on a generic address, which ptxas turns
# into one value-returning ATOM.E.ADD per lane; nvcc writes `atom.global.add.u32` for the same
# atomicAdd, which ptxas aggregates per warp (VOTEU/UFLO/POPC + one REDG). Compile-time check:
# each compiler's device PTX, assembled by CUDA 11.8's ptxas (-c) and read with its cuobjdump.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=reproduces gcc-12=reproduces
T=$CUDA118/bin
sass() { # PTX [ARCH]: "ATOM.E.ADD n, VOTEU n, REDG n"
  sed 's/^\.version .*/.version 7.8/' "$1" >in.ptx # nvcc 13 writes a newer PTX ISA than ptxas 11.8 reads
  "$T/ptxas" -c -arch="${2:-sm_90}" -O3 in.ptx -o k.cubin 2>ptxas.txt || { echo "ptxas failed: $(head -c 120 ptxas.txt)"; return; }
  "$T/cuobjdump" -sass k.cubin >k.sass
  echo "ATOM.E.ADD $(count 'ATOM\.E\.ADD' k.sass), VOTEU $(count VOTEU k.sass), REDG $(count 'REDG' k.sass)"
}
NVCC=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
nvcc_ref='nvcc not installed'
if [ -n "$NVCC" ] && "$NVCC" -arch=sm_90 -O3 -ptx "$DIR/atomic_add.cu" -o cu.ptx 2>/dev/null; then
  nvcc_ref="nvcc $("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'): $(grep -oE 'atom\.[a-z0-9.]+|red\.[a-z0-9.]+' cu.ptx | head -n 1) -> $(sass cu.ptx)"
fi
check() {
  c=$1
  if [ "$c" = gcc-12 ]; then # GCC 12's newest target is sm_80; its kernel's module from mkoffload's file
    $CC -O3 -foffload-options=nvptx-none="-march=sm_80 -save-temps" "$DIR/atomic_add.c" -o aa 2>err.txt &&
      gcc_ptx aa 'add_all$_omp_fn$1' om.ptx || { report "$c" error "build failed: $(head -c 200 err.txt)"; return; }
    arch=sm_80
  else
    $CC -O3 -nogpulib --offload-device-only -S "$DIR/atomic_add.c" -o om.ptx 2>err.txt ||
      { report "$c" error "device compile failed: $(head -c 200 err.txt)"; return; }
    arch=sm_90
  fi
  # the first atomic of the kernel's code (GCC's module holds more functions: its outlined region's)
  op=$(awk '/FUNCTION DEF: add_all\$_omp_fn\$1$/ { f = 1; next } f && /^\/\/ BEGIN/ { exit } f || !g' g="$([ "$c" = gcc-12 ] && echo 1)" om.ptx |
    grep -oE '\<(atom|red)\.[a-z0-9.]+' | head -n 1)
  s=$(sass om.ptx $arch)
  d="$op -> $s; reference $nvcc_ref"
  case $s in
    *failed*) report "$c" error "$d" ;;
    *"VOTEU 0"*) case $s in "ATOM.E.ADD 0"*) report "$c" error "$d (no atomic found)" ;; *) report "$c" reproduces "$d" ;; esac ;;
    *) report "$c" fixed "$d" ;;
  esac
}
each check
