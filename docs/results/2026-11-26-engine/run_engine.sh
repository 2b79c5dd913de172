#!/bin/sh
# The engine check (docs/results/2026-11-26-engine): the quick primitive sweeps of the old (main
# 7181722) and the new (h-engine) bundle on this GPU: old, new, then new, old again.
set -u
H=$(cd "$(dirname "$0")" && pwd)
cd "$H"
chmod +x zstd
./zstd -dq --long=27 -c bundles.tar.zst | tar xf -
mkdir -p rt && ./zstd -dq --long=27 -c runtime.tar.zst | tar xf - -C rt
for b in old new; do ln -s "$H/rt/runtime" $b/ompkit-bundle/runtime; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
F='^(barrier|atomic_update|atomic_update_strided|atomic_capture|atomic_read|atomic_write|plain_read|atomic_cas|atomic_exchange|critical_add|fence|reduction|shfl|vote|match|warp_sync|tile_sync|grid_sync|arith)/'
C=native-gcc,target-clang19,cuda-nvcc
for round in 1 2; do
  order="old new"; [ $round = 2 ] && order="new old"
  for b in $order; do
    t0=$(date +%s.%N)
    (cd $b/ompkit-bundle && ./run.sh run --quick --configs $C --filter "$F" --out "$H/res-$b-$round") > "$H/log-$b-$round.txt" 2>&1
    echo "$b round $round rc=$? wall=$(python3 -c "print(round($(date +%s.%N) - $t0, 1))" 2>/dev/null)" >> "$OUT/summary.txt"
  done
done
for d in res-old-1 res-new-1 res-new-2 res-old-2; do
  cp -L "$d/latest/results.jsonl" "$H/$d.jsonl"; cp -L "$d/latest/timing.json" "$H/$d.timing.json"
done
tar czf "$OUT/engine-results.tgz" res-*.jsonl res-*.timing.json log-*.txt
for f in log-*.txt; do echo "== $f"; tail -n 4 "$f"; done >> "$OUT/summary.txt"
