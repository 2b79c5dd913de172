# An offload that runs on the host is a failure: force it with OMP_TARGET_OFFLOAD=DISABLED.
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
set +e
OMP_TARGET_OFFLOAD=DISABLED "$(bench target-clang19)" --run all --teams 2 --threads 4 --iters 10 --runs 1 \
  >"$TMP/out" 2>"$TMP/err"
rc=$?
set -e
sed -i '/^{"event":/d' "$TMP/out" # the begin/end brackets around each variant
[ $rc = 1 ] || fail "host fallback exited $rc, want 1"
n=$(grep -c '"status":"ran on host"' "$TMP/out")
want=$("$(bench target-clang19)" --list | grep -c '"kernel"')
[ "$n" = "$want" ] || fail "expected all $want variants flagged 'ran on host', got: $(cat "$TMP/out")"
grep -q '"on_device":true' "$TMP/out" && fail "a host run claims on_device"
pass "host fallback detected for all $n variants"
