#!/bin/sh
# findings: slow (about 15 s of CPU per compiler)
# openmp-opt's time on N `omp for reduction` loops of one device TU grows far faster than N when
# the device runtime is optimized together with them (clang 16 and 19 link it into every TU at
# `-c`). Check: CPU seconds of the whole build (compile + link, N_RED=50) against the device-only
# compile of the same file without the runtime; reproduces when the build takes 5x longer or more.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=n/a gcc-12=n/a
not_applicable clang-22 "Debian's LLVM 22 has no NVPTX device runtime to optimize with the TU"
not_applicable gcc-12 "no openmp-opt (GCC compiles the device code at the link, with its LTO)"
cpu() { # COMMAND...: user+sys CPU seconds, or "failed"
  /usr/bin/time -f '%U %S' -o t.txt "$@" 2>err.txt >/dev/null || { echo failed; return; }
  awk '{ printf "%.1f", $1 + $2 }' t.txt
}
check() {
  c=$1
  [ -n "$RTDIR" ] || { report "$c" n/a "no NVPTX device runtime"; return; }
  full=$(cpu $CC -O3 -DN_RED=50 "$DIR/reduction_compile_time.c" -o red)
  dev=$(cpu $CC -O3 -DN_RED=50 -nogpulib --offload-device-only -S "$DIR/reduction_compile_time.c" -o red.s)
  [ "$full" = failed ] || [ "$dev" = failed ] && { report "$c" error "build failed: $(head -c 200 err.txt)"; return; }
  d="N_RED=50: build (compile + link) ${full} s CPU, device-only compile without the runtime ${dev} s"
  if awk -v a="$full" -v b="$dev" 'BEGIN { exit !(a >= 5 * b) }'; then report "$c" reproduces "$d"; else report "$c" fixed "$d"; fi
}
each check
