#!/bin/bash
# call 4 (a second lease, after the fix of the listing wait): the bundle of main after it, then
# the quick study on GPU 0 (one repeat), and twice over both GPUs (--gpus all; the second cuts
# its work by the first's per-variant seconds, as a nightly's does by the night before), timed;
# compare of the one-GPU folder with the second --gpus all one.
R=$PWD; cd /tmp/okb || exit 2
[ -x ompkit-bundle/run.sh ] || { cat /tmp/okb/bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
t ./run.sh run --quick --gpus 0 --out /tmp/g/one > /tmp/g-one.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/g/all > /tmp/g-all1.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/g/all > /tmp/g-all2.log 2>&1
t ./run.sh compare /tmp/g/one/latest /tmp/g/all/latest > /tmp/g-cmp.txt 2>&1; grep 'point(s)' /tmp/g-cmp.txt
grep -E '^(REGRESSION|improved) ' /tmp/g-cmp.txt | cut -c1-300
grep -h 'unit(s) of GPU work\|variant run(s),' /tmp/g-*.log
cp /tmp/g-*.log /tmp/g-cmp.txt /tmp/g/
tar -C /tmp/g -czf "$OUT/g.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
