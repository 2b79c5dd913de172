# The omp_target kernel's remark file holds device remarks (offload kernels, device-only OMP IDs)
# and the OMP IDs its source expects: each EXPECT-(NO-)REMARK line applies to the next
# `#pragma omp target` below it, whose offload kernel is named __omp_offloading_..._l<line>.
# The host file holds none of the device-only IDs.
. "$(dirname "$0")/lib.sh"
config_enabled target-clang19 || skip "target-clang19 disabled"
src="$SRC/kernels/omp_target/atomic_add_scalar.c"
R="$BUILD/configs/target-clang19/artefacts/remarks"
dev="$R/atomic_add_scalar.device.opt.yaml"
host="$R/atomic_add_scalar.host.opt.yaml"
[ -s "$dev" ] || fail "no device remark file $dev"
"$OMPKIT" remarks --json "$dev" >"$TMP/dev.jsonl" || fail "device YAML does not parse"
"$OMPKIT" remarks --json "$host" >"$TMP/host.jsonl" || fail "host YAML does not parse"
grep -q '"function":"__omp_offloading_' "$TMP/dev.jsonl" || fail "no record for an offload kernel"
# "<pragma line> <EXPECT-REMARK|EXPECT-NO-REMARK> <ID>" per expectation.
awk '/\/\/ EXPECT-(NO-)?REMARK: OMP[0-9]+/ { match($0, /EXPECT-(NO-)?REMARK: OMP[0-9]+/);
       split(substr($0, RSTART, RLENGTH), a, ": "); pend[n++] = a[1] " " a[2]; next }
     /#pragma omp target/ { for (i = 0; i < n; i++) print NR, pend[i]; n = 0 }' "$src" >"$TMP/expect"
[ -s "$TMP/expect" ] || fail "the source states no EXPECT-REMARK"
grep -q EXPECT-REMARK "$TMP/expect" || fail "no positive expectation to check"
while read -r line kind id; do
  pat="\"name\":\"$id\",\"function\":\"__omp_offloading_[0-9a-f]*_[0-9a-f]*_[A-Za-z0-9_]*_l${line}[_\"]"
  case $kind in
    EXPECT-REMARK)
      grep -q "$pat" "$TMP/dev.jsonl" || fail "no $id on the kernel at line $line"
      ! grep -q "\"name\":\"$id\"" "$TMP/host.jsonl" || fail "host remark file holds device-only $id" ;;
    EXPECT-NO-REMARK)
      ! grep -q "$pat" "$TMP/dev.jsonl" || fail "unexpected $id on the kernel at line $line" ;;
  esac
done <"$TMP/expect"
pass "device remarks match $(wc -l <"$TMP/expect") expectation(s)"
