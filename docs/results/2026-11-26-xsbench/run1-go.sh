#!/bin/bash
# Helper xsbench (issue 22): XSBench's public settings in cuda-nvcc and target-clang19, one call.
H=$(cd "$(dirname "$0")" && pwd)
mkdir -p /tmp/xsb && "$H/zstd" -d -c "$H/ompkit-bundle.tar.zst" | tar -xf - -C /tmp/xsb || exit 2
cd /tmp/xsb/ompkit-bundle || exit 2
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; date -u; nproc; free -g; } > $OUT/gpu.txt 2>&1
s=$(date +%s)
./run.sh run --full --filter '^xsbench/' --configs cuda-nvcc,target-clang19 --out xs > $OUT/study.log 2>&1
echo "rc=$? wall=$(( $(date +%s) - s )) s" >> $OUT/study.log
# nvcc 13's SASS of the CUDA kernel and its xs_macro (the inner loop), for the explanation
cuobjdump -sass configs/cuda-nvcc/ompkit-bench > /tmp/all.sass 2>&1
awk '/Function : /{keep = ($0 ~ /xs/)} keep' /tmp/all.sass > xs/cuda_xsbench.sass.txt
tar czf $OUT/xs.tgz xs
ls -la xs >> $OUT/study.log
