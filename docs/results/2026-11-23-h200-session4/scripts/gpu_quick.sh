#!/bin/bash
# call 3: the quick study (budget 60 s), cross-configuration compares of the full run
f=$(ls -d /tmp/resf2/*/ | head -1); cd /tmp/okb/ompkit-bundle || exit 2
s=$(date +%s.%N)
./run.sh run --quick --out /tmp/resq2 > /tmp/quick.log 2>&1; rc=$?
e=$(date +%s.%N); echo "quick: rc=$rc wall=$(awk "BEGIN{print $e-$s}") s"; tail -4 /tmp/quick.log
q=$(ls -d /tmp/resq2/*/ | head -1); cp /tmp/quick.log "$q/run.log"
tar -C "$q" -czf "$OUT/quick.tgz" --exclude='ptx-*' --exclude='sass-*' .
mkdir -p /tmp/cmp2
for p in target-clang16,target-clang19 target-clang16,target-clang16-oldplugin target-gcc12,target-clang19 target-clang22,target-clang19 target-clang19,target-clang19-noopenmpopt; do
  ./run.sh compare "$f" --configs $p > "/tmp/cmp2/${p/,/-vs-}.txt" 2>&1; echo "compare $p rc=$?"
done
tar -C /tmp/cmp2 -czf "$OUT/compare.tgz" .
