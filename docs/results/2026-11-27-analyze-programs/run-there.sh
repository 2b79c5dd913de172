#!/bin/sh
# ompkit analyze --run for issue 30 on the GPU machine (no compilers there): the programs were built
# on the build machine with `ompkit analyze ... --build-only`; unpack Debian's OpenMP 19 runtime
# (libomp5-19, libLLVM 19 and its libraries), run each folder's run/run.sh, pack the outputs.
H=$(cd "$(dirname "$0")" && pwd)
R=/tmp/ompkit-rt
mkdir -p "$R"
for d in "$H"/../.toolchains/debs/*.deb; do dpkg-deb -x "$d" "$R"; done
export LD_LIBRARY_PATH="$R/usr/lib/llvm-19/lib:$R/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >"$OUT/gpu.txt" 2>&1
date -u >>"$OUT/gpu.txt"
for f in ${RUNS:-xsb rsb su3v4 su3v4nn}; do
  W=/tmp/ompkit-analyze-$f
  rm -rf "$W" && cp -r "$H/$f/run" "$W"
  start=$(date +%s.%N)
  sh "$W/run.sh"
  end=$(date +%s.%N)
  echo "$f run.sh wall: $(awk -v a=$start -v b=$end 'BEGIN{print b-a}') s" >>"$OUT/gpu.txt"
  for c in "$W"/*/; do n=$(basename "$c"); echo "== $f $n exit $(cat "$c/exit-code.txt")"; tail -n 25 "$c/output.txt"; done >>"$OUT/summary.txt" 2>&1
  (cd "$W" && rm -f */prog */*.so* && tar czf "$OUT/run-outputs-$f.tgz" .)
done
