# EXPECT-* lines of every omp_target source (recursively) hold in every enabled omp_target
# configuration's build. Interim check until `ompkit check` lands (it replaces this script, with
# the static mode read from the device IR and callees from the TU's call graph).
#   // EXPECT-REMARK: ID | EXPECT-NO-REMARK: ID | EXPECT-MODE: SPMD|Generic|Generic-SPMD
#   // EXPECT-MAX-REGISTERS: N [+T]     optionally qualified: EXPECT-REMARK[clang-19]: ...
# Each applies to the next `#pragma omp target` that makes a kernel (not target data/update);
# that kernel is __omp_offloading_..._l<line>. A qualifier names a configuration
# (target-clang19-cudamode) or a compiler (clang-19, clang); for a matching configuration a
# qualified directive replaces the unqualified ones about the same ID (or MODE, MAX-REGISTERS).
# Approximations here: remarks count for a kernel when they sit on the kernel, an outlined helper
# (name plus suffix), or a function the source calls between the pragma and the variant's
# OK_REGISTER; the static mode is Generic-SPMD when OMP120 is among them, else SPMD when the
# construct is combined with `parallel` (or `parallel` directly follows it), else Generic.
. "$(dirname "$0")/lib.sh"
checked=0
nconf=0
for cfg in target-clang19 target-clang19-cudamode; do
  config_enabled "$cfg" || continue
  nconf=$((nconf + 1))
  A="$BUILD/configs/$cfg/artefacts"
  res="$A/resources/ompkit-bench.txt"
  [ -s "$res" ] || fail "$cfg: no resource file $res"
  for src in $(find "$SRC/kernels/omp_target" -name '*.c' | sort); do
    grep -q 'EXPECT' "$src" || continue
    base=$(basename "$src" .c)
    rel=${src#"$SRC"/}
    # "<pragma line> <directive> <qualifier|-> <value> [tolerance]" per directive, then
    # "<pragma line> SPMD-CONSTRUCT - yes|no" per kernel.
    awk -v f="$rel" '
      { L[NR] = $0 }
      END {
        n = 0
        for (i = 1; i <= NR; i++) {
          s = L[i]
          if (s ~ /\/\/ *EXPECT/) {
            if (!match(s, /EXPECT-(REMARK|NO-REMARK|MODE|MAX-REGISTERS)(\[[A-Za-z0-9_.-]+\])?: *[^ ]+( +\+[0-9]+)? *$/)) {
              print "ERROR " f ":" i ": malformed expectation: " s; exit 1 }
            d = substr(s, RSTART, RLENGTH); q = "-"
            split(d, a, ":"); head = a[1]; val = substr(d, length(head) + 2); gsub(/^ +| +$/, "", val)
            if (head ~ /\[/) { q = head; sub(/^[^[]*\[/, "", q); sub(/\]$/, "", q); sub(/\[.*$/, "", head) }
            if (head ~ /MODE$/ && val !~ /^(SPMD|Generic|Generic-SPMD)$/) { print "ERROR " f ":" i ": bad mode " val; exit 1 }
            if (head ~ /REMARK$/ && val !~ /^(OMP[0-9]+|[A-Za-z][A-Za-z0-9]*)$/) { print "ERROR " f ":" i ": bad remark ID " val; exit 1 }
            if (head ~ /REGISTERS$/ && val !~ /^[0-9]+( +\+[0-9]+)?$/) { print "ERROR " f ":" i ": bad register count " val; exit 1 }
            P[n++] = head " " q " " val; continue
          }
          if (s ~ /^[ \t]*#pragma omp target/ && s !~ /#pragma omp target (enter data|exit data|data|update)/) {
            text = s; j = i
            while (text ~ /\\$/ && j < NR) { j++; text = text " " L[j] }
            nxt = L[j + 1]
            spmd = (text ~ /#pragma omp target( teams)?( distribute)? parallel/ || nxt ~ /^[ \t]*#pragma omp parallel/) ? "yes" : "no"
            for (k = 0; k < n; k++) print i, P[k]
            print i, "SPMD-CONSTRUCT - " spmd
            n = 0
          }
        }
        if (n) { print "ERROR " f ": expectation with no target region below it"; exit 1 }
      }' "$src" >"$TMP/exp" || fail "$(grep ERROR "$TMP/exp")"
    grep -q 'EXPECT-' "$TMP/exp" || continue
    dev="$A/remarks/$base.device.opt.yaml"
    [ -s "$dev" ] || fail "$cfg: no device remark file for $rel"
    "$OMPKIT" remarks --json "$dev" 2>/dev/null >"$TMP/rem.jsonl" || fail "$cfg: $dev does not parse"
    # Lines that end a variant: the next OK_REGISTER or target pragma bounds the call search.
    grep -n -E 'OK_REGISTER|#pragma omp target' "$src" | cut -d: -f1 >"$TMP/bounds"
    for line in $(awk '$2 == "SPMD-CONSTRUCT" { print $1 }' "$TMP/exp"); do
      end=$(awk -v l="$line" '$1 > l { print $1; exit }' "$TMP/bounds")
      [ -n "$end" ] || end=$(wc -l <"$src")
      sym=$(grep -o "\"function\":\"__omp_offloading_[0-9a-f]*_[0-9a-f]*_[A-Za-z0-9_]*_l${line}\"" "$TMP/rem.jsonl" |
            head -n 1 | sed 's/"function":"//; s/"$//')
      [ -n "$sym" ] || fail "$cfg: no device kernel for $rel:$line in $dev"
      # Functions whose remarks count for this kernel: the kernel, its outlined helpers, callees.
      printf '%s\n' "$sym" >"$TMP/fns"
      sed -n "${line},${end}p" "$src" | grep -o '[A-Za-z_][A-Za-z0-9_]*(' | tr -d '(' | sort -u |
        while read -r fn; do
          grep -q "\"function\":\"$fn\"" "$TMP/rem.jsonl" && printf '%s\n' "$fn"
        done >>"$TMP/fns"
      : >"$TMP/ids"
      while read -r fn; do
        grep -o "\"name\":\"[A-Za-z0-9]*\",\"function\":\"${fn}[\"_][^\"]*\"" "$TMP/rem.jsonl" |
          sed 's/"name":"//; s/".*//' >>"$TMP/ids" || true
      done <"$TMP/fns"
      sort -u -o "$TMP/ids" "$TMP/ids"
      ids=$(tr '\n' ' ' <"$TMP/ids")
      spmd=$(awk -v l="$line" '$1 == l && $2 == "SPMD-CONSTRUCT" { print $4 }' "$TMP/exp")
      if grep -qx OMP120 "$TMP/ids"; then mode=Generic-SPMD
      elif [ "$spmd" = yes ]; then mode=SPMD
      else mode=Generic; fi
      regs=$(awk -v s="'$sym'" 'index($0, "Function properties for " s) { getline; if (match($0, /used [0-9]+ registers/)) {
               split(substr($0, RSTART, RLENGTH), a, " "); print a[2]; exit } }' "$res")
      # Directives for this configuration: qualified ones that match replace unqualified ones.
      awk -v l="$line" -v cfg="$cfg" '
        $1 == l && $2 ~ /^EXPECT-/ {
          q = $3; key = ($2 ~ /REMARK$/) ? $4 : $2
          if (q != "-" && q != cfg && q != "clang-19" && q != "clang") next
          if (q != "-") { Q[key] = 1; QL[++nq] = $0; QK[nq] = key } else { U[++nu] = $0; UK[nu] = key }
        }
        END { for (i = 1; i <= nu; i++) if (!(UK[i] in Q)) print U[i]; for (i = 1; i <= nq; i++) print QL[i] }' \
        "$TMP/exp" >"$TMP/mine"
      while read -r _ kind qual val tol; do
        where="$rel:$line [$cfg, $sym]"
        case $kind in
          EXPECT-REMARK) grep -qx "$val" "$TMP/ids" || fail "$where: $kind $val; observed: $ids" ;;
          EXPECT-NO-REMARK) ! grep -qx "$val" "$TMP/ids" || fail "$where: $kind $val; observed: $ids" ;;
          EXPECT-MODE) [ "$mode" = "$val" ] || fail "$where: $kind $val; static mode $mode (remarks: $ids)" ;;
          EXPECT-MAX-REGISTERS)
            [ -n "$regs" ] || fail "$where: no register count in $res"
            t=${tol#+}
            [ "$regs" -le $((val + ${t:-0})) ] || fail "$where: $kind $val $tol; nvlink: $regs registers" ;;
        esac
        checked=$((checked + 1))
      done <"$TMP/mine"
    done
  done
done
[ "$nconf" -gt 0 ] || skip "no omp_target configuration enabled"
[ "$checked" -gt 0 ] || fail "no expectation checked"
pass "$checked expectation(s) hold in $nconf configuration(s)"
