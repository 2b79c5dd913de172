# The driver's compiler-matrix keys on a fixture manifest (no GPU, no compiler): a compile-only
# configuration gets one `not runnable: <why>` line and no bench call; two configurations that
# share one bench run it under their own run_env (recorded in `env` and provenance); sweep_cap
# turns --full into the capped sweep and leaves primitives out of the quick study (listed as
# skipped); a `not built` variant is an outcome, not a failure (exit 0).
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/shared/artefacts" "$M/configs/c22/artefacts"
cat >"$M/configs/shared/ompkit-bench" <<'EOT'
#!/bin/sh
case "$1" in
  --list) echo '{"kernel":"k","variant":"v","source_mode":"spmd","primitive":false}'
          echo '{"kernel":"p","variant":"p_spmd","source_mode":"spmd","primitive":true}'
          echo '{"kernel":"x","variant":"ompx_spmd","source_mode":"spmd","primitive":false,"not_built":"clang extension (ompx)"}' ;;
  --info) echo '{"flags":"-O0","batch":false}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run)
    sweep=''; prev=''
    for a in "$@"; do [ "$prev" = --sweep ] && sweep=$a; prev=$a; done
    case "$2" in
      k/v) echo "{\"kernel\":\"k\",\"variant\":\"v\",\"status\":\"ok\",\"time_s\":{\"median\":0.5},\"detail\":\"plugin=${LIBOMPTARGET_NEXTGEN_PLUGINS:-nextgen}\"}" ;;
      p/p_spmd) echo "{\"kernel\":\"p\",\"variant\":\"p_spmd\",\"status\":\"ok\",\"time_s\":{\"median\":0.1},\"detail\":\"sweep=$sweep\"}" ;;
      x/ompx_spmd) echo '{"kernel":"x","variant":"ompx_spmd","status":"not built: clang extension (ompx)"}' ;;
    esac ;;
esac
EOT
chmod +x "$M/configs/shared/ompkit-bench"
cat >"$M/configs/c22/ompkit-bench" <<'EOT'
#!/bin/sh
echo called >"$(dirname "$0")/CALLED"
EOT
chmod +x "$M/configs/c22/ompkit-bench"
e='"model": "omp_target", "enabled": true, "needs_gpu": true, "bench": "configs/shared/ompkit-bench", "artefacts": "configs/shared/artefacts", "sweep_cap": "quick"'
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": [
 {"name": "t16", $e, "version_full": "clang version 16.0.6 (abc)"},
 {"name": "t16-old", $e, "run_env": "LIBOMPTARGET_NEXTGEN_PLUGINS=0"},
 {"name": "t22", "model": "omp_target", "enabled": true, "needs_gpu": true, "bench": "configs/c22/ompkit-bench", "artefacts": "configs/c22/artefacts", "not_runnable": "no device runtime"}
]}
EOT
export OMPKIT_MANIFEST="$M/ompkit-configs.json"
"$OMPKIT" run --out "$TMP/q" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "quick: exit $? (not built / not runnable / skipped are no failures)"; }
R="$TMP/q/latest/results.jsonl"
# has FILE PATTERN...: some line of FILE matches every pattern (the key order is the driver's).
has() { f=$1; shift; t=$(cat "$f"); for p in "$@"; do t=$(printf '%s\n' "$t" | grep -e "$p"); done; [ -n "$t" ]; }
has "$R" '"config":"t22"' '"status":"not runnable","error":"no device runtime"' || fail "t22 not marked not runnable"
[ ! -e "$M/configs/c22/CALLED" ] || fail "the compile-only configuration's bench was called"
has "$R" '"config":"t16-old"' '"kernel":"k"' '"detail":"plugin=0"' || fail "t16-old did not run with its run_env"
has "$R" '"config":"t16-old"' '"env":"OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 LIBOMPTARGET_NEXTGEN_PLUGINS=0"' \
  || fail "t16-old's env not recorded: $(grep t16-old "$R" | head -2)"
has "$R" '"config":"t16"' '"kernel":"k"' '"detail":"plugin=nextgen"' || fail "t16 ran with the old plugin's env"
has "$R" '"config":"t16"' '"kernel":"p"' '"status":"skipped","error":"primitives run under --full only' || fail "quick: capped primitives not skipped"
has "$R" '"config":"t16"' '"kernel":"x"' '"status":"not built".*"error":"clang extension (ompx)"' || fail "not-built variant lost"
grep -q '"run_env": "LIBOMPTARGET_NEXTGEN_PLUGINS=0"' "$TMP/q/latest/provenance.json" || fail "provenance lacks run_env"
grep -q '"version_full": "clang version 16.0.6 (abc)"' "$TMP/q/latest/provenance.json" || fail "provenance lacks version_full"
"$OMPKIT" run --full --out "$TMP/f" --filter 'p/' >"$TMP/log2" 2>&1 || { cat "$TMP/log2"; fail "full: exit $?"; }
has "$TMP/f/latest/results.jsonl" '"config":"t16"' '"detail":"sweep=quick"' || fail "--full did not cap the sweep"
"$OMPKIT" list --configs >"$TMP/list" 2>&1
grep -q 't22 .*not runnable: no device runtime' "$TMP/list" || fail "list: $(cat "$TMP/list")"
grep -q 't16-old .*LIBOMPTARGET_NEXTGEN_PLUGINS=0' "$TMP/list" || fail "list lacks run_env"
"$OMPKIT" list >"$TMP/list2" 2>&1
grep -q 't16 .*x/ompx_spmd.*not built: clang extension (ompx)' "$TMP/list2" || fail "list lacks the not-built variant: $(cat "$TMP/list2")"
pass "matrix keys: not runnable, run_env, sweep_cap, not built"
