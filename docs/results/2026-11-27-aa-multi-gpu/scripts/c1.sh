#!/bin/bash
# call 1: the runtimes and gnuplot archives and the bundle's first part into /tmp/okb (kept while
# the machine is warm); the GPUs, as nvidia-smi names them.
R=$PWD; mkdir -p /tmp/okb && cd /tmp/okb || exit 2
for t in runtimes; do  # gnuplot left behind (64 MiB a call): reports without plots
 "$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-$t.tar.zst" | tar -x || exit 2; done
cp "$R/dist/bpart.aa" /tmp/okb/ || exit 2
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv | tee "$OUT/gpu.txt"
# issue 33 §1.7: GCC 12's barrier with its system-scope fences made device-scope (fence_ab.sh;
# the binaries built on the build machine, carried as .dev-fence), on GPU 0.
CUDA_VISIBLE_DEVICES=0 sh "$R/docs/findings/repro/gcc12-omp-barrier-slow/fence_ab.sh" run "$R/.dev-fence" 2>&1 | tee "$OUT/fence_ab.txt"
