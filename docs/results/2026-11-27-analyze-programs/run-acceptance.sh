#!/bin/sh
# Issue 30 §5's acceptance runs on the GPU machine (no compilers there), one call:
#   sh dist/an/run-acceptance.sh          (carry: .toolchains/debs and dist/an)
# build-acceptance.sh made dist/an/runs.tar.xz on the build machine (each analysis's run/ folder:
# the programs, libcudart and the CUDA-event shim, run.sh). This unpacks Debian's OpenMP 19
# runtime (libomp5-19, libLLVM 19 and its libraries) from .toolchains/debs, runs each folder's
# run.sh (OpenMP under libomptarget's profile, the CUDA form under the event shim) and packs the
# outputs, less the programs, into $OUT/acceptance-outputs.tgz; back on the build machine each
# folder's outputs go into WORK/<name>/run/ and `ompkit analyze --run-built WORK/<name>` joins them.
set -u
H=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$H/../.." && pwd)
R=/tmp/ompkit-rt W=/tmp/ompkit-acc
OUT=${OUT:-/tmp/ompkit-acc-out}
mkdir -p "$R" "$W" "$OUT"
for d in "$ROOT"/.toolchains/debs/*.deb; do dpkg-deb -x "$d" "$R"; done
export LD_LIBRARY_PATH="$R/usr/lib/llvm-19/lib:$R/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
(cd "$W" && tar xJf "$H/runs.tar.xz") || { echo "cannot unpack $H/runs.tar.xz" >&2; exit 2; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >"$W/gpu.txt" 2>&1
date -u >>"$W/gpu.txt"
for f in ${RUNS:-su3v0 su3v1 su3v2 su3v3 xsb-small xsb-hash rsb-small}; do
  [ -f "$W/runs/$f/run.sh" ] || { echo "== $f: no run.sh" >>"$W/summary.txt"; continue; }
  start=$(date +%s.%N)
  sh "$W/runs/$f/run.sh"
  end=$(date +%s.%N)
  echo "$f run.sh wall: $(awk -v a="$start" -v b="$end" 'BEGIN{print b-a}') s" >>"$W/gpu.txt"
  for c in "$W/runs/$f"/*/; do
    echo "== $f $(basename "$c") exit $(cat "$c/exit-code.txt" 2>/dev/null)"
    tail -n 15 "$c/output.txt" 2>/dev/null
  done >>"$W/summary.txt" 2>&1
done
cat "$W/gpu.txt"
(cd "$W" && find runs -type f \( -name prog -o -name '*.so*' \) -delete && tar czf "$OUT/acceptance-outputs.tgz" gpu.txt summary.txt runs)
ls -la "$OUT"
