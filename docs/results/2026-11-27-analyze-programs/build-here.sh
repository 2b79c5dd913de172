#!/bin/sh
# Issue 30's programs analysed as their users build them, on the 2-core build machine:
#   APPS=/tmp/apps sh build-here.sh OMPKIT OUT
# with the public repositories unpacked under $APPS (isazi/su3_bench as su3, ANL-CESAR/XSBench as
# xsb, ANL-CESAR/RSBench as rsb; `git archive HEAD | tar -x`); their code stays there.
# XSBench and RSBench: compile_commands.json from their Makefiles with bear (`make -i`: the
# Makefile's clang finds no sm_80 device runtime here, bear records the commands all the same).
# su3_bench: its Makefile.openmp's flags for NVIDIA (clang: -DUSE_OPENMP -DMILC_COMPLEX), one
# analysis per USE_VERSION. Every configuration, what-if flags on target-clang19.
set -u
O=$1 OUT=$2 A=${APPS:-/tmp/apps}
mkdir -p "$OUT"
for p in xsb rsb; do
  (cd "$A/$p/openmp-offload" && rm -f compile_commands.json && bear -- make -i COMPILER=llvm CC=clang-19 >/dev/null 2>&1)
  /usr/bin/time -f "$p: wall %e s user %U s sys %S s" "$O" analyze -p "$A/$p/openmp-offload" --out "$OUT/$p" \
    >"$OUT/$p.txt" 2>&1
  echo "$p exit $?" >>"$OUT/exit.txt"
done
for v in 0 1 2 3 4; do
  (cd "$A/su3" && /usr/bin/time -f "su3 v$v: wall %e s user %U s sys %S s" "$O" analyze su3_nn_bench.cpp --out "$OUT/su3v$v" \
    -- -DUSE_VERSION=$v -DUSE_OPENMP -DMILC_COMPLEX >"$OUT/su3v$v.txt" 2>&1)
  echo "su3v$v exit $?" >>"$OUT/exit.txt"
done
# the GPU runs (clang 19 and the CUDA forms; run-there.sh runs them): the H100's sm_90 over the
# Makefiles' sm_80 (an sm_80 image does not load on an sm_90 GPU)
for p in xsb rsb; do
  "$O" analyze -p "$A/$p/openmp-offload" "$A/$p"/cuda/*.cu --configs target-clang19 --no-whatif --out "$OUT/gpu-$p" \
    --build-only --run -- -m event -- --offload-arch=sm_90 >/dev/null 2>&1
done
for f in "" -fopenmp-assume-no-nested-parallelism; do
  (cd "$A/su3" && "$O" analyze su3_nn_bench.cpp --configs target-clang19 --no-whatif --out "$OUT/gpu-su3v4${f:+nn}" \
    --build-only --run -- -l 32 -i 100 -- -DUSE_VERSION=4 -DUSE_OPENMP -DMILC_COMPLEX $f >/dev/null 2>&1)
done
