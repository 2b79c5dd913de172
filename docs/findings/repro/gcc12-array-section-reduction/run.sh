#!/bin/sh
# GCC 12's nvptx offload: an array-section reduction (`reduction(+ : a[t : 1])`) does not link:
# "unresolved symbol __atomic_compare_exchange_16", for 8- and 4-byte elements alike; a scalar
# reduction links. Build-only check (the offload link runs here, no GPU needed).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=fixed clang-22=fixed gcc-12=reproduces
build() { # FLAGS...: "links" (or compiles, with -c) or the first unresolved symbol / error line
  if $CC -O2 "$@" "$DIR/section_reduction.c" -o red 2>err.txt; then
    case " $* " in *" -c "*) echo compiles ;; *) echo links ;; esac
  else
    grep -m1 -oE 'unresolved symbol [^ ]+|error: .*' err.txt || echo failed; fi
}
check() {
  c=$1
  flags=''
  # LLVM 22 here: no device runtime to link, so the compile alone must succeed.
  [ "$c" != gcc-12 ] && [ -z "$RTDIR" ] && flags='-c -nogpulib'

  u64=$(build $flags) u32=$(build $flags -DELEM=unsigned) sc=$(build $flags -DSCALAR=1)
  d="8-byte elements: $u64; 4-byte: $u32; scalar: $sc${flags:+ (-c only: no device runtime to link)}"
  case $u64$u32 in
    *__atomic_compare_exchange_16*) report "$c" reproduces "$d" ;;
    linkslinks | compilescompiles) report "$c" fixed "$d" ;;
    *) report "$c" error "$d" ;;
  esac
}
each check
