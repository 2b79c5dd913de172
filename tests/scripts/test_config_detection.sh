# With nvcc and clang-19 pointed at nothing, configure still succeeds, prints one line per
# configuration, and says why each GPU/clang configuration is disabled.
. "$(dirname "$0")/lib.sh"
cmake -S "$SRC" -B "$TMP/b" -DBUILD_TESTING=OFF -DOMPKIT_NVCC=/nonexistent/nvcc \
  -DOMPKIT_CLANG19=/nonexistent/clang-19 >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "configure failed"; }
grep -q 'ompkit config native-gcc: enabled' "$TMP/log" || fail "native-gcc not enabled"
grep -q 'ompkit config cuda-nvcc: disabled (nvcc not found at /nonexistent/nvcc' "$TMP/log" || fail "cuda-nvcc reason"
grep -q 'ompkit config target-clang19: disabled (clang-19 not found at /nonexistent/clang-19' "$TMP/log" \
  || fail "target-clang19 reason"
grep -q 'ompkit config target-clang19-cudamode: disabled (clang-19 not found at /nonexistent/clang-19' "$TMP/log" \
  || fail "target-clang19-cudamode reason"
grep -q 'ompkit config native-clang19: disabled (clang-19 not found' "$TMP/log" || fail "native-clang19 reason"
grep -q 'ompkit config target-clang19-nospmd: disabled (clang-19 not found at /nonexistent/clang-19' "$TMP/log" \
  || fail "ablation configuration reason"
n=$(grep -c '^-- ompkit config ' "$TMP/log")
nabl=$(grep -c '^-- ompkit config target-clang19-no' "$TMP/log")
[ "$nabl" = 6 ] || fail "expected 6 ablation configuration lines, got $nabl"
# 5 base configurations and the compiler matrix's 6 (cmake/configs_matrix.cmake: clang16 and its
# old plugin, clang22, gcc12, the AMD GPUs gfx90a and gfx942)
[ "$((n - nabl))" = 11 ] || fail "expected 11 configuration lines besides the ablation ones, got $((n - nabl))"
grep -q 'ompkit config target-clang19-gfx942: disabled (clang not found (clang-19; bootstrap installs it))' "$TMP/log" \
  || fail "AMD configuration reason"
grep -q '"name": "cuda-nvcc", "model": "cuda", "enabled": false, "reason": "nvcc not found' "$TMP/b/ompkit-configs.json" \
  || fail "manifest lacks the disabled reason"
# A missing assembler root disables only the offload configuration.
cmake -S "$SRC" -B "$TMP/c" -DBUILD_TESTING=OFF -DOMPKIT_CUDA_ASM_ROOT=/nonexistent >"$TMP/log2" 2>&1 || fail "configure 2"
if command -v clang-19 >/dev/null; then
  grep -q 'ompkit config target-clang19: disabled (no CUDA 11.8 assembler at /nonexistent' "$TMP/log2" || fail "asm reason"
  grep -q 'ompkit config target-clang19-cudamode: disabled (no CUDA 11.8 assembler' "$TMP/log2" || fail "cudamode asm reason"
  grep -q 'ompkit config native-clang19: enabled' "$TMP/log2" || fail "native-clang19 should stay enabled"
fi
pass "disabled configurations carry reasons"
