#!/bin/bash
# call 4: the full study over GPUs 0 and 1 (issue 32's 2-GPU budget), then the probes: a one-block
# __threadfence per SM (issue 29), an OpenMP launch-bound point in 8 processes with and without
# address-space randomization (is the per-process level the layout's?), and analyze --run of the
# clang-16 builds (issue 30) under the kit's LLVM 16 runtime.
R=$PWD; cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*" | tee -a /tmp/walls2.txt; }
[ "${SKIP_FULL2:-0}" = 1 ] || { t ./run.sh run --full --gpus 0,1 --out /tmp/f/two > /tmp/f-two.log 2>&1; tail -3 /tmp/f-two.log; cp /tmp/f-two.log /tmp/f/; }
{ [ -x "$R/dist/probe/fence_sm_probe" ] && for g in 0 1; do echo "== GPU $g"; CUDA_VISIBLE_DEVICES=$g timeout 60 "$R/dist/probe/fence_sm_probe"; done; } > "$OUT/fence_sm.txt" 2>&1
{ for mode in aslr norand aslr norand; do for i in 1 2 3 4; do
    if [ $mode = norand ]; then pre=(setarch x86_64 -R); else pre=(); fi
    LD_LIBRARY_PATH="$PWD/runtime/lib" CUDA_VISIBLE_DEVICES=0 "${pre[@]}" configs/target-clang19/ompkit-bench --run grid_sync/split_generic --sweep quick --threads 128 2>/dev/null |
      grep '"per_op_ns"' | sed "s/^/$mode\t/"
  done; done; } > "$OUT/launch_aslr.txt" 2>&1
grep -o '^[a-z]*.\|"median":[0-9.]*' "$OUT/launch_aslr.txt" | paste - - | head -20
if [ -f "$R/dist/c16/runs.tar.xz" ]; then
  mkdir -p /tmp/c16 && (cd /tmp/c16 && tar xJf "$R/dist/c16/runs.tar.xz")
  export LD_LIBRARY_PATH="$PWD/runtime/target-clang16/lib:$PWD/runtime/lib"
  for f in /tmp/c16/runs/*/; do n=$(basename $f); s=$(date +%s.%N); sh $f/run.sh
    echo "$n wall $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}")"; for c in $f*/; do echo "== $n $(basename $c) exit $(cat $c/exit-code.txt)"; tail -n 12 $c/output.txt; done; done > /tmp/c16/summary.txt 2>&1
  unset LD_LIBRARY_PATH
  (cd /tmp/c16 && find runs -type f \( -name prog -o -name '*.so*' \) -delete && tar czf "$OUT/c16-outputs.tgz" summary.txt runs)
  grep "^==\|wall" /tmp/c16/summary.txt
fi
tar -C /tmp -czf "$OUT/f2.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' --exclude='listings' f
cat /tmp/walls2.txt
