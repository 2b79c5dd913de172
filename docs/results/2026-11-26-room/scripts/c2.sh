#!/bin/bash
# room (issue 22), call 2: the report old/new alternating (parallel gnuplot now), and A/B again.
R=$PWD; C=$R/.gpu/room/call
mkdir -p /tmp/rb && cd /tmp/rb && rm -rf new old && "$C/zstd" -dc "$C/pkg.tar.zst" | tar -x || exit 2
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee "$OUT/gpu.txt"
S=$R/docs/results/2026-11-26-h100-session5/full
for v in old new old new; do
  rm -rf /tmp/s5-$v && mkdir -p /tmp/s5-$v && cp $S/* /tmp/s5-$v/ && gunzip -f /tmp/s5-$v/*.gz && rm -f /tmp/s5-$v/report.md
  s=$(date +%s.%N); (cd /tmp/rb/$v && ./run.sh report /tmp/s5-$v >/dev/null 2>&1); rc=$?; e=$(date +%s.%N)
  echo "report $v: rc=$rc $(awk "BEGIN{print $e-$s}") s, $(ls /tmp/s5-$v/plots/*.svg | wc -l) SVGs"
done
s=$(date +%s.%N); (cd /tmp/rb/new && OMPKIT_GNUPLOT=/nonexistent ./run.sh report /tmp/s5-new >/dev/null 2>&1); e=$(date +%s.%N)
echo "report new without gnuplot: $(awk "BEGIN{print $e-$s}") s"
summ() { python3 -c '
import json,sys; t=json.load(open(sys.argv[1]))
print(" ", {k: t.get(k) for k in ("plan_prefetch_s","plan_s","configs_s","warm_s","tables_and_report_s","total_s","variants")})' "$1"; }
run() { n=$1 d=$2 c=$3 p=$4; shift 4
  s=$(date +%s.%N)
  (cd /tmp/rb/$d && PATH="$PATH$p" CUDA_CACHE_PATH=$c timeout -s INT 150 ./run.sh run --out /tmp/res-$n "$@" >/tmp/$n.log 2>&1); rc=$?
  e=$(date +%s.%N); echo "$n: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s: $*"
  r=$(ls -d /tmp/res-$n/*/ | head -1); cp /tmp/$n.log "$r/run.log"; summ "$r/timing.json"
  grep -E "planned in|image loaded" /tmp/$n.log | sed 's/^/  /'
  tar -C "$r" -czf "$OUT/$n.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
}
run A2 old /tmp/cacheA2 "" --full --configs target-gcc12 --filter '^fence/'
run B2 new /tmp/cacheB2 ":/usr/local/cuda/bin" --full --configs cuda-nvcc,target-gcc12 --filter '^(fence|atomic_update|atomic_cas|atomic_capture)/'
