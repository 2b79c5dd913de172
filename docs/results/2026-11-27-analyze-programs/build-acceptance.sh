#!/bin/sh
# Issue 30 §5's acceptance runs not measured on 2026-11-27, built on the 2-core build machine for
# one GPU call (run-acceptance.sh runs them there):
#   APPS=/work/ext/an3 sh build-acceptance.sh OMPKIT WORK CARRY
# su3_bench USE_VERSION 0-3 (Makefile.openmp's clang flags, sm_90) and its CUDA form (Makefile.cuda,
# `bear`), 32^4 sites, double, 100 iterations; XSBench small unionized and large hash, RSBench small
# (openmp-offload/ and cuda/ from their Makefiles through `bear`, event mode). Every analysis is
# target-clang19 without what-if (the compile data are build-here.sh's), --build-only, with the
# program's CUDA build given by --cuda-program. The CUDA Makefiles of XSBench and RSBench ask for
# -std=c++14, which nvcc 13's CUB refuses (C++17 at least): their CFLAGS are given on make's
# command line as the Makefile's own less that. WORK gets the analyses; CARRY (an ignored folder
# of the checkout, dist/an) gets each one's run/ folder, packed into one runs.tar.xz (xz: the GPU
# machine's tar unpacks it without zstd), and run-acceptance.sh.
set -u
O=$1 W=$2 C=$3 A=${APPS:-/work/ext/an3}
mkdir -p "$W" "$C"
db() { # db DIR MAKE-ARGS...: compile_commands.json of DIR's Makefile (make -i: bear records failing commands too)
  d=$1
  shift
  (cd "$d" && make clean >/dev/null 2>&1; rm -f compile_commands.json *.o && bear -- make -i "$@" >bear.log 2>&1)
}
CU17='-Xcompiler -O3 -arch=sm_90 -std=c++17 -O3'
for p in xsb rsb; do
  db "$A/$p/openmp-offload" COMPILER=llvm CC=clang-19
  db "$A/$p/cuda" SM_VERSION=90 "CFLAGS=$CU17"
done
mkdir -p "$A/su3/cuda_db"
(cd "$A/su3" && rm -f bench_f64_cuda.exe && bear --output cuda_db/compile_commands.json -- make -f Makefile.cuda -i ARCH=A100 bench_f64_cuda.exe >cuda_db/bear.log 2>&1)
an() { # an NAME ARGS...: one analysis, built only
  n=$1
  shift
  /usr/bin/time -f "$n: wall %e s" "$O" analyze --configs target-clang19 --no-whatif --out "$W/$n" --build-only "$@" \
    >"$W/$n.txt" 2>>"$W/times.txt"
  echo "$n exit $?" >>"$W/exit.txt"
}
rm -f "$W/times.txt" "$W/exit.txt"
for v in 0 1 2 3; do
  (cd "$A/su3" && an su3v$v su3_nn_bench.cpp --cuda-program "$A/su3/cuda_db" --run -- -l 32 -i 100 -- \
    -DUSE_VERSION=$v -DUSE_OPENMP -DMILC_COMPLEX --offload-arch=sm_90)
done
an xsb-small -p "$A/xsb/openmp-offload" -p "$A/xsb/cuda" --run -- -m event -s small -- --offload-arch=sm_90
an xsb-hash -p "$A/xsb/openmp-offload" -p "$A/xsb/cuda" --run -- -m event -G hash -- --offload-arch=sm_90
an rsb-small -p "$A/rsb/openmp-offload" -p "$A/rsb/cuda" --run -- -m event -s small -- --offload-arch=sm_90
# the carried folder: each analysis's run/ (its programs, run.sh), packed; the same file built
# twice (XSBench's two analyses, the CUDA runtime) is stored once (tar keeps hard links)
rm -rf "$C/runs" && mkdir -p "$C/runs"
for d in "$W"/*/run; do n=$(basename "$(dirname "$d")"); cp -r "$d" "$C/runs/$n"; done
find "$C/runs" -type f -size +64k -exec md5sum {} + | sort | awk '{ if ($1 == h) print f, $2; else { h = $1; f = $2 } }' |
  while read -r keep dup; do ln -f "$keep" "$dup"; done
(cd "$C" && tar cf - runs | xz -9e -T0 >runs.tar.xz.new && mv runs.tar.xz.new runs.tar.xz && rm -rf runs)
cp "$(dirname "$0")/run-acceptance.sh" "$C/"
du -sh "$C" "$C"/*
