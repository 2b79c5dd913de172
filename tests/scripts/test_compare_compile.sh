# A build machine without a GPU (issue 20 §5): compare judges the compile data per kernel
# (compile.jsonl: static mode, remark IDs, registers, memory) by the run's rules, although
# nothing ran. Fixtures: compile-a and compile-b differ only in target-clang19's barrier kernel,
# which lost SPMDization (Generic-SPMD -> Generic, OMP120 -> OMP121, 30 -> 40 registers, smem).
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/compare"
compare_rc 0 "$F/compile-a" "$F/compile-a"
compare_rc 1 "$F/compile-a" "$F/compile-b" --json
python3 - "$TMP/out" <<'PY' || fail "compile-data regression not found: $(cat "$TMP/out" | head -c 2000)"
import json, sys
d = json.load(open(sys.argv[1]))
rows = {(r["config"], r["kernel"], r["variant"]): r for r in d["rows"] if r.get("variant") == "compile"}
r = rows[("target-clang19", "barrier_generic_l40", "compile")]
assert r["verdict"] == "regression", r
for want in ("static mode Generic-SPMD -> Generic", "lost OMP120", "gained OMP121", "registers 30 -> 40", "smem_bytes 0 -> 2048"):
    assert want in r["regressions"], (want, r["regressions"])
same = [v for k, v in rows.items() if k != ("target-clang19", "barrier_generic_l40", "compile")]
assert len(same) == 3 and all(v["verdict"] == "same" for v in same), same
PY
# One folder, two configurations: the nospmd ablation against the full pipeline.
compare_rc 1 "$F/compile-a" --configs target-clang19,target-clang19-nospmd
grep -q 'barrier_generic_l40/compile' "$TMP/out" && grep -q 'static mode Generic-SPMD -> Generic' "$TMP/out" ||
  fail "--configs on compile data: $(cat "$TMP/out")"
# A compile-only folder compares with a run's folder (any sweep): the compile data count.
compare_rc 0 "$F/compile-b" "$F/compile-b"
# Kernel identities (issue 29 §1). ids-a and ids-b: two clones (other inodes, other order) whose
# two kernels named launch_spmd_l19 (a static launch_spmd with a region on line 19 in two files)
# are told apart by file; in B only atomic_update_strided.c's lost SPMD mode.
compare_rc 0 "$F/ids-a" "$F/ids-a" --json
python3 - "$TMP/out" <<'PY' || fail "a folder compared with itself: $(head -c 1500 "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"] == {"same": 3}, d["summary"]
PY
compare_rc 1 "$F/ids-a" "$F/ids-b" --json
python3 - "$TMP/out" <<'PY' || fail "same-named kernels paired wrongly: $(head -c 3000 "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
rows = {r["kernel"]: r for r in d["rows"] if r.get("variant") == "compile"}
bad = rows["kernels/omp_target/atomic_update_strided.c:19:launch_spmd"]
assert bad["verdict"] == "regression" and "static mode SPMD -> Generic" in bad["regressions"], bad
assert rows["kernels/omp_target/atomic_capture.c:19:launch_spmd"]["verdict"] == "same", rows
assert d["summary"] == {"regression": 1, "same": 2}, d["summary"]
PY
# One identity twice in a folder: an error that says so (exit 2), never a silent pairing.
compare_rc 2 "$F/ids-dup" "$F/ids-a"
grep -q "kernel identity 'kernels/omp_target/atomic_capture.c:19:launch_spmd' occurs twice" "$TMP/err" ||
  fail "duplicate identity not named: $(cat "$TMP/err")"
# A folder from before identities: compared by name, with a one-line note; the name that occurs
# twice is left out of both sides rather than paired.
compare_rc 0 "$F/ids-old" "$F/ids-b" --json
[ "$(wc -l <"$TMP/err")" = 1 ] && grep -q 'written before kernel identities: compile points are compared by name, and the 1 name(s) that occur twice' "$TMP/err" ||
  fail "no one-line note for an old folder: $(cat "$TMP/err")"
python3 - "$TMP/out" <<'PY' || fail "old folder: $(head -c 1500 "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
ks = [r["kernel"] for r in d["rows"] if r.get("variant") == "compile"]
assert ks == ["barrier_generic_l40"], ks
PY
# A GPU folder of before identities, compared with itself: the H100 quick study of 2026-11-27,
# whose compile.jsonl has 25 names twice (compare paired them arbitrarily: 4 regressions).
G="$SRC/docs/results/2026-11-27-h100-session7/quick"
if [ -f "$G/compile.jsonl.gz" ]; then
  mkdir -p "$TMP/gpu"
  for f in "$G"/*; do case $f in *.gz) gzip -dc "$f" >"$TMP/gpu/$(basename "${f%.gz}")" ;; *) cp "$f" "$TMP/gpu/" ;; esac; done
  compare_rc 0 "$TMP/gpu" "$TMP/gpu" --json
  python3 -c "import json; d=json.load(open('$TMP/out')); assert set(d['summary'])=={'same'}, d['summary']" ||
    fail "a GPU folder compared with itself: $(head -c 1500 "$TMP/out")"
  grep -q 'the 25 name(s) that occur twice' "$TMP/err" || fail "GPU folder: no note: $(cat "$TMP/err")"
fi
# AMD GPU compile data (issue 34, docs/amdgpu.md): amd-a is two gfx90a kernels of a real
# --compile-only study; in amd-b the SPMDized one has 12 VGPRs, 256 B of LDS and 16 B of scratch
# more. Each is a regression by the compile rules; the other kernel is the same.
compare_rc 0 "$F/amd-a" "$F/amd-a"
compare_rc 1 "$F/amd-a" "$F/amd-b" --json
python3 - "$TMP/out" <<'PY' || fail "AMD resource regressions not found: $(head -c 2000 "$TMP/out")"
import json, sys
d = json.load(open(sys.argv[1]))
rows = {r["kernel"]: r for r in d["rows"] if r.get("variant") == "compile"}
r = rows["kernels/omp_target/cases/spmd_modes.c:46:spmd_modes_spmdized"]
assert r["verdict"] == "regression", r
for want in ("vgprs 31 -> 43", "lds_bytes 24 -> 280", "scratch_bytes 0 -> 16"):
    assert want in r["regressions"], (want, r["regressions"])
assert rows["kernels/omp_target/cases/spmd_modes.c:76:spmd_modes_side_effect"]["verdict"] == "same", rows
PY
# The other way round they are improvements; a VGPR rise within --reg-threshold is a note (LDS
# and scratch stay regressions: they have no threshold).
compare_rc 0 "$F/amd-b" "$F/amd-a"
compare_rc 1 "$F/amd-a" "$F/amd-b" --reg-threshold 12 --json
grep -q '"vgprs 31 -> 43 (within --reg-threshold)"' "$TMP/out" || fail "VGPRs within the threshold: $(head -c 1500 "$TMP/out")"
pass "compile data compared per kernel without a run: lost SPMDization, remarks, registers, smem; by identity, duplicates refused, old folders by name; AMD VGPRs, LDS, scratch"
