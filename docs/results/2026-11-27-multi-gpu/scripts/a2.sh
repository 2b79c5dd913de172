#!/bin/bash
# call: A/A with the host work after the GPU work (--host after) on GPU 0 twice; probes; clang-16 runs.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*" | tee -a /tmp/walls3.txt; }
for n in af0a af0b; do mkdir -p /tmp/q/$n; ln -sfn ../all/latest /tmp/q/$n/latest; done
t ./run.sh run --quick --gpus 0 --host after --out /tmp/q/af0a > /tmp/q-af0a.log 2>&1
t ./run.sh run --quick --gpus 0 --host after --out /tmp/q/af0b > /tmp/q-af0b.log 2>&1
./run.sh compare /tmp/q/af0a/latest /tmp/q/af0b/latest > /tmp/q/compare-af0a-af0b.txt 2>&1; echo "af0a -> af0b rc=$? $(grep 'point(s)' /tmp/q/compare-af0a-af0b.txt | tail -1)"
cd - >/dev/null; SKIP_FULL2=1 bash dist/s11/f2.sh 2>&1 | tail -30
tar -C /tmp -czf "$OUT/a2.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' q/af0a q/af0b q/compare-af0a-af0b.txt
cat /tmp/walls3.txt
