#!/bin/sh
# A device function's local whose address goes to a function of another TU stays globalized (one
# runtime allocation per call: OMP112 + OMP113); a `noescape` parameter moves it to the stack
# (OMP110). Compile-time check: the device-only compile's openmp-opt remarks (no runtime, no GPU).
# Performance trap by design: the remark is the only warning; on the H200 it cost ~1900x.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "no openmp-opt; GCC does not globalize through __kmpc_alloc_shared"
R='-Rpass=openmp-opt -Rpass-missed=openmp-opt -Rpass-analysis=openmp-opt'
ids() { # FLAGS: the sorted remark IDs of the escaping local's compile
  $CC -O3 $R "$@" -nogpulib --offload-device-only -S "$DIR/globalization_escape.c" -o g.s 2>err.txt || { echo failed; return; }
  grep -oE '\[OMP1[0-9][0-9]\]' err.txt | sort | uniq -c | awk '{ printf "%s%s x%s", n++ ? ", " : "", $2, $1 }'
}
check() {
  c=$1
  esc=$(ids) noesc=$(ids -DNOESCAPE=1)
  d="escaping local: ${esc:-no remark}; noescape: ${noesc:-no remark}"
  case $esc in
    failed*) report "$c" error "compile failed: $(head -c 200 err.txt)" ;;
    *OMP112*|*OMP113*) report "$c" reproduces "$d" ;;
    *) report "$c" fixed "$d" ;;
  esac
}
each check
