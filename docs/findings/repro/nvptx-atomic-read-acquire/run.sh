#!/bin/sh
# `omp atomic read acquire` / `seq_cst` stops LLVM 16's and 19's NVPTX instruction selector
# ("Cannot select: AtomicLoad"); LLVM 22 selects ld.acquire.sys (fixed by llvm/llvm-project#98022).
# Compile-time check: the device-only PTX of the reproducer (no device runtime needed).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=fixed gcc-12=fixed
ptx() { # ORDER: "crash", or the PTX load instruction of the atomic read
  if [ "$c" = gcc-12 ]; then # GCC builds the device code at the link (its PTX: gcc12-relaxed-load-hoisted)
    if $CC -O2 -DORDER="$1" "$DIR/atomic_read_acquire.c" -o a 2>err.txt; then echo links; else echo failed; fi
    return
  fi
  if $CC -O3 -nogpulib --offload-device-only -S -DORDER="$1" "$DIR/atomic_read_acquire.c" -o a.s 2>err.txt; then
    grep -oE 'ld\.[a-z0-9.]+' a.s | grep -vE 'ld\.param' | sort -u | tr '\n' ' '
  elif grep -q 'Cannot select' err.txt; then echo crash; else echo failed; fi
}
check() {
  c=$1
  acq=$(ptx acquire) sc=$(ptx seq_cst) rel=$(ptx '')
  d="acquire: $acq; seq_cst: $sc; relaxed: $rel"
  case $acq$sc in
    *failed*) report "$c" error "$d: $(grep -m1 error err.txt)" ;;
    *crash*) report "$c" reproduces "$d (Cannot select: AtomicLoad)" ;;
    *) report "$c" fixed "$d" ;;
  esac
}
each check
