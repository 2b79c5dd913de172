#!/bin/bash
# call 2: unpack the bundle, run the full study in this one call, pack its results
R=$PWD; cd /tmp/okb || exit 2
"$R/dist/zstd" -dc --long=27 "$R/dist/ompkit-bundle.tar.zst" | tar -x || exit 2
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin"; command -v ptxas cuobjdump
s=$(date +%s.%N)
timeout -s INT 578 ./run.sh run --full --out /tmp/resf2 > /tmp/full.log 2>&1; rc=$?
e=$(date +%s.%N); echo "full: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s"
d=$(ls -d /tmp/resf2/*/ | head -1); cp /tmp/full.log "$d/run.log"; tail -6 /tmp/full.log
tar -C "$d" -czf "$OUT/full.tgz" --exclude='ptx-*' --exclude='sass-*' .
