# The kit's own target-gcc12 markers (EXPECT-FAIL[gcc-12] in the real kernel sources) on the H200
# run's failure: state_machine/known under GCC 12 ended with `libgomp: device finalization failed`
# and exit 1 (docs/findings/gcc12-thread-limit-past-warps.md). A gcc-12 configuration gets a known
# defect; the same crash under clang-19 is still a failure.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/g/artefacts"
cat >"$M/configs/g/ompkit-bench" <<'EOT'
#!/bin/sh
case "$1" in
  --list) echo '{"kernel":"state_machine","variant":"known","source_mode":"generic"}' ;;
  --info) echo '{"flags":"-O3"}' ;;
  --probe) echo '{"devices":1,"device_name":"fake GPU"}' ;;
  --run) echo '{"event":"begin","kernel":"state_machine","variant":"known"}'
    echo 'libgomp: device finalization failed' >&2; exit 1 ;;
esac
EOT
chmod +x "$M/configs/g/ompkit-bench"
manifest() { # $1 compiler, $2 version
  cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "offload_arch": "sm_90", "source_dir": "$SRC", "configs": [
{"name": "g", "model": "omp_target", "enabled": true, "needs_gpu": true, "compiler": "$1",
 "compiler_version": "$2", "bench": "configs/g/ompkit-bench", "artefacts": "configs/g/artefacts"}]}
EOT
}
manifest /usr/bin/gcc-12 "gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0"
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" >"$TMP/log" 2>&1 ||
  { cat "$TMP/log"; fail "a marked gcc-12 crash should leave exit 0"; }
R="$TMP/r/latest/results.jsonl"
grep -q '"status":"known defect".*"error":"crashed' "$R" || fail "gcc-12 crash not a known defect: $(cat "$R")"
grep -q '"expect_fail":"EXPECT-FAIL\[gcc-12\]: crashed (.*gcc12-thread-limit-past-warps.md) at .*state_machine.c' "$R" ||
  fail "the marker is not recorded: $(cat "$R")"
manifest /usr/bin/clang-19 "Debian clang version 19.1.7 (3+b1)"
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r2" >"$TMP/log" 2>&1 &&
  fail "the same crash under clang-19 must fail the run"
grep -q '"status":"crashed' "$TMP/r2/latest/results.jsonl" || fail "clang-19's crash: $(cat "$TMP/r2/latest/results.jsonl")"
pass "state_machine/known's GCC 12 crash is a known defect under gcc-12 only"
