#!/bin/bash
# call 2: the bundle (main at its commit) into /tmp/okb, then the quick study, timed
R=$PWD; cd /tmp/okb || exit 2
cat /tmp/okb/bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin"
s=$(date +%s.%N)
./run.sh run --quick --out /tmp/resq > /tmp/quick.log 2>&1; rc=$?
e=$(date +%s.%N); echo "quick: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s"; tail -5 /tmp/quick.log
d=$(ls -d /tmp/resq/*/ | head -1); cp /tmp/quick.log "$d/run.log"
tar -C "$d" -czf "$OUT/quick.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' .
# the XSBench OpenMP baseline (transcribed, uncommitted) on XSBench's data, with the bundle's LLVM 19 runtime
cd "$R/.gpu/s7" && LD_LIBRARY_PATH=/tmp/okb/ompkit-bundle/runtime/lib OMP_NUM_THREADS=16 timeout 200 ./xs_omp 6 2>&1 | tee "$OUT/xs_omp.txt"
