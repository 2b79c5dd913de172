# Adding or removing one omp_target source rebuilds that file and the links only, in each
# configuration it belongs to, and nothing in the others. Three scratch sub-builds of a copy of
# kernels/ holding the harnesses and one case (a full copy would take minutes):
#   target-clang19 form   add: its compile and the link, with its remarks and PTX; remove: the link
#   ablation form         (OMPKIT_SOURCES=ablation: cases only) a new primitive file: no step at all,
#                         not even a reconfigure
#   target-gcc12 form     (when enabled) add: its compile, the link of the one library (part) it
#                         goes into and the executable's; remove: those links
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
CACHE="$BUILD/configs/target-clang19/CMakeCache.txt"
[ -f "$CACHE" ] || skip "target-clang19 not built"
get() { sed -n "s/^$1:[A-Z]*=//p" "${2:-$CACHE}"; }
K="$TMP/tree/kernels"
mkdir -p "$K/omp_target/cases" "$TMP/tree/scripts"
cp -R "$SRC/kernels/common" "$SRC/kernels/CMakeLists.txt" "$K/"
cp -R "$SRC/record" "$TMP/tree/"
cp "$SRC/scripts/compile.sh" "$SRC/scripts/ptxas-keep.sh" "$SRC/scripts/gcc_keep_ptx.sh" "$TMP/tree/scripts/"
for f in harness.c prim_harness.c prim_harness.h case_harness.c case_harness.h opaque.c opaque.h ok_portable.h; do
  cp "$SRC/kernels/omp_target/$f" "$K/omp_target/"
done
cp "$SRC/kernels/omp_target/cases/launch_bounds.c" "$K/omp_target/cases/"

# scratch NAME CMAKE_ARGS...: configures and builds $TMP/NAME from the scratch tree.
scratch() {
  name=$1
  shift
  cmake -S "$K" -B "$TMP/$name" -DCMAKE_BUILD_TYPE=Release -DOMPKIT_MODEL=omp_target -DOMPKIT_CONFIG=scratch \
    "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH)" "-DOMPKIT_RECORD_DIR=$TMP/tree/record" \
    "-DOMPKIT_PROXIES_DIR=$TMP/tree/proxies" "-DOMPKIT_SCRIPTS_DIR=$TMP/tree/scripts" "-DOMPKIT_CMAKE_DIR=$SRC/cmake" \
    "$@" >"$TMP/$name.configure.log" 2>&1 ||
    { tail -5 "$TMP/$name.configure.log"; fail "scratch configure ($name)"; }
  cmake --build "$TMP/$name" -j 2 >"$TMP/$name.build0.log" 2>&1 || { tail -20 "$TMP/$name.build0.log"; fail "scratch build ($name)"; }
}
clang_args() {
  printf '%s\n' "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER)" "-DOMPKIT_CUDA_ASM_ROOT=$(get OMPKIT_CUDA_ASM_ROOT)" \
    "-DOMPKIT_LLVM_LIBDIR=$(get OMPKIT_LLVM_LIBDIR)"
}
# shellcheck disable=SC2046 # one argument per line, none with spaces
scratch b $(clang_args)
# shellcheck disable=SC2046
scratch abl $(clang_args) -DOMPKIT_SOURCES=ablation -DOMPKIT_RUN_PRIMITIVES=OFF
GCC_CACHE="$BUILD/configs/target-gcc12/CMakeCache.txt"
gcc=0
if config_enabled target-gcc12 && [ -f "$GCC_CACHE" ]; then
  gcc=1
  scratch gcc "-DCMAKE_C_COMPILER=$(get CMAKE_C_COMPILER "$GCC_CACHE")" -DOMPKIT_GCC_OFFLOAD=ON
fi

B="$TMP/b"
[ -s "$B/artefacts/keep/launch_bounds.ptx" ] || fail "no PTX kept for launch_bounds.c"
[ -s "$B/artefacts/remarks/launch_bounds.device.opt.yaml" ] || fail "no device remarks for launch_bounds.c"
ls "$B/CMakeFiles/ompkit-bench.dir/omp_target/cases/" | grep -v '\.o$\|\.o\.d$' | grep . &&
  fail "temporaries left beside the objects"

# Build steps since line N of a scratch build's build-times.txt, as "kind file" (links: base name).
count() { wc -l <"$TMP/$1/artefacts/build-times.txt"; }
steps_since() {
  awk -v n="$2" 'NR > n { f = $4; if ($3 == "link") sub(/.*\//, "", f); print $3, f }' "$TMP/$1/artefacts/build-times.txt" | sort | tr '\n' ';'
}
rebuild() {
  cmake --build "$TMP/$1" -j 2 >"$TMP/$1.$2.log" 2>&1 || { tail -20 "$TMP/$1.$2.log"; fail "build $2 ($1)"; }
}

# Add one primitive-style file (omp_target/, not cases/).
nb=$(count b) nabl=$(count abl)
[ "$gcc" = 0 ] || ng=$(count gcc)
cat >"$K/omp_target/added_repro.c" <<'EOC'
void added_repro(int *a, int n) {
  // EXPECT-MODE: SPMD
#pragma omp target teams distribute parallel for map(tofrom : a[0:n])
  for (int i = 0; i < n; ++i) a[i] += i;
}
EOC
rebuild b add
got=$(steps_since b "$nb")
[ "$got" = "compile omp_target/added_repro.c;link ompkit-bench;" ] || fail "target-clang19 form: adding one file rebuilt: $got"
[ -s "$B/artefacts/keep/added_repro.ptx" ] || fail "no PTX for the added file"
grep -q '_kernel_environment' "$B/artefacts/keep/added_repro.ptx" || fail "added file's PTX has no kernel"
rebuild abl add
got=$(steps_since abl "$nabl")
[ -z "$got" ] || fail "ablation form: a primitive file (not built there) rebuilt: $got"
# A CONFIGURE_DEPENDS glob that changed reruns CMake: Makefiles say "GLOB mismatch!", Ninja
# "Re-running CMake"; both then "Configuring done".
grep -q 'GLOB mismatch\|Re-running CMake\|Configuring done' "$TMP/abl.add.log" && fail "ablation form: a primitive file reconfigured it"
grep -q 'GLOB mismatch\|Re-running CMake\|Configuring done' "$TMP/b.add.log" || fail "target-clang19 form: adding a file did not reconfigure (is the log checked the right one?)"
if [ "$gcc" = 1 ]; then
  rebuild gcc add
  got=$(steps_since gcc "$ng")
  # Its part (lib/libokg-part<i>.so, kernels/CMakeLists.txt) links again, and the executable.
  case $got in
    "compile omp_target/added_repro.c;link libokg-part"[0-9]".so;link ompkit-bench;") ;;
    *) fail "target-gcc12 form: adding one file rebuilt: $got" ;;
  esac
  [ -e "$TMP/gcc/artefacts/remarks/added_repro.gcc-opt-info.txt" ] || fail "target-gcc12 form: no -fopt-info for the added file"
  part=$(printf '%s' "$got" | sed 's/.*link \(libokg-part[0-9]*\.so\).*/\1/')
  readelf -d "$TMP/gcc/ompkit-bench" | grep -q "$part" || fail "target-gcc12 form: the bench does not load $part"
  # The part's image PTX for the code check (scripts/gcc_keep_ptx.sh), the -save-temps files gone.
  grep -q 'FUNCTION DEF: ' "$TMP/gcc/artefacts/keep/image/${part%.so}.ptx" || fail "target-gcc12 form: no image PTX for $part"
  [ "$(grep -c '^// BEGIN PREAMBLE' "$TMP/gcc/artefacts/keep/image/${part%.so}.ptx")" = 1 ] ||
    fail "target-gcc12 form: the image PTX is not one module"
  ! ls "$TMP/gcc/lib/" | grep -q xnvptx-none || fail "target-gcc12 form: -save-temps files left: $(ls "$TMP/gcc/lib/")"
fi

# Remove it: the links only, and its artefacts go.
nb=$(count b)
[ "$gcc" = 0 ] || ng=$(count gcc)
rm "$K/omp_target/added_repro.c"
rebuild b remove
got=$(steps_since b "$nb")
[ "$got" = "link ompkit-bench;" ] || fail "target-clang19 form: removing one file ran: $got"
[ ! -e "$B/artefacts/keep/added_repro.ptx" ] && [ ! -e "$B/artefacts/remarks/added_repro.device.opt.yaml" ] ||
  fail "removed file's PTX or remarks left behind"
if [ "$gcc" = 1 ]; then
  rebuild gcc remove
  got=$(steps_since gcc "$ng")
  [ ! -e "$TMP/gcc/artefacts/remarks/added_repro.gcc-opt-info.txt" ] || fail "target-gcc12 form: removed file's -fopt-info left behind"
  # Its part links again without it; a part it was alone in goes.
  if [ "$got" = "link ompkit-bench;" ]; then
    [ ! -e "$TMP/gcc/lib/$part" ] && [ ! -e "$TMP/gcc/artefacts/keep/image/${part%.so}.ptx" ] ||
      fail "target-gcc12 form: $part, empty now, or its image PTX is left behind"
  else
    [ "$got" = "link $part;link ompkit-bench;" ] || fail "target-gcc12 form: removing one file ran: $got"
  fi
fi
forms="target-clang19 and ablation forms"
[ "$gcc" = 0 ] || forms="target-clang19, ablation and target-gcc12 forms"
pass "$forms: adding a file compiled it and linked (nothing in the ablation form); removing it linked only and dropped its artefacts"
