# A bench that runs many variants per process (begin/end brackets): a hang or crash costs that
# variant only; the driver starts a new process for the rest; an all-good batch is one process.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/b/artefacts"
cat >"$M/configs/b/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) for v in v1 v2 v3 v4 v5; do echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"source_mode\":\"host\"}"; done ;;
  --info) echo '{"flags":"-O0","batch":true}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run)
    echo "\$*" >>"$TMP/spawns"
    while [ \$# -gt 0 ]; do
      [ "\$1" = --run ] || { shift; continue; }
      v=\${2#k/}; shift 2
      echo "{\"event\":\"begin\",\"kernel\":\"k\",\"variant\":\"\$v\"}"
      echo "launch line for \$v" >&2
      case \$v in
        v2) exec sleep 600 ;;
        v3) echo "about to fall over" >&2; kill -SEGV \$\$ ;;
        v4) echo "{\"kernel\":\"k\",\"variant\":\"v4\",\"status\":\"error\",\"error\":\"cuda: illegal address\"}"
            echo '{"event":"end","kernel":"k","variant":"v4","rc":1}'; exit 1 ;;
        *) echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"status\":\"ok\",\"time_s\":{\"median\":0.5}}" ;;
      esac
      echo "{\"event\":\"end\",\"kernel\":\"k\",\"variant\":\"\$v\",\"rc\":0}"
    done ;;
esac
EOT
chmod +x "$M/configs/b/ompkit-bench"
echo '{"ompkit_manifest": 1, "configs": [{"name": "b", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/b/ompkit-bench", "artefacts": "configs/b/artefacts"}]}' >"$M/ompkit-configs.json"
set +e
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" --timeout 2 >"$TMP/log" 2>&1
rc=$?
set -e
[ $rc = 1 ] || { cat "$TMP/log"; fail "exit $rc, want 1"; }
R="$TMP/r/latest/results.jsonl"
st() { grep "\"variant\":\"$1\"" "$R" | grep -o '"status":"[^"]*"' | tr '\n' ' '; }
[ "$(st v1)" = '"status":"ok" ' ] || fail "v1: $(st v1)"
[ "$(st v2)" = '"status":"timeout" ' ] || fail "v2 (hangs): $(st v2)"
[ "$(st v3)" = '"status":"crashed" ' ] && grep '"variant":"v3"' "$R" | grep -q '"error":"SIGSEGV' || fail "v3 (crashes): $(st v3)"
grep '"variant":"v3"' "$R" | grep -q 'about to fall over' || fail "v3's last message not kept"
[ "$(st v4)" = '"status":"error" ' ] || fail "v4 (error, then the bench stops): $(st v4)"
[ "$(st v5)" = '"status":"ok" ' ] || fail "v5 (after the bench stopped): $(st v5)"
[ "$(wc -l <"$R")" = 5 ] || fail "want 5 result lines: $(cat "$R")"
# Processes: v1..v5, then v3..v5 after the hang, v4..v5 after the crash, v5 after the stop.
[ "$(wc -l <"$TMP/spawns")" = 4 ] || fail "want 4 bench processes: $(cat "$TMP/spawns")"
[ "$(head -n 1 "$TMP/spawns")" = "--run k/v1 --run k/v2 --run k/v3 --run k/v4 --run k/v5 --sweep quick" ] ||
  fail "first process: $(head -n 1 "$TMP/spawns")"
[ "$(tail -n 1 "$TMP/spawns")" = "--run k/v5 --sweep quick" ] || fail "last process: $(tail -n 1 "$TMP/spawns")"
grep -q '\[5/5\] b k/v5: ok' "$TMP/log" || fail "progress numbering: $(cat "$TMP/log")"
pass "5 variants in 4 processes: hang, crash and stop each cost one variant"
