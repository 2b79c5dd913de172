# Points that differ only in param (atomic_cas pass/fail x scalar/array, atomic_write at 1 or 2
# locations) stay apart: in the loaded result set, and in compare, which must flag the one that
# got slower and not a blend of both.
. "$(dirname "$0")/lib.sh"
mk() { # mk DIR FAIL_MEDIAN FAIL_MIN FAIL_MAX
  mkdir -p "$1"
  echo '{"date":"2026-11-22T00:00:00Z","git_sha":"x","sweep":"quick","configs":[]}' >"$1/provenance.json"
  cat >"$1/results.jsonl" <<EOT
{"config":"cuda-nvcc","model":"cuda","kernel":"atomic_cas","variant":"cuda","status":"ok","type":"int","threads":32,"teams":1,"param":"outcome=pass,layout=scalar","per_op_ns":{"median":10,"min":9.5,"max":10.5}}
{"config":"cuda-nvcc","model":"cuda","kernel":"atomic_cas","variant":"cuda","status":"ok","type":"int","threads":32,"teams":1,"param":"outcome=fail,layout=scalar","per_op_ns":{"median":$2,"min":$3,"max":$4}}
EOT
}
mk "$TMP/a" 30 29 31
mk "$TMP/b" 45 44 46
set +e
"$OMPKIT" compare "$TMP/a" "$TMP/b" >"$TMP/out" 2>&1
rc=$?
set -e
[ $rc = 1 ] || { cat "$TMP/out"; fail "compare exit $rc, want 1 (the fail point is 50% slower)"; }
grep -q '^REGRESSION .*atomic_cas/cuda .*param=outcome=fail,layout=scalar .*+50.0%' "$TMP/out" ||
  { cat "$TMP/out"; fail "the slower fail point not flagged on its own"; }
grep -q '^same .*atomic_cas/cuda .*param=outcome=pass,layout=scalar' "$TMP/out" ||
  { cat "$TMP/out"; fail "the unchanged pass point not kept apart"; }
grep -q '^2 point(s)' "$TMP/out" || { cat "$TMP/out"; fail "want 2 points"; }
"$OMPKIT" compare "$TMP/a" "$TMP/b" --json >"$TMP/json" 2>&1 || true
[ "$(grep -c '"param": "outcome=' "$TMP/json")" = 2 ] || fail "--json rows lack param: $(cat "$TMP/json")"

# The committed H200 quick run: one pass, so every line is its own point (16 were merged).
Q="$SRC/docs/results/2026-11-22-h200-kit-speed/quick"
[ -f "$Q/results.jsonl.gz" ] || skip "no committed H200 quick results"
mkdir -p "$TMP/q"
gzip -dc "$Q/results.jsonl.gz" >"$TMP/q/results.jsonl"
cp "$Q/provenance.json" "$TMP/q/"
"$BUILD/tests/test_resultset" --no-merge "$TMP/q" >"$TMP/n" || fail "H200 quick points merged: $(cat "$TMP/n")"
[ "$(cat "$TMP/n")" = "$(wc -l <"$TMP/q/results.jsonl") points" ] || fail "points: $(cat "$TMP/n")"
pass "param points apart in compare and in the result set; H200 quick: $(cat "$TMP/n")"
