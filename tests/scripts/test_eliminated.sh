# A primitive whose atomic is not in the machine code is reported `not measured: eliminated by
# compiler`, with no timing, while its verification passes.
. "$(dirname "$0")/lib.sh"
E=$3
cat >"$E/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "configs": [
 {"name": "elim", "model": "native", "enabled": true, "needs_gpu": false,
  "bench": "configs/elim/ompkit-bench", "artefacts": "configs/elim/artefacts"}]}
EOT
OMPKIT_MANIFEST="$E/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" --filter 'atomic_update/eliminated' \
  --runs 3 >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "run failed"; }
R="$TMP/r/latest/results.jsonl"
grep -q '"status":"not measured".*"error":"eliminated by compiler: ' "$R" || fail "not flagged: $(cat "$R")"
grep -q '"verified":true' "$R" || fail "verification should still pass"
grep -q '"per_op_ns"' "$R" && fail "a number was reported for an eliminated primitive"
grep -q '"present":false' "$R" || fail "present_in_code not recorded"
pass "eliminated atomic reported as not measured"
