#!/bin/bash
# One H100 (nvidia-h100-x1), after the bundle's three parts are in /tmp/okb (d1/d2-style calls):
# the full study on one GPU, timed (budget: 10 min with 60 s to spare), stopped cleanly before the
# call's limit (what it gathered stays; `--resume` completes it).
R=$PWD; cd /tmp/okb || exit 2
[ -x ompkit-bundle/run.sh ] || { cat bpart.aa bpart.ab1 "$R/dist/bpart.ab2" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin"; cat BUNDLE.txt
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv | tee "$OUT/gpu-x1.txt"
s=$(date +%s.%N); timeout -s INT 570 ./run.sh run --full --out /tmp/full > /tmp/full.log 2>&1; rc=$?
echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}")"; tail -4 /tmp/full.log
cp /tmp/full.log /tmp/full/; tar -C /tmp/full -czf "$OUT/full.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' .
