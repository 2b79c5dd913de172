# The CUDA SASS listing (cuobjdump, one per cubin side by side) runs in the background once the
# first GPU configuration starts, and the presence check waits for it: a slow cuobjdump delays no configuration before it,
# and the primitive is still checked against SASS (level "sass"), not the PTX fallback.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/g/artefacts" "$M/configs/h/artefacts" "$TMP/bin"
# A fake cuobjdump: -xelf all extracts two cubins (one per translation unit); -sass lists one,
# slowly; together they hold the test body's atomic and not the baseline's.
cat >"$TMP/bin/cuobjdump" <<EOT
#!/bin/sh
case "\$1" in
  -xelf) printf 1 >bench.1.sm_90.cubin; printf 2 >bench.2.sm_90.cubin ;;
  -sass) echo "start \$(date +%s.%N) \$2" >>"$TMP/cuobjdump.log"
    sleep 2
    case "\$2" in
      *.1.sm_90.cubin) printf '\t\tFunction : k_test\n        /*0000*/   ATOMG.E.ADD.STRONG.GPU PT, R2, [R2.64], R5 ;\n' ;;
      *.2.sm_90.cubin) printf '\t\tFunction : k_base\n        /*0000*/   IADD3 R2, R2, 0x1, RZ ;\n' ;;
      *) exit 1 ;;
    esac ;;
esac
EOT
chmod +x "$TMP/bin/cuobjdump"
bench() { # $1: dir, $2: needs a GPU (probe answer)
  cat >"$M/configs/$1/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) echo '{"kernel":"k","variant":"v","source_mode":"cuda","primitive":true}' ;;
  --info) echo '{"flags":"-O3","batch":false}' ;;
  --probe) echo '{"devices":1,"device_name":"fake GPU"}' ;;
  --run) echo "ran $1 \$(date +%s.%N)" >>"$TMP/runs.log"
    echo '{"kernel":"k","variant":"v","status":"ok","verified":true,"code_symbol":"k_test","code_family":"ATOMG","per_op_ns":1.5,"time_s":{"median":0.1}}' ;;
esac
EOT
  chmod +x "$M/configs/$1/ompkit-bench"
}
bench h
bench g
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "configs": [
 {"name": "h", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/h/ompkit-bench", "artefacts": "configs/h/artefacts"},
 {"name": "g", "model": "cuda", "enabled": true, "needs_gpu": true, "bench": "configs/g/ompkit-bench", "artefacts": "configs/g/artefacts"}]}
EOT
PATH="$TMP/bin:$PATH" OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" >"$TMP/log" 2>&1 ||
  { cat "$TMP/log"; fail "run failed"; }
# One listing per cubin, side by side (each takes 2 s: started within a second of each other).
[ "$(grep -c '^start .*cubin' "$TMP/cuobjdump.log")" = 2 ] || fail "want one listing per cubin: $(cat "$TMP/cuobjdump.log")"
awk '{ t[NR] = $2 } END { d = t[2] - t[1]; exit !(d < 1 && d > -1) }' "$TMP/cuobjdump.log" ||
  fail "the cubins were not listed side by side: $(cat "$TMP/cuobjdump.log")"
# The host configuration ran before cuobjdump started (it ran undisturbed).
th=$(awk '/^ran h/ {print $3}' "$TMP/runs.log")
tc=$(awk 'NR == 1 {print $2}' "$TMP/cuobjdump.log")
awk -v a="$th" -v b="$tc" 'BEGIN { exit !(a < b) }' || fail "cuobjdump started ($tc) before the host run ($th)"
grep -q 'g: SASS listing ready' "$TMP/log" || fail "no 'SASS listing ready' line: $(cat "$TMP/log")"
R="$TMP/r/latest/results.jsonl"
grep '"config":"g"' "$R" | grep -q '"level":"sass"' || fail "g not checked against SASS: $(grep '"config":"g"' "$R")"
grep '"config":"g"' "$R" | grep -q '"present":true' || fail "the fake SASS holds the atomic: $(grep '"config":"g"' "$R")"
pass "SASS listed in the background after the host configuration, and used for the check"
