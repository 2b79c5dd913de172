#!/bin/bash
# call 2: the bundle, then two quick studies of three repeats each (issue 29's A/A pairs):
#   A = on GPU 0, B1 = on GPU 1 (one after the other, nothing else running).
R=$PWD; cd /tmp/okb || exit 2
[ -d ompkit-bundle ] || { cat /tmp/okb/bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
t ./run.sh run --quick --repeat 3 --gpus 0 --out /tmp/aa/A  > /tmp/aa-A.log 2>&1
t ./run.sh run --quick --repeat 3 --gpus 1 --out /tmp/aa/B1 > /tmp/aa-B1.log 2>&1
for f in /tmp/aa-A.log /tmp/aa-B1.log; do tail -2 $f; done
