#!/bin/bash
# call 3: the bundle's last part; the two launch-bound points that took one of two values per study
# (grid_sync/split_generic on target-clang19, team_patterns/cuda), each bench run alone 8 times,
# on a core of its own each time (taskset), then 4 times unpinned: is the mode the core's? Then
# the quick study on GPU 0 once, timed (budget 60 s), and A = three repeats on GPU 0.
R=$PWD; cd /tmp/okb || exit 2
[ -x ompkit-bundle/run.sh ] || { cp "$R/dist/bpart.ab2" . && cat bpart.aa bpart.ab1 bpart.ab2 | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
cd ompkit-bundle; export PATH="$PATH:/usr/local/cuda/bin" LD_LIBRARY_PATH="$PWD/runtime/lib"
cat BUNDLE.txt
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
probe() { # config point args...: raw bench lines, each prefixed with the core (- : unpinned)
  local c=$1 p=$2; shift 2
  for core in 0 1 2 3 8 9 14 15 - - - -; do
    if [ "$core" = - ]; then pre=(); else pre=(taskset -c $core); fi
    CUDA_VISIBLE_DEVICES=0 "${pre[@]}" configs/$c/ompkit-bench --run $p --sweep quick "$@" 2>/dev/null | sed "s/^/$core\t/"
  done
}
{ probe target-clang19 grid_sync/split_generic --threads 128
  probe cuda-nvcc team_patterns/cuda
} > "$OUT/launch_modes.txt" 2>&1; wc -l "$OUT/launch_modes.txt"
t ./run.sh run --quick --gpus 0 --out /tmp/aa/Q > /tmp/aa-Q.log 2>&1; tail -3 /tmp/aa-Q.log
t ./run.sh run --quick --repeat 3 --gpus 0 --out /tmp/aa/A > /tmp/aa-A.log 2>&1; tail -2 /tmp/aa-A.log
cp /tmp/aa/Q/latest/timing.json "$OUT/quick-timing.json"
