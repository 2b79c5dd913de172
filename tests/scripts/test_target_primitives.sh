# OpenMP offload primitives (kernels/omp_target/prim_harness.c): every sweep variant registered by
# an omp_target source is listed by the bench of each omp_target configuration, each comes in an
# spmd and a generic form, and each checks that its regions ran on the device: forced onto the
# host with OMP_TARGET_OFFLOAD=DISABLED, every one reports a single `ran on host` point and no
# number (no GPU is needed for that).
. "$(dirname "$0")/lib.sh"
O="$SRC/kernels/omp_target"
for f in "$O"/*.c; do
  b=$(basename "$f" .c)
  grep -o 'OK_REGISTER_SWEEP([a-z0-9_]*, *[a-z0-9_]*, *"[a-z]*"' "$f" | sed 's/OK_REGISTER_SWEEP(//; s/, */ /g; s/"//g' |
    while read -r k v m; do
      [ "$k" = "$b" ] || { echo "BAD $f registers kernel $k"; continue; }
      case "$v" in *_"$m") ;; *) echo "BAD $f: variant $v does not end in its mode $m" ;; esac
      echo "$k/$v"
    done
done | sort >"$TMP/want"
! grep -q '^BAD' "$TMP/want" || fail "$(grep '^BAD' "$TMP/want")"
[ "$(wc -l <"$TMP/want")" -ge 12 ] || fail "fewer than 12 omp_target primitive variants: $(cat "$TMP/want")"
for k in $(cut -d/ -f1 "$TMP/want" | sort -u); do
  grep -q "^OK_KERNEL($k," "$SRC/record/kernels.def" || fail "$k has no row in kernels.def"
  # Rate kernels (families map, micro: docs/microbench.md) have one form each; primitives two.
  grep -q "^OK_KERNEL($k, \"\(map\|micro\)\"" "$SRC/record/kernels.def" && continue
  grep -q "^$k/.*_spmd$" "$TMP/want" && grep -q "^$k/.*_generic$" "$TMP/want" || fail "$k lacks an spmd or a generic form"
done
cp "$TMP/want" "$TMP/want.all"
ran=0
for cfg in target-clang19 target-clang19-cudamode; do
  config_enabled "$cfg" || continue
  # critical_add/omp_critical_spmd is built only where `omp critical` links (the build's probe,
  # docs/findings/omp-critical-does-not-link.md); where it does not, its EXPECT-FAIL records it.
  if grep -Eq '^omp_critical_links (no|unknown)' "$BUILD/configs/$cfg/artefacts/probes.txt" 2>/dev/null; then
    grep -v '^critical_add/omp_critical_spmd$' "$TMP/want.all" >"$TMP/want"
  else cp "$TMP/want.all" "$TMP/want"; fi
  "$(bench "$cfg")" --list | sed 's/.*"kernel":"\([^"]*\)","variant":"\([^"]*\)".*/\1\/\2/' | sort >"$TMP/listed" ||
    fail "$cfg: --list failed"
  if [ "$cfg" = target-clang19-cudamode ]; then
    # Cases only: the primitives are compiled (PTX checked below) but not registered to run.
    extra=$(comm -12 "$TMP/want" "$TMP/listed" | tr '\n' ' ')
    [ -z "$extra" ] || fail "$cfg: lists primitives it should not time: $extra"
  else
    missing=$(comm -23 "$TMP/want" "$TMP/listed" | tr '\n' ' ')
    [ -z "$missing" ] || fail "$cfg: not listed: $missing"
  fi
  [ "$cfg" = target-clang19-cudamode ] || {
    runs=""
    for kv in $(cat "$TMP/want"); do runs="$runs --run $kv"; done
    set +e
    # shellcheck disable=SC2086
    OMP_TARGET_OFFLOAD=DISABLED "$(bench "$cfg")" $runs --runs 1 --warmup 0 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    set -e
    sed -i '/^{"event":/d' "$TMP/out" # the begin/end brackets around each variant
    [ $rc = 1 ] || fail "$cfg: exit $rc, want 1: $(tail -n 3 "$TMP/err")"
    [ "$(grep -c '"kernel"' "$TMP/out")" = "$(wc -l <"$TMP/want")" ] ||
      fail "$cfg: want one line per variant, got: $(cat "$TMP/out")"
    [ "$(grep -c '"status":"ran on host".*"on_device":false' "$TMP/out")" = "$(wc -l <"$TMP/want")" ] ||
      fail "$cfg: not every variant reported 'ran on host': $(grep -v '"status":"ran on host"' "$TMP/out")"
    ! grep -q '"per_op_\|"base_median"\|"verified":true' "$TMP/out" || fail "$cfg: a host run gave a number: $(cat "$TMP/out")"
    grep -q '"timer":"clock64 per thread (nvvm sreg), max over threads; SM clock measured"' "$TMP/out" || fail "$cfg: timer"
  }
  # The kept device PTX holds each test body with more of its primitive's instructions than the
  # baseline (what the driver's presence check reads).
  K="$BUILD/configs/$cfg/artefacts/keep"
  for x in "barrier ok_ot_barrier bar\\.sync|barrier\\.sync" "atomic_update ok_ot_atomic_update_relaxed_int atom\\.|red\\.global" \
    "fence ok_ot_fence_int membar|fence\\." "shfl ok_ot_shfl_down_int shfl\\.sync" \
    "barrier ok_ot_sync_block bar\\.sync|barrier\\.sync" "vote ok_ot_vote_ballot vote\\.sync" \
    "reduction ok_ot_reduction_int shfl\\.sync" "reduction ok_ot_reduction_double shfl\\.sync" \
    "critical_add ok_ot_lock_add_int atom\\..*cas" "atomic_contention ok_ot_ac_add atom\\.|red\\." \
    "atomic_contention ok_ot_ac_cas atom\\..*cas"; do
    set -- $x
    [ -s "$K/$1.ptx" ] || fail "$cfg: no $K/$1.ptx"
    n() { awk -v f="$1" -v re="$2" '/\.(func|entry) / { on = index($0, ".func " f "(") > 0 } on && $0 ~ re { c++ } END { print c + 0 }' "$3"; }
    t=$(n "$2_test" "$3" "$K/$1.ptx")
    b=$(n "$2_base" "$3" "$K/$1.ptx")
    [ "$t" -gt "$b" ] || fail "$cfg: $2: test has $t '$3' PTX instructions, baseline $b"
  done
  ran=$((ran + 1))
done
[ $ran -gt 0 ] || skip "no omp_target configuration enabled"
pass "$(wc -l <"$TMP/want") omp_target primitive variants listed and flagged 'ran on host'; PTX checked in $ran configuration(s)"
