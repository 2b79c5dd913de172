#!/bin/bash
# issue 32 + 29 on one node: quick studies over every GPU, two GPUs and one GPU (host beside by
# default), the one-GPU A/A on GPU 0 twice and against GPU 1, a 10 % atomic_cas slowdown on GPU 1;
# then the full study over every GPU. Timed; compare's verdicts; the folders.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
cat BUNDLE.txt; nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,clocks.max.sm,driver_version --format=csv | tee "$OUT/gpu.txt"
(nproc; lscpu | head -20) > "$OUT/topo.txt" 2>&1
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*" | tee -a /tmp/walls.txt; }
t ./run.sh run --quick --gpus all --out /tmp/q/all > /tmp/q-all1.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/q/all > /tmp/q-all2.log 2>&1
cp /tmp/q/all/latest/timing.json /tmp/q/prev.json
for n in two one0a one0b one1; do mkdir -p /tmp/q/$n; ln -sfn ../all/latest /tmp/q/$n/latest; done  # the estimates
t ./run.sh run --quick --gpus 0,1 --out /tmp/q/two > /tmp/q-two.log 2>&1
t ./run.sh run --quick --gpus 0 --out /tmp/q/one0a > /tmp/q-one0a.log 2>&1
t ./run.sh run --quick --gpus 0 --out /tmp/q/one0b > /tmp/q-one0b.log 2>&1
t ./run.sh run --quick --gpus 1 --out /tmp/q/one1 > /tmp/q-one1.log 2>&1
t env OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 ./run.sh run --quick --gpus 1 --filter '^atomic_cas/' --out /tmp/q/inj1 > /tmp/q-inj1.log 2>&1
for p in "one0a one0b" "one0a one1" "one1 one0a" "one0a all" "one0a two" "one0a inj1" "one1 inj1"; do set -- $p
  ./run.sh compare /tmp/q/$1/latest /tmp/q/$2/latest > "/tmp/q/compare-$1-$2.txt" 2>&1; echo "$1 -> $2: rc=$? $(grep 'point(s)' "/tmp/q/compare-$1-$2.txt" | tail -1)" | tee -a /tmp/walls.txt
done
t ./run.sh run --full --gpus all --out /tmp/f/all > /tmp/f-all.log 2>&1; tail -3 /tmp/f-all.log
cp /tmp/walls.txt /tmp/q-*.log /tmp/q/; cp /tmp/f-all.log /tmp/f/
grep -h "unit(s) of GPU work\|beside\|planned in\|SASS listing\|image loaded" /tmp/q-*.log /tmp/f-all.log
tar -C /tmp -czf "$OUT/q.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' q f
cat /tmp/walls.txt
