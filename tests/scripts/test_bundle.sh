# ompkit bundle makes a self-contained folder: its run.sh runs the driver with only the bundle's
# libraries, from a copy outside the source tree, and the archive stays under 60 MiB.
. "$(dirname "$0")/lib.sh"
ls "$SRC"/.toolchains/debs/libomp5-19_*.deb >/dev/null 2>&1 || skip "no runtime .debs (bootstrap not run)"
sh "$SRC/scripts/bundle.sh" "$BUILD" --out "$TMP/dist" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "bundle failed"; }
A="$TMP/dist/ompkit-bundle.tar.zst"
[ -s "$A" ] || fail "no archive"
mkdir "$TMP/x" && zstd -dc "$A" | tar -C "$TMP/x" -xf - || fail "archive does not unpack"
X="$TMP/x/ompkit-bundle"
for f in run.sh driver/ompkit ompkit-configs.json runtime/lib/libomptarget.so.19.1 runtime/lib/libomp.so.5 \
         runtime/lib/libLLVM.so.19.1; do
  [ -e "$X/$f" ] || fail "bundle lacks $f"
done
grep -q '"git_sha": "' "$X/ompkit-configs.json" || fail "bundle manifest lacks git_sha"
if config_enabled target-clang19; then
  LD_LIBRARY_PATH="$X/runtime/lib" ldd "$X/configs/target-clang19/ompkit-bench" >"$TMP/ldd"
  grep -q "libomptarget.so.19.1 => $X/runtime/lib/" "$TMP/ldd" || fail "target bench does not resolve the bundled libomptarget"
  grep -q 'not found' "$TMP/ldd" && fail "unresolved libraries: $(grep 'not found' "$TMP/ldd")"
fi
"$X/run.sh" list --configs >"$TMP/list" || fail "run.sh list failed"
grep -q '^native-gcc' "$TMP/list" || fail "bundle lists no configurations"
"$X/run.sh" run --out "$TMP/res" --configs native-gcc --runs 1 >"$TMP/run" 2>&1 || { cat "$TMP/run"; fail "bundle run failed"; }
grep -q '"status":"ok","verified":true' "$TMP/res/latest/results.jsonl" || fail "bundle run produced no verified result"
mib=$(du -m "$A" | cut -f1)
[ "$mib" -lt 60 ] || fail "archive ${mib} MiB"
pass "bundle self-contained, ${mib} MiB"
