#!/bin/bash
# 2-GPU machine: unpack the bundle, run the multi-GPU host barrier for CUDA and clang-19 offload
R=$PWD; mkdir -p /tmp/okm && cd /tmp/okm || exit 2
"$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-bundle.tar.zst" | tar -x || exit 2
cd ompkit-bundle; nvidia-smi -L; nvidia-smi topo -m | head -5
s=$(date +%s.%N)
timeout -s INT 400 ./run.sh run --full --filter '^multi_gpu_sync/' --configs cuda-nvcc,target-clang19 --out /tmp/resm > /tmp/multi.log 2>&1; rc=$?
e=$(date +%s.%N); echo "multi: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s"; tail -8 /tmp/multi.log
d=$(ls -d /tmp/resm/*/ | head -1); cp /tmp/multi.log "$d/run.log"
tar -C "$d" -czf "$OUT/multi.tgz" --exclude='ptx-*' --exclude='sass-*' .
