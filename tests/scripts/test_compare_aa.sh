# Issue 29 §2, "the same build measured twice reports regressions": ompkit compare on real A/A
# data of 2026-11-27 (tests/fixtures/README.md says where each folder comes from).
#   gpu-offset-a/-b  two H100 of one node, one address placement (the bench before placements):
#                    steady per-GPU offsets up to 36 % at one-thread atomics. Across the two cards
#                    they are not judged and compare names both cards; on one card they still are.
#   gpu-place-a/-b   the same points with address placements on two H100 of another node: the same.
#   gpu-place-inj    OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 on card b: atomic_cas is found from a and b.
#   host-rep-a/-b    native-gcc --repeat 3, twice on a 32-core node: no regression either way, none
#                    from one repeat a side either; host-rep-inj, one point 10 % slower, is found.
. "$(dirname "$0")/lib.sh"
F="$SRC/tests/fixtures/compare"
cmp() { # cmp WANT_RC A B [options]: output in $TMP/out
  want=$1 a=$2 b=$3; shift 3
  set +e
  "$OMPKIT" compare "$a" "$b" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/out" "$TMP/err"; fail "compare $a $b $*: exit $rc, want $want"; }
}
has() { grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }
hasnt() { ! grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }
count() { grep -c -- "$1" "$TMP/out" || true; }

# A folder against itself: nothing at all, for a GPU fixture folder too.
for d in gpu-offset-a gpu-place-a host-rep-a; do
  cmp 0 "$F/$d" "$F/$d"
  [ "$(grep -cE '^(REGRESSION|improved|noise|changed|missing|new) ' "$TMP/out")" = 0 ] || { cat "$TMP/out"; fail "$d against itself: a change"; }
done

# Two cards, one placement: atomicCAS one thread 42.85 vs 31.29 cycles, steady per card.
U0=GPU-8a142fd4-d4da-d143-fd4f-7d75f33c12eb U1=GPU-59c029e6-7c1b-0954-1ee9-1abe019b6e68
for pair in "a b" "b a"; do
  set -- $pair
  cmp 0 "$F/gpu-offset-$1" "$F/gpu-offset-$2"
  hasnt '^REGRESSION' "gpu-offset $1 -> $2: a card's placement offset called a regression"
  has "changed: physical GPU: " "gpu-offset $1 -> $2: compare does not say the GPUs differ"
  has "^changed .*atomic_cas/atomicCAS .*threads=1 teams=1 param=outcome=pass,layout=scalar .*on another GPU .*at one address placement: not judged" \
    "gpu-offset $1 -> $2: the one-thread CAS is not marked as not judged"
done
has "physical GPU: $U1 -> $U0" "the two UUIDs, B's card last"
"$OMPKIT" compare "$F/gpu-offset-a" "$F/gpu-offset-b" --json >"$TMP/out" || true
has '"metric": "per_op_cycles"' "a clock-timed point is not compared in cycles"
hasnt '"metric": "per_op_ns"' "a clock-timed point compared in ns from a measured clock"
tr -d ' \n' <"$TMP/out" | grep -q "\"gpu\":{\"a\":\"$U0\",\"b\":\"$U1\"}" || fail "--json rows do not name both cards"
# The same numbers on one card are like with like: judged, and the +37 % is a regression.
mkdir -p "$TMP/one-card"
cp "$F/gpu-offset-a/provenance.json" "$TMP/one-card/"
sed "s/$U0/$U1/g" "$F/gpu-offset-a/results.jsonl" >"$TMP/one-card/results.jsonl"
cmp 1 "$F/gpu-offset-b" "$TMP/one-card"
has '^REGRESSION .*atomic_cas/atomicCAS .*threads=1 teams=1 param=outcome=pass,layout=scalar .*per_op_cycles +36\.9%' \
  "one card: the offset is no longer judged"
hasnt 'changed: physical GPU' "one card: different GPUs reported"

# A folder from before placements against one with them: not the same measurement, not judged.
cmp 0 "$F/gpu-offset-a" "$F/gpu-place-a"
has '^changed .*atomic_cas/atomicCAS .*threads=1 teams=1 .*measured at 1 address placement(s) in A, 8 in B: not judged' \
  "one placement against eight judged"

# Two cards with address placements: every point judged in cycles, none a regression.
for pair in "a b" "b a"; do
  set -- $pair
  cmp 0 "$F/gpu-place-$1" "$F/gpu-place-$2"
  hasnt '^REGRESSION' "gpu-place $1 -> $2: a regression between two cards with placements"
  hasnt '^[a-zA-Z]* .*: not judged' "gpu-place $1 -> $2: placed points left unjudged"
  has 'physical GPU: ' "gpu-place $1 -> $2: compare does not say the GPUs differ"
done
# The injected 10 % is found, on the other card and on its own: every atomic_cas point of one
# thread or one warp (the one-address points placements fixed), most of the rest, no other kernel.
for side in a b; do
  cmp 1 "$F/gpu-place-$side" "$F/gpu-place-inj"
  n=$(count '^REGRESSION .*atomic_cas/atomicCAS .*threads=\(1\|32\) teams=1 ')
  [ "$n" = 8 ] || { cat "$TMP/out"; fail "gpu-place-$side -> inj: $n of the 8 one-thread/one-warp atomic_cas points flagged"; }
  n=$(count '^REGRESSION .*atomic_cas/atomicCAS ')
  [ "$n" -ge 11 ] || { cat "$TMP/out"; fail "gpu-place-$side -> inj: $n of 16 atomic_cas points flagged, want 11 or more"; }
  hasnt '^REGRESSION .*atomic_capture' "gpu-place-$side -> inj: a kernel without the slowdown flagged"
done

# Host points over 3 repeats a side: the A/A pair holds both ways, the injected point is found.
for pair in "a b" "b a"; do
  set -- $pair
  cmp 0 "$F/host-rep-$1" "$F/host-rep-$2"
  has '^noise .* over 3 and 3 repeats (rank test p 0\.05' "host $1 -> $2: a separated A/A point not shown as noise"
done
cmp 1 "$F/host-rep-a" "$F/host-rep-inj"
has '^REGRESSION  *native-gcc  *plain_read/volatile_load  *type=double threads=16 .*over 3 and 3 repeats' \
  "host: the injected slowdown is not found"
[ "$(count '^REGRESSION ')" = 1 ] || { cat "$TMP/out"; fail "host: more than the injected point flagged"; }
cmp 0 "$F/host-rep-a" "$F/host-rep-inj" --alpha 0.01
has '^noise .*plain_read/volatile_load  *type=double threads=16 ' "--alpha 0.01 not honoured (3 repeats cannot reach it)"
# One repeat a side (the first of each study): host time is noted, not judged.
for s in a b; do
  mkdir -p "$TMP/host1-$s"
  cp "$F/host-rep-$s/provenance.json" "$TMP/host1-$s/"
  grep '"repeat":0' "$F/host-rep-$s/results.jsonl" | sed 's/,"repeat":0//' >"$TMP/host1-$s/results.jsonl"
done
cmp 0 "$TMP/host1-a" "$TMP/host1-b"
has 'from 1 and 1 repeat(s): not judged (host points need --repeat 3 on both sides)' "host, one repeat: no note"
hasnt '^REGRESSION' "host, one repeat a side: judged"

# Bad values of the new options: one line, exit 2.
for o in "--alpha 0" "--alpha 2" "--min-repeats 1" "--host-spread -1" "--gpu-threshold x"; do
  set +e
  "$OMPKIT" compare "$F/host-rep-a" "$F/host-rep-b" $o >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "compare $o: exit $rc, $(cat "$TMP/err")"
done
"$OMPKIT" compare --help | grep -q -- '--gpu-threshold PCT' || fail "--help lacks --gpu-threshold"
pass "A/A pairs hold (one card, two cards, host repeats); an injected slowdown is found; cards named"
