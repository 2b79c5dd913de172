#!/bin/bash
# room (issue 22): the GCC JIT out of planning, and the report's time. One call, H100.
R=$PWD; C=$R/.gpu/room/call
mkdir -p /tmp/rb && cd /tmp/rb && "$C/zstd" -dc "$C/pkg.tar.zst" | tar -x || exit 2
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee "$OUT/gpu.txt"
F='^(fence|atomic_update|atomic_update_strided|atomic_cas|atomic_capture|atomic_exchange)/'
summ() { python3 -c '
import json,sys; t=json.load(open(sys.argv[1]))
print(" ", {k: t.get(k) for k in ("plan_prefetch_s","plan_s","compile_data_s","configs_s","warm_s","tables_and_report_s","total_s","variants")})' "$1"; }
run() { # name dir cache-dir path-extra args...
  n=$1 d=$2 c=$3 p=$4; shift 4
  s=$(date +%s.%N)
  (cd /tmp/rb/$d && PATH="$PATH$p" CUDA_CACHE_PATH=$c timeout -s INT 150 ./run.sh run --out /tmp/res-$n "$@" >/tmp/$n.log 2>&1); rc=$?
  e=$(date +%s.%N); echo "$n: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s: $*"
  r=$(ls -d /tmp/res-$n/*/ | head -1); cp /tmp/$n.log "$r/run.log"; summ "$r/timing.json"
  grep -E "planned in|image loaded|SASS listing ready" /tmp/$n.log | sed 's/^/  /'
  tar -C "$r" -czf "$OUT/$n.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
}
# A: main's driver and gcc12 bench, a cold JIT cache: its --probe JIT-compiles (no ptxas on PATH: PTX check)
run A old /tmp/cacheA "" --full --configs target-gcc12 --filter '^fence/'
# B: this branch, a cold cache: the gcc12 JIT (--warm) runs beside cuda-nvcc's runs
run B new /tmp/cacheB ":/usr/local/cuda/bin" --full --configs cuda-nvcc,target-gcc12 --filter "$F"
# C: the same, the JIT cached (a 1-s warm-up): cuda-nvcc's points without a JIT beside them
run C new /tmp/cacheB ":/usr/local/cuda/bin" --full --configs cuda-nvcc,target-gcc12 --filter "$F"
# The report of session 5's full study (16523 points), main's driver and this branch's
S=$R/docs/results/2026-11-26-h100-session5/full
for v in old new; do
  mkdir -p /tmp/s5-$v && cp $S/* /tmp/s5-$v/ && gunzip -f /tmp/s5-$v/*.gz && rm -f /tmp/s5-$v/report.md
  s=$(date +%s.%N); (cd /tmp/rb/$v && ./run.sh report /tmp/s5-$v >/dev/null 2>&1); rc=$?; e=$(date +%s.%N)
  echo "report $v: rc=$rc $(awk "BEGIN{print $e-$s}") s, $(ls /tmp/s5-$v/plots | wc -l) plot files"
done
cp /tmp/s5-new/report.md "$OUT/s5-report-new.md"
