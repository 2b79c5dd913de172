#!/bin/sh
# The engine check, second call: target-clang19's 1x32 int points, old and new bench alone with
# --type int (the same points in the same order in both), alternating; and the default quick
# sweep of the new bench for the same variants (with its double points).
set -u
H=$(cd "$(dirname "$0")" && pwd)
cd "$H"
chmod +x zstd
./zstd -dq --long=27 -c bundles.tar.zst | tar xf -
mkdir -p rt && ./zstd -dq --long=27 -c runtime.tar.zst | tar xf - -C rt
export LD_LIBRARY_PATH="$H/rt/runtime/lib"
V="--run atomic_capture --run atomic_read --run atomic_update --run atomic_update_strided --sweep quick"
for round in 1 2; do
  for b in old new; do
    "$H/$b/ompkit-bundle/configs/target-clang19/ompkit-bench" $V --type int > "$H/int-$b-$round.jsonl" 2> "$H/int-$b-$round.err"
    echo "$b int round $round rc=$?" >> "$OUT/summary2.txt"
  done
  "$H/new/ompkit-bundle/configs/target-clang19/ompkit-bench" $V > "$H/default-new-$round.jsonl" 2> "$H/default-new-$round.err"
  echo "new default round $round rc=$?" >> "$OUT/summary2.txt"
done
tar czf "$OUT/engine-results2.tgz" int-*.jsonl default-*.jsonl *.err
