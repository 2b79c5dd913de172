# Every offload kernel of every omp_target image stays within the 48 KiB of static shared memory a
# block may have. nvlink is no guard here: it accepted 49744 bytes for a kernel of this image while
# it refused 47 KiB when linking a file alone (see kernels/omp_target/cases/team_array.c), and a
# kernel over the limit cannot launch.
. "$(dirname "$0")/lib.sh"
n=0
for cfg in target-clang19 target-clang19-cudamode; do
  config_enabled "$cfg" || continue
  res="$BUILD/configs/$cfg/artefacts/resources/ompkit-bench.txt"
  [ -s "$res" ] || fail "$cfg: no resource file $res"
  awk -v cfg="$cfg" '
    /Function properties for .__omp_offloading_/ { k = $0; sub(/.*for ./, "", k); sub(/.:$/, "", k); next }
    k != "" && match($0, /[0-9]+ bytes smem/) {
      split(substr($0, RSTART, RLENGTH), a, " "); n++
      if (a[1] + 0 > 49152) { print cfg ": " k " uses " a[1] " bytes of static shared memory (max 49152)"; bad = 1 }
      k = "" }
    END { if (!n) { print cfg ": no kernel resources found"; bad = 1 }; exit bad }' "$res" >"$TMP/out" ||
    fail "$(cat "$TMP/out")"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || skip "no omp_target configuration enabled"
pass "every offload kernel within 48 KiB of static shared memory in $n configuration(s)"
