# The full study's time machinery with host stand-ins (tests/fixtures/slow_standin.c):
# 1. a study stopped by SIGINT writes timing.json with the finished variants' wall times;
# 2. --resume finishes it; the slow-run rule cut the slow runs (3 runs from 0.5 s, 1 with
#    spread_unknown from 2 s), every log line ends in its wall seconds, timing.json holds both calls;
# 3. --full without --timeout gives each variant 60 s: a hung one is stopped and recorded as
#    `timeout`, the deadlock probe still gets its 1.5 s and `deadlock (expected)`, the study goes on.
. "$(dirname "$0")/lib.sh"
E=$3
P=$4
cat >"$E/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "configs": [
 {"name": "probe", "model": "native", "enabled": true, "needs_gpu": false,
  "bench": "../probe/configs/probe/ompkit-bench", "artefacts": "../probe/configs/probe/artefacts"},
 {"name": "standin", "model": "native", "enabled": true, "needs_gpu": false,
  "bench": "configs/standin/ompkit-bench", "artefacts": "configs/standin/artefacts"}]}
EOT
[ -x "$P/configs/probe/ompkit-bench" ] || fail "no probe stand-in at $P"
export OMPKIT_MANIFEST="$E/ompkit-configs.json"

# 1. SIGINT while the slow variant runs.
"$OMPKIT" run --full --configs standin --filter 'standin_(fast|slow|very_slow)$' --out "$TMP/r" >"$TMP/log1" 2>&1 &
pid=$!
i=0
until grep -q 'standin_fast: ok' "$TMP/log1"; do
  i=$((i + 1))
  [ $i -lt 300 ] || { kill -KILL $pid; cat "$TMP/log1"; fail "the fast variant did not finish in 30 s"; }
  sleep 0.1
done
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || { cat "$TMP/log1"; fail "SIGINT: exit $rc, want 130"; }
D=$(cd "$TMP/r/latest" && pwd -P)
T="$D/timing.json"
[ -f "$T" ] || { cat "$TMP/log1"; fail "no timing.json after SIGINT"; }
grep -q '"stopped_by": "SIGINT"' "$T" || fail "timing.json does not say it was stopped: $(cat "$T")"
grep -q '"standin globalization/standin_fast": [0-9]' "$T" || fail "no wall time of the finished variant: $(cat "$T")"
grep -q 'standin_slow"' "$T" && fail "the cut-off variant has a wall time: $(cat "$T")"
grep -q '"plan_configs_s"' "$T" || fail "no planning times: $(cat "$T")"

# 2. Resume: the rest runs; the slow-run rule and the wall on every line.
"$OMPKIT" run --resume "$D" >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "resume failed"; }
R="$D/results.jsonl"
grep '"variant":"standin_fast"' "$R" | grep '"status":"ok"' | grep -q '"runs":5' || fail "fast: not 5 runs: $(cat "$R")"
grep '"variant":"standin_fast"' "$R" | grep -q 'slow_run_s' && fail "fast: marked slow: $(cat "$R")"
grep '"variant":"standin_slow"' "$R" | grep '"runs":3' | grep -q '"slow_run_s":0\.6' || fail "slow: not 3 runs marked slow: $(cat "$R")"
grep '"variant":"standin_slow"' "$R" | grep -q 'spread_unknown' && fail "slow: spread marked unknown with 3 runs"
grep '"variant":"standin_very_slow"' "$R" | grep '"runs":1' | grep '"slow_run_s":2\.' | grep -q '"spread_unknown":true' ||
  fail "very slow: not 1 run with spread_unknown: $(cat "$R")"
for v in standin_slow standin_very_slow; do
  grep "globalization/$v: ok" "$TMP/log2" | grep -Eq ', [0-9]+\.[0-9] s$' || fail "$v's log line has no wall: $(cat "$TMP/log2")"
done
grep 'standin_slow: ok' "$TMP/log2" | grep -q '(3 runs: slow)' || fail "the cut is not in the log: $(cat "$TMP/log2")"
grep -q 'variant run(s) planned in' "$TMP/log2" || fail "no planning line: $(cat "$TMP/log2")"
for v in standin_fast standin_slow standin_very_slow; do
  grep -q "\"standin globalization/$v\": [0-9]" "$T" || fail "timing.json lacks $v after resume: $(cat "$T")"
done
grep -q stopped_by "$T" && fail "a finished study's timing.json says it was stopped: $(cat "$T")"
grep -q '"standin": [0-9]' "$T" || fail "no per-configuration sum: $(cat "$T")"

# 3. --full's default timeout: a hung variant costs 60 s, the probe its 1.5 s, the rest runs.
t0=$(date +%s)
"$OMPKIT" run --full --filter 'standin_hang|grid_sync|standin_fast' --out "$TMP/h" >"$TMP/log3" 2>&1
rc=$?
t1=$(date +%s)
H="$TMP/h/latest"
[ $rc -eq 1 ] || { cat "$TMP/log3"; fail "a hung variant must fail the study (exit 1), got $rc"; }
grep -q '"timeout": 60' "$H/provenance.json" || fail "--full's default timeout is not 60 s: $(cat "$H/provenance.json")"
[ $((t1 - t0)) -ge 59 ] && [ $((t1 - t0)) -lt 120 ] || fail "took $((t1 - t0)) s: want about 60 (the default timeout once)"
grep '"variant":"standin_hang"' "$H/results.jsonl" | grep '"status":"timeout"' | grep -q 'no end after 60 s' ||
  fail "no timeout record: $(cat "$H/results.jsonl")"
grep '"kernel":"grid_sync_probe"' "$H/results.jsonl" | grep -q '"status":"deadlock (expected)"' ||
  fail "the probe's short timeout did not hold: $(cat "$H/results.jsonl")"
grep '"variant":"standin_fast"' "$H/results.jsonl" | grep -q '"status":"ok"' || fail "the study did not go on: $(cat "$H/results.jsonl")"
grep 'standin_hang: timeout' "$TMP/log3" | grep -Eq ', 6[0-9]\.[0-9] s$' || fail "the timeout line has no wall: $(cat "$TMP/log3")"
pass "SIGINT keeps timing.json; slow-run rule 5/3/1 runs; --full default timeout 60 s ($((t1 - t0)) s), probe still 1.5 s"
