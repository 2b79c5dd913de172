#!/bin/sh
# Builds the device experiment's binaries into dist/xs/ (ignored), on the build machine, from the
# repository root:
#   docs/results/2026-11-27-xsbench-cuda/build.sh [XSBENCH_SRC]
# XSBENCH_SRC: an unpacked ANL-CESAR/XSBench (default /work/ext/XSBench), kept outside the tree;
# its cuda/ program is copied to a scratch folder, given xsbench-cuda-event-timing.patch (its
# launch timed alone with CUDA events, nothing else changed) and built as its Makefile does with
# nvcc 13 (-std=c++17: CUDA 13's CUB needs it; cudart static, nvcc's default, said anyway).
# The harness (harness/) holds the kit's forms: main's form before issue 33 compiled from main's
# own lines (KIT_BEFORE below), and this tree's xsbench_cuda.cuh.
set -eu
here=docs/results/2026-11-27-xsbench-cuda
src=${1:-/work/ext/XSBench}
KIT_BEFORE=dcd7a54 # main when issue 33 §3 was measured: xsbench/cuda's kernel is its cuda/xsbench.cu:12-22
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
out=dist/xs
[ -f "$here/run-there.sh" ] || { echo "build.sh: run it from the repository root" >&2; exit 2; }
[ -f "$src/cuda/Simulation.cu" ] || { echo "build.sh: no XSBench at $src (fetch ANL-CESAR/XSBench, unpack it there)" >&2; exit 2; }
git check-ignore -q "$out" || { echo "build.sh: $out is not ignored by git" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# (a) XSBench's CUDA program, patched for the timing only (XS_KEEP_PROGRAM=1: keep dist/xs/XSBench)
if [ "${XS_KEEP_PROGRAM:-0}" = 1 ] && [ -x "$out/XSBench" ]; then :; else
cp -r "$src/cuda" "$tmp/cuda"
(cd "$tmp" && patch -s -p1 <"$OLDPWD/$here/xsbench-cuda-event-timing.patch")
flags="-Xcompiler -Wall -Xcompiler -O3 -arch=sm_90 -std=c++17 -O3 -cudart static"
for f in Main io Simulation GridInit XSutils Materials; do
  (cd "$tmp/cuda" && $NVCC $flags -c $f.cu -o $f.o) &
done
wait
(cd "$tmp/cuda" && $NVCC $flags Main.o io.o Simulation.o GridInit.o XSutils.o Materials.o -o XSBench -lm)
[ -x "$tmp/cuda/XSBench" ] || { echo "build.sh: XSBench did not build" >&2; exit 1; }
cp "$tmp/cuda/XSBench" "$out/XSBench"
git -C "$src" rev-parse HEAD >"$out/XSBench.rev" 2>/dev/null || echo "ba08e5221af6106252b866e50ea123c69d31a4e2 (fetched snapshot)" >"$out/XSBench.rev"
fi

# (b) the kit's forms
git show "$KIT_BEFORE:proxies/xsbench/cuda/xsbench.cu" | sed -n 12,22p >"$tmp/now_kernel.inc"
grep -q '^__global__ void xsbench_kernel(' "$tmp/now_kernel.inc" || { echo "build.sh: $KIT_BEFORE's kernel is not at lines 12-22" >&2; exit 1; }
inc="-Ikernels/common -Irecord -Iproxies/common -Iproxies/xsbench -Iproxies/xsbench/cuda -I$here/harness -I$tmp"
for c in xsbench_data:proxies/xsbench/xsbench_data.c ok_proxy:proxies/common/ok_proxy.c; do
  gcc -O3 -std=gnu11 -fopenmp $inc -c "${c#*:}" -o "$tmp/${c%%:*}.o" &
done
$NVCC -O3 -arch=sm_90 -std=c++17 $inc -Xptxas -v -c "$here/harness/kit_now.cu" -o "$tmp/kit_now.o" 2>"$tmp/kit_now.ptxas" &
$NVCC -O3 -arch=sm_90 -std=c++17 $inc -Xptxas -v -c "$here/harness/xskit.cu" -o "$tmp/xskit.o" 2>"$tmp/xskit.ptxas" &
wait
for o in xsbench_data ok_proxy kit_now xskit; do [ -f "$tmp/$o.o" ] || { cat "$tmp"/*.ptxas >&2; echo "build.sh: $o did not compile" >&2; exit 1; }; done
gomp=$(gcc -print-file-name=libgomp.a)
$NVCC -arch=sm_90 -cudart static "$tmp/xskit.o" "$tmp/kit_now.o" "$tmp/xsbench_data.o" "$tmp/ok_proxy.o" "$gomp" -lpthread -ldl -o "$out/xskit"
cat "$tmp/kit_now.ptxas" "$tmp/xskit.ptxas" | awk '/Compiling entry function/ { split($0, q, "'"'"'"); k = q[2] } /Used [0-9]+ registers/ && k != "" { for (i = 1; i <= NF; i++) if ($i == "Used") print "ptxas: " $(i + 1) " registers " k; k = "" }' | grep -v ILb0 >"$out/registers.txt"
cp "$here/run-there.sh" "$here/table.awk" "$out/" # runnable where this branch is not checked out
cat "$out/registers.txt"
du -ch "$out" | tail -1
