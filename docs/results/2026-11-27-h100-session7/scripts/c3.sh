#!/bin/bash
# call 3: the full study in this one call (the bundle is unpacked in /tmp/okb by call 2)
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
s=$(date +%s.%N)
timeout -s INT 585 ./run.sh run --full --out /tmp/resf > /tmp/full.log 2>&1; rc=$?
e=$(date +%s.%N); echo "full: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s"; tail -6 /tmp/full.log
d=$(ls -d /tmp/resf/*/ | head -1); cp /tmp/full.log "$d/run.log"
tar -C "$d" -czf "$OUT/full.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' .
