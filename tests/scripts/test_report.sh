# ompkit report on two fixture folders:
#  tests/fixtures/report/ (the real H200 atomic run plus a hand-made barrier sweep, a globalized
#    kernel and a timeout): table rows, remark links, provenance, plots or the no-gnuplot line;
#  tests/fixtures/report/surprises/ (hand-made, one of each surprise, several SPMD-ized generic
#    kernels that are not surprises, a check.json, a floor): the summary and its ranking.
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report" "$TMP/r"
chmod -R u+w "$TMP/r"
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md" H="$TMP/r/report.html"
[ -s "$MD" ] && [ -s "$H" ] || fail "report.md/report.html missing"
has() { grep -q -- "$2" "$1" || fail "$3"; }
lineno() { grep -n -- "$2" "$1" | head -n 1 | cut -d: -f1; }
before() { # before FILE A B MSG: the first line matching A comes before the first matching B
  a=$(lineno "$1" "$2") b=$(lineno "$1" "$3")
  [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ] || fail "$4 ($2: line ${a:-none}, $3: line ${b:-none})"
}
md_rows() { # rows of the comparison table in report.md (less the header)
  echo $(( $(sed -n '/^## Comparison table/,/^## Plots/p' "$1" | grep -c '^| ') - 1 ))
}
no_external() { # nothing fetched from outside the file: SVG namespace URIs are names, not fetches;
  # url(#id) names an element of the page itself (a colour box's gradient)
  sed 's/xmlns\(:[a-z]*\)\?="[^"]*"//g' "$1" >"$TMP/noxmlns"
  ! grep -Eqi '<(link|img|iframe|object|embed)[ >]|<script[^>]*src|src=|url\([^#]|@import|https?://' "$TMP/noxmlns" \
    || fail "$1 references something outside itself: $(grep -Eoi '<(link|img|iframe)[^>]*|src=[^ >]*|url\([^#][^)]*|https?://[^" ]*' "$TMP/noxmlns" | head -n 3)"
}

# The compact table: one row per kernel x point, one column each for CUDA, the two omp_target
# forms and the best native point.
has "$MD" '^| kernel | form | point | config | CUDA | omp SPMD | omp generic | best native | ratio | registers | smem | mode | remarks |$' "table header"
has "$MD" '^| atomic_add_scalar |  | 128×128 | clang19 | 0.0235 ns | 0.762 ns | 0.775 ns | 25.2 ns (clang19 16t) | ×32 · ×33 | 28 · 32 (CUDA 11) |' "atomic row (costs, best native, ratios, registers)"
has "$MD" '^| barrier |  | team 1×64 | clang19 | 32 ns | 230 ns | 256 ns | 200 ns (gcc 4t) | ×7.2 · ×8 |' "sweep row with the native point of the most threads"
has "$MD" '^| reduce_shared |  | 64×128 | clang19 | 1 ns | – | 1.5 ns | \*\*timeout\*\* (clang19) | ×1.5 |' "failed native cell"
[ "$(grep -c '^| barrier |' "$MD")" = 3 ] || fail "want 3 barrier rows (one per point), got $(grep -c '^| barrier |' "$MD")"
[ "$(grep -c '<tr id=row-' "$H")" = "$(md_rows "$MD")" ] && [ "$(md_rows "$MD")" = 5 ] \
  || fail "want 5 rows in both tables: html $(grep -c '<tr id=row-' "$H"), md $(md_rows "$MD")"
# Written generic, ran SPMD (OMP120) is the compiler's job: not in the surprises.
sed -n '/^## Surprises/,/^## Comparison table/p' "$MD" >"$TMP/surp"
! grep -q 'barrier' "$TMP/surp" || fail "an SPMD-ized generic kernel listed as a surprise"
has "$TMP/surp" '^- reduce_shared/generic (target-clang19): OMP112 — ×1.5 CUDA' "globalization surprise"
has "$TMP/surp" '^- reduce_shared/host (native-clang19): timeout' "failure surprise"
# A remark ID links to its text, given once per distinct message with the lines it was given at.
m=$(grep -o '<a class=bad href=#m[0-9]*>OMP112</a>' "$H" | head -n 1 | sed 's/.*#\(m[0-9]*\).*/\1/')
[ -n "$m" ] || fail "remark ID not linked"
grep -q "<dt id=$m><b>OMP112</b> Found thread data sharing" "$H" || fail "remark anchor $m missing or not the OMP112 text"
[ "$(grep -c '<b>OMP112</b> Found thread data sharing' "$H")" = 1 ] || fail "the OMP112 text is not given once"
sed -n "/<dt id=$m>/,/<\/dd>/p" "$H" | grep -q 'kernels/omp_target/reduce_shared.c:44:7 (clang19)' || fail "remark source line"
# Provenance is below, collapsed; the key line is at the top.
has "$H" '<details id=provenance>' "provenance not collapsible"
has "$H" 'NVIDIA H200 (sm_90, 132 SMs)' "provenance summary"
before "$H" 'class=keyline>NVIDIA H200 · git 08d19c82fa' '<h2>Provenance' "key line not first"
before "$H" 'per kernel family</h2>' 'id=table>Comparison table' "summary not above the table"
# Sortable and filterable offline: inline script, no network.
has "$H" '<table class=cmp id=cmp>' "comparison table id"
has "$H" '<input id=filter' "filter box"
has "$H" "t.tHead.addEventListener('click'" "sort script"
no_external "$H"
if command -v gnuplot >/dev/null 2>&1; then
  [ -s "$TMP/r/plots/ratio-heat.svg" ] || fail "no ratio heat map"
  [ -s "$TMP/r/plots/cost-barrier.svg" ] || fail "no cost plot for the barrier sweep"
  [ ! -e "$TMP/r/plots/cost-atomic_add_scalar.svg" ] || fail "a cost plot for a whole kernel (one point)"
  [ "$(grep -c '<svg' "$H")" = 2 ] || fail "want 2 inline SVG plots (ratio heat map, barrier cost)"
  grep -q "CUDA cuda" "$TMP/r/plots/cost-barrier.gp" || fail "CUDA reference line missing from the barrier plot"
  has "$MD" '(plots/ratio-heat.svg)' "md does not show the heat map"
else
  echo "note: gnuplot absent, only the fallback is checked"
fi
rm -rf "$TMP/r/plots"
OMPKIT_GNUPLOT=/nonexistent/gnuplot "$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || fail "report without gnuplot failed"
! grep -q '<svg' "$H" || fail "SVG without gnuplot?"
[ "$(grep -c 'Not plotted: gnuplot not found' "$H")" = 1 ] || fail "want one no-gnuplot line"
set +e
"$OMPKIT" report "$TMP/nope" >"$TMP/out" 2>"$TMP/err"; rc=$?
set -e
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "missing folder: exit $rc, $(cat "$TMP/err")"

# ---- the summary on the surprises fixture ----
S="$TMP/s"
cp -r "$SRC/tests/fixtures/report/surprises" "$S"
chmod -R u+w "$S"
"$OMPKIT" report "$S" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report on the surprises fixture failed"; }
MD="$S/report.md" H="$S/report.html"
sed -n '/^## Surprises/,/^## All surprises/p' "$MD" >"$TMP/surp"
# Groups in rank order.
before "$TMP/surp" '^\*\*Failed runs\*\* (4)' '^\*\*Broken expectations\*\* (2)' "failures rank first"
before "$TMP/surp" '^\*\*Broken expectations' '^\*\*Mode demoted below the source\*\* (1)' "broken expectations second"
before "$TMP/surp" '^\*\*Mode demoted' '^\*\*Globalization left (OMP112/OMP113)\*\* (1)' "demoted modes third"
before "$TMP/surp" '^\*\*Globalization left' "^\*\*Ratio far from the family's norm\*\* (1)" "globalization fourth"
before "$TMP/surp" "^\*\*Ratio far" '^\*\*Known defects\*\* (2)' "known defects last"
# Failures: omp_target first, then CUDA; three shown, "1 more"; an unknown status shows its string.
sed -n '/^\*\*Failed runs/,/^\*\*Broken/p' "$TMP/surp" >"$TMP/fail"
[ "$(grep -c '^- ' "$TMP/fail")" = 4 ] || fail "want 3 failures and a '1 more' line: $(cat "$TMP/fail")"
has "$TMP/fail" '^- critical_add/omp_set_lock_spmd (target-clang19): wrong result at 2 points$' "omp_target failure, its points counted"
before "$TMP/fail" 'omp_set_lock_spmd' 'cuda-nvcc' "omp_target failure before CUDA's"
has "$TMP/fail" '^- vote/any_sync (cuda-nvcc): bizarre: new status at 1×32$' "unknown status shown as a failure"
has "$TMP/fail" '^- … 1 more (below)$' "cap with '1 more'"
! grep -q 'omp_critical' "$TMP/fail" || fail "the fourth failure is past the cap"
has "$MD" '^- critical_add/omp_critical (native-gcc): timeout — no end after 300 s$' "full list has the rest, with detail"
has "$H" '<a href="#all-0">1 more</a>' "HTML '1 more' links to the full list"
has "$TMP/surp" '^- kernels/omp_target/cases/spmd_modes.c:21: EXPECT-REMARK: OMP120 (target-clang19) — observed OMP121; mode Generic$' "check.json failure"
! grep -q 'team_array.c' "$TMP/surp" || fail "a passing check listed"
has "$TMP/surp" '^- spmd_modes/amenable (target-clang19): compiler stored Generic, runtime launched Generic-SPMD$' "mode mismatch"
has "$TMP/surp" '^- spmd_modes/combined (target-clang19): written spmd, ran Generic$' "demoted mode"
has "$TMP/surp" '^- globalization/escapes (target-clang19): OMP113 OMP112 — ×12 CUDA' "globalization"
has "$TMP/surp" "^- atomic_update/seq_cst spmd: ×100 CUDA at int 1×32 order=seq_cst; atomic's median ×2.2$" "outlier ratio"
before "$TMP/surp" 'reduction/omp_for_reduction_generic (target-clang19): fixed?' 'critical_add/omp_set_lock_generic (target-clang19): known defect' "'fixed?' ranks above 'known defect'"
# Four generic kernels SPMD-ized by the compiler (OMP120): in the table, never a surprise.
! grep -q 'team_array' "$TMP/surp" || fail "OMP120-only kernels listed as surprises"
[ "$(grep -c '^| team_array |' "$MD")" = 4 ] || fail "want 4 team_array rows"
# Per family, the best and the worst omp_target form with its mode (issue 31 §2).
has "$MD" '^| atomic | 3 | atomic_update/relaxed spmd (SPMD) ×2 | atomic_update/seq_cst spmd (SPMD) ×16 |$' "atomic family best/worst"
has "$MD" '^| case-memory | 6 | team_array/b8 generic (Generic-SPMD) ×1.1 | globalization/escapes spmd (SPMD) ×12 |$' "case-memory family best/worst"
# One row per kernel x point: the 128-team point is compared with CUDA's 132 blocks, marked ≈.
has "$MD" '^| atomic_update | relaxed | int 128×1024 order=relaxed | clang19 | ≈ 3 µs | 6 µs | – |' "approximate CUDA point"
[ "$(grep -c '^| atomic_update | relaxed |' "$MD")" = 3 ] || fail "want 3 atomic_update/relaxed rows"
has "$MD" '^| atomic_update | relaxed | int 1×1024 order=relaxed | clang19 | 32 ns | 64 ns | 70.4 ns (ran 1×992) |' "ran= shape differs from the point"
has "$MD" '^| warp_sync | syncwarp | 1×32 | (CUDA only) | ≤ 1 cycles (floor) |' "floor shown as a bound"
[ "$(md_rows "$MD")" = "$(grep -c '<tr id=row-' "$H")" ] || fail "HTML and Markdown tables differ in rows"
# Two points that differ only in param stay two rows (needs the shared point key to include param).
if grep -q '"param"' "$SRC/driver/core/resultset.c"; then
  [ "$(grep -c '^| atomic_cas | atomicCAS | int 1×32 outcome=' "$MD")" = 2 ] || fail "atomic_cas pass/fail merged into one row"
else
  echo "note: resultset.c's point key lacks param (issue 10 §4); param-only rows not checked"
fi
no_external "$H"
pass "report: summary ranking and caps, one row per point, links, plots"
