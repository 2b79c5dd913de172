#!/bin/bash
# lease 2, last call: the full study over GPUs 0 and 1 (issue 32's 2-GPU budget), timed.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
s=$(date +%s.%N); timeout -s INT 560 ./run.sh run --full --gpus 0,1 --out /tmp/f/two > /tmp/f-two.log 2>&1; rc=$?
echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: full --gpus 0,1"; tail -3 /tmp/f-two.log
grep -h "unit(s) of GPU work\|beside\|planned in\|SASS listing\|image loaded" /tmp/f-two.log
cp /tmp/f-two.log /tmp/f/two/
tar -C /tmp -czf "$OUT/f3.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' f/two
