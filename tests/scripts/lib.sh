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
