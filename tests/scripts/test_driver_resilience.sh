# A bench that hangs, one that crashes and one that prints garbage are recorded as such; the
# study goes on and keeps the good result.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs"
mk() { # mk NAME BODY-FOR-RUN
  mkdir -p "$M/configs/$1/artefacts"
  cat >"$M/configs/$1/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) echo '{"kernel":"k","variant":"v","source_mode":"host"}' ;;
  --info) echo '{"flags":"-O0"}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run) $2 ;;
esac
EOT
  chmod +x "$M/configs/$1/ompkit-bench"
}
mk good 'echo "{\"config\":\"good\",\"kernel\":\"k\",\"variant\":\"v\",\"status\":\"ok\",\"time_s\":{\"median\":0.5}}"'
mk hang 'exec sleep 600'
mk crash 'kill -SEGV $$'
mk garbage 'echo "this is not json"; exit 0'
{
  echo '{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": ['
  for c in hang crash garbage; do
    echo "{\"name\": \"$c\", \"model\": \"native\", \"enabled\": true, \"needs_gpu\": false, \"bench\": \"configs/$c/ompkit-bench\", \"artefacts\": \"configs/$c/artefacts\"},"
  done
  echo '{"name": "good", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/good/ompkit-bench", "artefacts": "configs/good/artefacts"}'
  echo ']}'
} >"$M/ompkit-configs.json"
start=$(date +%s)
set +e
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" --timeout 2 >"$TMP/log" 2>&1
rc=$?
set -e
elapsed=$(( $(date +%s) - start ))
[ $rc = 1 ] || { cat "$TMP/log"; fail "exit $rc, want 1 (failures found)"; }
[ $elapsed -lt 30 ] || fail "took ${elapsed}s: the hang was not cut off"
R="$TMP/r/latest/results.jsonl"
grep -q '"config":"hang".*"status":"timeout"' "$R" || fail "hang not recorded as timeout"
grep -q '"config":"crash".*"status":"crashed","error":"SIGSEGV' "$R" || fail "crash not recorded"
grep -q '"config":"garbage".*"status":"malformed output"' "$R" || fail "garbage not recorded"
grep -q '"config":"good".*"status":"ok"' "$R" || fail "good result lost"
[ "$(wc -l <"$R")" = 4 ] || fail "expected 4 result lines"
grep -q '^good,native,k,v,,ok' "$TMP/r/latest/results.csv" || fail "CSV lacks the good row"
pass "timeout, crash and garbage recorded; good result kept (${elapsed}s)"
