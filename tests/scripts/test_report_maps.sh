# Rate points (issue 13) through the driver on the host: the contention map and the memory and
# arithmetic microbenchmarks run verified, stay out of the comparison table, and the report draws
# their heat maps and tables them (copy bandwidth as the memory reference).
. "$(dirname "$0")/lib.sh"
cfg=native-gcc
config_enabled "$cfg" || skip "$cfg disabled"
"$OMPKIT" run --out "$TMP/r" --configs "$cfg" --filter 'atomic_contention|arith|mem_bandwidth' >"$TMP/log" 2>&1 \
  || { cat "$TMP/log"; fail "driver run failed"; }
R="$TMP/r/latest"
n=$(grep -c '"kernel":"atomic_contention".*"status":"ok".*"rate":{' "$R/results.jsonl")
[ "$n" -ge 20 ] || fail "only $n verified map points"
! grep '"kernel":"atomic_contention"' "$R/results.jsonl" | grep -v '"status":"ok"' | grep -q . || fail "a map point is not ok"
grep -q '"kernel":"mem_bandwidth".*"param":"op=copy".*"rate_unit":"GB/s"' "$R/results.jsonl" || fail "no copy bandwidth"
grep -q '^## Maps and microbenchmarks' "$R/report.md" || fail "no maps section"
grep -q '| mem_bandwidth | uint op=copy | GB/s | .* copy 100 % |' "$R/report.md" || fail "copy row not its own reference"
! grep -q 'op=add,pattern' "$R/report.md" || fail "map points leaked into the comparison table"
# One log line per variant, not per map point.
[ "$(grep -c 'atomic_contention' "$TMP/log")" -le 3 ] || fail "the log lists map points one by one"
if command -v gnuplot >/dev/null 2>&1; then
  [ -s "$R/plots/map-0-add.svg" ] && [ -s "$R/plots/map-0-cas.svg" ] || fail "heat maps not drawn"
fi
pass "$n map points, report maps and table"
