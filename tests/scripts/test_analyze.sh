# ompkit analyze (issue 21): bad input is a one-line error with exit 2; the C and C++ fixtures'
# regions get the asserted lowering, globalization and what-if verdicts (test_analyze); a file
# one configuration cannot compile gives that configuration's first error while the other
# reports; --build-only leaves a runnable folder, --run-built without a GPU says so.
. "$(dirname "$0")/lib.sh"
T="$BUILD/tests/test_analyze"
FX="$SRC/tests/fixtures/analyze"
config_enabled target-clang19 || skip "target-clang19 is not enabled"
one_line_exit2() {
  "$OMPKIT" analyze "$@" >"$TMP/o" 2>"$TMP/e"
  rc=$?
  [ $rc = 2 ] || fail "analyze $*: exit $rc, want 2"
  [ "$(wc -l <"$TMP/e")" = 1 ] || fail "analyze $*: not one line: $(cat "$TMP/e")"
}
one_line_exit2 "$TMP/missing.c"
one_line_exit2 "$FX/lowering_ext.c"
one_line_exit2 "$FX/lowering.c" --configs no-such-config
for src in lowering.c lowering.cpp; do
  "$OMPKIT" analyze "$FX/$src" "$FX/lowering_ext.c" --configs target-clang19 --whatif-flags cuda-mode --out "$TMP/$src" >"$TMP/out" 2>&1 ||
    fail "analyze $src: exit $?: $(tail -n 5 "$TMP/out")"
  "$T" lowering "$TMP/$src/analysis.json" target-clang19 || fail "$src: the analysis is not the expected one"
  for f in report.md report.html; do [ -s "$TMP/$src/$f" ] || fail "$src: no $f"; done
  grep -q '^## Costly regions' "$TMP/$src/report.md" || fail "$src: report.md does not open with the costly regions"
done
# One directive, two kernels (su3's form built for float and double): the analysis keeps both as
# instances and is still written (a region that held itself made analysis.json unprintable).
P="$SRC/proxies"
"$OMPKIT" analyze "$P/su3/omp_target/su3_v1_manual.c" --configs target-clang19 --no-whatif --out "$TMP/two" \
  -- "-I$SRC/record" "-I$SRC/kernels/common" "-I$SRC/kernels/omp_target" "-I$P/common" "-I$P/su3" >"$TMP/out" 2>&1 ||
  fail "analyze su3_v1_manual.c: exit $?: $(tail -n 5 "$TMP/out")"
[ -s "$TMP/two/analysis.json" ] || fail "su3_v1_manual.c: no analysis.json"
"$T" p30 twokernels "$TMP/two/analysis.json" target-clang19 || fail "su3_v1_manual.c: the region's two kernels are not both kept"
if config_enabled target-clang16; then
  "$OMPKIT" analyze "$FX/badcompile.c" --configs target-clang19,target-clang16 --no-whatif --out "$TMP/bad" >"$TMP/out" 2>&1
  "$T" bad "$TMP/bad/analysis.json" target-clang19 target-clang16 || fail "badcompile: $(tail -n 5 "$TMP/out")"
fi
# GCC's rows: kernels joined by the omplower dump, registers after the nvlink of mkoffload's PTX.
if config_enabled target-gcc12; then
  "$OMPKIT" analyze "$FX/lowering.c" "$FX/lowering_ext.c" --configs target-gcc12 --out "$TMP/gcc" >"$TMP/out" 2>&1 ||
    fail "analyze --configs target-gcc12: exit $?: $(tail -n 5 "$TMP/out")"
  "$T" gcc "$TMP/gcc/analysis.json" target-gcc12 || fail "target-gcc12: the analysis is not the expected one"
fi
# Build here, run where the GPU is: the folder holds the program and run.sh; with the CUDA form
# (lowering.cu) and nvcc, its program too, with the CUDA-event shim preloaded by run.sh.
CU=
config_enabled cuda-nvcc && CU="$FX/lowering.cu"
"$OMPKIT" analyze "$FX/lowering.c" "$FX/lowering_ext.c" $CU --configs target-clang19 --no-whatif --build-only \
  --out "$TMP/built" >"$TMP/out" 2>&1 || fail "--build-only: $(tail -n 5 "$TMP/out")"
[ -x "$TMP/built/run/target-clang19/prog" ] && [ -s "$TMP/built/run/run.sh" ] || fail "--build-only left no program"
if [ -n "$CU" ]; then
  [ -x "$TMP/built/run/cuda-nvcc/prog" ] && [ -s "$TMP/built/run/cuda-nvcc/libokcudaevents.so" ] ||
    fail "--build-only with a .cu file: no CUDA program or shim: $(tail -n 3 "$TMP/built/run/cuda-nvcc/link.txt")"
  grep -q 'LD_PRELOAD=.*libokcudaevents.so' "$TMP/built/run/run.sh" || fail "run.sh does not preload the CUDA-event shim"
  nm -D "$TMP/built/run/cuda-nvcc/libokcudaevents.so" | grep -q ' T __cudaLaunchKernel$' || fail "the shim does not define __cudaLaunchKernel"
fi
if [ ! -e /dev/nvidiactl ]; then
  "$OMPKIT" analyze --run-built "$TMP/built" >"$TMP/out" 2>&1 || fail "--run-built: exit $?"
  grep -q 'no GPU on this machine' "$TMP/out" || fail "--run-built without a GPU does not say so: $(tail -n 5 "$TMP/out")"
fi
pass "analyze: bad input, C and C++ fixtures, a failing configuration, build-only and run-built"
