# AMD GPUs, compile side (issue 34, docs/amdgpu.md): target-clang19-gfx90a and -gfx942 are compile
# data only; a run says `not runnable: no AMD GPU` in one line; compile.jsonl carries their
# kernels' modes and the code object's resources as typed fields (no NVPTX `registers`); the
# catalogue's EXPECT lines hold there (or are qualified [amdgpu]); `ompkit analyze` compiles a
# user's file for them and names the AMD resources and the occupancy.
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19-gfx90a || skip "target-clang19-gfx90a is not enabled (lld-19, rocm-device-libs)"
"$OMPKIT" run --configs target-clang19-gfx90a,target-clang19-gfx942 --out "$TMP/r" >"$TMP/out" 2>&1 || fail "run: exit $?: $(tail -5 "$TMP/out")"
for a in gfx90a gfx942; do
  [ "$(grep -c "target-clang19-$a: not runnable" "$TMP/out")" = 1 ] || fail "$a: no one line: $(cat "$TMP/out")"
  grep -q "^ompkit: target-clang19-$a: not runnable: no AMD GPU$" "$TMP/out" || fail "$a: the line: $(grep "$a" "$TMP/out")"
done
D="$TMP/r/latest"
python3 - "$D" <<'PY' || fail "AMD compile data: see above"
import json, sys
d = sys.argv[1]
res = [json.loads(l) for l in open(d + "/results.jsonl")]
st = {(r["config"], r["status"], r.get("error")) for r in res}
assert st == {("target-clang19-gfx90a", "not runnable", "no AMD GPU"), ("target-clang19-gfx942", "not runnable", "no AMD GPU")}, st
comp = [json.loads(l) for l in open(d + "/compile.jsonl")]
for arch in ("gfx90a", "gfx942"):
    ks = [c for c in comp if c["config"] == "target-clang19-" + arch]
    assert len(ks) >= 50, (arch, len(ks))
    for c in ks:
        assert "registers" not in c, c
        for f in ("vgprs", "sgprs", "agprs", "lds_bytes", "scratch_bytes", "vgpr_spills", "sgpr_spills", "waves_per_simd"):
            assert isinstance(c.get(f), int), (f, c)
        assert 1 <= c["waves_per_simd"] <= 8, c
        assert isinstance(c.get("dynamic_stack"), bool), c
    # side_effect calls opaque.c's function, which its unit's code object does not hold
    de = {c["kernel_id"].split(":", 2)[2]: c["dynamic_stack"] for c in ks if "spmd_modes.c" in c["kernel_id"]}
    assert de["spmd_modes_side_effect"] and not de["spmd_modes_combined"], de
    modes = {c["kernel_id"].split(":", 2)[2]: c["static_mode"] for c in ks if "spmd_modes.c" in c["kernel_id"]}
    assert modes == {"spmd_modes_combined": "SPMD", "spmd_modes_spmdized": "Generic-SPMD",
                     "spmd_modes_side_effect": "Generic", "spmd_modes_amenable": "Generic-SPMD"}, modes
    spmdized = [c for c in ks if c["kernel_id"].endswith(":spmd_modes_spmdized")][0]
    assert "OMP120" in spmdized["remarks"] and "OMP121" not in spmdized["remarks"], spmdized
PY
for a in gfx90a gfx942; do
  "$OMPKIT" check --config "target-clang19-$a" >"$TMP/check" 2>&1 || fail "check $a: $(tail -20 "$TMP/check")"
done
# A user's file: both regions, AMD's names and occupancy in the side-by-side and region tables.
"$OMPKIT" analyze "$SRC/tests/fixtures/analyze/amdgpu_regions.c" --configs target-clang19,target-clang19-gfx90a --out "$TMP/az" >"$TMP/az.out" 2>&1 ||
  fail "analyze: exit $?: $(tail -5 "$TMP/az.out")"
grep -q 'VGPRs, [1-8] waves/SIMD' "$TMP/az.out" || fail "analyze: no VGPRs and waves in the side-by-side table: $(head -30 "$TMP/az.out")"
grep -q 'VGPR · [0-9]* SGPR · [0-9]* AGPR · [1-8] waves/SIMD' "$TMP/az.out" || fail "analyze: no AMD resource names in the region table"
python3 - "$TMP/az/analysis.json" <<'PY' || fail "analysis.json: see above"
import json, sys
d = json.load(open(sys.argv[1]))
es = [r["configs"]["target-clang19-gfx90a"] for r in d["regions"] if "target-clang19-gfx90a" in r["configs"]]
ok = [e for e in es if e["status"] == "ok"]
assert ok, es
assert len(ok) == 2, es
modes = sorted(e["mode"] for e in ok)
assert modes == ["Generic-SPMD", "SPMD"], modes
for e in ok:
    assert e["resources"]["vgprs"] > 0 and 1 <= e["resources"]["waves_per_simd"] <= 8, e["resources"]
    assert "registers" not in e["resources"] or e["resources"]["registers"] < 0, e["resources"]
# the generic region's local array went to LDS (OMP111), as on NVPTX (shared memory)
gen = [e for e in ok if e["mode"] == "Generic-SPMD"][0]
assert gen["resources"]["lds_bytes"] >= 32 and "OMP111" in gen["remark_ids"], gen
PY
pass "AMD GPU configurations: not runnable in one line, typed compile data, EXPECT lines hold, analyze"
