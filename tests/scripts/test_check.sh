# ompkit check on the real build: every EXPECT of the catalogue holds (exit 0, under 5 s); a copy
# of a source with deliberately wrong expectations fails (exit 1) naming the kernel, the ID and
# the source line; malformed EXPECT lines and bad options are one-line errors (exit 2).
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
t0=$(date +%s%N)
"$OMPKIT" check >"$TMP/ok.out" 2>"$TMP/ok.err" || fail "check on the real build: exit $? $(cat "$TMP/ok.out" "$TMP/ok.err")"
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$ms" -lt 5000 ] || fail "check took $ms ms (limit 5000)"
grep -q ' 0 fail - all expectations hold' "$TMP/ok.out" || fail "no summary: $(cat "$TMP/ok.out")"
"$OMPKIT" check --json --config target-clang19 >"$TMP/ok.json" || fail "--json: exit $?"
grep -q '^{"ok":true,' "$TMP/ok.json" || fail "--json not ok: $(head -c 300 "$TMP/ok.json")"
grep -q '"directive":"EXPECT-MODE","value":"SPMD"' "$TMP/ok.json" || fail "--json lacks the SPMD mode check"

# Wrong expectations on a copy (same lines, so the built kernels still match): the generic kernel
# is not SPMDized (no OMP120) and the SPMD kernel is not generic.
src="$SRC/kernels/omp_target/atomic_add_scalar.c"
mkdir "$TMP/src"
sed -e 's|// EXPECT-NO-REMARK: OMP120|// EXPECT-REMARK: OMP120|' -e 's|// EXPECT-MODE: SPMD|// EXPECT-MODE: Generic|' \
  "$src" >"$TMP/src/atomic_add_scalar.c"
l120=$(grep -n 'EXPECT-REMARK: OMP120' "$TMP/src/atomic_add_scalar.c" | cut -d: -f1)
lmode=$(grep -n 'EXPECT-MODE: Generic$' "$TMP/src/atomic_add_scalar.c" | head -n 1 | cut -d: -f1)
[ -n "$l120" ] && [ -n "$lmode" ] || fail "could not plant the wrong expectations"
set +e
"$OMPKIT" check --config target-clang19 --sources "$TMP/src" >"$TMP/bad.out" 2>"$TMP/bad.err"
rc=$?
set -e
[ $rc = 1 ] || fail "wrong expectation: exit $rc, want 1: $(cat "$TMP/bad.out" "$TMP/bad.err")"
grep -q "^$TMP/src/atomic_add_scalar.c:$l120: error: EXPECT-REMARK: OMP120 \[target-clang19, clang-19\]" "$TMP/bad.out" \
  || fail "no error line for OMP120 at line $l120: $(cat "$TMP/bad.out")"
grep -A1 ":$l120: error" "$TMP/bad.out" | grep -q 'kernel: *__omp_offloading_[0-9a-f]*_[0-9a-f]*_atomic_add_scalar_generic_l[0-9]*' \
  || fail "the OMP120 error does not name the generic kernel"
grep -A3 ":$l120: error" "$TMP/bad.out" | grep -q 'observed: .*OMP121.*mode Generic' || fail "observed remarks not shown"
grep -A3 ":$lmode: error: EXPECT-MODE: Generic" "$TMP/bad.out" | grep -q 'observed: SPMD$' \
  || fail "no mode mismatch at line $lmode: $(cat "$TMP/bad.out")"
grep -q ' 2 fail$' "$TMP/bad.out" || fail "summary does not count 2 failures"

# Malformed EXPECT line: one line naming file:line, exit 2, no report.
printf 'int x;\n// EXPECT-MODE: spmdd\n#pragma omp target\n' >"$TMP/src/bad.c"
set +e
"$OMPKIT" check --sources "$TMP/src" >"$TMP/m.out" 2>"$TMP/m.err"
rc=$?
set -e
[ $rc = 2 ] || fail "malformed EXPECT: exit $rc, want 2"
[ "$(wc -l <"$TMP/m.err")" = 1 ] && grep -q "bad.c:2: EXPECT-MODE: mode must be" "$TMP/m.err" \
  || fail "malformed EXPECT message: $(cat "$TMP/m.err")"
[ ! -s "$TMP/m.out" ] || fail "a report was printed despite the malformed EXPECT"
for args in "--config native-gcc" "--config nope" "--compiler gcc-99" "--sources /nonexistent" "--bogus" \
            "--config target-clang19 --compiler clang-19"; do
  set +e
  # shellcheck disable=SC2086
  "$OMPKIT" check $args >/dev/null 2>"$TMP/e.err"
  rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/e.err")" = 1 ] || fail "check $args: exit $rc: $(cat "$TMP/e.err")"
done
pass "ompkit check: catalogue holds in $ms ms; wrong expectations exit 1 with kernel, ID and line"
