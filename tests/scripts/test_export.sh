# ompkit export --lnt / --lit on a fixture: each file has LNT's format 2 or lit's JSON structure
# (test_export_format), one LNT file per configuration, and the metrics carry the fixture's values.
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/nightly/baseline"
V="$BUILD/tests/test_export_format"
"$OMPKIT" export "$F" --lnt "$TMP/lnt" --lit "$TMP/lit.json" >"$TMP/out" || { cat "$TMP/out"; fail "export failed"; }
[ "$(ls "$TMP/lnt" | wc -l)" = 3 ] || fail "want one LNT file per configuration: $(ls "$TMP/lnt")"
"$V" lnt "$TMP"/lnt/*.lnt.json || fail "LNT structure"
"$V" lit "$TMP/lit.json" || fail "lit structure"
L="$TMP/lnt/target-clang19.lnt.json"
tr -d ' \n' <"$L" >"$TMP/flat"
grep -q '"name":"gpu1__target-clang19"' "$TMP/flat" || fail "machine name"
grep -q '"llvm_project_revision":"19.1.7"' "$TMP/flat" || fail "order field from the compiler version"
grep -q '"name":"barrier/omp_barrier_generic/type=int,threads=128,teams=1","execution_status":0,"execution_time":1.02e-0\?7,"per_op_cycles":201.0,"registers":18,"smem_bytes":0,"remark_count":1,"remarks":"OMP120"' "$TMP/flat" ||
  fail "primitive metrics: $(grep -o '"name":"barrier[^}]*' "$TMP/flat")"
grep -q '"name":"critical_add/omp_set_lock_spmd/type=int,threads=32,teams=1","execution_status":2}' "$TMP/flat" ||
  fail "a known defect is status 2 (XFAIL) without a time"
tr -d ' \n' <"$TMP/lit.json" >"$TMP/litflat"
grep -q '"name":"ompkit::target-clang19/critical_add/omp_set_lock_spmd/type=int,threads=32,teams=1","code":"XFAIL"' "$TMP/litflat" ||
  fail "lit XFAIL"
grep -q '"code":"PASS","elapsed":0.0431,"output":"ok","metrics":{"exec_time":0.0431}' "$TMP/litflat" || fail "lit exec_time"
# A broken file is caught by the validator (so the checks above can fail).
sed 's/"format_version": "2"/"format_version": "1"/' "$L" >"$TMP/bad.json"
! "$V" lnt "$TMP/bad.json" 2>/dev/null || fail "validator accepted format_version 1"
set +e
"$OMPKIT" export "$F" >"$TMP/out" 2>"$TMP/err"; rc1=$?
"$OMPKIT" export "$TMP/nope" --lnt "$TMP/x" >"$TMP/out" 2>"$TMP/err2"; rc2=$?
set -e
[ $rc1 = 2 ] && [ $rc2 = 2 ] || fail "bad input: exit $rc1 / $rc2, want 2"
pass "LNT report format 2 and lit JSON"
