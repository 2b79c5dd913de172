# The deadlock-probe path with a host stand-in (tests/fixtures/hanging_probe.c), in a --full study: a
# variant that says "armed" and hangs is killed after the short probe timeout, not the study's --timeout; its status
# is `deadlock (expected)`, which is no failure; the device check runs; the next variant runs.
. "$(dirname "$0")/lib.sh"
E=$3
cat >"$E/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "configs": [
 {"name": "probe", "model": "native", "enabled": true, "needs_gpu": false,
  "bench": "configs/probe/ompkit-bench", "artefacts": "configs/probe/artefacts"}]}
EOT
t0=$(date +%s)
OMPKIT_MANIFEST="$E/ompkit-configs.json" "$OMPKIT" run --full --out "$TMP/r" --timeout 120 --runs 1 >"$TMP/log" 2>&1
rc=$?
t1=$(date +%s)
R="$TMP/r/latest/results.jsonl"
[ -f "$R" ] || { cat "$TMP/log"; fail "no results"; }
[ "$rc" -eq 0 ] || { cat "$TMP/log" "$R"; fail "run exited $rc: an expected deadlock must not fail the study"; }
[ $((t1 - t0)) -lt 60 ] || fail "the probe took $((t1 - t0)) s: the 120 s timeout was used, not the probe's"
grep '"kernel":"grid_sync_probe"' "$R" | grep -q '"status":"deadlock (expected)"' || fail "no deadlock status: $(cat "$R")"
grep '"kernel":"grid_sync_probe"' "$R" | grep -q 'device usable afterwards' || fail "no usability check: $(cat "$R")"
grep '"variant":"host_after_probe"' "$R" | grep -q '"status":"ok"' || fail "the study did not go on: $(cat "$R")"
# The quick study skips the probe (it costs its timeout) and says so; the rest still runs.
OMPKIT_MANIFEST="$E/ompkit-configs.json" "$OMPKIT" run --out "$TMP/q" --runs 1 >"$TMP/qlog" 2>&1 || { cat "$TMP/qlog"; fail "quick run failed"; }
Q="$TMP/q/latest/results.jsonl"
grep '"kernel":"grid_sync_probe"' "$Q" | grep -q '"status":"skipped","error":"quick study: a deadlock probe runs with --full"' || fail "quick: probe not skipped: $(cat "$Q")"
grep '"variant":"host_after_probe"' "$Q" | grep -q '"status":"ok"' || fail "quick: the rest did not run: $(cat "$Q")"
pass "deadlock probe killed after its own timeout in $((t1 - t0)) s; study went on"
