#!/bin/bash
# call 1: the runtimes and gnuplot archives and the bundle's first part into /tmp/okb (kept while
# the machine is warm); the GPUs, as nvidia-smi names them.
R=$PWD; mkdir -p /tmp/okb && cd /tmp/okb || exit 2
for t in runtimes gnuplot; do "$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-$t.tar.zst" | tar -x || exit 2; done
cp "$R/dist/bpart.aa" /tmp/okb/ || exit 2
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv | tee "$OUT/gpu.txt"
