# The ./ompkit entry script relays CMake's per-configuration lines once prefixed:
# "ompkit: config native-gcc: enabled", not "ompkit: ompkit config ...". CMake and the bootstrap
# are stand-ins here: only the script's own text handling is under test.
. "$(dirname "$0")/lib.sh"
R="$TMP/root"
mkdir -p "$R/scripts" "$TMP/bin"
cp "$SRC/ompkit" "$R/ompkit"
echo 'exit 0' >"$R/scripts/bootstrap.sh"
cat >"$TMP/bin/cmake" <<'EOT'
#!/bin/sh
case "$1" in
  -S) echo "-- The C compiler identification is GNU"
      echo "-- ompkit config native-gcc: enabled"
      echo "-- ompkit config cuda-nvcc: disabled (nvcc not found)" ;;
  --build) : ;;
esac
EOT
chmod +x "$TMP/bin/cmake"
PATH="$TMP/bin:$PATH" OMPKIT_BUILD_DIR="$TMP/b" sh "$R/ompkit" build 2>"$TMP/err" || fail "script failed: $(cat "$TMP/err")"
grep -q '^ompkit: config native-gcc: enabled$' "$TMP/err" || fail "log: $(cat "$TMP/err")"
grep -q '^ompkit: config cuda-nvcc: disabled (nvcc not found)$' "$TMP/err" || fail "log: $(cat "$TMP/err")"
grep -q 'ompkit: ompkit' "$TMP/err" && fail "prefix twice: $(cat "$TMP/err")"
pass "configuration lines prefixed once"
