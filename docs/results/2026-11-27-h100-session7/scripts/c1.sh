#!/bin/bash
# call 1: the runtimes and gnuplot archives into /tmp/okb (kept while the machine is warm)
R=$PWD; mkdir -p /tmp/okb && cd /tmp/okb || exit 2
for t in runtimes gnuplot; do "$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-$t.tar.zst" | tar -x || exit 2; done
nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee "$OUT/gpu.txt"
