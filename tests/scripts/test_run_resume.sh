# ompkit run --resume DIR: a study cut off by SIGINT or by a lost node (the driver SIGKILLed) goes
# on in the same folder. Finished variants are kept and not run again; the variant cut off
# mid-way runs again and its partial lines are not counted twice; the final set of points equals
# an uninterrupted run's.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/b/artefacts"
cat >"$M/configs/b/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) for v in v1 v2 v3 v4 v5; do echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"source_mode\":\"host\",\"primitive\":true}"; done ;;
  --info) echo '{"flags":"-O0","batch":true}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run)
    echo "\$*" >>"$TMP/spawns"
    echo \$\$ >"$TMP/bench.pid"
    while [ \$# -gt 0 ]; do
      [ "\$1" = --run ] || { shift; continue; }
      v=\${2#k/}; shift 2
      echo "{\"event\":\"begin\",\"kernel\":\"k\",\"variant\":\"\$v\"}"
      echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"status\":\"ok\",\"param\":\"p=1\",\"per_op_ns\":{\"median\":1,\"min\":1,\"max\":1}}"
      # v3 has a second point; with $TMP/slow it takes long enough to be cut off between them.
      if [ \$v = v3 ]; then
        [ -f "$TMP/slow" ] && sleep 30
        echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"status\":\"ok\",\"param\":\"p=2\",\"per_op_ns\":{\"median\":2,\"min\":2,\"max\":2}}"
      fi
      echo "{\"event\":\"end\",\"kernel\":\"k\",\"variant\":\"\$v\",\"rc\":0}"
    done ;;
esac
EOT
chmod +x "$M/configs/b/ompkit-bench"
echo '{"ompkit_manifest": 1, "configs": [{"name": "b", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/b/ompkit-bench", "artefacts": "configs/b/artefacts"}]}' >"$M/ompkit-configs.json"
export OMPKIT_MANIFEST="$M/ompkit-configs.json"
points() { grep -o '"variant":"v[0-9]","status":"ok","param":"p=[0-9]"' "$1/results.jsonl" | sort; }

# The reference: one uninterrupted run.
"$OMPKIT" run --out "$TMP/ref" --timeout 60 >"$TMP/log0" 2>&1 || { cat "$TMP/log0"; fail "reference run failed"; }
points "$TMP/ref/latest" >"$TMP/want"
[ "$(wc -l <"$TMP/want")" = 6 ] || fail "reference: want 6 points: $(cat "$TMP/want")"

# cut STOPSIG OUT: starts a slow study, stops it by STOPSIG while v3 runs (after its first point).
cut() {
  : >"$TMP/spawns"
  touch "$TMP/slow"
  "$OMPKIT" run --out "$2" --timeout 60 >"$TMP/log1" 2>"$TMP/err1" &
  pid=$!
  for _ in $(seq 100); do
    grep -q '"variant":"v3".*"p=1"' "$2"/latest/results.jsonl 2>/dev/null && break
    sleep 0.1
  done
  grep -q '"variant":"v3"' "$2/latest/results.jsonl" || fail "v3 never started: $(cat "$TMP/log1")"
  kill -"$1" $pid
  set +e
  wait $pid
  rc=$?
  set -e
  rm -f "$TMP/slow"
}
# resume DIR: resumes and checks what ran and what the folder holds.
resume() {
  : >"$TMP/spawns"
  "$OMPKIT" run --resume "$1" >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "resume failed"; }
  [ "$(cat "$TMP/spawns")" = "--run k/v3 --run k/v4 --run k/v5 --sweep quick" ] ||
    fail "resume ran: $(cat "$TMP/spawns") (want v3..v5 once, v1 and v2 not again)"
  points "$1" >"$TMP/got"
  diff "$TMP/want" "$TMP/got" >/dev/null || fail "resumed points differ from the uninterrupted run's: $(diff "$TMP/want" "$TMP/got")"
  [ "$(wc -l <"$1/results.jsonl")" = 6 ] || fail "results.jsonl: $(cat "$1/results.jsonl")"
  [ "$(wc -l <"$1/done.jsonl")" = 5 ] || fail "done.jsonl: $(cat "$1/done.jsonl")"
  [ -s "$1/results.csv" ] && [ -s "$1/report.md" ] || fail "resumed study lacks results.csv or report.md"
  grep -q '"resumed"' "$1/provenance.json" || fail "provenance does not say it was resumed"
}

# SIGINT: exit 130, a hint on stderr, results.jsonl holds only finished variants right away.
cut INT "$TMP/r1"
[ $rc = 130 ] || { cat "$TMP/log1" "$TMP/err1"; fail "SIGINT: exit $rc, want 130"; }
D=$(cd "$TMP/r1/latest" && pwd -P)
grep -q "ompkit run --resume $D" "$TMP/err1" || fail "no resume hint: $(cat "$TMP/err1")"
! grep -q '"variant":"v3"' "$D/results.jsonl" || fail "SIGINT left v3's partial line: $(cat "$D/results.jsonl")"
[ "$(grep -c '"status"' "$D/results.jsonl")" = 2 ] || fail "after SIGINT: $(cat "$D/results.jsonl")"
[ "$(cat "$TMP/spawns")" = "--run k/v1 --run k/v2 --run k/v3 --run k/v4 --run k/v5 --sweep quick" ] || fail "spawns: $(cat "$TMP/spawns")"
[ ! -e "/proc/$(cat "$TMP/bench.pid")" ] || fail "the bench outlived the stopped driver"
resume "$D"

# A lost node: the driver is SIGKILLed mid-variant (its bench with it); v3's partial line stays
# behind in results.jsonl until --resume drops it.
cut KILL "$TMP/r2"
kill -KILL -- -"$(cat "$TMP/bench.pid")" 2>/dev/null || true
D=$(cd "$TMP/r2/latest" && pwd -P)
grep -q '"variant":"v3"' "$D/results.jsonl" || fail "SIGKILL: v3's first point not written"
resume "$D"
[ "$(grep -c '"variant":"v3","status":"ok","param":"p=1"' "$D/results.jsonl")" = 1 ] || fail "v3's partial point counted twice"

# A host bench runs its primitives once per affinity (pass 0 close, pass 1 spread): a variant is
# finished only after its last pass. Cut off in v2's second pass, v1 is kept and v2 runs again.
mkdir -p "$M/configs/h/artefacts"
cat >"$M/configs/h/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) for v in v1 v2; do echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"source_mode\":\"host\",\"primitive\":true}"; done ;;
  --info) echo '{"flags":"-O0","batch":true}' ;;
  --run)
    echo "\$*" >>"$TMP/spawns"
    vs=\$(echo "\$*" | grep -o 'k/v[0-9]' | sed 's|k/||')
    for pass in 0 1; do
      for v in \$vs; do
        echo "{\"event\":\"begin\",\"kernel\":\"k\",\"variant\":\"\$v\",\"pass\":\$pass,\"passes\":2}"
        [ "\$v\$pass" = "\$(cat "$TMP/slow" 2>/dev/null)" ] && sleep 30
        echo "{\"kernel\":\"k\",\"variant\":\"\$v\",\"status\":\"ok\",\"param\":\"p=\$pass\",\"per_op_ns\":{\"median\":1,\"min\":1,\"max\":1}}"
        echo "{\"event\":\"end\",\"kernel\":\"k\",\"variant\":\"\$v\",\"rc\":0,\"pass\":\$pass,\"passes\":2}"
      done
    done ;;
esac
EOT
chmod +x "$M/configs/h/ompkit-bench"
echo '{"ompkit_manifest": 1, "configs": [{"name": "h", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/h/ompkit-bench", "artefacts": "configs/h/artefacts"}]}' >"$M/h.json"
OMPKIT_MANIFEST="$M/h.json"
cut_passes() { # cut_passes SLOW_AT OUT [run options]: SIGINT while SLOW_AT (variant and pass) runs
  slow=$1 out=$2
  shift 2
  : >"$TMP/spawns"
  echo "$slow" >"$TMP/slow"
  "$OMPKIT" run --out "$out" --timeout 60 "$@" >"$TMP/log1" 2>"$TMP/err1" &
  pid=$!
  for _ in $(seq 100); do
    grep -q '"variant":"v1".*"p=1"' "$out"/latest/results.jsonl 2>/dev/null && break
    sleep 0.1
  done
  sleep 0.3
  kill -INT $pid
  set +e
  wait $pid
  rc=$?
  set -e
  rm -f "$TMP/slow"
  [ $rc = 130 ] || fail "two passes, SIGINT: exit $rc: $(cat "$TMP/err1")"
  D=$(cd "$out/latest" && pwd -P)
}
cut_passes v21 "$TMP/r3"
[ "$(grep -c '"variant":"v1"' "$D/results.jsonl")" = 2 ] || fail "v1's two passes not kept: $(cat "$D/results.jsonl")"
! grep -q '"variant":"v2"' "$D/results.jsonl" || fail "v2 had only its first pass but was kept: $(cat "$D/results.jsonl")"
: >"$TMP/spawns"
"$OMPKIT" run --resume "$D" >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "two passes: resume failed"; }
[ "$(cat "$TMP/spawns")" = "--run k/v2 --sweep quick" ] || fail "two passes: resume ran $(cat "$TMP/spawns")"
[ "$(grep -c '"variant":"v2"' "$D/results.jsonl")" = 2 ] || fail "v2 after resume: $(cat "$D/results.jsonl")"
# --full: a host primitive's two passes run in one process per variant (driver/run/run.c), so a cut
# in v2's FIRST pass still keeps v1 whole: in one batch, v1's second pass would come after v2's
# first, and nothing would be finished.
cut_passes v20 "$TMP/r4" --full
[ "$(cat "$TMP/spawns")" = "--run k/v1 --sweep full
--run k/v2 --sweep full" ] || fail "--full: host primitives batched: $(cat "$TMP/spawns")"
[ "$(grep -c '"variant":"v1"' "$D/results.jsonl")" = 2 ] || fail "--full: v1's two passes not kept: $(cat "$D/results.jsonl")"
! grep -q '"variant":"v2"' "$D/results.jsonl" || fail "--full: v2 kept unfinished: $(cat "$D/results.jsonl")"
grep -q '1 of 2 variant run(s) finished' "$TMP/err1" || fail "--full: the cut's summary: $(cat "$TMP/err1")"
: >"$TMP/spawns"
"$OMPKIT" run --resume "$D" >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "--full: resume failed"; }
[ "$(cat "$TMP/spawns")" = "--run k/v2 --sweep full" ] || fail "--full: resume ran $(cat "$TMP/spawns")"
OMPKIT_MANIFEST="$M/ompkit-configs.json"

# --resume with study options, or a folder that is not a study: one line, exit 2.
set +e
"$OMPKIT" run --resume "$D" --full >"$TMP/out" 2>"$TMP/err"; rc=$?
set -e
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "--resume --full: exit $rc: $(cat "$TMP/err")"
set +e
"$OMPKIT" run --resume "$TMP/nowhere" >"$TMP/out" 2>"$TMP/err"; rc=$?
set -e
[ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "--resume of no folder: exit $rc: $(cat "$TMP/err")"
pass "SIGINT and SIGKILL cut-offs resumed: finished variants kept and not rerun, the cut-off one once"
