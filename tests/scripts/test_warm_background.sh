# A bench whose --info says "warm": true (GCC's offload image, JIT-compiled at its first region) gets
# its --warm in the background: started with the first GPU configuration's runs, after the host
# configuration's (which it would disturb), under the configuration's run_env, and waited for
# before its own first run; planning does not wait for it. timing.json's warm_s says what it took.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/h/artefacts" "$M/configs/g/artefacts" "$M/configs/w/artefacts"
bench() { # $1: dir, $2: --info's warm, $3: seconds a --run takes
  cat >"$M/configs/$1/ompkit-bench" <<EOT
#!/bin/sh
now() { date +%s.%N; }
case "\$1" in
  --list) echo '{"kernel":"k","variant":"v","source_mode":"spmd"}' ;;
  --info) echo '{"flags":"-O3","batch":true,"warm":$2}' ;;
  --probe) echo "probe $1 \$(now)" >>"$TMP/times"; echo '{"devices":1,"device_name":"fake GPU"}' ;;
  --warm) echo "warm-start $1 \$(now) \$OK_WARM_ENV" >>"$TMP/times"; sleep 2
    echo "warm-end $1 \$(now)" >>"$TMP/times"; echo '{"warm":"first target region 2.0 s (fake)"}' ;;
  --run) echo "run-start $1 \$(now)" >>"$TMP/times"; sleep $3; echo "run-end $1 \$(now)" >>"$TMP/times"
    echo '{"event":"begin","kernel":"k","variant":"v"}'
    echo '{"kernel":"k","variant":"v","status":"ok","verified":true,"time_s":{"median":0.1}}'
    echo '{"event":"end","kernel":"k","variant":"v","rc":0}' ;;
esac
EOT
  chmod +x "$M/configs/$1/ompkit-bench"
}
bench h false 0.5
bench g false 1
bench w true 0
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "configs": [
 {"name": "h", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/h/ompkit-bench", "artefacts": "configs/h/artefacts"},
 {"name": "g", "model": "omp_target", "enabled": true, "needs_gpu": true, "bench": "configs/g/ompkit-bench", "artefacts": "configs/g/artefacts"},
 {"name": "w", "model": "omp_target", "enabled": true, "needs_gpu": true, "bench": "configs/w/ompkit-bench", "artefacts": "configs/w/artefacts", "run_env": "OK_WARM_ENV=from-run-env"}]}
EOT
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "run failed"; }
t() { awk -v e="$1" -v c="$2" '$1 == e && $2 == c {print $3}' "$TMP/times"; }
before() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 < b + 0) }' || fail "$3: $(cat "$TMP/times")"; }
[ "$(grep -c '^warm-start' "$TMP/times")" = 1 ] || fail "one --warm, for w only: $(cat "$TMP/times")"
before "$(t run-end h)" "$(t warm-start w)" "the warm-up began before the host configuration finished"
before "$(t warm-start w)" "$(t run-end g)" "the warm-up did not overlap g's run"
before "$(t warm-end w)" "$(t run-start w)" "w ran before its warm-up finished"
grep -q '^warm-start w [0-9.]* from-run-env$' "$TMP/times" || fail "--warm without the run_env: $(grep warm-start "$TMP/times")"
grep -q 'w: image loaded in the background in 2.[0-9] s (waited [01].[0-9] s): first target region 2.0 s (fake)' "$TMP/log" ||
  fail "no warm-up line: $(cat "$TMP/log")"
T="$TMP/r/latest/timing.json"
tr -d ' \n' <"$T" | grep -q '"warm_s":{"w":{"took_s":2\.[0-9]*,"waited_s":[01]\.[0-9]*,"ok":true}}' || fail "timing.json: $(grep -A3 warm_s "$T")"
# A resumed study in which g runs again but w's variants all finished starts no warm-up for w (the
# study would only wait for it at its end).
sed -i '/"config": *"g"/d' "$TMP/r/latest/done.jsonl"
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --resume "$TMP/r/latest" >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "resume failed"; }
[ "$(grep -c '^warm-start' "$TMP/times")" = 1 ] || fail "a warm-up for a configuration with nothing left to run: $(cat "$TMP/times")"
pass "the warm-up ran beside g's run, after the host's, and before w's; none on a resume with nothing left"
