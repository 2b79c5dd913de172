#!/bin/sh
# The finding's tables: the SLSR pass alone (`opt -passes=slsr`) on slsr_chain_ll.sh's IR for LLVM
# 16, 19 and 22, and the whole device compile of slsr_chain.c (with its SLSR share) for clang 19 and
# 22. CPU user seconds, the median of REPS runs (default 3), and the largest resident set.
#   sh docs/findings/repro/slsr_scaling.sh [N...]        (default N: 25 50 100 200)
# OMP_INC: a directory with omp.h and ompx.h for clang-22 (Debian's clang-22 ships neither; the
# kit unpacks libomp-22-dev's into .toolchains/llvm-22).
set -u
R=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
ROOT=$(CDPATH= cd -- "$R/../../../.." && pwd)
OMP_INC=${OMP_INC:-$ROOT/.toolchains/llvm-22/usr/lib/llvm-22/lib/clang/22/include}
REPS=${REPS:-3}
NS=${*:-25 50 100 200}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# med CMD...: "<median user s> <max KB>" of REPS runs of CMD (its output discarded)
med() {
  : >"$T/runs"
  i=0
  while [ $i -lt "$REPS" ]; do
    /usr/bin/time -f '%U %M' -o "$T/one" nice "$@" >/dev/null 2>"$T/err" || { echo "failed: $* ($(head -c 200 "$T/err"))" >&2; echo "- -"; return; }
    cat "$T/one" >>"$T/runs"
    i=$((i + 1))
  done
  sort -n "$T/runs" | awk '{u[NR] = $1; if ($2 > m) m = $2} END {printf "%s %d\n", u[int((NR + 1) / 2)], m}'
}
echo "# opt -passes=slsr on slsr_chain_ll.sh N [noundef|none]: user s (median of $REPS), max RSS MB"
printf '%-6s %-8s %-16s %-16s %-16s\n' N arg llvm-16 llvm-19 llvm-22
for n in $NS; do
  for attr in noundef none; do
    sh "$R/slsr_chain_ll.sh" "$n" "$attr" >"$T/c.ll"
    row=$(printf '%-6s %-8s' "$n" "$attr")
    for v in 16 19 22; do
      opt=/usr/lib/llvm-$v/bin/opt
      if [ -x "$opt" ]; then
        r=$(med "$opt" -passes=slsr -disable-output "$T/c.ll")
        kb=${r#* }
        row="$row $(printf '%-16s' "${r% *}s ${kb%???}MB")"
      else
        row="$row $(printf '%-16s' absent)"
      fi
    done
    echo "$row"
  done
done
echo "# device compile of slsr_chain.c (-O3 --offload-device-only -S, sm_90): user s (median of $REPS); SLSR user s (last run's -ftime-report)"
printf '%-6s %-24s %-24s\n' N clang-19 clang-22
for n in $NS; do
  row=$(printf '%-6s' "$n")
  for v in 19 22; do
    inc=''
    [ "$v" = 22 ] && inc="-isystem $OMP_INC"
    # shellcheck disable=SC2086
    r=$(med clang-$v -O3 -fopenmp --offload-arch=sm_90 -nogpulib $inc --offload-device-only -S -o /dev/null \
      -DN="$n" "$R/slsr_chain.c" -ftime-report)
    slsr=$(awk '/Straight line strength reduction/ {print $1; exit}' "$T/err")
    row="$row $(printf '%-24s' "${r% *}s (SLSR ${slsr:-?}s)")"
  done
  echo "$row"
done
