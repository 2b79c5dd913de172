#!/bin/bash
# call 3: the full study over both GPUs (issue 32: <= 6 min on 2 GPUs), timed; then the quick
# study on one GPU, one repeat, against the quick --gpus all of call 2 (the same points).
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
s=$(date +%s.%N)
timeout -s INT 470 ./run.sh run --full --gpus all --out /tmp/full > /tmp/full.log 2>&1; rc=$?
echo "full --gpus all: rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s"; tail -4 /tmp/full.log
d=$(ls -d /tmp/full/2*/ | head -1); cp /tmp/full.log "$d/run.log"
tar -C "$d" -czf "$OUT/full.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
