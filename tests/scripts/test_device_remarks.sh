# The omp_target kernel's remark file holds device remarks (offload kernels, device-only OMP IDs),
# the EXPECT comments hold (ompkit check), and the host file holds none of the device-only IDs
# the sources expect.
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
R="$BUILD/configs/target-clang19/artefacts/remarks"
dev="$R/atomic_add_scalar.device.opt.yaml"
host="$R/atomic_add_scalar.host.opt.yaml"
[ -s "$dev" ] || fail "no device remark file $dev"
"$OMPKIT" remarks --json "$dev" >"$TMP/dev.jsonl" || fail "device YAML does not parse"
"$OMPKIT" remarks --json "$host" >"$TMP/host.jsonl" || fail "host YAML does not parse"
grep -q '"function":"__omp_offloading_' "$TMP/dev.jsonl" || fail "no record for an offload kernel"
"$OMPKIT" check --config target-clang19 --json >"$TMP/check.json" || fail "ompkit check: exit $?"
grep -o '"status":"pass"[^}]*"directive":"EXPECT-REMARK","value":"[A-Za-z0-9]*"' "$TMP/check.json" |
  sed 's/.*"value":"//; s/"$//' | sort -u >"$TMP/ids"
[ -s "$TMP/ids" ] || fail "no positive EXPECT-REMARK was checked"
while read -r id; do
  ! grep -q "\"name\":\"$id\"" "$TMP/host.jsonl" || fail "host remark file holds device-only $id"
done <"$TMP/ids"
pass "device remarks match the EXPECT comments; host file free of $(tr '\n' ' ' <"$TMP/ids")"
