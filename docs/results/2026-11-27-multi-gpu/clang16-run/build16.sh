#!/bin/sh
# Issue 30: the acceptance programs built with target-clang16 for analyze --run (run on the GPU
# with the kit's clang-16 runtime: LLVM 16's libomptarget, runtime/target-clang16 in the runtimes
# bundle). su3_bench v0-v4 (32^4, 100 iterations), XSBench small unionized, RSBench small; OpenMP only.
set -u
O=/work/main/build/driver/ompkit A=/work/ext/an3 W=/work/ext/c16/w C=/work/main/dist/c16
rm -rf "$W" "$C"; mkdir -p "$W" "$C"
an() { n=$1; shift
  /usr/bin/time -f "$n: wall %e s" "$O" analyze --configs target-clang16 --no-whatif --out "$W/$n" --build-only "$@" >"$W/$n.txt" 2>>"$W/times.txt"
  echo "$n exit $?" >>"$W/exit.txt"; }
for v in 0 1 2 3 4; do
  (cd "$A/su3" && an su3v$v su3_nn_bench.cpp --run -- -l 32 -i 100 -- -DUSE_VERSION=$v -DUSE_OPENMP -DMILC_COMPLEX --offload-arch=sm_90)
done
an xsb-small -p "$A/xsb/openmp-offload" --run -- -m event -s small -- --offload-arch=sm_90
an rsb-small -p "$A/rsb/openmp-offload" --run -- -m event -s small -- --offload-arch=sm_90
mkdir -p "$C/runs"
for d in "$W"/*/run; do n=$(basename "$(dirname "$d")"); cp -r "$d" "$C/runs/$n"; done
(cd "$C" && tar cf - runs | xz -9e -T0 >runs.tar.xz && rm -rf runs)
cat "$W/exit.txt" "$W/times.txt"; du -sh "$C"/*
