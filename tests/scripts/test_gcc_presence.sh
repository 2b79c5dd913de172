# target-gcc12's code-presence check (driver/run/study.c) on real GCC output (tests/fixtures/gcc12-*):
# - the image PTX the build keeps (artefacts/keep/image, scripts/gcc_keep_ptx.sh) is read: no more
#   "no disassembly available"; a body GCC folded is `not measured: eliminated by compiler`;
# - with ptxas and cuobjdump on PATH (the GPU machine), the SASS that ptxas makes of the image is
#   read instead (level sass-ptxas), where atomic_write's stores are gone (the H200's 0.00026 ns).
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures"
M="$TMP/m"
mkdir -p "$M/configs/g/artefacts/keep/image" "$TMP/bin" "$TMP/nobin"
for t in sh mktemp rm cat sed; do ln -s "$(command -v $t)" "$TMP/nobin/$t"; done
bench() { # $1: symbol stem, $2: family
  cat >"$M/configs/g/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) echo '{"kernel":"atomic_write","variant":"omp_atomic_spmd","source_mode":"spmd","primitive":true}' ;;
  --info) echo '{"flags":"-O3","batch":false}' ;;
  --probe) echo '{"devices":1,"device_name":"fake GPU"}' ;;
  --run) echo '{"kernel":"atomic_write","variant":"omp_atomic_spmd","status":"ok","verified":true,"code_symbol":"${1}_test","code_family":"$2","per_op_ns":0.00026,"time_s":{"median":0.1}}' ;;
esac
EOT
  chmod +x "$M/configs/g/ompkit-bench"
}
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": [
 {"name": "g", "model": "omp_target", "enabled": true, "needs_gpu": true, "compiler": "/usr/bin/gcc-12",
  "compiler_version": "gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0", "bench": "configs/g/ompkit-bench", "artefacts": "configs/g/artefacts"}]}
EOT
run() { # $1: PATH, $2: out
  PATH="$1" OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/$2" >"$TMP/log" 2>&1 ||
    { cat "$TMP/log"; fail "run failed"; }
  R="$TMP/$2/latest/results.jsonl"
}
# 1. PTX only (no ptxas/cuobjdump on PATH): the PTX holds 202 stores against 102: present.
cp "$F/gcc12-atomic-write.ptx" "$M/configs/g/artefacts/keep/image/libokg-part1.ptx"
bench ok_ot_atomic_write_int 'st\\\\.'
run "$TMP/nobin" ptx
grep -q '"present_in_code":{"level":"ptx",.*"checked":true,"test_count":202,"base_count":102,"present":true' "$R" ||
  fail "PTX check: $(cat "$R")"
grep -q '"status":"ok"' "$R" || fail "present in the PTX: ok: $(cat "$R")"
# 2. A body GCC folded (one store each): not measured, in the PTX already.
cp "$F/gcc12-eliminated.ptx" "$M/configs/g/artefacts/keep/image/libokg-part1.ptx"
bench ok_fx_store 'st\\\\.'
run "$TMP/nobin" folded
grep -q '"status":"not measured".*"error":"eliminated by compiler: ' "$R" || fail "folded body measured: $(cat "$R")"
grep -q '"per_op_ns"' "$R" && fail "a number for a folded body"
# 3. ptxas + cuobjdump (stand-ins: the real ones' output of this PTX is the .sass fixture).
cp "$F/gcc12-atomic-write.ptx" "$M/configs/g/artefacts/keep/image/libokg-part1.ptx"
bench ok_ot_atomic_write_int 'st\\\\.'
cp "$TMP/nobin/"* "$TMP/bin/"
cat >"$TMP/bin/ptxas" <<EOT
#!/bin/sh
echo "ptxas \$*" >>"$TMP/tools.log"
for a; do case \$prev in -o) : >"\$a" ;; esac; prev=\$a; done
EOT
cat >"$TMP/bin/cuobjdump" <<EOT
#!/bin/sh
echo "cuobjdump \$*" >>"$TMP/tools.log"
cat "$F/gcc12-atomic-write.sass"
EOT
chmod +x "$TMP/bin/ptxas" "$TMP/bin/cuobjdump"
run "$TMP/bin" sass
grep -q 'ptxas -c -arch=sm_90 .*/keep/image/libokg-part1.ptx -o ' "$TMP/tools.log" || fail "ptxas call: $(cat "$TMP/tools.log")"
grep -q '^cuobjdump -sass ' "$TMP/tools.log" || fail "cuobjdump call: $(cat "$TMP/tools.log")"
grep -q '"level":"sass-ptxas",.*"checked":true' "$R" || fail "not checked against the SASS: $(cat "$R")"
grep -q '"status":"not measured".*"error":"eliminated by compiler: sass-ptxas: test has 3 ' "$R" ||
  fail "the stores ptxas removed were measured: $(cat "$R")"
grep -q '"per_op_ns"' "$R" && fail "a number for a removed primitive"
pass "gcc-12: image PTX read, a folded body and ptxas' removed stores are not measured"
