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
  # issue 30 §6: lowering_ext.c has no target region: one compile per configuration, no what-if one, no IR
  [ -s "$TMP/$src/build/target-clang19/obj/lowering_ext.o" ] || fail "$src: lowering_ext.c was not compiled once"
  x=$(find "$TMP/$src/build" -path '*/whatif-*' -name 'lowering_ext*' | head -n 3)
  [ -z "$x" ] || fail "$src: a what-if compile of lowering_ext.c, which has no target region: $x"
  [ -z "$(find "$TMP/$src/build/target-clang19/ir" -name 'lowering_ext*')" ] || fail "$src: lowering_ext.c's IR was compiled"
  [ -n "$(find "$TMP/$src/build" -path '*/whatif-*' -name 'lowering.*')" ] || fail "$src: no what-if compile of lowering.c at all"
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
# A region without a kernel (issue 33 §2): #if'd-out code has no row (issue 30: the rows are the
# kernels the compilers emitted); a directive clang 16 compiles to nothing is said with its finding
# (and what its host side shows: no launch) and listed as costly,
# as the finding's reproducer says (its FORM 0 and 1: no kernel, no launch; FORM 2: a kernel with no
# loop in it). And clang 19's SPMD
# kernel whose nested `teams loop` is distribute-only is wrong code, as its finding says.
RP="$SRC/docs/findings/repro"
verdicts() { # ANALYSIS.json: "line config status dropped wrong_code error" per region and configuration
  python3 - "$1" <<'EOP'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["regions"]:
    for c, e in sorted(r["configs"].items()):
        print(r["line"], c, e["status"].replace(" ", "_"), int(e.get("dropped", False)),
              int(e.get("lowering", {}).get("wrong_code", False)), e.get("error", "-"))
EOP
}
if config_enabled target-clang16; then
  for form in 0 1 2; do
    # exit 1: a configuration dropped the region or left its kernel without the loop (issue 30 §4)
    "$OMPKIT" analyze "$RP/clang16-teams-loop-collapse-writes-nothing/teams_loop.c" --configs target-clang19,target-clang16 \
      --no-whatif --out "$TMP/drop$form" -- -DFORM=$form >"$TMP/out" 2>&1
    [ $? = 1 ] || fail "analyze teams_loop.c FORM=$form: not exit 1: $(tail -n 5 "$TMP/out")"
    verdicts "$TMP/drop$form/analysis.json" >"$TMP/v$form"
    live=$((13 + 3 * form))
    for l in 13 16 19; do
      if [ $l = $live ]; then
        grep -q "^$l target-clang19 ok 0 " "$TMP/v$form" || fail "FORM=$form line $l: clang 19 has no kernel: $(cat "$TMP/v$form")"
      else # issue 30: a region is a kernel a compiler emitted; #if'd-out code has no row
        grep -q "^$l " "$TMP/v$form" && fail "FORM=$form line $l is #if'd out, yet a row: $(cat "$TMP/v$form")"
      fi
    done
    if [ $form = 2 ]; then
      grep -q "^19 target-clang16 ok 0 1 " "$TMP/v2" || fail "the nested form's kernel in clang 16 is not wrong code: $(cat "$TMP/v2")"
      grep -q "^- teams_loop.c:19 \[target-clang16\] wrong code: empty kernel: clang 16 " "$TMP/drop2/report.md" ||
        fail "clang 16's empty nested-form kernel is not costly: $(sed -n '/Costly/,/Side/p' "$TMP/drop2/report.md")"
    else
      grep -q "^$live target-clang16 no_kernel 1 0 dropped: clang 16 .*clang16-teams-loop-collapse-writes-nothing" "$TMP/v$form" ||
        fail "FORM=$form: clang 16's dropped region is not said so: $(cat "$TMP/v$form")"
      grep -q "^- teams_loop.c:$live \[target-clang16\] dropped" "$TMP/drop$form/report.md" || fail "FORM=$form: the dropped region is not costly"
    fi
  done
fi
"$OMPKIT" analyze "$RP/clang19-nested-teams-loop-runs-one-iteration-per-team-thread/nested_teams_loop.c" --configs target-clang19 \
  --no-whatif --out "$TMP/nested" >"$TMP/out" 2>&1
[ $? = 1 ] || fail "analyze nested_teams_loop.c: not exit 1 (wrong code is a finding): $(tail -n 5 "$TMP/out")"
verdicts "$TMP/nested/analysis.json" | grep -q "^11 target-clang19 ok 0 1 " || fail "the nested teams loop is not wrong code: $(verdicts "$TMP/nested/analysis.json")"
grep -q "^- nested_teams_loop.c:11 \[target-clang19\] wrong code: SPMD with a distribute-only loop" "$TMP/nested/report.md" ||
  fail "the nested teams loop is not listed as costly: $(sed -n '/Costly/,/Side/p' "$TMP/nested/report.md")"
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
pass "analyze: bad input, C and C++ fixtures, a failing configuration, no-kernel verdicts (#if'd out, dropped by clang 16), the nested teams loop, build-only and run-built"
