#!/bin/bash
# Helper xsbench (issue 22), third call: which differences from XSBench's OpenMP form move the omp time.
H=$(cd "$(dirname "$0")" && pwd)
mkdir -p /tmp/xsr && "$H/zstd" -d -c "$H/runtime.tar.zst" | tar -xf - -C /tmp/xsr || exit 2
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/exp.txt
LD_LIBRARY_PATH=/tmp/xsr/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 "$H/exp/xsexp" > $OUT/exp-info.txt 2>&1
grep -v "Launching kernel" $OUT/exp-info.txt >> $OUT/exp.txt
grep "Launching kernel" $OUT/exp-info.txt | sort | uniq -c | sed 's/.*Launching/Launching/' | sort -u >> $OUT/exp.txt
