# ompkit analyze on the kit's own sources as outside files (issue 21 §4): a proxy (miniqmc.c) and a
# case (spmd_modes.c) copied to a temporary folder and analyzed there agree, region by region,
# with what the kit's build made of them (analyze --from-build reads the build's artefacts, the
# data the study's tables are made from): the same mode, remark IDs and registers.
. "$(dirname "$0")/lib.sh"
T="$BUILD/tests/test_analyze"
A="$BUILD/configs/target-clang19/artefacts"
config_enabled target-clang19 || skip "target-clang19 is not enabled"
[ -s "$A/keep/miniqmc.ptx" ] && [ -s "$A/keep/spmd_modes.ptx" ] || skip "target-clang19 is not built"
mkdir -p "$TMP/miniqmc/omp_target" "$TMP/cases"
# (Not a su3 form: each of its pragmas makes a float and a double kernel, and analyze writes no
# analysis.json for such a file, 2026-11-26; not rsbench or xsbench: their lookups call an
# out-of-line function, so a file's registers are not the linked kernel's.)
cp "$SRC/proxies/miniqmc/omp_target/miniqmc.c" "$TMP/miniqmc/omp_target/" &&
  cp "$SRC"/proxies/miniqmc/*.h "$TMP/miniqmc/"
cp "$SRC/kernels/omp_target/cases/spmd_modes.c" "$TMP/cases/"
inc="-I$SRC/record -I$SRC/kernels/common -I$SRC/kernels/omp_target -I$SRC/proxies/common -I$TMP/miniqmc"
for f in "$TMP/miniqmc/omp_target/miniqmc.c:$SRC/proxies/miniqmc/omp_target/miniqmc.c" \
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
pass "miniqmc.c and spmd_modes.c analyzed as outside files agree with the build (mode, remark IDs, registers)"
