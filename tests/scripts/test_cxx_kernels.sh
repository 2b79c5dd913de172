# C++ kernels (issue 21): kernels/omp_target/cases/cxx_lowering.cpp is built by each omp_target
# configuration's C++ compiler, its variants are listed, run and verified like the C cases (on the
# host fallback here: `ran on host` verified, and --inject-fault caught), its remarks and PTX are
# kept and `ompkit check` holds it to its EXPECT lines; a configuration without a C++ compiler
# registers its variants as `not built: <why>` (cmake/cxx_not_built.cmake).
. "$(dirname "$0")/lib.sh"
F="$SRC/kernels/omp_target/cases/cxx_lowering.cpp"
[ -f "$F" ] || fail "no C++ case at $F"
want="cxx_lowering/combined cxx_lowering/distribute cxx_lowering/member_call"

# The stub a configuration without a C++ compiler builds instead: every variant, not built, with why.
cmake -DOMPKIT_SRC="$F" -DOMPKIT_OUT="$TMP/stub" "-DOMPKIT_WHY=no C++ compiler: /x/clang++ not found" \
  -P "$SRC/cmake/cxx_not_built.cmake" >/dev/null 2>&1 || fail "cxx_not_built.cmake failed"
S="$TMP/stub/cxx_lowering.cxx-not-built.c"
for kv in $want; do
  k=${kv%/*} v=${kv#*/}
  grep -q "^OK_REGISTER_NOT_BUILT($k, $v, \"[a-z]*\", \"C++ source, no C++ compiler: /x/clang++ not found\")" "$S" ||
    fail "stub lacks $kv: $(cat "$S")"
done
cc -fsyntax-only -I"$SRC/record" -I"$SRC/kernels/common" "$S" || fail "the stub is not valid C"
# A sub-build with no C++ compiler wires the stub in (configure only, and its one object): the
# cases-only source set, with target-clang19's C settings, as test_build_incremental's scratch.
CACHE="$BUILD/configs/target-clang19/CMakeCache.txt"
if [ -f "$CACHE" ]; then
  get() { sed -n "s/^$1:[A-Z]*=//p" "$CACHE"; }
  cmake -S "$SRC/kernels" -B "$TMP/nocxx" -DCMAKE_BUILD_TYPE=Release -DOMPKIT_MODEL=omp_target -DOMPKIT_CONFIG=scratch \
    "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH)" "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER)" \
    "-DOMPKIT_CUDA_ASM_ROOT=$(get OMPKIT_CUDA_ASM_ROOT)" "-DOMPKIT_LLVM_LIBDIR=$(get OMPKIT_LLVM_LIBDIR)" \
    -DOMPKIT_SOURCES=ablation -DOMPKIT_RUN_PRIMITIVES=OFF -DOMPKIT_CXX_COMPILER= "-DOMPKIT_CXX_WHY=no C++ compiler here" \
    "-DOMPKIT_RECORD_DIR=$SRC/record" "-DOMPKIT_PROXIES_DIR=$SRC/proxies" "-DOMPKIT_SCRIPTS_DIR=$SRC/scripts" "-DOMPKIT_CMAKE_DIR=$SRC/cmake" \
    >"$TMP/nocxx.log" 2>&1 || fail "configure without a C++ compiler: $(tail -n 5 "$TMP/nocxx.log")"
  ! grep -q '^CMAKE_CXX_COMPILER:' "$TMP/nocxx/CMakeCache.txt" || fail "CXX enabled without a C++ compiler"
  mk="$TMP/nocxx/CMakeFiles/ompkit-bench.dir/build.make"
  o=$(grep -o '^CMakeFiles/ompkit-bench.dir/[^:]*cxx_lowering.cxx-not-built[^:]*\.o' "$mk" | head -n 1)
  [ -n "$o" ] || fail "the bench does not build the not-built stub"
  (cd "$TMP/nocxx" && make -f CMakeFiles/ompkit-bench.dir/build.make "$o") >"$TMP/nocxx.make.log" 2>&1 ||
    fail "the stub does not compile in the sub-build: $(tail -n 5 "$TMP/nocxx.make.log")"
  grep -q 'not built.*C++ source, no C++ compiler here\|C++ source, no C++ compiler here' "$TMP/nocxx/cxx-not-built/cxx_lowering.cxx-not-built.c" ||
    fail "the stub does not say why"
fi

ran=0
for cfg in target-clang19 target-clang19-cudamode target-clang16; do
  config_enabled "$cfg" || continue
  B=$(bench "$cfg")
  [ -x "$B" ] || continue
  A="$BUILD/configs/$cfg/artefacts"
  [ -s "$A/remarks/cxx_lowering.device.opt.yaml" ] || fail "$cfg: no device remarks for the C++ case"
  [ -s "$A/keep/cxx_lowering.ptx" ] || fail "$cfg: no PTX kept for the C++ case"
  grep -q 'cxx_lowering.cpp' "$A/build-times.txt" || fail "$cfg: build-times.txt has no C++ compile"
  "$B" --list >"$TMP/list" || fail "$cfg: --list failed"
  for kv in $want; do
    grep -q "\"kernel\":\"${kv%/*}\",\"variant\":\"${kv#*/}\"" "$TMP/list" || fail "$cfg: $kv not listed"
  done
  for mode in fallback fault; do
    extra=""
    [ $mode = fault ] && extra=--inject-fault
    OMP_TARGET_OFFLOAD=DISABLED "$B" --run cxx_lowering --teams 2 --threads 4 --iters 8 --runs 1 --warmup 0 $extra \
      >"$TMP/out" 2>"$TMP/err"
    sed -i '/^{"event":/d' "$TMP/out"
    n=$(grep -c '"kernel":"cxx_lowering"' "$TMP/out")
    [ "$n" = 3 ] || fail "$cfg $mode: $n result lines for 3 variants: $(tail -n 3 "$TMP/err")"
    if [ $mode = fallback ]; then
      [ "$(grep '"status":"ran on host"' "$TMP/out" | grep -c '"verified":true')" = 3 ] ||
        fail "$cfg: the C++ variants did not verify on the host fallback: $(cat "$TMP/out")"
    else
      [ "$(grep -c '"status":"wrong result"' "$TMP/out")" = 3 ] || fail "$cfg: --inject-fault not caught: $(cat "$TMP/out")"
    fi
  done
  ran=$((ran + 1))
done
[ $ran -gt 0 ] || skip "no omp_target configuration with a bench built"
# check reads .cpp sources: their EXPECT lines hold for the reference configuration.
"$OMPKIT" check --config target-clang19 -v >"$TMP/check" 2>&1
grep -q 'cxx_lowering.cpp:[0-9]*: ok: EXPECT-MODE: SPMD' "$TMP/check" || fail "check did not read cxx_lowering.cpp: $(tail -n 5 "$TMP/check")"
if grep 'cxx_lowering.cpp' "$TMP/check" | grep -q ': error:'; then fail "cxx_lowering.cpp: $(grep -A4 'cxx_lowering.cpp.*error' "$TMP/check")"; fi
pass "C++ case built, listed, run and verified in $ran configuration(s); check reads it; stub lists it not built"
