# The case catalogue (kernels/{omp_target,cuda}/cases/): every case has the same base name in both
# models, registers kernels named after its file, and each registered variant is listed by its
# bench. Every omp_target case variant checks that it ran on the device (forced onto the host with
# OMP_TARGET_OFFLOAD=DISABLED it must report `ran on host`, after verifying its result there) and
# that its verification can fail (--inject-fault gives `wrong result`).
. "$(dirname "$0")/lib.sh"
O="$SRC/kernels/omp_target/cases"
C="$SRC/kernels/cuda/cases"
# "<kernel>/<variant>" pairs registered by the sources of one folder.
registered() {
  for f in "$1"/*."$2"; do
    b=$(basename "$f" ".$2")
    grep -o 'OK_REGISTER(\(KERNEL\|[a-z0-9_]*\), *[a-z0-9_]*' "$f" | sed 's/OK_REGISTER(//; s/, */\//' |
      while IFS=/ read -r k v; do
        [ "$k" = "$b" ] || { echo "BAD $f registers kernel $k"; continue; }
        echo "$k/$v"
      done
  done | sort
}
registered "$O" c >"$TMP/omp"
registered "$C" cu >"$TMP/cuda"
! grep -q '^BAD' "$TMP/omp" "$TMP/cuda" || fail "$(grep -h '^BAD' "$TMP/omp" "$TMP/cuda")"
[ -s "$TMP/omp" ] || fail "no omp_target case registered"
cut -d/ -f1 "$TMP/omp" | sort -u >"$TMP/omp.k"
cut -d/ -f1 "$TMP/cuda" | sort -u >"$TMP/cuda.k"
cmp -s "$TMP/omp.k" "$TMP/cuda.k" || fail "cases without a twin: $(comm -3 "$TMP/omp.k" "$TMP/cuda.k" | tr -d '\t' | tr '\n' ' ')"
for k in $(cat "$TMP/omp.k"); do
  grep -q "^OK_KERNEL($k," "$SRC/record/kernels.def" || fail "$k has no row in kernels.def"
done

listed() { "$(bench "$1")" --list | sed 's/.*"kernel":"\([^"]*\)","variant":"\([^"]*\)".*/\1\/\2/' | sort; }
ran=0
for cfg in target-clang19 target-clang19-cudamode cuda-nvcc; do
  config_enabled "$cfg" || continue
  want="$TMP/omp"
  [ "$cfg" = cuda-nvcc ] && want="$TMP/cuda"
  listed "$cfg" >"$TMP/listed" || fail "$cfg: --list failed"
  missing=$(comm -23 "$want" "$TMP/listed" | tr '\n' ' ')
  [ -z "$missing" ] || fail "$cfg: not listed: $missing"
  [ "$cfg" = cuda-nvcc ] && continue # needs a GPU to run
  set -- $(cat "$TMP/omp.k")
  runs=""
  for k; do runs="$runs --run $k"; done
  for mode in fallback fault; do
    extra=""
    [ $mode = fault ] && extra=--inject-fault
    # shellcheck disable=SC2086
    OMP_TARGET_OFFLOAD=DISABLED "$(bench "$cfg")" $runs --teams 2 --threads 4 --iters 8 --runs 1 --warmup 0 $extra \
      >"$TMP/out" 2>"$TMP/err"
    rc=$?
    sed -i '/^{"event":/d' "$TMP/out" # the begin/end brackets around each variant
    [ $rc = 1 ] || fail "$cfg $mode: exit $rc, want 1: $(tail -n 3 "$TMP/err")"
    total=$(grep -c '"kernel"' "$TMP/out")
    [ "$total" = "$(wc -l <"$TMP/omp")" ] || fail "$cfg $mode: $total result lines for $(wc -l <"$TMP/omp") variants"
    if [ $mode = fallback ]; then
      good=$(grep '"status":"ran on host"' "$TMP/out" | grep -c '"verified":true')
      [ "$good" = "$total" ] || fail "$cfg: not every variant verified on the host and reported 'ran on host':
$(grep -v '"status":"ran on host".*"verified":true' "$TMP/out")"
    else
      good=$(grep -c '"status":"wrong result"' "$TMP/out")
      [ "$good" = "$total" ] || fail "$cfg: --inject-fault not caught by every variant:
$(grep -v '"status":"wrong result"' "$TMP/out")"
    fi
  done
  ran=$((ran + 1))
done
# team_array's b* arrays reach shared memory whole: an OMP111 on the kernel reports SLOTS x 8 bytes.
if config_enabled target-clang19; then
  T="$O/team_array.c"
  "$OMPKIT" remarks --json "$BUILD/configs/target-clang19/artefacts/remarks/team_array.device.opt.yaml" 2>/dev/null \
    >"$TMP/ta.jsonl" || fail "team_array remarks do not parse"
  awk '/^static void team_array_b[0-9a-z]*\(/ { v = 1 } /^static void team_array_[gp]/ { v = 0 }
       v && /enum \{ SLOTS = / { s = $0; sub(/.*SLOTS = /, "", s); sub(/ .*/, "", s) }
       v && /#pragma omp target/ { print NR, s * 8; v = 0 }' "$T" >"$TMP/slots"
  [ "$(wc -l <"$TMP/slots")" -ge 5 ] || fail "team_array: b* variants not found"
  while read -r line bytes; do
    grep -q "\"name\":\"OMP111\",\"function\":\"__omp_offloading_[0-9a-f]*_[0-9a-f]*_team_array_b[0-9a-z]*_l${line}_[^\"]*\".*\"SharedMemory\":\"$bytes\"" \
      "$TMP/ta.jsonl" || fail "team_array.c:$line: no OMP111 with $bytes bytes of shared memory"
  done <"$TMP/slots"
fi
pass "$(wc -l <"$TMP/omp") omp_target and $(wc -l <"$TMP/cuda") CUDA case variants registered and listed; device check and fault detection hold in $ran configuration(s)"
