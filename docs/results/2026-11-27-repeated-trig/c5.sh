#!/bin/bash
# the repeated-trig reproducer: clang-19 omp (as written, hoisted by hand) and nvcc (both), one H100.
R=$PWD; cd /tmp/okb || exit 2
[ -d ompkit-bundle ] || { cat bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
export LD_LIBRARY_PATH=/tmp/okb/ompkit-bundle/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
B=$R/.gpu/s8
for n in 4194304 16777216; do
  for rep in 1 2; do for b in rt.omp rt.omp_h rt.cuda rt.cuda_h; do timeout 120 "$B/$b" $n; done; done
  for b in rt.omp rt.cuda; do timeout 120 "$B/$b" $n 0.4; done
done
