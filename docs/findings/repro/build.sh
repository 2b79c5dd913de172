#!/bin/sh
# Builds the findings' reproducers with the kit's offload toolchain (the flags of the
# target-clang19 configuration) into OUT (default build/findings), with remarks and kept PTX:
#   sh docs/findings/repro/build.sh [OUT]
# Each binary runs on a GPU machine like the kit's bench (the bundle's run.sh sets the runtime).
# CLANG, CUDA_PATH and LLVM_LIBDIR override the toolchain (defaults: clang-19, the kit's
# .toolchains/cuda-11.8, /usr/lib/llvm-19/lib). A reproducer that must fail to build (the
# `omp critical` link) is reported, not fatal.
set -u
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/../../.." && pwd)
R=$ROOT/docs/findings/repro
OUT=${1:-$ROOT/build/findings}
CLANG=${CLANG:-clang-19}
CUDA_PATH=${CUDA_PATH:-$ROOT/.toolchains/cuda-11.8}
LLVM_LIBDIR=${LLVM_LIBDIR:-/usr/lib/llvm-19/lib}
F="-O3 -fopenmp --offload-arch=sm_90 --cuda-path=$CUDA_PATH --libomptarget-nvptx-bc-path=$LLVM_LIBDIR"
mkdir -p "$OUT"
rc=0
b() { # b NAME "EXTRA FLAGS" SOURCES...: OUT/NAME, its remarks OUT/NAME.remarks.txt, PTX OUT/NAME.d/*.s
  name=$1 extra=$2
  shift 2
  mkdir -p "$OUT/$name.d"
  : >"$OUT/$name.remarks.txt"
  objs=""
  for src in "$@"; do # -c per file, as the kit builds: each TU's device code is made (and optimized) here
    o="$OUT/$name.d/$(basename "$src" .c).o"
    # shellcheck disable=SC2086
    (cd "$OUT/$name.d" && $CLANG $F $extra -save-temps=obj -Rpass=openmp-opt -Rpass-missed=openmp-opt \
      -Rpass-analysis=openmp-opt -c "$src" -o "$o") >>"$OUT/$name.remarks.txt" 2>&1 || {
      echo "FAILED $name: compile of $src (log: $OUT/$name.remarks.txt)"
      rc=1
      return
    }
    objs="$objs $o"
  done
  # shellcheck disable=SC2086
  if $CLANG $F $extra $objs -o "$OUT/$name" >>"$OUT/$name.remarks.txt" 2>&1; then
    echo "built $OUT/$name"
  else
    echo "FAILED $name: link (log: $OUT/$name.remarks.txt): $(grep -m1 -E 'error' "$OUT/$name.remarks.txt")"
    rc=1
  fi
}
b barrier_no_asm "-DASM=0" "$R/barrier_inline_asm.c"
b barrier_asm "-DASM=1" "$R/barrier_inline_asm.c"
b device_lock "" "$R/device_lock_lost_updates.c"
b cuda_mode_generic_default "" "$R/cuda_mode_generic.c"
b cuda_mode_generic_cudamode "-fopenmp-cuda-mode" "$R/cuda_mode_generic.c"
b globalization_escape "" "$R/globalization_escape.c" "$R/globalization_opaque.c"
b globalization_noescape "-DNOESCAPE=1" "$R/globalization_escape.c" "$R/globalization_opaque.c"
b omp_critical "" "$R/omp_critical_link.c"
b reduction_compile_time "-DN_RED=20" "$R/reduction_compile_time.c"
exit $rc
