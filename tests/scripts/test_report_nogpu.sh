# Issue 31 §1: a report of a run without a GPU leads with what the compilers did. The fixture
# (tests/fixtures/report/nogpu/) is the compile data of a real GPU-less run (compile.jsonl and
# check.json of main's build, a few regions) with three hand-made changes: target-clang22 compiles
# spmd_modes_combined as Generic (its EXPECT-MODE says SPMD: a mode below the source), and an
# ablation configuration (-openmp-opt-disable-deglobalization) globalizes barrier's region. Real:
# target-clang16 globalizes barrier's region (no EXPECT line asks for it) and lacks su3_v4_loop's
# `teams loop` region (clang 16 emits no code for it) while it compiles that function's other
# region; globalization_escapes globalizes on purpose (its EXPECT-REMARK lines say so).
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report/nogpu" "$TMP/r"
chmod -R u+w "$TMP/r"
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md" H="$TMP/r/report.html"
lineno() { grep -n -- "$2" "$1" | head -n 1 | cut -d: -f1; }
before() {
  a=$(lineno "$1" "$2") b=$(lineno "$1" "$3")
  [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ] || fail "$4 ($2: line ${a:-none}, $3: line ${b:-none})"
}
# The compile section leads: right under the key line, before the surprises and the table.
before "$MD" '^no GPU · ' '^## What the compilers did' "key line first"
before "$MD" '^## What the compilers did' '^## Surprises' "the compile section before the surprises"
before "$H" '<section id=compile>' '<h2>Surprises' "HTML: the compile section in the first screen"
! grep -q '^## omp_target against CUDA' "$MD" || fail "a timing summary without a GPU"
# Per family and configuration: modes, globalization (asked for or not), checks; "no GPU" once.
sed -n '/^## What the compilers did/,/^## Surprises/p' "$MD" >"$TMP/c"
grep -q '^| sync | clang19 | 1 | 1 · 0 · 0 | 0 | 0 | 0 | 0 | 45 | 0 | 1 hold | no GPU |$' "$TMP/c" || fail "sync/clang19 row: $(grep '^| sync' "$TMP/c")"
grep -q '^|  | clang16 | 1 | 1 · 0 · 0 | 0 | 1 | 0 | 0 | 24 | 0 | – | |$' "$TMP/c" || fail "clang16 globalization count"
grep -q '^| case-memory | clang19 | 1 | 1 · 0 · 0 | 0 | 1 (1 asked for) |' "$TMP/c" || fail "globalization asked for by EXPECT-REMARK"
grep -q '^|  | clang22 | 1 | 0 · 0 · 1 | 1 |' "$TMP/c" || fail "clang22: a region below its intent"
[ "$(grep -c 'no GPU' "$TMP/c")" = 1 ] || fail "want 'no GPU' once in the compile table, got $(grep -c 'no GPU' "$TMP/c")"
[ "$(grep -c 'rowspan=10>no GPU' "$H")" = 1 ] || fail "HTML: one 'no GPU' cell spanning the rows"
# The surprises are compile-time ones; the deliberate case and the ablation's effect are not.
sed -n '/^## Surprises/,/^## Comparison table/p' "$MD" >"$TMP/s"
grep -q '^- kernels/omp_target/cases/spmd_modes.c:22:spmd_modes_combined (target-clang22): compiled Generic, written spmd (EXPECT-MODE SPMD)$' "$TMP/s" \
  || fail "mode below the source: $(cat "$TMP/s")"
grep -q '^- kernels/omp_target/barrier.c:38:launch_spmd (target-clang16): OMP112$' "$TMP/s" || fail "globalization no EXPECT line asks for"
grep -q '^- proxies/su3/omp_target/su3_v4_loop.c:33:su3_v4_loop_d (target-clang16): no such region; target-clang19 compiles it$' "$TMP/s" \
  || fail "the region target-clang16 dropped"
! grep -q 'globalization_escapes' "$TMP/s" || fail "a deliberate catalogue case (EXPECT-REMARK: OMP112) listed as a surprise"
! grep -q 'nodeglob' "$TMP/s" || fail "an ablation configuration's globalization listed as a surprise"
! grep -q 'xsbench' "$TMP/s" || fail "a region nobody dropped or demoted listed"
# Each surprise links to its region in the collapsed list of every region.
grep -q '<details id=compile-regions>' "$H" || fail "no list of every region"
href=$(grep -o '<a href="#c-[0-9]*">proxies/su3/omp_target/su3_v4_loop.c:33' "$H" | head -n 1 | sed 's/.*#\(c-[0-9]*\).*/\1/')
[ -n "$href" ] && grep -q "<tr id=$href><td>proxies/su3/omp_target/su3_v4_loop.c:33:su3_v4_loop_d<td>clang19<td>SPMD" "$H" \
  || fail "the dropped region's link ($href) does not lead to its row"
# The table keeps the columns a run without a GPU fills and says why once.
grep -q '^| kernel | form | point | config | best native |$' "$MD" || fail "GPU-only columns in a report without a GPU"
grep -q 'No GPU ran: the CUDA, omp_target, ratio' "$MD" || fail "the table does not say why its GPU columns are gone"
grep -q '^No GPU ran: no timing plots.$' "$MD" || fail "plots section"
pass "a report without a GPU leads with the compile data and lists compile-time surprises only"
