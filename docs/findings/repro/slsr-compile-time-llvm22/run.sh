#!/bin/sh
# LLVM 22's Straight Line Strength Reduction (SLSR) takes about N^3 time on an unrolled chain in
# which every step adds the same value (`x + l`); LLVM 16 and 19 take no measurable time. Check:
# the SLSR pass alone (`opt -passes=slsr -time-passes`) on slsr_chain_ll.sh's IR at N = 50 and
# N = 100; reproduces when N = 100 takes over 0.3 s in SLSR and over 4x the N = 50 time.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=fixed clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "no LLVM SLSR pass"
slsr_s() { # OPT N: the SLSR pass's user seconds from -time-passes
  sh "$DIR/slsr_chain_ll.sh" "$2" >c.ll
  "$1" -passes=slsr -disable-output -time-passes c.ll 2>&1 |
    awk '/StraightLineStrengthReduce/ { print $1; found = 1; exit } END { if (!found) print "none" }'
}
check() {
  c=$1
  case $c in own) opt=$FINDINGS_OWN_LLVM/bin/opt ;; *) opt=opt-${c#clang-} ;; esac
  command -v "$opt" >/dev/null || [ -x "$opt" ] || { report "$c" n/a "no $opt"; return; }
  a=$(slsr_s "$opt" 50) b=$(slsr_s "$opt" 100)
  [ "$a" = none ] || [ "$b" = none ] && { report "$c" error "no SLSR line in -time-passes"; return; }
  d="SLSR user s: N=50 $a, N=100 $b"
  if awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > 0.3 && b > 4 * a) }'; then report "$c" reproduces "$d"
  else report "$c" fixed "$d"; fi
}
each check
