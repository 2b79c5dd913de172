# ompkit analyze on the kit's own sources as outside files (issue 21 §4): a proxy form (su3_v1_manual.c) and a
# case (spmd_modes.c) copied to a temporary folder and analyzed there agree, region by region,
# with what the kit's build made of them (analyze --from-build reads the build's artefacts, the
# data the study's tables are made from): the same mode, remark IDs and registers.
. "$(dirname "$0")/lib.sh"
T="$BUILD/tests/test_analyze"
A="$BUILD/configs/target-clang19/artefacts"
config_enabled target-clang19 || skip "target-clang19 is not enabled"
[ -s "$A/keep/su3_v1_manual.ptx" ] && [ -s "$A/keep/spmd_modes.ptx" ] || skip "target-clang19 is not built"
mkdir -p "$TMP/su3/omp_target" "$TMP/cases"
cp "$SRC/proxies/su3/omp_target/su3_v1_manual.c" "$SRC/proxies/su3/omp_target/su3_omp.h" "$TMP/su3/omp_target/" &&
  cp "$SRC"/proxies/su3/*.h "$TMP/su3/"
cp "$SRC/kernels/omp_target/cases/spmd_modes.c" "$TMP/cases/"
inc="-I$SRC/record -I$SRC/kernels/common -I$SRC/kernels/omp_target -I$SRC/proxies/common"
for f in "$TMP/su3/omp_target/su3_v1_manual.c:$SRC/proxies/su3/omp_target/su3_v1_manual.c" \
         "$TMP/cases/spmd_modes.c:$SRC/kernels/omp_target/cases/spmd_modes.c"; do
  out=${f%%:*} kit=${f#*:} n=$(basename "$kit" .c)
  # shellcheck disable=SC2086
  "$OMPKIT" analyze "$out" --configs target-clang19 --no-whatif --out "$TMP/$n-outside" -- $inc >"$TMP/log" 2>&1 ||
    fail "$n outside: exit $?: $(tail -n 5 "$TMP/log")"
  "$OMPKIT" analyze "$kit" --configs target-clang19 --from-build --out "$TMP/$n-build" >"$TMP/log" 2>&1 ||
    fail "$n from the build: exit $?: $(tail -n 5 "$TMP/log")"
  "$T" agree "$TMP/$n-outside/analysis.json" "$TMP/$n-build/analysis.json" target-clang19 ||
    fail "$n: the outside analysis disagrees with the build's"
done
pass "su3_v1_manual.c and spmd_modes.c analyzed as outside files agree with the build (mode, remark IDs, registers)"
