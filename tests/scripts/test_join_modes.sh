# The driver joins the static execution mode (device IR) beside the runtime's observed one and
# flags a disagreement. A fake omp_target bench prints launch lines; the artefacts are real
# clang-19 outputs of tests/fixtures/modes.c (SPMD, SPMDized generic, generic kernels).
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures"
M="$TMP/m"
A="$M/configs/fake/artefacts"
mkdir -p "$A/remarks" "$A/ir" "$A/resources"
cp "$F/clang19-modes.device.opt.yaml" "$A/remarks/modes.device.opt.yaml"
cp "$F/clang19-modes.device.ll" "$A/ir/modes.device.ll"
K=__omp_offloading_fe00_5108d4
cat >"$M/configs/fake/ompkit-bench" <<EOT
#!/bin/sh
launch() { echo "\"PluginInterface\" device 0 info: Launching kernel ${K}_\$1 with 8 blocks and 128 threads in \$2 mode" >&2; }
res() { echo "{\"kernel\":\"modes\",\"variant\":\"\$1\",\"source_mode\":\"\$2\",\"status\":\"ok\",\"time_s\":{\"median\":0.1}\$3}"; }
case "\$1" in
  --list) for v in spmd spmdized lying generic; do echo "{\"kernel\":\"modes\",\"variant\":\"\$v\",\"source_mode\":\"x\"}"; done ;;
  --info) echo '{"flags":"-O3"}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run) case "\$2" in
    modes/spmd) launch spmd_l7 SPMD; res spmd spmd ;;
    modes/spmdized) launch spmdized_l12 Generic-SPMD; res spmdized generic ;;
    modes/lying) launch spmdized_l12 SPMD; res lying generic ;;
    modes/generic) res generic generic ',"symbol_hint":"generic"' ;;
  esac ;;
esac
EOT
chmod +x "$M/configs/fake/ompkit-bench"
echo '{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": [{"name": "fake", "model": "omp_target", "enabled": true, "needs_gpu": true, "bench": "configs/fake/ompkit-bench", "artefacts": "configs/fake/artefacts"}]}' \
  >"$M/ompkit-configs.json"
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "run: exit $?"; }
R="$TMP/r/latest/results.jsonl"
line() { grep "\"variant\":\"$1\"" "$R" || fail "no result for $1"; }
line spmd | grep -q '"observed_mode":"SPMD".*"static_mode":"SPMD"' || fail "spmd: $(line spmd)"
line spmd | grep -q 'mode_mismatch' && fail "spmd: spurious mismatch"
# Generic in the source, SPMDized by the compiler (OMP120), launched Generic-SPMD: all agree.
line spmdized | grep -q "\"observed_mode\":\"Generic-SPMD\".*\"static_mode\":\"Generic-SPMD\"" || fail "spmdized: $(line spmdized)"
line spmdized | grep -q '"remarks":\[[^]]*"OMP120"' || fail "spmdized: no OMP120 joined: $(line spmdized)"
line spmdized | grep -q 'mode_mismatch' && fail "spmdized: spurious mismatch"
line lying | grep -q '"mode_mismatch":"compiler stored Generic-SPMD, runtime launched SPMD"' || fail "lying: $(line lying)"
# No launch line: the symbol comes from the device IR through the bench's hint.
line generic | grep -q "\"kernel_symbol\":\"${K}_generic_l23\".*\"static_mode\":\"Generic\"" || fail "generic: $(line generic)"
line generic | grep -q '"remarks":\["OMP121"' || fail "generic: remarks $(line generic)"
grep -q "\"function\":\"${K}_generic_l23_omp_outlined\".*\"kernels\":\[\"${K}_generic_l23\"\]" "$TMP/r/latest/remarks.jsonl" \
  || fail "remark records lack their kernels"
head -n 1 "$TMP/r/latest/results.csv" | grep -q 'observed_mode,static_mode,mode_mismatch' || fail "CSV columns"
pass "static_mode joined beside observed_mode; mismatch flagged"
