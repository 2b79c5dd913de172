#!/bin/bash
# Does the study's LIBOMPTARGET_INFO=16 (the driver's env for benches) change the timed launch cost?
# Each bench directly, alternating with and without it, 4 rounds; plus stderr line counts.
cd /tmp/okb/ompkit-bundle || exit 2
export LD_LIBRARY_PATH="$PWD/runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/diag3
for r in 1 2 3 4; do
  for c in target-clang16 target-clang19; do
    for info in none 16; do
      if [ $info = none ]; then e="env -u LIBOMPTARGET_INFO"; else e="env LIBOMPTARGET_INFO=16"; fi
      $e OMP_TARGET_OFFLOAD=MANDATORY timeout 120 configs/$c/ompkit-bench --run launch/target_empty_generic \
        > /tmp/diag3/out-$c-$info-$r.jsonl 2>/tmp/diag3/err-$c-$info-$r.txt
      echo "$c info=$info round $r rc=$? stderr_lines=$(wc -l < /tmp/diag3/err-$c-$info-$r.txt) $(grep -o '"per_op_ns":{"median":[0-9.]*' /tmp/diag3/out-$c-$info-$r.jsonl)"
    done
  done
done
tar -C /tmp/diag3 -czf "$OUT/diag3.tgz" .
