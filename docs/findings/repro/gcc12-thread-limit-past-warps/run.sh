#!/bin/sh
# GCC 12's nvptx libgomp: in `target teams thread_limit(256)` the team has one OpenMP thread per
# warp, yet omp_get_thread_limit() says 256 and omp_set_num_threads(256) makes the next parallel
# region walk past the team's thread pool: the kernel faults. GPU-only (FINDINGS_GPU=1): runs
# set_threads.c with 0, 8 and 256; reproduces when 0 and 8 run and 256 fails. No compile-time
# proof exists (the fault depends on libgomp's data at run time).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=n/a clang-19=n/a clang-22=n/a gcc-12=reproduces
for c in clang-16 clang-19 clang-22; do
  not_applicable $c "libgomp's nvptx team start only (clang's runtime ran state_machine/known with 256 threads on the H200)"
done
check() {
  c=$1
  $CC -O2 "$DIR/set_threads.c" -o set_threads 2>err.txt || { report "$c" error "build failed: $(head -c 200 err.txt)"; return; }
  [ "$FINDINGS_GPU" = 1 ] || { report "$c" n/a "builds; GPU-only check (reproduced on the H200, 2026-11-23)"; return; }
  out=''
  for n in 0 8 256; do
    OMP_TARGET_OFFLOAD=MANDATORY timeout 60 ./set_threads $n >o.txt 2>&1
    out="$out; $n: rc=$? $(tail -n 1 o.txt)"
  done
  case $out in
    *"0: rc=0"*"8: rc=0"*"256: rc=0"*) report "$c" fixed "GPU${out}" ;;
    *"0: rc=0"*"8: rc=0"*) report "$c" reproduces "GPU${out}" ;;
    *) report "$c" error "GPU: the controls failed too${out}" ;;
  esac
}
each check
