# The compiler matrix's detection (cmake/configs_matrix.cmake): every new configuration is one
# `enabled` or `disabled (why)` line; a user's LLVM prefix is named after the version its clang
# reports and probed, not trusted (a prefix without a device runtime whose clang cannot compile
# is disabled with that reason); the packaged ones found here carry their manifest keys.
. "$(dirname "$0")/lib.sh"
off="-DBUILD_TESTING=OFF -DOMPKIT_NVCC=/nonexistent/nvcc -DOMPKIT_CLANG19=/nonexistent/clang-19"
# A fake LLVM 23 trunk install: clang reports a version with its commit and fails everything else.
P="$TMP/trunk"
mkdir -p "$P/bin" "$P/lib"
cat >"$P/bin/clang" <<'EOC'
#!/bin/sh
case "$1" in
  --version) echo "clang version 23.0.0git (https://github.com/llvm/llvm-project 0123456789abcdef)"; echo "Target: x86_64-unknown-linux-gnu"; exit 0 ;;
esac
echo "clang: error: fake compiler for a test" >&2
exit 1
EOC
chmod +x "$P/bin/clang"
# It has an AMDGPU device runtime: its AMD configurations are offered, and probed.
: >"$P/lib/libomptarget-amdgpu-gfx90a.bc"
# The same, reporting 16: it must not take the packaged target-clang16's name.
P16="$TMP/old16"
mkdir -p "$P16/bin"
sed 's/23.0.0git/16.0.6/' "$P/bin/clang" >"$P16/bin/clang" && chmod +x "$P16/bin/clang"
# shellcheck disable=SC2086
OMPKIT_LLVM="$P" cmake -S "$SRC" -B "$TMP/b" $off -DOMPKIT_CLANG16=/nonexistent/clang-16 \
  -DOMPKIT_CLANG22=/nonexistent/clang-22 -DOMPKIT_GCC12=/nonexistent/gcc-12 \
  "-DOMPKIT_TOOLCHAIN_LIST=mytrunk=$P;$P16;nothing=$TMP/empty" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "configure failed"; }
L="$TMP/log"
M="$TMP/b/ompkit-configs.json"
grep -q "ompkit config target-clang16: disabled (clang not found (clang-16" "$L" || fail "target-clang16 reason: $(grep clang16 "$L")"
grep -q "ompkit config target-clang16-oldplugin: disabled (clang not found (clang-16" "$L" || fail "oldplugin reason"
grep -q "ompkit config target-clang22: disabled (clang not found (clang-22" "$L" || fail "target-clang22 reason"
grep -q "ompkit config target-gcc12: disabled (gcc-12 not found at /nonexistent/gcc-12)" "$L" || fail "target-gcc12 reason"
# OMPKIT_LLVM from the environment: named from `clang --version`.
grep -q "ompkit config target-clang23: disabled (no device runtime (no libomptarget-nvptx\*.bc under $P/lib); device compile probe failed: clang: error: fake compiler" "$L" \
  || fail "OMPKIT_LLVM prefix without a device runtime: $(grep clang23 "$L")"
grep -q "ompkit config mytrunk: disabled (no device runtime" "$L" || fail "--toolchain NAME=prefix: $(grep mytrunk "$L")"
grep -q "ompkit config target-clang16-local: disabled (no device runtime" "$L" || fail "name collision: $(grep local "$L")"
grep -q "ompkit config nothing: disabled (clang not found at $TMP/empty/bin/clang)" "$L" || fail "prefix without clang: $(grep nothing "$L")"
grep -q '"name": "target-clang23", .*"version_full": "clang version 23.0.0git (https://github.com/llvm/llvm-project 0123456789abcdef)\\nTarget' "$M" \
  || fail "manifest lacks the full clang --version with its commit"
# A repeated name is refused with a one-line reason, not a broken manifest.
if cmake -S "$SRC" -B "$TMP/d" $off "-DOMPKIT_TOOLCHAIN_LIST=target-clang19=$P" >"$TMP/log3" 2>&1; then fail "a taken name was accepted"; fi
grep -q "toolchain name target-clang19 is taken" "$TMP/log3" || fail "taken-name message: $(tail -3 "$TMP/log3")"

# The packaged compilers as this build found them.
B="$BUILD/ompkit-configs.json"
entry() { grep "\"name\": \"$1\"," "$B"; }
for c in target-clang16 target-clang16-oldplugin target-clang22 target-gcc12; do
  entry "$c" | grep -q '"enabled": true\|"reason": "[^"]' || fail "$c: neither enabled nor a reason"
done
if config_enabled target-clang16; then
  entry target-clang16-oldplugin | grep -q '"enabled": true' || fail "oldplugin off while target-clang16 is on"
  entry target-clang16-oldplugin | grep -q '"bench": "configs/target-clang16/ompkit-bench"' || fail "oldplugin has its own build"
  entry target-clang16-oldplugin | grep -q '"run_env": "LIBOMPTARGET_NEXTGEN_PLUGINS=0"' || fail "oldplugin run_env"
  entry target-clang16 | grep -q '"sweep_cap": "quick"' || fail "target-clang16 has no sweep cap"
  entry target-clang16 | grep -q '"ompx": false' || fail "LLVM 16 has no ompx.h: the probe should say so"
  readelf -d "$(bench target-clang16)" | grep -q 'RPATH.*\$ORIGIN/../../runtime/target-clang16' \
    || fail "target-clang16 bench lacks the bundle's DT_RPATH"
fi
if config_enabled target-clang22; then
  entry target-clang22 | grep -q '"not_runnable": "no device runtime"' || fail "target-clang22 should be compile-only"
  [ ! -e "$(bench target-clang22)" ] || fail "target-clang22 built a bench without a device runtime"
  ls "$BUILD/configs/target-clang22/artefacts/remarks/"*.device.opt.yaml >/dev/null 2>&1 || fail "target-clang22: no device remarks"
  grep -q "Used [0-9]* registers" "$BUILD/configs/target-clang22/artefacts/resources/barrier.ptxas.txt" \
    || fail "target-clang22: no ptxas -v registers"
fi
grep -q "ompkit config mytrunk-gfx90a: disabled (no ld.lld beside $P/bin/clang (lld-19; bootstrap installs it))$" "$L" \
  || fail "an own LLVM with an AMDGPU runtime: $(grep mytrunk-gfx "$L")"
! grep -q "ompkit config target-clang16-local-gfx" "$L" || fail "AMD configurations for an LLVM without an AMDGPU runtime"
# The AMD GPU configurations (issue 34): without clang-19 (the scratch configure above) or without
# the ROCm device libraries, each is one `disabled (why)` line naming what is missing.
grep -q "ompkit config target-clang19-gfx90a: disabled (clang not found (clang-19; bootstrap installs it))$" "$L" \
  || fail "gfx90a without clang-19: $(grep gfx90a "$L")"
if [ -x /usr/bin/clang-19 ]; then
  # shellcheck disable=SC2086
  cmake -S "$SRC" -B "$TMP/amd" $off -DOMPKIT_CLANG19=/usr/bin/clang-19 -DOMPKIT_CLANG16=/nonexistent/clang-16 \
    -DOMPKIT_CLANG22=/nonexistent/clang-22 -DOMPKIT_GCC12=/nonexistent/gcc-12 -DOMPKIT_ABLATION=OFF \
    -DOMPKIT_ROCM_DEVICE_LIBS=/nonexistent/amdgcn -DOMPKIT_TOOLCHAINS="$TMP/no-toolchains" >"$TMP/log4" 2>&1 \
    || { cat "$TMP/log4"; fail "configure without ROCm device libraries failed"; }
  for a in gfx90a gfx942; do
    [ "$(grep -c "ompkit config target-clang19-$a:" "$TMP/log4")" = 1 ] || fail "$a: not one line"
    grep -q "ompkit config target-clang19-$a: disabled (no ROCm device libraries at /nonexistent/amdgcn (rocm-device-libs; bootstrap installs it))$" \
      "$TMP/log4" || fail "$a without rocm-device-libs: $(grep "$a" "$TMP/log4")"
  done
fi
if config_enabled target-clang19-gfx90a; then
  entry target-clang19-gfx90a | grep -q '"not_runnable": "no AMD GPU".*"offload_arch": "gfx90a"' || fail "gfx90a manifest keys"
  A="$BUILD/configs/target-clang19-gfx90a/artefacts"
  [ ! -e "$(bench target-clang19-gfx90a)" ] || fail "target-clang19-gfx90a built a bench"
  # The per-TU device link's products: modes in the linked IR, remarks, the code object's notes.
  grep -q '_kernel_environment = .*ConfigurationEnvironmentTy { i8 [01], i8 [01], i8 3' "$A/ir/spmd_modes.device.ll" \
    || fail "gfx90a: no SPMDized kernel in spmd_modes' linked IR"
  grep -q '^Name: *OMP120' "$A/remarks/spmd_modes.device.opt.yaml" || fail "gfx90a: no OMP120 from the device link"
  "$OMPKIT" resources "$A/resources/spmd_modes.notes.txt" | grep -q 'spmd_modes_spmdized_l[0-9]*	readelf	vgprs=[1-9]' \
    || fail "gfx90a: no VGPRs for spmd_modes"
fi
pass "compiler matrix detection: names, probes, reasons; AMD GPU configurations"
