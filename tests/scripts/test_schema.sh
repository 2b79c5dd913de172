# The result record is defined once (record/ok_record.def): docs/results-schema.md's field
# table is `ompkit schema`'s output, and every field a bench or the driver writes (fresh native
# lines, the committed H200 results) is in the table.
. "$(dirname "$0")/lib.sh"
DOC="$SRC/docs/results-schema.md"
"$OMPKIT" schema >"$TMP/gen" || fail "ompkit schema failed"
sed -n '/^<!-- ompkit schema: begin/,/^<!-- ompkit schema: end/p' "$DOC" | sed '1d;$d' >"$TMP/doc"
[ -s "$TMP/doc" ] || fail "no generated block in $DOC"
diff -u "$TMP/doc" "$TMP/gen" >"$TMP/diff" ||
  fail "docs/results-schema.md is stale; regenerate the block with ompkit schema: $(head -n 20 "$TMP/diff")"
"$OMPKIT" schema --json >"$TMP/json" || fail "ompkit schema --json failed"
grep -o '"name": "[a-z_0-9]*"' "$TMP/json" | sed 's/.*: "\(.*\)"/\1/' | sort -u >"$TMP/known"
grep -qx per_op_ns "$TMP/known" && grep -qx param "$TMP/known" && grep -qx cuda "$TMP/known" || fail "schema --json lacks fields or models"
# Members of nested fields: {median,min,max} and present_in_code's.
printf '%s\n' median min max level family checked why test_count base_count present >>"$TMP/known"
sort -u -o "$TMP/known" "$TMP/known"
keys() { grep -o '"[a-z_0-9]*":' | tr -d '":' | sort -u; }
cfg=native-gcc
if config_enabled $cfg; then
  "$(bench $cfg)" --run atomic_add_scalar --run atomic_update --type int --threads 2 --runs 3 --budget-ms 1 |
    grep -v '^{"event"' >"$TMP/fresh" || fail "bench run failed"
  "$(bench $cfg)" --run atomic_add_scalar --inject-fault --runs 2 | grep -v '^{"event"' >>"$TMP/fresh" || true
  unknown=$(keys <"$TMP/fresh" | comm -23 - "$TMP/known")
  [ -z "$unknown" ] || fail "the bench writes fields the record table lacks: $unknown"
fi
for f in "$SRC"/docs/results/*/*/results.jsonl* "$SRC"/docs/results/*/results.jsonl*; do
  [ -f "$f" ] || continue
  case $f in *.gz) gzip -dc "$f" ;; *) cat "$f" ;; esac | keys >>"$TMP/committed"
done
[ -s "$TMP/committed" ] || skip "no committed results"
unknown=$(sort -u "$TMP/committed" | comm -23 - "$TMP/known")
[ -z "$unknown" ] || fail "committed results hold fields the record table lacks: $unknown"
pass "schema doc generated from the table; $(wc -l <"$TMP/known") names cover fresh and committed lines"
