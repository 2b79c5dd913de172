# Shared helpers for the shell tests: $1 = source dir, $2 = build dir.
set -u
SRC=$1
BUILD=$2
OMPKIT="$BUILD/driver/ompkit"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
pass() { echo "PASS: $*"; exit 0; }
config_enabled() { grep -q "\"name\": \"$1\", \"model\": \"[a-z_]*\", \"enabled\": true" "$BUILD/ompkit-configs.json"; }
bench() { echo "$BUILD/configs/$1/ompkit-bench"; }
# compare_rc WANT ARGS...: ompkit compare ARGS must exit WANT; its output in $TMP/out and $TMP/err.
compare_rc() {
  want=$1; shift
  set +e
  "$OMPKIT" compare "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { head -40 "$TMP/out"; cat "$TMP/err"; fail "compare $*: exit $rc, want $want"; }
}
