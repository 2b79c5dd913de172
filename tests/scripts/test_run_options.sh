# ompkit run --full/--quick, --repeat, --gpu and the terminal progress line, with a fake bench
# that echoes what it was given; the study ends with report.md/report.html.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/fake/artefacts"
cat >"$M/configs/fake/ompkit-bench" <<'EOT'
#!/bin/sh
case "$1" in
  --list) echo '{"kernel":"k","variant":"v","source_mode":"host"}' ;;
  --info) echo '{"flags":"-O0"}' ;;
  --run) echo "{\"kernel\":\"k\",\"variant\":\"v\",\"status\":\"ok\",\"threads\":2,\"args\":\"$*\",\"cvd\":\"${CUDA_VISIBLE_DEVICES:-unset}\",\"time_s\":{\"median\":0.5,\"min\":0.4,\"max\":0.6}}"; sleep 0.2 ;;
esac
EOT
chmod +x "$M/configs/fake/ompkit-bench"
echo '{"ompkit_manifest": 1, "configs": [{"name": "fake", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/fake/ompkit-bench", "artefacts": "configs/fake/artefacts"}]}' >"$M/ompkit-configs.json"
OMPKIT_MANIFEST="$M/ompkit-configs.json"; export OMPKIT_MANIFEST
unset CUDA_VISIBLE_DEVICES

"$OMPKIT" run --out "$TMP/q" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "quick run failed"; }
R="$TMP/q/latest/results.jsonl"
grep -q '"args":"--run k/v --sweep quick"' "$R" || fail "--sweep quick not passed by default (and no --runs: the bench default): $(cat "$R")"
grep -q '"cvd":"unset"' "$R" || fail "CUDA_VISIBLE_DEVICES set without --gpu"
grep -q '"repeat"' "$R" && fail "single run tagged with repeat"
grep -q '^ompkit: \[1/1\] fake k/v: ok' "$TMP/log" || fail "plain log line when not a terminal"
grep -q 'elapsed' "$TMP/log" && fail "progress line written to a non-terminal"
[ -s "$TMP/q/latest/report.html" ] && [ -s "$TMP/q/latest/report.md" ] || fail "run did not write the report"
# No GPU ran: the table keeps the columns a host run fills (issue 31 §1).
grep -q '^| k | v |  | (native only) | 500 ms (fake 2t) |' "$TMP/q/latest/report.md" || fail "report row: $(grep '^| k ' "$TMP/q/latest/report.md")"

"$OMPKIT" run --out "$TMP/f" --full --repeat 3 --gpu 1 --runs 2 >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "full run failed"; }
R="$TMP/f/latest/results.jsonl"
[ "$(grep -c '"args":"--run k/v --sweep full --runs 2"' "$R")" = 3 ] || fail "--full/--repeat 3: $(cat "$R")"
for i in 0 1 2; do grep -q "\"repeat\":$i}" "$R" || fail "no line tagged repeat $i"; done
[ "$(grep -c '"cvd":"1"' "$R")" = 3 ] || fail "--gpu 1 did not reach the bench"
P="$TMP/f/latest/provenance.json"
grep -q '"cuda_visible_devices": "1"' "$P" && grep -q '"sweep": "full"' "$P" && grep -q '"repeat": 3' "$P" \
  || fail "provenance lacks gpu/sweep/repeat: $(cat "$P")"
grep -q '^ompkit: \[3/3\] fake k/v: ok' "$TMP/log" || fail "done/total counts repeats"

if command -v script >/dev/null 2>&1; then # a pseudo-terminal: the progress line appears
  script -qec "'$OMPKIT' run --out '$TMP/t' --repeat 2" /dev/null >"$TMP/tty" 2>&1 || fail "run on a terminal failed"
  grep -q '\[0/2\] fake k/v  elapsed [0-9]* s, ~? left' "$TMP/tty" || fail "no first progress line: $(cat -v "$TMP/tty")"
  grep -q '\[1/2\] fake k/v  elapsed [0-9]* s, ~[0-9]* s left' "$TMP/tty" || fail "no estimate: $(cat -v "$TMP/tty")"
fi
for bad in "--repeat 0" "--gpu x" "--gpu ,1"; do
  set +e
  # shellcheck disable=SC2086
  "$OMPKIT" run --out "$TMP/b" $bad >/dev/null 2>"$TMP/err"; rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "run $bad: exit $rc, $(cat "$TMP/err")"
done
pass "--quick/--full, --repeat, --gpu, progress line, report at the end"
