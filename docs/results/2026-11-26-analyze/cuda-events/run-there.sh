#!/bin/sh
# ompkit analyze --run, the GPU side (no compilers there): the fixture program (lowering.c +
# lowering_ext.c per OpenMP configuration, and its CUDA form lowering.cu) was built on the build
# machine with `ompkit analyze ... --build-only`; this unpacks the OpenMP runtimes (Debian's
# libomp5-19 with libLLVM and its libraries, libgomp with its nvptx plugin), runs run.sh twice,
# and packs the outputs for `ompkit analyze --run-built` back there.
H=$(cd "$(dirname "$0")" && pwd)
R=/tmp/ompkit-rt
mkdir -p "$R"
for d in "$H"/debs/*.deb; do dpkg-deb -x "$d" "$R"; done
export LD_LIBRARY_PATH="$R/usr/lib/llvm-19/lib:$R/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >"$OUT/gpu.txt" 2>&1
date -u >>"$OUT/gpu.txt"
for k in 1 2; do
  W=/tmp/ompkit-analyze-$k
  rm -rf "$W" && cp -r "$H/fixture" "$W"
  start=$(date +%s.%N)
  sh "$W/run.sh"
  end=$(date +%s.%N)
  echo "run $k run.sh wall: $(awk -v a=$start -v b=$end 'BEGIN{print b-a}') s" >>"$OUT/gpu.txt"
  for c in "$W"/*/; do n=$(basename "$c"); echo "== run $k $n exit $(cat "$c/exit-code.txt")"; grep -v '^GOMP\|^ \|^$' "$c/output.txt" | tail -n 4; cat "$c/events.txt" 2>/dev/null; done >>"$OUT/summary.txt" 2>&1
  (cd "$W" && rm -f */prog */*.so* && tar czf "$OUT/run-outputs-$k.tgz" .)
done
