# ompkit-bench filters: a --type no point of the variant has says so on stderr and exits 2 (not
# begin/end and silence); --threads N is honoured even when N is the default (it used to mean
# "not given" and ran the whole sweep).
. "$(dirname "$0")/lib.sh"
cfg=native-gcc
config_enabled "$cfg" || skip "$cfg disabled"
B=$(bench "$cfg")
set +e
"$B" --run barrier --type int --runs 3 >"$TMP/out" 2>"$TMP/err"
rc=$?
set -e
[ $rc = 2 ] || fail "barrier --type int: exit $rc, want 2 (out: $(cat "$TMP/out"))"
grep -q 'no point matches' "$TMP/err" || fail "nothing said on stderr: $(cat "$TMP/err")"
! grep -q '"status"' "$TMP/out" || fail "a point was printed: $(cat "$TMP/out")"
# One variant matching and one not: the run is not empty, so it is not an error.
"$B" --run barrier --run atomic_update --type int --runs 3 --budget-ms 1 --threads 2 >"$TMP/out" 2>"$TMP/err" ||
  fail "a filter that matches some points exited non-zero: $(cat "$TMP/err")"
grep -q 'barrier/omp_barrier: no point matches' "$TMP/err" || fail "the empty variant not named: $(cat "$TMP/err")"
# The default team size given explicitly: exactly that size, once per point of the sweep.
n=3
OMP_NUM_THREADS=$n "$B" --run atomic_update --type int --threads $n --runs 3 --budget-ms 1 >"$TMP/out" 2>"$TMP/err" ||
  fail "--threads $n: $(cat "$TMP/err")"
got=$(grep '"status"' "$TMP/out" | grep -o '"threads":[0-9]*' | sort -u | tr '\n' ' ')
[ "$got" = "\"threads\":$n " ] || fail "--threads $n (the default) ran threads: $got"
pass "bench filters: empty selection exits 2, default-valued --threads honoured"
