# ompkit merge: result folders of two nodes (Slurm jobs, scripts/slurm/) into one folder and one
# report; configurations become CONFIG@LABEL, so the same one on two GPUs can be compared.
. "$(dirname "$0")/lib.sh"
A="$SRC/tests/fixtures/compare/configs"   # a real H200 quick run's lines (host from its provenance)
B="$SRC/tests/fixtures/nightly/baseline"  # host gpu1
"$OMPKIT" merge "$TMP/m" "$A=h200" "$B" >"$TMP/out" 2>"$TMP/err" || { cat "$TMP/out" "$TMP/err"; fail "merge failed"; }
R="$TMP/m/results.jsonl"
na=$(wc -l <"$A/results.jsonl") nb=$(wc -l <"$B/results.jsonl")
[ "$(wc -l <"$R")" = $((na + nb)) ] || fail "merged $(wc -l <"$R") lines, want $((na + nb))"
grep -q '"config":"target-clang19@h200"' "$R" || fail "labelled configuration of the first node"
grep -q '"config":"target-clang19@gpu1"' "$R" || fail "host-named configuration of the second node"
! grep -q '"config":"target-clang19"[,}]' "$R" || fail "a configuration kept its bare name"
grep -q '"merged_from"' "$TMP/m/provenance.json" || fail "provenance lacks merged_from"
grep -q '"name": "target-clang19-cudamode@h200"' "$TMP/m/provenance.json" || fail "provenance configs not renamed"
[ -s "$TMP/m/report.md" ] || fail "no report"
grep -q 'target-clang19@gpu1' "$TMP/m/report.md" || fail "report lacks the second node's configuration"
# The same configuration on the two nodes, through compare.
set +e
"$OMPKIT" compare "$TMP/m" --configs target-clang19-cudamode@h200,target-clang19-cudamode@gpu1 >"$TMP/cmp"
rc=$?
set -e
[ $rc -le 1 ] || fail "compare across nodes: exit $rc"
grep -q 'state_machine/known' "$TMP/cmp" || fail "compare across nodes lacks the shared point: $(cat "$TMP/cmp")"
# The same host twice: the second label gets a suffix.
"$OMPKIT" merge "$TMP/m2" "$B" "$B" >/dev/null || fail "same folder twice"
grep -q '"config":"native-gcc@gpu1-2"' "$TMP/m2/results.jsonl" || fail "duplicate label not made unique"
bad() { # bad DESCRIPTION ARGS...
  d=$1; shift
  set +e
  "$OMPKIT" merge "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] || fail "$d: exit $rc, want 2"
  [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q '^ompkit: merge: ' "$TMP/err" || fail "$d: stderr: $(cat "$TMP/err")"
}
mkdir -p "$TMP/full"
cp "$B/results.jsonl" "$TMP/full/"
sed 's/"sweep": "quick"/"sweep": "full"/' "$B/provenance.json" >"$TMP/full/provenance.json"
bad "mixed sweeps" "$TMP/m3" "$B" "$TMP/full"
bad "existing output" "$TMP/m" "$B"
bad "bad label" "$TMP/m4" "$B=a/b"
bad "missing folder" "$TMP/m5" "$TMP/nope"
bad "nothing to merge" "$TMP/m6"
[ ! -e "$TMP/m3/results.jsonl" ] || fail "a failed merge wrote results"
pass "merge: CONFIG@LABEL, provenance, report, compare across nodes, bad input"
