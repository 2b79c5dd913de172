# Issue 29 §1: the same commit built in two clones (other paths, other inodes) gives the same
# kernel identities and the same compile data, and `compare` between the two, or of a folder with
# itself, finds nothing. The two clones hold the pair of files whose kernels clang names alike
# (atomic_capture.c and atomic_update_strided.c: a static launch_spmd with a region on line 19,
# and a launch_generic on line 27, in each): the collision that made a folder differ from itself.
# Each clone's omp_target sub-build (harness files and the two files) is built with clang-19,
# then `ompkit run --compile-only` writes its compile.jsonl. Last, one kernel of the pair is made
# to lose SPMD mode in a copy: exactly that kernel is the regression.
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 && [ -f "$BUILD/configs/target-clang19/CMakeCache.txt" ] || skip "target-clang19 is not built"
get() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/configs/target-clang19/CMakeCache.txt"; }
CC=$(get CMAKE_C_COMPILER)

clone() { # clone DIR: the files the sub-build needs, copied (new inodes)
  C=$1 K=$1/kernels
  mkdir -p "$K/omp_target" "$C/scripts"
  cp -R "$SRC/kernels/common" "$SRC/kernels/CMakeLists.txt" "$K/"
  cp -R "$SRC/record" "$C/"
  cp "$SRC/scripts/compile.sh" "$SRC/scripts/ptxas-keep.sh" "$SRC/scripts/kernel-sources.sh" "$SRC/scripts/gcc_keep_ptx.sh" "$C/scripts/"
  for f in harness.c prim_harness.c prim_harness.h case_harness.c case_harness.h opaque.c opaque.h ok_portable.h \
    atomic_capture.c atomic_update_strided.c; do
    cp "$SRC/kernels/omp_target/$f" "$K/omp_target/"
  done
}
build() { # build NAME: clone, sub-build, manifest, compile-only run -> $TMP/NAME/out/latest
  T="$TMP/$1"
  clone "$T/src"
  cmake -S "$T/src/kernels" -B "$T/b" -DCMAKE_BUILD_TYPE=Release -DOMPKIT_MODEL=omp_target -DOMPKIT_CONFIG=target-clang19 \
    "-DCMAKE_C_COMPILER=$CC" "-DOMPKIT_CUDA_ASM_ROOT=$(get OMPKIT_CUDA_ASM_ROOT)" "-DOMPKIT_LLVM_LIBDIR=$(get OMPKIT_LLVM_LIBDIR)" \
    "-DOMPKIT_OFFLOAD_ARCH=$(get OMPKIT_OFFLOAD_ARCH)" "-DOMPKIT_RECORD_DIR=$T/src/record" "-DOMPKIT_PROXIES_DIR=$T/src/proxies" \
    "-DOMPKIT_SCRIPTS_DIR=$T/src/scripts" "-DOMPKIT_CMAKE_DIR=$SRC/cmake" >"$T/configure.log" 2>&1 ||
    { tail -5 "$T/configure.log"; fail "$1: configure"; }
  cmake --build "$T/b" -j 2 >"$T/build.log" 2>&1 || { tail -20 "$T/build.log"; fail "$1: build"; }
  cat >"$T/manifest.json" <<EOJ
{"ompkit_manifest": 1, "offload_arch": "sm_90", "configs": [
 {"name": "target-clang19", "model": "omp_target", "enabled": true, "needs_gpu": true, "compiler": "$CC",
  "compiler_version": "$("$CC" --version | head -1)", "bench": "b/ompkit-bench", "artefacts": "b/artefacts"}]}
EOJ
  (cd "$T" && OMPKIT_MANIFEST="$T/manifest.json" "$OMPKIT" run --compile-only --out "$T/out" >"$T/run.log" 2>&1) ||
    { tail -5 "$T/run.log"; fail "$1: run --compile-only"; }
  [ -s "$T/out/latest/compile.jsonl" ] || fail "$1: no compile.jsonl"
}
build one
build two
A="$TMP/one/out/latest" B="$TMP/two/out/latest"

python3 - "$A/compile.jsonl" "$B/compile.jsonl" <<'PY' || fail "kernel identities of two clones"
import json, sys
ids = []
for path in sys.argv[1:]:
    recs = [json.loads(l) for l in open(path)]
    got = [r["kernel_id"] for r in recs]
    assert len(got) == len(set(got)), ("an identity occurs twice", path, got)
    assert not any(g.startswith("?") for g in got), ("unresolved file", got)
    ids.append({r["kernel_id"]: r for r in recs})
    names = [r["kernel"] for r in recs]
    assert names.count("launch_spmd_l19") == 2, ("the colliding pair is not there", names)
for want in ("kernels/omp_target/atomic_capture.c:19:launch_spmd", "kernels/omp_target/atomic_update_strided.c:19:launch_spmd"):
    assert want in ids[0], (want, sorted(ids[0]))
assert sorted(ids[0]) == sorted(ids[1]), "the two clones name their kernels differently"
# The symbols differ (other inodes): what the identity is for.
k = "kernels/omp_target/atomic_capture.c:19:launch_spmd"
assert ids[0][k]["kernel_symbol"] != ids[1][k]["kernel_symbol"], "same inode-derived names: the test shows nothing"
for key, a in ids[0].items():
    b = ids[1][key]
    for f in ("static_mode", "registers", "smem_bytes", "stack_bytes", "remarks"):
        assert a.get(f) == b.get(f), (key, f, a.get(f), b.get(f))
PY

summary_is() { python3 -c "import json,sys; d=json.load(open('$TMP/out')); assert set(d['summary'])=={'same'}, d['summary']" ||
  fail "$1: $(head -c 2000 "$TMP/out")"; }
compare_rc 0 "$A" "$A" --json && summary_is "a folder with itself"
compare_rc 0 "$A" "$B" --json && summary_is "two clones of one commit"

# One of the pair loses SPMD mode: exactly that kernel is the regression.
cp -RL "$A" "$TMP/lost"
python3 - "$TMP/lost/compile.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
for r in recs:
    if r["kernel_id"] == "kernels/omp_target/atomic_update_strided.c:19:launch_spmd":
        r["static_mode"] = "Generic"
open(sys.argv[1], "w").write("".join(json.dumps(r) + "\n" for r in recs))
PY
compare_rc 1 "$B" "$TMP/lost" --json
python3 - "$TMP/out" <<'PY' || fail "the lost SPMD mode: $(head -c 3000 "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
reg = [r["kernel"] for r in d["rows"] if r["verdict"] == "regression"]
assert reg == ["kernels/omp_target/atomic_update_strided.c:19:launch_spmd"], reg
PY
pass "two clones: $(wc -l <"$A/compile.jsonl") kernels, equal identities and compile data; A/A and clone/clone compare clean; the one kernel that lost SPMD found"
