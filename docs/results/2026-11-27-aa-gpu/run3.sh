#!/bin/bash
# Issue 29 §2, call 3: cuda-nvcc quick --repeat 3 on GPU 0, then on GPU 1 (one at a time): the
# repeat rule across two cards.
cd "$(dirname "$0")"
K=$PWD/kit/run.sh
L=$OUT/log.txt
mkdir -p st3
{ date -u; nvidia-smi --query-gpu=index,uuid,name,clocks.sm,clocks.max.sm --format=csv; } > $L
for g in 0 1; do
  s=$SECONDS; timeout 260 $K run --quick --configs cuda-nvcc --gpu $g --repeat 3 --out st3/r3_gpu$g > st3/r3_gpu$g.log 2>&1
  echo "r3 gpu$g rc $? $((SECONDS - s)) s" >> $L
done
tar -czf $OUT/st3.tgz st3/*/*/results.jsonl st3/*/*/provenance.json st3/*/*/timing.json st3/*.log
cat $L
