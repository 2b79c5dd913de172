#!/bin/sh
# ompkit analyze on the GPU machine (no compilers there): the programs were built on the build
# machine with `ompkit analyze ... --build-only`; this unpacks the OpenMP runtimes they load
# (Debian's libomp5-19 with libLLVM and its libraries, libgomp with its nvptx plugin) and runs
# the folder's run/run.sh, then packs the outputs for `ompkit analyze --run-built` back there.
H=$(cd "$(dirname "$0")" && pwd)
R=/tmp/ompkit-rt
mkdir -p "$R"
for d in "$H"/debs/*.deb; do dpkg-deb -x "$d" "$R"; done
export LD_LIBRARY_PATH="$R/usr/lib/llvm-19/lib:$R/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >"$OUT/gpu.txt" 2>&1
date -u >>"$OUT/gpu.txt"
for f in ${RUNS:-su3 su3flag}; do
  W=/tmp/ompkit-analyze-$f
  rm -rf "$W" && cp -r "$H/$f/run" "$W"
  start=$(date +%s.%N)
  sh "$W/run.sh"
  end=$(date +%s.%N)
  echo "$f run.sh wall: $(awk -v a=$start -v b=$end 'BEGIN{print b-a}') s" >>"$OUT/gpu.txt"
  for c in "$W"/*/; do n=$(basename "$c"); echo "== $f $n exit $(cat "$c/exit-code.txt")"; tail -n 3 "$c/output.txt"; done >>"$OUT/summary.txt" 2>&1
  (cd "$W" && rm -f */prog && tar czf "$OUT/run-outputs-$f.tgz" .)
done
