#!/bin/bash
# Issue 29 §2 probe: both GPUs, the probe then the kit's own points.
cd "$(dirname "$0")"
date -u > $OUT/meta.txt
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw,driver_version --format=csv >> $OUT/meta.txt
nvidia-smi topo -m >> $OUT/meta.txt 2>&1
for g in 0 1; do
  s=$SECONDS; ./l2_atomic_probe $g 512 1 > $OUT/probe_gpu$g.tsv; echo "probe gpu$g full $((SECONDS - s)) s rc $?" >> $OUT/meta.txt
done
for g in 0 1; do ./l2_atomic_probe $g 512 11 > $OUT/probe_gpu${g}_rep.tsv; done
for g in 0 1; do for r in 1 2 3; do
  CUDA_VISIBLE_DEVICES=$g ./cuda-bench --run atomic_cas | sed "s/^/gpu$g rep$r /"
  CUDA_VISIBLE_DEVICES=$g ./cuda-bench --run atomic_capture | sed "s/^/gpu$g rep$r /"
done; done > $OUT/kit.txt 2>&1
nvidia-smi --query-gpu=index,uuid,clocks.sm,clocks.mem,temperature.gpu --format=csv >> $OUT/meta.txt
