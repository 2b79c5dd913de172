#!/bin/bash
# call 2b: B0 = A again on GPU 0; I0, I1 = atomic_cas made 10 % slower (OMPKIT_INJECT_SLOWDOWN),
# three repeats, on GPU 0 and GPU 1; G3 = the quick study over both GPUs (--gpus all), three
# repeats, against A; G1 = the same with one repeat, timed (issue 32: <= 30 s). Then compare.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
t ./run.sh run --quick --repeat 3 --gpus 0 --out /tmp/aa/B0 > /tmp/aa-B0.log 2>&1
for g in 0 1; do
  t env OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 ./run.sh run --quick --repeat 3 --gpus $g --filter '^atomic_cas/' --out /tmp/aa/I$g > /tmp/aa-I$g.log 2>&1
done
t ./run.sh run --quick --repeat 3 --gpus all --out /tmp/aa/G3 > /tmp/aa-G3.log 2>&1
t ./run.sh run --quick --gpus all --out /tmp/aa/G1 > /tmp/aa-G1.log 2>&1
for p in "A B0" "B0 A" "A B1" "B1 A" "A I0" "A I1" "B1 I0" "A G3"; do set -- $p
  t ./run.sh compare /tmp/aa/$1/latest /tmp/aa/$2/latest > "$OUT/compare-$1-$2.txt" 2>&1; tail -2 "$OUT/compare-$1-$2.txt"
done
for f in /tmp/aa-*.log; do echo "== $f"; tail -2 $f; done
tar -C /tmp/aa -czf "$OUT/aa.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
