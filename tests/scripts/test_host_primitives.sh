# A quick host primitive sweep (short runs) prints a well-formed JSON line for every point of
# every host primitive, each verified, with the primitive present in the code.
. "$(dirname "$0")/lib.sh"
cfg=$3
config_enabled "$cfg" || skip "$cfg disabled"
"$(bench "$cfg")" --run all --sweep quick --runs 3 --budget-ms 2 --threads 2 >"$TMP/lines" 2>"$TMP/err" \
  || { cat "$TMP/err"; grep -v '"status":"ok"' "$TMP/lines" | head -5; fail "bench exited non-zero"; }
# Whole kernels (atomic_add_scalar, the proxies) print run lines, not primitive points.
grep -v '"kernel":"\(atomic_add_scalar\|xsbench\|rsbench\|su3\|miniqmc\)"\|^{"event":' "$TMP/lines" >"$TMP/prims"
"$BUILD/tests/test_prim_lines" barrier atomic_update atomic_update_strided atomic_capture atomic_read plain_read \
  atomic_write critical_add fence reduction atomic_contention arith mem_bandwidth <"$TMP/prims" \
  || fail "malformed primitive lines"
# Through the driver, the code check runs too: nothing eliminated in the real catalogue.
"$OMPKIT" run --out "$TMP/r" --configs "$cfg" --filter 'barrier|atomic_update/' --runs 3 >"$TMP/log" 2>&1 \
  || { cat "$TMP/log"; fail "driver run failed"; }
grep -q '"present_in_code":{"level":"x86","family":"lock ","checked":true,"test_count":[0-9]*,"base_count":[0-9]*,"present":true}' \
  "$TMP/r/latest/results.jsonl" || fail "atomic not proven present"
! grep -q 'eliminated by compiler' "$TMP/r/latest/results.jsonl" || fail "a real primitive reported eliminated"
pass "$cfg: $(wc -l <"$TMP/prims") primitive lines"
