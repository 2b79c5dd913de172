# CONTRIBUTING.md recipe 1, followed in a scratch tree: a new primitive `my_prim` in all three
# models. The kernels.def row, then one file per model copied from atomic_update and renamed;
# each model's sub-build (its harness files and the new file only: a full copy would take
# minutes) must build it, list it under its name, and keep what the checks read. The host form
# runs and every point must come back `ok` (verified against the host reference); without a GPU
# the device forms are checked at compile time: their kept PTX holds the new kernels with the
# primitive's instruction, and the omp_target forms' execution modes are the EXPECT-MODE lines'.
. "$(dirname "$0")/lib.sh"
T="$TMP/tree"
K="$T/kernels"
mkdir -p "$K/native" "$K/omp_target" "$K/cuda" "$T/scripts"
cp -R "$SRC/kernels/common" "$SRC/kernels/CMakeLists.txt" "$K/"
cp -R "$SRC/record" "$T/"
cp "$SRC/scripts/compile.sh" "$SRC/scripts/ptxas-keep.sh" "$SRC/scripts/gcc_keep_ptx.sh" "$T/scripts/"
for f in harness.c prim_harness.c prim_harness.h; do cp "$SRC/kernels/native/$f" "$K/native/"; done
for f in harness.c prim_harness.c prim_harness.h case_harness.c case_harness.h opaque.c opaque.h ok_portable.h; do
  cp "$SRC/kernels/omp_target/$f" "$K/omp_target/"
done
for f in harness.cu harness.cuh prim_harness.cu prim_harness.cuh case_harness.cuh; do cp "$SRC/kernels/cuda/$f" "$K/cuda/"; done

# Step 1: the row. Step 2: one file per model, copied and renamed.
echo 'OK_KERNEL(my_prim, "atomic", "recipe 1 probe: atomic add to one shared variable", 1, 8)' >>"$T/record/kernels.def"
for m in native/my_prim.c omp_target/my_prim.c cuda/my_prim.cu; do
  sed 's/atomic_update/my_prim/g' "$SRC/kernels/${m%my_prim.*}atomic_update.${m##*.}" >"$K/$m"
done

get() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/configs/$2/CMakeCache.txt"; }
# scratch NAME MODEL CMAKE_ARGS...: configures and builds $TMP/NAME from the scratch tree.
scratch() {
  name=$1 model=$2
  shift 2
  cmake -S "$K" -B "$TMP/$name" -DCMAKE_BUILD_TYPE=Release "-DOMPKIT_MODEL=$model" "-DOMPKIT_CONFIG=scratch-$name" \
    "-DOMPKIT_RECORD_DIR=$T/record" "-DOMPKIT_PROXIES_DIR=$T/proxies" "-DOMPKIT_SCRIPTS_DIR=$T/scripts" "-DOMPKIT_CMAKE_DIR=$SRC/cmake" \
    "$@" >"$TMP/$name.configure.log" 2>&1 || { tail -5 "$TMP/$name.configure.log"; fail "scratch configure ($name)"; }
  cmake --build "$TMP/$name" -j 2 >"$TMP/$name.build.log" 2>&1 || { tail -20 "$TMP/$name.build.log"; fail "scratch build ($name)"; }
  "$TMP/$name/ompkit-bench" --list >"$TMP/$name.list" 2>&1 || fail "$name: --list failed: $(head -3 "$TMP/$name.list")"
}
listed() { grep -q "\"kernel\":\"my_prim\",\"variant\":\"$2\"" "$TMP/$1.list"; } # listed BUILD VARIANT
# The new kernel's functions in a kept PTX file, and the family's instruction among them.
ptx_has() { # ptx_has FILE FUNCTION-PREFIX INSTRUCTION-REGEX
  [ -s "$1" ] || fail "no PTX kept: $1"
  grep -q "$2" "$1" || fail "$1 has no $2 function"
  grep -Eq "$3" "$1" || fail "$1 has no $3 instruction"
}
done_models=''

# Native (gcc): built, listed, and run: every point ok.
if config_enabled native-gcc && [ -f "$BUILD/configs/native-gcc/CMakeCache.txt" ]; then
  scratch native native "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER native-gcc)"
  listed native omp_atomic || fail "native: my_prim/omp_atomic not listed: $(cat "$TMP/native.list")"
  OMP_NUM_THREADS=2 "$TMP/native/ompkit-bench" --run my_prim/omp_atomic --threads 2 --runs 3 >"$TMP/native.out" 2>&1 ||
    fail "native: the run failed: $(tail -3 "$TMP/native.out")"
  grep '"kernel":"my_prim"' "$TMP/native.out" | grep '"status":' >"$TMP/native.points"
  n=$(wc -l <"$TMP/native.points")
  [ "$n" -ge 2 ] || fail "native: $n result line(s) for my_prim: $(head -5 "$TMP/native.out")"
  grep -v '"status":"ok","verified":true' "$TMP/native.points" | head -3 | grep . &&
    fail "native: a my_prim point is not ok"
  done_models="$done_models native"
fi

# omp_target (clang-19): built, listed, SPMD and generic kernels in its PTX with their atomics.
if config_enabled target-clang19 && [ -f "$BUILD/configs/target-clang19/CMakeCache.txt" ]; then
  scratch ot omp_target "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER target-clang19)" \
    "-DOMPKIT_CUDA_ASM_ROOT=$(get OMPKIT_CUDA_ASM_ROOT target-clang19)" \
    "-DOMPKIT_LLVM_LIBDIR=$(get OMPKIT_LLVM_LIBDIR target-clang19)" \
    "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH target-clang19)"
  for v in relaxed_spmd relaxed_generic seq_cst_spmd seq_cst_generic; do
    listed ot "$v" || fail "omp_target: my_prim/$v not listed: $(cat "$TMP/ot.list")"
  done
  P="$TMP/ot/artefacts/keep/my_prim.ptx"
  ptx_has "$P" 'ok_ot_my_prim_relaxed_int_test' 'atom\.|red\.'
  [ "$(grep -c '_kernel_environment\[' "$P")" = 2 ] || fail "omp_target: my_prim.ptx does not hold the two kernels"
  [ -s "$TMP/ot/artefacts/remarks/my_prim.device.opt.yaml" ] || fail "omp_target: no device remarks for my_prim.c"
  # Recipe step 3's `ompkit check`: the new file's EXPECT-MODE lines (SPMD, Generic) hold in
  # the scratch build's artefacts.
  cat >"$TMP/manifest.json" <<EOJ
{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": [
 {"name": "scratch-ot", "model": "omp_target", "enabled": true, "needs_gpu": true, "compiler": "$(get CMAKE_C_COMPILER target-clang19)",
  "compiler_version": "$("$(get CMAKE_C_COMPILER target-clang19)" --version | head -1)",
  "bench": "ot/ompkit-bench", "artefacts": "ot/artefacts"}]}
EOJ
  OMPKIT_MANIFEST="$TMP/manifest.json" "$OMPKIT" check --config scratch-ot --sources "$K/omp_target" -v >"$TMP/check.out" 2>&1 ||
    fail "omp_target: ompkit check: $(tail -5 "$TMP/check.out")"
  grep -q 'my_prim.c:[0-9]*: ok: EXPECT-MODE: SPMD' "$TMP/check.out" && grep -q 'my_prim.c:[0-9]*: ok: EXPECT-MODE: Generic' "$TMP/check.out" ||
    fail "omp_target: check did not judge my_prim.c's two EXPECT-MODE lines: $(cat "$TMP/check.out")"
  done_models="$done_models omp_target"
fi

# CUDA (nvcc): built, listed, its kept PTX holds the pair with atom/red.
if config_enabled cuda-nvcc && [ -f "$BUILD/configs/cuda-nvcc/CMakeCache.txt" ]; then
  scratch cu cuda "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER cuda-nvcc)" \
    "-DCMAKE_CUDA_COMPILER=$(get CMAKE_CUDA_COMPILER cuda-nvcc)" \
    "-DCMAKE_CUDA_HOST_COMPILER=$(get CMAKE_CUDA_HOST_COMPILER cuda-nvcc)" \
    "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH cuda-nvcc)"
  listed cu atomicAdd || fail "cuda: my_prim/atomicAdd not listed: $(cat "$TMP/cu.list")"
  P=$(ls "$TMP"/cu/artefacts/keep/my_prim*.ptx 2>/dev/null | head -1)
  ptx_has "${P:-$TMP/cu/artefacts/keep/my_prim.ptx}" 'ok_cu_my_prim_' 'atom\.|red\.'
  done_models="$done_models cuda"
fi
[ -n "$done_models" ] || skip "none of native-gcc, target-clang19, cuda-nvcc is built"
pass "recipe 1 followed in a scratch tree:$done_models"
