#!/bin/sh
# findings: slow (up to 5 runs of a race, a few seconds to a minute)
# libomp (16, 19): rounds of `target teams ... nowait` regions with a `parallel` body, then
# `taskwait`, on libomptarget's x86_64 host plugin, abort intermittently with "Assertion failure
# at kmp_tasking.cpp: task_team != __null". Host-only race (no GPU): up to 5 runs of 50 rounds;
# reproduces when one aborts with that assertion.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=n/a gcc-12=n/a
not_applicable clang-22 "Debian's LLVM 22 ships no libomptarget (no host plugin)"
not_applicable gcc-12 "no host-plugin offload in GCC (libgomp's host fallback ran 10 rounds without abort, 2026-11-23)"
check() {
  c=$1
  case $c in
    clang-16) lib=$LLVM16/lib inc="-isystem $LLVM16/lib/clang/16/include" ;;
    own) lib=$FINDINGS_OWN_LLVM/lib inc='' ;;
    *) lib=/usr/lib/llvm-${c#clang-}/lib inc='' ;;
  esac
  cc=${c}
  [ "$c" = own ] && cc=$FINDINGS_OWN_LLVM/bin/clang
  $cc -O2 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu $inc -DROUNDS=50 "$DIR/nowait_taskwait.c" \
    -L"$lib" -Wl,-rpath,"$lib" -o nw 2>err.txt || { report "$c" error "build failed: $(head -c 200 err.txt)"; return; }
  for i in 1 2 3 4 5; do
    LD_LIBRARY_PATH="$lib" OMP_NUM_THREADS=2 timeout 120 ./nw >o.txt 2>&1
    rc=$?
    if grep -q 'task_team' o.txt; then
      report "$c" reproduces "run $i of 5 aborted (exit $rc): $(grep -m1 -o 'Assertion failure at [^ ]*' o.txt)"
      return
    fi
    [ $rc = 0 ] || { report "$c" error "run $i: exit $rc without the assertion: $(tail -c 200 o.txt)"; return; }
  done
  report "$c" fixed "5 runs of 50 rounds, no abort"
}
each check
