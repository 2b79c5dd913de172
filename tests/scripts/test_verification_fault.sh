# The native kernel verifies its result: a clean run passes, an injected extra update fails.
. "$(dirname "$0")/lib.sh"
cfg=$3
config_enabled "$cfg" || skip "$cfg disabled"
B=$(bench "$cfg")
"$B" --run atomic_add_scalar --threads 2 --iters 1000 --runs 2 >"$TMP/ok" || { cat "$TMP/ok"; fail "clean run failed"; }
grep -q '"status":"ok","verified":true' "$TMP/ok" || fail "clean run not verified: $(cat "$TMP/ok")"
grep -q '"threads":2' "$TMP/ok" || fail "thread count not recorded"
set +e
"$B" --run atomic_add_scalar --threads 2 --iters 1000 --runs 2 --inject-fault >"$TMP/bad"
rc=$?
set -e
[ $rc = 1 ] || fail "faulty run exited $rc, want 1"
grep -q '"status":"wrong result"' "$TMP/bad" || fail "fault not caught: $(cat "$TMP/bad")"
grep -q 'counter 2001, expected 2000' "$TMP/bad" || fail "fault detail: $(cat "$TMP/bad")"
pass "$cfg verification catches a wrong counter"
