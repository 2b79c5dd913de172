#!/bin/bash
# lease 2 (bundle of main at db00c84: SM placement, wall-timed rule, listing per cubin, --info prefetch):
# quick studies over 4, 2 and 1 GPU, the one-GPU A/A (GPU 0 twice) and across GPUs (0 vs 1), a 10 %
# atomic_cas slowdown on GPU 1; compare's verdicts; probes (launch levels with/without ASLR; clang-16 runs).
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"; cat BUNDLE.txt
nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv > "$OUT/gpu.txt"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*" | tee -a /tmp/walls.txt; }
rm -rf /tmp/q /tmp/walls.txt; mkdir -p /tmp/q
t ./run.sh run --quick --gpus all --out /tmp/q/all > /tmp/q-all1.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/q/all > /tmp/q-all2.log 2>&1
for n in two one0a one0b one1 inj1; do mkdir -p /tmp/q/$n; ln -sfn ../all/latest /tmp/q/$n/latest; done
t ./run.sh run --quick --gpus 0,1 --out /tmp/q/two > /tmp/q-two.log 2>&1
t ./run.sh run --quick --gpus 0 --out /tmp/q/one0a > /tmp/q-one0a.log 2>&1
t ./run.sh run --quick --gpus 1 --out /tmp/q/one1 > /tmp/q-one1.log 2>&1
t ./run.sh run --quick --gpus 0 --out /tmp/q/one0b > /tmp/q-one0b.log 2>&1
t env OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 ./run.sh run --quick --gpus 1 --filter '^atomic_cas/' --out /tmp/q/inj1 > /tmp/q-inj1.log 2>&1
for p in "one0a one0b" "one0a one1" "one1 one0a" "one0b one1" "one0a all" "one0a two" "one0a inj1" "one0b inj1"; do set -- $p
  ./run.sh compare /tmp/q/$1/latest /tmp/q/$2/latest > "/tmp/q/compare-$1-$2.txt" 2>&1; echo "$1 -> $2: rc=$? $(grep 'point(s)' "/tmp/q/compare-$1-$2.txt" | tail -1 | cut -c1-120)" | tee -a /tmp/walls.txt
done
grep -h "unit(s) of GPU work\|beside\|planned in\|SASS listing\|image loaded" /tmp/q-*.log | sort | uniq -c
cp /tmp/walls.txt /tmp/q-*.log /tmp/q/
tar -C /tmp -czf "$OUT/q2.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' q
cd - >/dev/null; SKIP_FULL2=1 bash dist/s11/f2.sh 2>&1 | tail -25
