#!/bin/bash
# Issue 33 §3's device experiment, run on the GPU machine from the repository root, the binaries
# in dist/xs/ (build.sh made them):
#   docs/results/2026-11-27-xsbench-cuda/run-there.sh [REPEATS]
# or, where this branch is not checked out, the copy build.sh leaves beside the binaries:
#   bash dist/xs/run-there.sh [REPEATS]      (carry dist/xs: 3.6 MB)
# On one GPU (CUDA_VISIBLE_DEVICES, else device 0), at small-unionized, large-unionized,
# large-hash and small-nuclide (XSBench's event mode, its default 17 x 10^6 lookups), REPEATS
# (default 3) rounds, interleaved: per round and setting, XSBench's program once (its one launch,
# timed alone with events, plus XS_EXTRA_LAUNCHES=3 warm launches after its own), then the
# harness (each kit form's first launch and 3 warm ones; the order of the forms rotates each round).
# Raw output under $OUT (default ./xs-out), the table on stdout and in $OUT/table.md. About 2.5
# minutes on an H100. Exit 0 when every run's checks held, 1 when one failed, 2 on a setup error.
set -u
awkf="$(dirname "$0")/table.awk"
[ -f "$awkf" ] || { echo "run-there.sh: no $awkf beside the script" >&2; exit 2; }
BIN=${XS_BIN:-dist/xs}
OUT=${OUT:-$PWD/xs-out}
REPEATS=${1:-3}
WARM=${XS_WARM:-3}
[[ $REPEATS =~ ^[1-9]$ ]] || { echo "run-there.sh: REPEATS must be 1..9" >&2; exit 2; }
for b in XSBench xskit; do
  [ -x "$BIN/$b" ] || { echo "run-there.sh: no $BIN/$b (build it with docs/results/2026-11-27-xsbench-cuda/build.sh)" >&2; exit 2; }
done
mkdir -p "$OUT/raw" || exit 2
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
{
  echo "date: $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader -i 0 2>&1 | head -1
  echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"
  echo "XSBench: $(cat "$BIN/XSBench.rev" 2>/dev/null)"
  cat "$BIN/registers.txt" 2>/dev/null
} >"$OUT/provenance.txt"
cat "$OUT/provenance.txt"

settings=(small:unionized large:unionized large:hash small:nuclide)
forms=(now now_lb5 new new_occ4 new_occ5)
fail=0
t0=$SECONDS
for ((r = 1; r <= REPEATS; r++)); do
  # rotate the forms' order each round: no form is always first after the data copy
  rot=("${forms[@]:$(( (r - 1) % ${#forms[@]} ))}" "${forms[@]:0:$(( (r - 1) % ${#forms[@]} ))}")
  list=$(IFS=,; echo "${rot[*]}")
  for s in "${settings[@]}"; do
    sz=${s%%:*} g=${s##*:}
    f="$OUT/raw/r$r-$sz-$g"
    XS_EXTRA_LAUNCHES=$WARM timeout 120 "$BIN/XSBench" -m event -s "$sz" -G "$g" >"$f-program.txt" 2>&1
    rc=$?
    if [ $rc -ne 0 ] || ! grep -q "XSKERNEL first_ms" "$f-program.txt" || ! grep -q "Verification checksum: .*(Valid)" "$f-program.txt"; then
      echo "run-there.sh: XSBench $sz $g round $r failed (rc $rc): $f-program.txt" >&2
      tail -3 "$f-program.txt" >&2
      fail=1
    fi
    timeout 120 "$BIN/xskit" -s "$sz" -G "$g" -w "$WARM" -v "$list" >"$f-kit.txt" 2>"$f-kit.err"
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "run-there.sh: xskit $sz $g round $r failed (rc $rc): $f-kit.txt" >&2
      tail -3 "$f-kit.err" >&2
      fail=1
    fi
    echo "round $r $sz-$g done at $((SECONDS - t0)) s"
  done
done

# The table: per setting, the median over rounds of each round's figure; program first = its own
# launch (the issue's figure), warm = the median of its extra launches; kit forms likewise.
awk -v repeats="$REPEATS" -f "$awkf" "$OUT"/raw/r*-program.txt "$OUT"/raw/r*-kit.txt | tee "$OUT/table.md"
echo "total $((SECONDS - t0)) s; raw output: $OUT/raw"
exit $fail
