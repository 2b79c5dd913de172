#!/bin/bash
# call 2: the reproducer (clang-19 builds: full pipeline, -openmp-opt-disable-folding, thread_limit(128))
# and the kit's proxies at their comparison size, full pipeline against nofold, with and without
# LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT=128, on the bundle's LLVM 19 runtime.
# bash c2.sh WORK [kit]: WORK = xorshift rounds per iteration at n >= 65536 (run 1: 200 with kit,
# run 2: 20000); the binaries: .gpu/s8/ltc.{full,nofold,tl} (docs/results/2026-11-27-low-trip-count-fold).
W=${1:-20000} KIT=${2:-}
R=$PWD; cd /tmp/okb || exit 2
[ -d ompkit-bundle ] || { cat bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
K=/tmp/okb/ompkit-bundle
export LD_LIBRARY_PATH=$K/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
launch() { sed 's/.*Launching kernel [^ ]* with/launch:/' | grep -v '^$' | tr '\n' ' '; echo; }
B=$R/.gpu/s8
for nw in "128 0" "1024 0" "65536 $W" "131072 $W" "1048576 $((W / 10 > 200 ? W / 10 : W))"; do
  set -- $nw
  for v in full nofold tl; do printf '%-7s ' $v; LIBOMPTARGET_INFO=16 timeout 60 "$B/ltc.$v" $1 $2 2>&1 | launch; done
  printf '%-7s ' env128; LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT=128 LIBOMPTARGET_INFO=16 timeout 60 "$B/ltc.full" $1 $2 2>&1 | launch
done
[ "$KIT" = kit ] || exit 0
echo "--- the kit's proxies (bundle of 9cc5195), comparison size, 9 runs"
for k in "rsbench/spmd 65536" "rsbench/generic 65536" "xsbench/spmd 131072" "rsbench/spmd 4194304"; do
  set -- $k
  for c in target-clang19 target-clang19-nofold; do
    for e in 32 128; do
      printf '%-26s %-26s min-threads %-4s ' $1@$2 $c $e
      LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT=$e LIBOMPTARGET_INFO=16 timeout 120 $K/configs/$c/ompkit-bench --run $1 --size $2 --runs 9 2>&1 |
        python3 -c "
import sys, json, re
out = []
for l in sys.stdin:
    m = re.search(r'with (\d+) blocks and (\d+) threads', l)
    if m: out.append('%sx%s' % m.groups()); continue
    if l.startswith('{\"config'):
        r = json.loads(l); t = r['time_s']
        out.append('%s %.1f us [%.1f, %.1f] %s' % (r['status'], t['median']*1e6, t['min']*1e6, t['max']*1e6, r.get('detail','')[:60]))
print(' '.join(sorted(set(out), key=out.index)))"
    done
  done
done
