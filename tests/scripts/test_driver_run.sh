# ompkit run completes: native results verified, GPU configurations skipped (one line each)
# when no GPU is usable, compile-time data collected, results/latest points at the run.
. "$(dirname "$0")/lib.sh"
"$OMPKIT" run --out "$TMP/r" --runs 2 --filter "atomic_add_scalar" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "ompkit run exited non-zero"; }
[ -L "$TMP/r/latest" ] || fail "no results/latest link"
D="$TMP/r/latest"
for f in results.jsonl results.csv provenance.json; do
  [ -s "$D/$f" ] || fail "missing $f"
done
# Remarks and resources come from GPU configurations: empty when only native ones are built.
for f in remarks.jsonl resources.jsonl; do
  [ -f "$D/$f" ] || fail "missing $f"
done
for cfg in native-gcc native-clang19; do
  config_enabled $cfg || continue
  grep -q "\"config\":\"$cfg\",\"model\":\"native\",\"kernel\":\"atomic_add_scalar\",\"variant\":\"host\",\"source_mode\":\"host\",\"status\":\"ok\",\"verified\":true" \
    "$D/results.jsonl" || fail "$cfg result missing or unverified"
done
if ! nvidia-smi >/dev/null 2>&1; then
  for cfg in target-clang19 cuda-nvcc; do
    config_enabled $cfg || continue
    grep -q "ompkit: $cfg: skipped: no GPU" "$TMP/log" || fail "$cfg not reported as skipped"
    grep -q "\"config\":\"$cfg\",.*\"status\":\"skipped\",\"error\":\"no GPU" "$D/results.jsonl" || fail "$cfg skip not recorded"
  done
fi
if config_enabled target-clang19; then
  grep -q '"config":"target-clang19".*"name":"OMP121"' "$D/remarks.jsonl" || fail "device remarks not collected"
  grep -q '"config":"target-clang19","function":"__omp_offloading_.*"registers":' "$D/resources.jsonl" \
    || fail "offload resources not collected"
fi
head -n 1 "$D/results.csv" | grep -q '^config,model,kernel,variant,source_mode,status,verified,on_device,type,threads,teams,stride' \
  || fail "CSV header"
grep -q '"git_sha"' "$D/provenance.json" || fail "provenance lacks git_sha"
# A folder compared with itself (issue 29): no regression, no improvement, no change, its
# compile points (one per kernel identity) included.
"$OMPKIT" compare "$D" "$D" --json >"$TMP/aa.json" 2>"$TMP/aa.err" || { cat "$TMP/aa.err"; fail "compare of a folder with itself exits non-zero"; }
python3 - "$TMP/aa.json" "$D/compile.jsonl" <<'PY' || fail "compare A A: $(head -c 1500 "$TMP/aa.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d["summary"]) == {"same"}, d["summary"]
ncompile = sum(1 for l in open(sys.argv[2]) if l.strip())
assert sum(1 for r in d["rows"] if r.get("variant") == "compile") == ncompile, "compile points missing"
PY
pass "run without GPU completes; compared with itself: all same"
