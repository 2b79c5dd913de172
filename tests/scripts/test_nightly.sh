# ompkit nightly's verdict on stored result sets (tests/fixtures/nightly/, --result: no build, no
# study): one that holds, a lost OMP120, a new failure, a fixed known defect, a broken EXPECT line.
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/nightly"
nightly() { # nightly WANT_RC RESULT: report in $TMP/RESULT
  want=$1 r=$2
  set +e
  "$OMPKIT" nightly --baseline "$F/baseline" --result "$F/$r" --out "$TMP/$r" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "nightly $r: exit $rc, want $want"; }
  [ -s "$TMP/$r/nightly.md" ] && [ -s "$TMP/$r/nightly.json" ] || fail "nightly $r: no report"
}
has() { grep -q -- "$2" "$TMP/$1/nightly.md" || { cat "$TMP/$1/nightly.md"; fail "$1: $3"; }; }

nightly 0 holds
has holds '^# ompkit nightly: holds (exit 0)' "verdict line"
has holds '## Known defects, failing as marked (3)' "known defects not listed"
has holds 'target-clang19 critical_add/omp_set_lock_spmd: EXPECT-FAIL\[clang-19\]: wrong result' "lock defect"
has holds 'target-clang19 critical_add/omp_critical_spmd: EXPECT-FAIL\[clang-19\]: not built' "omp critical defect"
has holds '## Regressions against the baseline (0)' "regressions in an unchanged set"
grep -q 'holds: 0 regression(s), 0 failure(s), 0 broken expectation(s), 0 fixed?, 3 known defect(s)' "$TMP/out" ||
  fail "summary line: $(cat "$TMP/out")"

nightly 1 lost-omp120
has lost-omp120 'target-clang19 barrier/omp_barrier_generic type=int threads=128 teams=1: lost OMP120' "lost OMP120"
has lost-omp120 '## Failures no EXPECT-FAIL marks (0)' "a lost remark is no failure"

nightly 1 new-failure
has new-failure '## Failures no EXPECT-FAIL marks (1)' "new failure not counted"
has new-failure 'target-clang19 atomic_add_scalar/spmd threads=128 teams=128: wrong result: element 7 is 0' "failure line"
has new-failure 'status ok -> wrong result' "compare's regression"

nightly 1 fixed
has fixed '## Known defects that passed (fixed?: remove the marker if the fix holds) (1)' "fixed? not listed"
has fixed 'critical_add/omp_set_lock_spmd: fixed? 1 point(s) passed under EXPECT-FAIL\[clang-19\]' "fixed? line"
has fixed '## Known defects, failing as marked (2)' "the other defects stay known"
has fixed '## Failures no EXPECT-FAIL marks (0)' "a fixed defect is no failure"

nightly 1 broken-check
has broken-check '## Broken EXPECT lines (ompkit check) (1)' "broken expectation"
has broken-check 'barrier.c:40: EXPECT-REMARK: OMP120 \[target-clang19\]' "broken expectation line"

# JSON for machines.
grep -q '"verdict": "finding"' "$TMP/fixed/nightly.json" || fail "nightly.json verdict"
[ -s "$TMP/lost-omp120/compare.json" ] || fail "compare.json not kept"

# The report lists known defects and the fixed? one apart from failures.
cp -r "$F/fixed" "$TMP/rep"
"$OMPKIT" report "$TMP/rep" >/dev/null 2>&1 || fail "report of the fixed set failed"
grep -q 'critical_add/omp_set_lock_spmd.*fixed?' "$TMP/rep/report.md" || fail "report lacks the fixed? item"
grep -q 'state_machine/known.*known defect at 1 of 1 marked point' "$TMP/rep/report.md" || fail "report lacks the known defect"
grep -q 'variants: [0-9]* ([0-9]* passed, 0 failed' "$TMP/rep/report.md" || fail "known defects counted as failures in the report: $(grep -m1 results "$TMP/rep/report.md")"

# The whole job, with a stand-in kit: its `ompkit build` records the LLVM and build folder it got
# and installs a stand-in driver, whose `check` and `run` give a stored check and result folder.
M="$TMP/kit"
mkdir -p "$M/src" "$TMP/llvm/bin"
cat >"$M/src/ompkit" <<EOT
#!/bin/sh
[ "\$1" = build ] || exit 2
echo "llvm=\${OMPKIT_LLVM:-} build=\$OMPKIT_BUILD_DIR" >"$TMP/built"
[ -z "\${FAIL_BUILD:-}" ] || { echo "compiler exploded" >&2; exit 1; }
mkdir -p "\$OMPKIT_BUILD_DIR/driver"
cat >"\$OMPKIT_BUILD_DIR/driver/ompkit" <<'EOD'
#!/bin/sh
case "\$1" in
  check) cat "\$RESULT/check.json"; exit 0 ;;
  run) echo "\$*" >"\$ARGS"; mkdir -p "\$4/s1"; cp "\$RESULT"/*.json* "\$4/s1/"; ln -s s1 "\$4/latest"; exit 0 ;;
esac
exit 2
EOD
chmod +x "\$OMPKIT_BUILD_DIR/driver/ompkit"
EOT
echo '{"ompkit_manifest": 1, "source_dir": "'"$M/src"'", "configs": []}' >"$M/ompkit-configs.json"
job() { # job WANT_RC RESULT [nightly options]
  want=$1 r=$2; shift 2
  set +e
  OMPKIT_MANIFEST="$M/ompkit-configs.json" RESULT="$F/$r" ARGS="$TMP/args" \
    "$OMPKIT" nightly --baseline "$F/baseline" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "nightly job $r $*: exit $rc, want $want"; }
}
job 0 holds --llvm "$TMP/llvm" --out "$TMP/j1"
grep -qx "llvm=$TMP/llvm build=$TMP/j1/build" "$TMP/built" || fail "build env: $(cat "$TMP/built")"
# Three repeats by default: compare judges timings over repeats (issue 29).
grep -qx "run --quick --out $TMP/j1/study --repeat 3" "$TMP/args" || fail "study arguments: $(cat "$TMP/args")"
[ -s "$TMP/j1/check.json" ] && [ -s "$TMP/j1/nightly.md" ] && [ -s "$TMP/j1/compare.json" ] || fail "job outputs"
grep -q '^- llvm: `'"$TMP/llvm"'`' "$TMP/j1/nightly.md" || fail "report names the LLVM"
job 1 lost-omp120 --llvm "$TMP/llvm" --full --out "$TMP/j2"
grep -qx "run --full --out $TMP/j2/study --repeat 3" "$TMP/args" || fail "--full not passed: $(cat "$TMP/args")"
job 0 holds --out "$TMP/j3" --repeat 1 --gpus all  # no --llvm: the kit's own build folder, brought up to date
grep -qx "run --quick --out $TMP/j3/study --repeat 1 --gpus all" "$TMP/args" || fail "--repeat/--gpus not passed: $(cat "$TMP/args")"
grep -qx "llvm= build=$M" "$TMP/built" || fail "build without --llvm: $(cat "$TMP/built")"
job 1 broken-check --compile-only --out "$TMP/j4"
grep -qx "run --compile-only --out $TMP/j4/study" "$TMP/args" || fail "--compile-only: study arguments: $(cat "$TMP/args")"
grep -q 'Broken EXPECT lines (ompkit check) (1)' "$TMP/j4/nightly.md" || fail "compile-only verdict"
job 0 holds --compile-only --out "$TMP/j5"
FAIL_BUILD=1 job 2 holds --llvm "$TMP/llvm" --out "$TMP/j6"
grep -q 'the build failed' "$TMP/err" && grep -q 'compiler exploded' "$TMP/j6/nightly.log" || fail "build failure not reported"

# A baseline of several studies (--history, issue 29): the two-valued launch point of the 2xH100 A/A
# (tests/fixtures/compare/modes-*) is a regression against one study and none against two.
C="$SRC/tests/fixtures/compare"
for h in "" "--history $C/modes-hist"; do
  set +e
  "$OMPKIT" nightly --baseline "$C/modes-a" $h --result "$C/modes-b" --out "$TMP/modes" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  want=1; [ -n "$h" ] && want=0
  [ $rc = $want ] || { cat "$TMP/out" "$TMP/err"; fail "nightly on modes-b ${h:-alone}: exit $rc, want $want"; }
done
grep -q "modes-hist" "$TMP/modes/nightly.json" || fail "nightly.json does not name the --history study"

bad() { # bad DESCRIPTION ARGS...
  d=$1; shift
  set +e
  "$OMPKIT" nightly "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] || fail "$d: exit $rc, want 2"
  [ "$(wc -l <"$TMP/err")" = 1 ] || fail "$d: stderr is not one line: $(cat "$TMP/err")"
  grep -q '^ompkit: nightly: ' "$TMP/err" || fail "$d: message not prefixed: $(cat "$TMP/err")"
}
bad "no baseline" --result "$F/holds" --out "$TMP/x"
bad "missing baseline" --baseline "$TMP/nope" --result "$F/holds" --out "$TMP/x"
bad "baseline without results" --baseline "$F" --result "$F/holds" --out "$TMP/x"
bad "unknown option" --baseline "$F/baseline" --bogus
bad "--llvm not a folder" --baseline "$F/baseline" --llvm "$TMP/nope"
bad "--result with --compile-only" --baseline "$F/baseline" --result "$F/holds" --compile-only
pass "nightly: holds 0, lost OMP120 1, new failure 1, fixed? 1, broken check 1, bad input 2"
