#!/bin/bash
# Helper xsbench (issue 22), second call: xs_macro inline. The bundle without its runtime
# (bundle.tar.zst) and the same Debian LLVM 19 runtime (runtime.tar.zst, identical DEBS.txt).
H=$(cd "$(dirname "$0")" && pwd)
mkdir -p /tmp/xsb && cd /tmp/xsb || exit 2
"$H/zstd" -d -c "$H/bundle.tar.zst" | tar -xf - || exit 2
"$H/zstd" -d -c "$H/runtime.tar.zst" | tar -xf - -C ompkit-bundle || exit 2
cd ompkit-bundle || exit 2
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; date -u; nproc; free -g; } > $OUT/gpu.txt 2>&1
s=$(date +%s)
./run.sh run --full --filter '^xsbench/' --configs cuda-nvcc,target-clang19 --out xs > $OUT/study.log 2>&1
echo "rc=$? wall=$(( $(date +%s) - s )) s" >> $OUT/study.log
# The public settings' costs per phase (stderr of one run per pass: data built, reference, check)
export LD_LIBRARY_PATH=$PWD/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY
for c in cuda-nvcc target-clang19; do
  v=cuda; [ $c = target-clang19 ] && v=spmd
  s=$(date +%s.%N)
  /usr/bin/time -f "$c xsbench/$v all passes, 1 run each: %e s wall, %M KB max RSS" configs/$c/ompkit-bench --run xsbench/$v --sweep full --runs 1 --warmup 0 > xs/cost-$c.jsonl 2> xs/cost-$c.err
done
cuobjdump -sass configs/cuda-nvcc/ompkit-bench > /tmp/all.sass 2>&1
awk '/Function : /{keep = ($0 ~ /xs/)} keep' /tmp/all.sass > xs/cuda_xsbench.sass.txt
tar czf $OUT/xs.tgz xs
cat xs/cost-*.err >> $OUT/study.log
