#!/bin/bash
# call 1: the runtimes and the bundle's first part into /tmp/okb (kept while the machine is warm);
# the GPUs and the host's topology; the host line-pair probe (scripts/probes/host_line_pair_probe.c,
# built on the build machine into dist/probe/): does where a strided array starts decide the
# 16-thread stride-16 atomic's cost (8.8 or 17.3 ns per study before, issue 29 §2)?
R=$PWD; mkdir -p /tmp/okb && cd /tmp/okb || exit 2
"$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-runtimes.tar.zst" | tar -x || exit 2
cp "$R/dist/bpart.aa" /tmp/okb/ || exit 2
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv | tee "$OUT/gpu.txt"
{ lscpu; nvidia-smi topo -m; for c in /sys/devices/system/cpu/cpu[0-9]*; do echo "$(basename $c) siblings $(cat $c/topology/thread_siblings_list) core $(cat $c/topology/core_id)"; done; } > "$OUT/topo.txt" 2>&1
for t in 16 $(nproc); do
  OMP_PROC_BIND=close OMP_PLACES=threads "$R/dist/probe/host_line_pair_probe" $t 16
done 2>&1 | tee "$OUT/host_line_pair.txt"
