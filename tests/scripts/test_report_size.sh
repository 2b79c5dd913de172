# Issue 31 §3: the full study's report opens fast. On the H100 full study of session 7
# (docs/results/2026-11-27-h100-session7/full: 16541 points, 1069 compile records, 588 checks)
# report.html stays within 3 MB and report.md within 300 KB (they were 13 MB and 1.3 MB), with
# nothing lost: every point keeps its HTML row, grouped per kernel and collapsed, and report.md
# points to results.csv / results.jsonl for each point.
. "$(dirname "$0")/lib.sh"
S="$SRC/docs/results/2026-11-27-h100-session7/full"
[ -f "$S/results.jsonl.gz" ] || skip "no committed session-7 full study"
mkdir -p "$TMP/f"
cp "$S/provenance.json" "$TMP/f/"
for f in results.jsonl compile.jsonl check.json; do gzip -dc "$S/$f.gz" >"$TMP/f/$f"; done
"$OMPKIT" report "$TMP/f" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
H="$TMP/f/report.html" MD="$TMP/f/report.md"
hb=$(wc -c <"$H") mb=$(wc -c <"$MD")
echo "report.html $hb bytes, report.md $mb bytes"
[ "$hb" -le 3000000 ] || fail "report.html is $hb bytes (budget 3 MB)"
[ "$mb" -le 300000 ] || fail "report.md is $mb bytes (budget 300 KB)"
# Every table row is there, in groups per kernel, collapsed.
rows=$(grep -c '<tr id=row-' "$H")
[ "$rows" -ge 3800 ] || fail "only $rows point rows in the HTML table"
groups=$(grep -c '<tbody class=pts data-k=' "$H")
hidden=$(grep -c '<tbody class=pts data-k="[^"]*" hidden>' "$H")
[ "$groups" -ge 30 ] && [ "$hidden" = "$groups" ] || fail "$groups kernel groups, $hidden collapsed"
grep -q 'each point in report.html (per kernel, collapsed) and in results.csv / results.jsonl' "$MD" || fail "report.md does not say where the points are"
if command -v gnuplot >/dev/null 2>&1; then
  [ "$(grep -c '<svg' "$H")" -ge 100 ] || fail "figures missing: $(grep -c '<svg' "$H")"
else
  echo "note: gnuplot absent, the figures are not in the size"
fi
pass "full study: report.html $hb bytes, report.md $mb bytes, $rows rows in $groups collapsed groups"
