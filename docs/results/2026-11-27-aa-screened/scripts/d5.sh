#!/bin/bash
# call 5 (issue 32): the quick study over both GPUs, twice (the second cut by the first's
# per-variant seconds), timed; then the full study over both GPUs, timed.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
t ./run.sh run --quick --gpus all --out /tmp/g/all > /tmp/g-all1.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/g/all > /tmp/g-all2.log 2>&1
grep -h 'unit(s) of GPU work\|variant run(s),' /tmp/g-*.log
t ./run.sh run --full --gpus all --out /tmp/g/full > /tmp/g-full.log 2>&1; tail -3 /tmp/g-full.log
cp /tmp/g-*.log /tmp/g/
tar -C /tmp/g -czf "$OUT/g.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
