# CONTRIBUTING.md recipe 3, "A new result field", followed in a scratch tree: one OK_FIELD row in
# a copy of record/ok_record.def (a point dimension), the driver compiled from the copy, and then
# `ompkit schema` lists the field, two result lines that differ only in it stay two points in
# `compare` and in the report, and the committed docs/results-schema.md is stale for the copy
# (what the recipe's step 3 asks to regenerate). About 20 s of CPU (the driver's sources alone).
. "$(dirname "$0")/lib.sh"
T="$TMP/tree"
mkdir -p "$T"
cp -R "$SRC/record" "$SRC/driver" "$SRC/remarks" "$T/"
# Step 1: the row (a dimension of the workload, after `size`).
sed -i 's/^OK_FIELD(size, .*$/&\nOK_FIELD(tile, OK_K_INT, "", OK_R_DIM, "tile", "recipe test", "a tile size (recipe 3 of CONTRIBUTING.md)")/' \
  "$T/record/ok_record.def"
grep -q '^OK_FIELD(tile,' "$T/record/ok_record.def" || fail "the row was not added"
cc=${CC:-cc}
$cc -O0 -w -std=gnu11 -D_GNU_SOURCE -I"$T/record" -I"$T/remarks" $(for d in "$T"/driver/*/; do printf ' -I%s' "$d"; done) \
  -o "$TMP/ompkit" "$T"/driver/*/*.c "$T"/remarks/*.c -lyaml -ljansson -lm -lpthread -lstdc++ 2>"$TMP/cc.log" ||
  { head -20 "$TMP/cc.log"; fail "the driver does not compile with the new row"; }
"$TMP/ompkit" schema --json >"$TMP/schema.json" || fail "schema --json"
grep -q '"name": "tile"' "$TMP/schema.json" || fail "schema does not list the new field"
grep -A4 '"name": "tile"' "$TMP/schema.json" | grep -q '"role": "point"' || fail "the new field is not a point dimension"
# Step 3: the committed doc is the old table; the copy's schema differs by the new row only.
"$TMP/ompkit" schema >"$TMP/schema.md"
sed -n '/^<!-- ompkit schema: begin/,/^<!-- ompkit schema: end/p' "$SRC/docs/results-schema.md" | sed '1d;$d' >"$TMP/doc.md"
diff "$TMP/doc.md" "$TMP/schema.md" >"$TMP/diff" && fail "docs/results-schema.md already has the test's field"
[ "$(grep -c '^>' "$TMP/diff")" = 1 ] && grep -q '^> | `tile`' "$TMP/diff" || fail "the schema differs by more than the row: $(head "$TMP/diff")"
# Two points that differ only in the new field do not merge.
for d in a b; do
  mkdir -p "$TMP/$d"
  printf '{"date":"2026-11-26T00:00:00Z","host":"h","record_version":2,"sweep":"quick","configs":[]}\n' >"$TMP/$d/provenance.json"
  for t in 8 16; do
    printf '{"config":"c","model":"native","kernel":"k","variant":"v","status":"ok","threads":2,"tile":%s,"time_s":{"median":%s,"min":%s,"max":%s}}\n' \
      $t 1 1 1 >>"$TMP/$d/results.jsonl"
  done
done
"$TMP/ompkit" compare "$TMP/a" "$TMP/b" --json >"$TMP/cmp.json" || fail "compare of equal folders"
python3 - "$TMP/cmp.json" <<'PY' || fail "points that differ only in the new field merged in compare"
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r.get("kernel") == "k"]
assert len(rows) == 2 and {r.get("tile") for r in rows} == {8, 16}, rows
PY
"$TMP/ompkit" report "$TMP/a" >/dev/null 2>&1 || fail "report of the folder"
grep -q 'tile=8' "$TMP/a/report.md" && grep -q 'tile=16' "$TMP/a/report.md" || fail "the report does not show the two points apart"
pass "recipe 3 in a scratch tree: a new point field compiles, is listed, keeps points apart in compare and report"
