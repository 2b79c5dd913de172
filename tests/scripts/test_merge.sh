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
# A part whose study did not end (its Slurm job cancelled, failed, its node lost): merged with
# its finished variants only, named with its --resume command, exit 1. ompkit run writes
# timing.json when the study ends (stopped_by when a signal stopped it) and done.jsonl per
# finished variant; a study killed outright leaves no timing.json. CTest slurm_cluster makes such
# folders with real jobs.
part() { # part DIR DONE-VARIANTS...: a copy of $B whose study finished only those variants
  d=$1; shift
  mkdir -p "$d"
  cp "$B/results.jsonl" "$B/provenance.json" "$d/"
  for v in "$@"; do
    echo "{\"config\":\"${v%%/*}\",\"kernel\":\"$(echo "$v" | cut -d/ -f2)\",\"variant\":\"${v##*/}\",\"repeat\":0,\"lines\":1,\"wall_s\":0.1}"
  done >"$d/done.jsonl"
}
part "$TMP/stopped" native-gcc/atomic_add_scalar/host target-clang19/atomic_add_scalar/spmd
echo '{"variants": 6, "finished": 2, "stopped_by": "SIGTERM"}' >"$TMP/stopped/timing.json"
part "$TMP/killed" target-clang19/barrier/omp_barrier_generic
part "$TMP/whole" native-gcc/atomic_add_scalar/host
echo '{"variants": 1}' >"$TMP/whole/timing.json"
set +e
"$OMPKIT" merge "$TMP/mi" "$TMP/whole=ok" "$TMP/stopped=cut" "$TMP/killed=lost" >"$TMP/out" 2>"$TMP/err"
rc=$?
set -e
[ $rc = 1 ] || fail "merge with incomplete parts: exit $rc, want 1: $(cat "$TMP/out" "$TMP/err")"
grep -q "^merge: part cut is missing its unfinished variants: stopped by SIGTERM after 2 of 6 variant run(s) in $TMP/stopped; .*ompkit run --resume $TMP/stopped\`" "$TMP/out" ||
  fail "stopped part not named: $(cat "$TMP/out")"
grep -q "^merge: part lost is missing its unfinished variants: its study did not end (killed, or its node lost) after 1 finished variant run(s) in $TMP/killed;" "$TMP/out" ||
  fail "killed part not named: $(cat "$TMP/out")"
! grep -q 'part ok ' "$TMP/out" || fail "a finished part named as missing"
grep -q '^merge: 2 of 3 part(s) incomplete$' "$TMP/out" || fail "count of incomplete parts: $(cat "$TMP/out")"
R="$TMP/mi/results.jsonl"
[ "$(grep -c '@ok"' "$R")" = "$nb" ] || fail "a finished part lost lines: its done.jsonl is not a filter"
[ "$(grep -c '@cut"' "$R")" = 2 ] && [ "$(grep -c '@lost"' "$R")" = 1 ] || fail "unfinished variants merged: $(grep -o '"config":"[^"]*@[a-z]*","[^}]*"variant":"[^"]*"' "$R")"
grep -q '"config":"target-clang19@lost","model":"omp_target","kernel":"barrier","variant":"omp_barrier_generic"' "$R" || fail "the killed part's finished variant"
tr -d ' \n' <"$TMP/mi/provenance.json" >"$TMP/flat"
# (each entry: label first, complete and missing last; the GPU object between them)
grep -o '"label":"[a-z]*"\|"complete":[a-z]*\|"missing":"[^"]*"' "$TMP/flat" | tr '\n' ' ' >"$TMP/states"
[ "$(cat "$TMP/states")" = '"label":"ok" "complete":true "label":"cut" "complete":false "missing":"stoppedbySIGTERMafter2of6variantrun(s)" "label":"lost" "complete":false "missing":"itsstudydidnotend(killed,oritsnodelost)after1finishedvariantrun(s)" ' ] ||
  fail "merged_from's part states: $(cat "$TMP/states")"
grep -q '| part lost | host gpu1, .*INCOMPLETE: its study did not end' "$TMP/mi/report.md" || fail "report does not flag the killed part"
# Compile data (--compile-only, a build machine without a GPU) merges with any sweep, renamed.
mkdir -p "$TMP/co"
sed 's/"sweep": "quick"/"sweep": "compile-only"/' "$B/provenance.json" >"$TMP/co/provenance.json"
: >"$TMP/co/results.jsonl"
echo '{"config":"target-clang19","kernel":"k_l1","kernel_id":"a.c:1:k","static_mode":"SPMD","registers":8}' >"$TMP/co/compile.jsonl"
"$OMPKIT" merge "$TMP/mc" "$TMP/co=cc" "$TMP/full=fu" >"$TMP/out" 2>&1 || fail "compile-only with a full run: $(cat "$TMP/out")"
grep -q '"config":"target-clang19@cc","kernel":"k_l1"' "$TMP/mc/compile.jsonl" || fail "compile data not merged"
grep -q '"sweep": "full"' "$TMP/mc/provenance.json" || fail "merged sweep is not the measured part's"
[ ! -e "$TMP/m/compile.jsonl" ] || fail "a merge without compile data wrote compile.jsonl"
# The LNT export of a merged folder: CONFIG@LABEL is CONFIG on machine LABEL.
"$OMPKIT" export "$TMP/m" --lnt "$TMP/lnt" >/dev/null || fail "export of the merged folder"
tr -d ' \n' <"$TMP/lnt/target-clang19@h200.lnt.json" | grep -q '"machine":{"name":"h200__target-clang19",' || fail "merged LNT machine name"
pass "merge: CONFIG@LABEL, provenance, report, compare across nodes, bad input, incomplete parts, compile data, LNT"
