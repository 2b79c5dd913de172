# Adding or removing one omp_target source rebuilds that file and the link only, and the one
# compile leaves its remarks and PTX (scripts/compile.sh). Runs the omp_target sub-build on a
# scratch copy of kernels/ holding the harnesses and one case (a full copy would take minutes).
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
CACHE="$BUILD/configs/target-clang19/CMakeCache.txt"
[ -f "$CACHE" ] || skip "target-clang19 not built"
get() { sed -n "s/^$1:[A-Z]*=//p" "$CACHE"; }
K="$TMP/tree/kernels"
mkdir -p "$K/omp_target/cases" "$TMP/tree/scripts"
cp -R "$SRC/kernels/common" "$SRC/kernels/CMakeLists.txt" "$SRC/kernels/kernels.def" "$K/"
cp "$SRC/scripts/compile.sh" "$TMP/tree/scripts/"
for f in harness.c prim_harness.c prim_harness.h case_harness.c case_harness.h opaque.c opaque.h ok_portable.h; do
  cp "$SRC/kernels/omp_target/$f" "$K/omp_target/"
done
cp "$SRC/kernels/omp_target/cases/launch_bounds.c" "$K/omp_target/cases/"
B="$TMP/b"
cmake -S "$K" -B "$B" -DCMAKE_BUILD_TYPE=Release -DOMPKIT_MODEL=omp_target -DOMPKIT_CONFIG=scratch \
  "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER)" "-DOMPKIT_CUDA_ASM_ROOT=$(get OMPKIT_CUDA_ASM_ROOT)" \
  "-DOMPKIT_LLVM_LIBDIR=$(get OMPKIT_LLVM_LIBDIR)" "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH)" \
  >"$TMP/configure.log" 2>&1 || { tail -5 "$TMP/configure.log"; fail "scratch configure"; }
cmake --build "$B" -j 2 >"$TMP/build1.log" 2>&1 || { tail -20 "$TMP/build1.log"; fail "scratch build"; }
T="$B/artefacts/build-times.txt"
[ -s "$B/artefacts/keep/launch_bounds.ptx" ] || fail "no PTX kept for launch_bounds.c"
[ -s "$B/artefacts/remarks/launch_bounds.device.opt.yaml" ] || fail "no device remarks for launch_bounds.c"
ls "$B/CMakeFiles/ompkit-bench.dir/omp_target/cases/" | grep -v '\.o$\|\.o\.d$' | grep . &&
  fail "temporaries left beside the objects"

steps_since() { awk -v n="$1" 'NR > n { print $3, $4 }' "$T"; }
# Add one file: exactly one compile (it) and one link.
n=$(wc -l <"$T")
cat >"$K/omp_target/cases/added_repro.c" <<'EOC'
void added_repro(int *a, int n) {
  // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for map(tofrom : a[0:n])
  for (int i = 0; i < n; ++i) a[i] += i;
}
EOC
cmake --build "$B" -j 2 >"$TMP/build2.log" 2>&1 || { tail -20 "$TMP/build2.log"; fail "build after adding a file"; }
got=$(steps_since "$n" | sort | tr '\n' ';')
[ "$got" = "compile omp_target/cases/added_repro.c;link $B/ompkit-bench;" ] ||
  [ "$got" = "compile omp_target/cases/added_repro.c;link ompkit-bench;" ] ||
  fail "adding one file rebuilt: $got"
[ -s "$B/artefacts/keep/added_repro.ptx" ] || fail "no PTX for the added file"
grep -q '_kernel_environment' "$B/artefacts/keep/added_repro.ptx" || fail "added file's PTX has no kernel"
# Remove it: the link only, and its artefacts go.
n=$(wc -l <"$T")
rm "$K/omp_target/cases/added_repro.c"
cmake --build "$B" -j 2 >"$TMP/build3.log" 2>&1 || fail "build after removing a file"
got=$(steps_since "$n" | awk '{print $1}' | sort | tr '\n' ';')
[ "$got" = "link;" ] || fail "removing one file ran: $got"
[ ! -e "$B/artefacts/keep/added_repro.ptx" ] && [ ! -e "$B/artefacts/remarks/added_repro.device.opt.yaml" ] ||
  fail "removed file's PTX or remarks left behind"
pass "adding a file compiled it and linked; removing it linked only and dropped its artefacts"
