# ompkit run applies EXPECT-FAIL markers (remarks/expect.h): a variant that fails as marked is a
# `known defect` and leaves the exit status alone; a marked variant that passes is `fixed?` (exit 1,
# as lit's XPASS); a marked `not built` variant the bench lacks gets its known-defect line; a
# failure other than the marked one, or under another compiler, still fails.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/kd/artefacts" "$M/src/kernels/native"
cat >"$M/configs/kd/ompkit-bench" <<'EOT'
#!/bin/sh
line() { echo "{\"kernel\":\"k\",\"variant\":\"$1\",\"status\":\"$2\",\"threads\":2,\"time_s\":{\"median\":0.5}}"; }
case "$1" in
  --list) for v in lost fixed other plain; do echo "{\"kernel\":\"k\",\"variant\":\"$v\",\"source_mode\":\"host\"}"; done ;;
  --info) echo '{"flags":"-O0"}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run)
    case "$2" in
      k/lost) line lost "wrong result"; exit 1 ;;
      k/fixed) line fixed ok ;;
      k/other) line other timeout; exit 1 ;;
      k/plain) line plain ok ;;
    esac ;;
esac
EOT
chmod +x "$M/configs/kd/ompkit-bench"
cat >"$M/src/kernels/native/k.c" <<'EOT'
// EXPECT-FAIL[clang-19]: wrong result (docs/offload-gaps.md#lock)
OK_REGISTER(k, lost, "host", T, f)
// EXPECT-FAIL[clang-19]: wrong result (a fixed one)
OK_REGISTER(k, fixed, "host", T, f)
// EXPECT-FAIL[kd]: wrong result (marked by configuration name)
OK_REGISTER(k, other, "host", T, f)
// EXPECT-FAIL[clang-19]: not built (docs/offload-gaps.md#critical)
OK_REGISTER(k, absent, "host", T, f)
// EXPECT-FAIL[clang-16]: wrong result (another compiler's)
OK_REGISTER(k, plain, "host", T, f)
EOT
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "offload_arch": "sm_90", "source_dir": "$M/src", "configs": [
{"name": "kd", "model": "native", "enabled": true, "needs_gpu": false, "compiler": "/usr/bin/clang-19",
 "compiler_version": "Debian clang version 19.1.7 (3+b1)", "bench": "configs/kd/ompkit-bench", "artefacts": "configs/kd/artefacts"}]}
EOT
run() { # run WANT_RC [run options]
  want=$1; shift
  set +e
  OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" "$@" >"$TMP/log" 2>&1
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/log"; fail "run $*: exit $rc, want $want"; }
  R="$TMP/r/latest/results.jsonl"
}
run 1
grep -q '"variant":"lost","status":"known defect: wrong result"' "$R" || fail "marked failure not a known defect: $(cat "$R")"
grep -q '"variant":"lost".*"expect_fail":"EXPECT-FAIL\[clang-19\]: wrong result (docs/offload-gaps.md#lock) at .*k.c:1"' "$R" ||
  fail "marker not recorded on the line"
grep -q 'k/lost: known defect (1 line(s) failed as marked)' "$TMP/log" || fail "known defect not logged"
grep -q 'k/fixed: fixed? every line passed, but EXPECT-FAIL\[clang-19\]: wrong result (a fixed one)' "$TMP/log" || fail "fixed? not logged"
grep -q '"variant":"fixed","status":"ok"' "$R" || fail "a fixed variant's line keeps ok"
grep -q '"variant":"other","status":"timeout"' "$R" || fail "a failure other than the marked one was hidden"
grep -q '"variant":"absent","status":"known defect: not built","error":"docs/offload-gaps.md#critical"' "$R" ||
  fail "marked not-built variant not recorded"
grep -q '"variant":"plain","status":"ok"' "$R" && ! grep -q '"variant":"plain".*expect_fail' "$R" ||
  fail "another compiler's marker applied"
grep -q '4 run(s), 2 failed' "$TMP/log" || fail "failures: fixed? and the timeout count, the known defects not: $(tail -3 "$TMP/log")"
grep -q '2 known defect(s) (EXPECT-FAIL, not counted as failures), 1 fixed?' "$TMP/log" || fail "summary line"
# Only known defects fail: exit 0.
run 0 --filter 'k/(lost|absent|plain)'
grep -q '"variant":"absent","status":"known defect: not built"' "$R" || fail "not-built line under --filter"
run 0 --filter 'k/plain'
! grep -q '"variant":"absent"' "$R" || fail "--filter did not leave out the not-built line"
# Sources that cannot be read: a warning, and every failure counts.
sed -i "s|$M/src|$TMP/nope|" "$M/ompkit-configs.json"
run 1 --filter 'k/lost'
grep -q 'warning: known defects not read (kernel sources not found at' "$TMP/log" || fail "no warning without sources"
grep -q '"variant":"lost","status":"wrong result"' "$R" || fail "without markers the failure stays"
pass "known defect, fixed?, not built, other failures, other compilers"
