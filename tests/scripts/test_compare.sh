# ompkit compare on hand-made result folders (tests/fixtures/compare/): a real slowdown, a lost
# OMP120, a timeout, gained globalization, more registers and a demoted mode are regressions
# (exit 1); a change inside the recorded spread is not (exit 0); bad input is one line, exit 2.
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/compare"
cmp() { # cmp WANT_RC B [options]: compare base with B, output in $TMP/out
  want=$1 b=$2; shift 2
  set +e
  "$OMPKIT" compare "$F/base" "$F/$b" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "compare base $b $*: exit $rc, want $want"; }
}
has() { grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }
hasnt() { ! grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }

cmp 0 base
hasnt 'REGRESSION' "identical folders flagged"
has '^same  *target-clang19  *barrier/generic  *type=team threads=64 teams=1' "sweep point not matched by its point fields"

cmp 0 noise
has '^noise  *target-clang19  *atomic_add_scalar/spmd .*+8.2%' "change inside the spread not called noise"
has '^noise  *target-clang19  *barrier/generic .*per_op_ns +10.0%' "per_op_ns change inside the spread not called noise"
hasnt 'REGRESSION' "noise flagged as a regression"

cmp 1 slower
has '^REGRESSION  *target-clang19  *atomic_add_scalar/spmd .*+40.2%.*B min 0.01712 > A max 0.01276' "slowdown not flagged"
[ "$(grep -c REGRESSION "$TMP/out")" = 2 ] || fail "more than the one slow point flagged (+ summary line)"
cmp 0 slower --time-threshold 50
has '^same  *target-clang19  *atomic_add_scalar/spmd' "--time-threshold 50 not honoured"

# A whole kernel timed on the wall (its timer says so): from one process a side it counts only
# beyond --wall-threshold (default 100 %: its level is the process's), over repeats by the rank test.
for d in base slower; do
  mkdir -p "$TMP/wall-$d" && cp "$F/$d/provenance.json" "$TMP/wall-$d/"
  sed 's/"status":"ok"/"status":"ok","timer":"omp_get_wtime around the target region"/' "$F/$d/results.jsonl" >"$TMP/wall-$d/results.jsonl"
done
wcmp() { # wcmp WANT_RC [options]: the wall-timed pair
  want=$1; shift
  set +e
  "$OMPKIT" compare "$TMP/wall-base" "$TMP/wall-slower" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "compare wall-base wall-slower $*: exit $rc, want $want"; }
}
wcmp 0
has '^noise  *target-clang19  *atomic_add_scalar/spmd .*+40.2%' "a wall-timed +40 % from one process a side is not within --wall-threshold"
has 'within --wall-threshold 100%' "the note does not say why"
wcmp 1 --wall-threshold 30
has '^REGRESSION  *target-clang19  *atomic_add_scalar/spmd .*+40.2%.*B min 0.01712 > A max 0.01276' "--wall-threshold 30: the slowdown not flagged"

cmp 1 lost-omp120
has '^REGRESSION  *target-clang19  *barrier/generic  *type=team threads=128 teams=1 .*lost OMP120' "lost OMP120 not flagged"

cmp 1 broken
has '^REGRESSION .*atomic_add_scalar/generic .*status ok -> timeout' "ok -> timeout not flagged"
has '^REGRESSION .*atomic_add_scalar/spmd .*registers 28 -> 40; gained OMP112' "registers/OMP112 not flagged"
has '^REGRESSION .*barrier/generic  *type=team threads=64 .*mode SPMD -> Generic' "mode demotion not flagged"
cmp 1 broken --reg-threshold 20
has 'registers 28 -> 40 (within --reg-threshold)' "--reg-threshold not honoured"
cmp 1 broken --json
has '"verdict": "regression"' "--json lacks verdicts"
has '"regressions": \[' "--json lacks reasons"
has '"lost": \[\]' "--json lacks remark changes"
has '"regression_if_lost": \[' "--json lacks the rule set"

# Two configurations of one run: real lines of the H200 quick run (docs/results/2026-11-23-h200-final).
set +e
"$OMPKIT" compare "$F/configs" --configs target-clang19,target-clang19-cudamode >"$TMP/out" 2>"$TMP/err"
rc=$?
set -e
[ $rc = 1 ] || { cat "$TMP/out" "$TMP/err"; fail "compare --configs: exit $rc, want 1"; }
has '^REGRESSION  *target-clang19 vs target-clang19-cudamode  *state_machine/known .*status ok -> wrong result' "cross-config failure"
has '^improved  *target-clang19 vs target-clang19-cudamode  *globalization/escapes .*-99\.9%.*lost OMP112' "globalization difference"
has 'spmd_modes/spmdized .*registers 48 -> 44' "register difference"
has 'changed: flags: .* (target-clang19) -> .*-fopenmp-cuda-mode.* (target-clang19-cudamode)' "flags difference"
has '^REGRESSION .*spmd_modes/amenable .*registers 38 -> 48' "register growth across configurations"
[ "$(grep -c '^REGRESSION' "$TMP/out")" = 5 ] || fail "want the 4 wrong results and amenable's registers as regressions"
# Two runs, one configuration of each: the same rules.
"$OMPKIT" compare "$F/configs" "$F/configs" --configs target-clang19,target-clang19 >"$TMP/out"
has '^same  *target-clang19 vs target-clang19  *spmd_modes/combined' "a configuration against itself"
"$OMPKIT" compare "$F/configs" --configs target-clang19,target-clang19-cudamode --json >"$TMP/out" || true
has '"config": "target-clang19 vs target-clang19-cudamode"' "--json rows"

bad() { # bad DESCRIPTION ARGS...
  d=$1; shift
  set +e
  "$OMPKIT" compare "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] || fail "$d: exit $rc, want 2"
  [ "$(wc -l <"$TMP/err")" = 1 ] || fail "$d: stderr is not one line: $(cat "$TMP/err")"
  grep -q '^ompkit: compare: ' "$TMP/err" || fail "$d: message not prefixed: $(cat "$TMP/err")"
  [ ! -s "$TMP/out" ] || fail "$d: wrote to stdout"
}
bad "missing folder" "$F/base" "$TMP/nope"
bad "--configs with one name" "$F/configs" --configs target-clang19
bad "--configs unknown" "$F/configs" --configs target-clang19,nope
bad "one folder without --configs" "$F/configs"
bad "no results.jsonl" "$F/base" "$F"
bad "no provenance" "$F/base" "$F/noprov"
grep -q 'refusing a result folder without provenance' "$TMP/err" || fail "no-provenance message: $(cat "$TMP/err")"
bad "malformed line" "$F/badline" "$F/base"
bad "one folder" "$F/base"
bad "bad threshold" "$F/base" "$F/base" --time-threshold fast
bad "unknown option" "$F/base" "$F/base" --bogus
# A quick run against a full one: different points and work sizes, refused.
for s in quick full; do
  mkdir -p "$TMP/$s"
  cp "$F/base/results.jsonl" "$TMP/$s/"
  sed 's/^{/{"sweep": "'$s'",/' "$F/base/provenance.json" >"$TMP/$s/provenance.json"
done
bad "quick against full" "$TMP/quick" "$TMP/full"
grep -q 'is a quick run and .* a full run' "$TMP/err" || fail "sweep message: $(cat "$TMP/err")"
"$OMPKIT" compare "$TMP/quick" "$TMP/quick" >/dev/null || fail "two quick runs refused"
pass "compare flags regressions, not noise; bad input exits 2"
