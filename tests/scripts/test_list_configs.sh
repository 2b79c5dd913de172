# `ompkit list --configs`: an enabled configuration carries no reason (CMake writes one before its
# probe decides), a disabled one keeps why.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M"
cat >"$M/ompkit-configs.json" <<'EOT'
{"ompkit_manifest": 1, "configs": [
 {"name": "on", "model": "native", "enabled": true, "reason": "clang-19 not found (bootstrap installs clang-19)", "compiler_version": "clang 19", "needs_gpu": false, "bench": "b", "artefacts": "a"},
 {"name": "off", "model": "cuda", "enabled": false, "reason": "nvcc not found at /nonexistent", "compiler_version": "", "needs_gpu": true, "bench": "b", "artefacts": "a"}]}
EOT
export OMPKIT_MANIFEST="$M/ompkit-configs.json"
"$OMPKIT" list --json --configs >"$TMP/out" || fail "list --json --configs failed"
grep '"config":"on"' "$TMP/out" | grep -q '"reason"' && fail "enabled config has a reason: $(cat "$TMP/out")"
grep '"config":"off"' "$TMP/out" | grep -q '"reason":"nvcc not found at /nonexistent"' || fail "disabled reason lost: $(cat "$TMP/out")"
"$OMPKIT" list --configs >"$TMP/out" || fail "list --configs failed"
grep -q 'not found' "$TMP/out" && grep '^on ' "$TMP/out" | grep -q 'not found' && fail "enabled config shows a reason: $(cat "$TMP/out")"
grep -q '^off .*disabled  nvcc not found' "$TMP/out" || fail "text: $(cat "$TMP/out")"
pass "enabled configurations carry no reason; disabled ones keep theirs"
