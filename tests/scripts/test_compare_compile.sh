# A build machine without a GPU (issue 20 §5): compare judges the compile data per kernel
# (compile.jsonl: static mode, remark IDs, registers, memory) by the run's rules, although
# nothing ran. Fixtures: compile-a and compile-b differ only in target-clang19's barrier kernel,
# which lost SPMDization (Generic-SPMD -> Generic, OMP120 -> OMP121, 30 -> 40 registers, smem).
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/compare"
cmp_rc() { # cmp_rc WANT ARGS...
  want=$1; shift
  set +e
  "$OMPKIT" compare "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "compare $*: exit $rc, want $want"; }
}
cmp_rc 0 "$F/compile-a" "$F/compile-a"
cmp_rc 1 "$F/compile-a" "$F/compile-b" --json
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
cmp_rc 1 "$F/compile-a" --configs target-clang19,target-clang19-nospmd
grep -q 'barrier_generic_l40/compile' "$TMP/out" && grep -q 'static mode Generic-SPMD -> Generic' "$TMP/out" ||
  fail "--configs on compile data: $(cat "$TMP/out")"
# A compile-only folder compares with a run's folder (any sweep): the compile data count.
cmp_rc 0 "$F/compile-b" "$F/compile-b"
pass "compile data compared per kernel without a run: lost SPMDization, remarks, registers, smem"
