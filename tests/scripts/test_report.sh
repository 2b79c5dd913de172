# ompkit report on a fixture folder (tests/fixtures/report/: the real H200 atomic run plus a
# hand-made barrier sweep, a globalized kernel and a timeout): table rows, slowest ratio first,
# findings, remark links, inline SVG (or the no-gnuplot note), no network references.
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report" "$TMP/r"
chmod -R u+w "$TMP/r"
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md" H="$TMP/r/report.html"
[ -s "$MD" ] && [ -s "$H" ] || fail "report.md/report.html missing"
has() { grep -q -- "$2" "$1" || fail "$3"; }
has "$MD" '^| kernel | point | native-gcc | native-clang19 | target-clang19 generic | target-clang19 spmd | cuda-nvcc |$' "column header"
has "$MD" '^| atomic_add_scalar | threads=128 teams=128 | \*\*43.1 ms\*\* @16 thr ×1148 |.*\*\*12.7 ms\*\* ×33<br>32 reg · 1068 B smem<br>Generic' "atomic row (time, ratio, registers, smem, mode)"
has "$MD" '^| barrier | type=team threads=64 teams=1 | \*\*200 ns/op\*\* @4 thr .*SPMD (source: generic)' "sweep row with native matched by workload"
has "$MD" '^| reduce_shared | threads=128 teams=64 | – | \*\*timeout\*\* |' "failed cell"
first=$(grep -n '^| atomic_add_scalar ' "$MD" | cut -d: -f1)
last=$(grep -n '^| reduce_shared ' "$MD" | cut -d: -f1)
[ "$first" -lt "$last" ] || fail "slowest ratio (×33) not first"
has "$MD" '^- barrier/generic (target-clang19, type=team threads=32 teams=1): written generic, ran SPMD$' "mode finding"
has "$MD" '^- reduce_shared/generic (target-clang19, threads=128 teams=64): OMP112' "globalization finding"
has "$MD" "^- atomic_add_scalar/spmd (target-clang19, threads=128 teams=128): 32.5× CUDA" "slow-ratio finding"
! grep -q 'reduce_shared/generic.*× CUDA' "$MD" || fail "1.5x flagged against a 2x threshold"
has "$MD" '^- reduce_shared/host (native-clang19): timeout' "failure finding"
has "$H" 'href="#r-target-clang19-__omp_offloading_fe00_51bb_reduce_shared_generic_l40-OMP112"' "remark ID not linked"
has "$H" 'id="r-target-clang19-__omp_offloading_fe00_51bb_reduce_shared_generic_l40-OMP112"' "remark anchor missing"
has "$H" 'kernels/omp_target/reduce_shared.c:44:7</code> Found thread data sharing' "remark message and source line"
has "$H" 'NVIDIA H200 (sm_90, 132 SMs)' "provenance summary"
! grep -Eqi '<(script|link|img|iframe)[ >]|src=|url\(' "$H" || fail "report.html references something outside itself"
if command -v gnuplot >/dev/null 2>&1; then
  [ "$(grep -c '<svg' "$H")" = 2 ] || fail "want 2 inline SVG plots (barrier throughput, ratios)"
  has "$H" 'Not plotted: no configuration has two or more thread counts for atomic_add_scalar' "too-little-data note"
  has "$MD" '(plots/ratios.svg)' "md does not show the ratio plot"
  [ -s "$TMP/r/plots/throughput-barrier.svg" ] || fail "plot file missing"
else
  echo "note: gnuplot absent, only the fallback is checked"
fi
rm -rf "$TMP/r/plots"
OMPKIT_GNUPLOT=/nonexistent/gnuplot "$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || fail "report without gnuplot failed"
! grep -q '<svg' "$H" || fail "SVG without gnuplot?"
[ "$(grep -c 'Not plotted: gnuplot not found' "$H")" = 2 ] || fail "no-gnuplot note missing"
set +e
"$OMPKIT" report "$TMP/nope" >"$TMP/out" 2>"$TMP/err"; rc=$?
set -e
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "missing folder: exit $rc, $(cat "$TMP/err")"
# A blocks x threads grid gets a heat map (when gnuplot is there), a lone point does not.
if command -v gnuplot >/dev/null; then
  G="$TMP/grid"
  mkdir -p "$G"
  echo '{"date":"2026-11-22T00:00:00Z","configs":[]}' >"$G/provenance.json"
  for b in 1 2; do for t in 32 64; do
    echo "{\"config\":\"cuda-nvcc\",\"model\":\"cuda\",\"kernel\":\"barrier\",\"variant\":\"syncthreads\",\"status\":\"ok\",\"type\":\"\",\"threads\":$t,\"teams\":$b,\"per_op_ns\":{\"median\":$((b * t)),\"min\":1,\"max\":999}}"
  done; done >"$G/results.jsonl"
  "$OMPKIT" report "$G" >/dev/null || fail "report on a grid failed"
  [ -s "$G/plots/heat-1.svg" ] || fail "no heat map for a 2 x 2 grid"
  grep -q 'cuda-nvcc barrier/syncthreads: ns per op, teams/blocks x threads' "$G/report.md" || fail "heat map not in report.md"
  [ ! -e "$G/plots/heat-2.svg" ] || fail "an extra heat map"
fi
pass "report: rows, findings, links, plots, heat map"
