#!/bin/bash
# call 4: B1 = A on GPU 1, B0 = A again on GPU 0, I1 = atomic_cas made 10 % slower on GPU 1
# (OMPKIT_INJECT_SLOWDOWN, three repeats); compare the pairs with the bundle's driver; the folders.
cd /tmp/okb/ompkit-bundle || exit 2; export PATH="$PATH:/usr/local/cuda/bin"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc=$rc wall=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N)-$s}") s: $*"; }
t ./run.sh run --quick --repeat 3 --gpus 1 --out /tmp/aa/B1 > /tmp/aa-B1.log 2>&1
t ./run.sh run --quick --repeat 3 --gpus 0 --out /tmp/aa/B0 > /tmp/aa-B0.log 2>&1
t env OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 ./run.sh run --quick --repeat 3 --gpus 1 --filter '^atomic_cas/' --out /tmp/aa/I1 > /tmp/aa-I1.log 2>&1
for p in "A B0" "A B1" "B0 B1" "B1 B0" "A I1" "B0 I1"; do set -- $p
  ./run.sh compare /tmp/aa/$1/latest /tmp/aa/$2/latest > "$OUT/compare-$1-$2.txt" 2>&1; echo "$1 -> $2: $(grep 'point(s)' "$OUT/compare-$1-$2.txt")"
done
for f in /tmp/aa-*.log; do echo "== $f"; tail -2 $f; done
tar -C /tmp/aa -czf "$OUT/aa.tgz" --exclude='ptx-*' --exclude='sass-*' --exclude='plots' --exclude='report.html' .
