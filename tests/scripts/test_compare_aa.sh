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
has() { grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }
hasnt() { ! grep -q -- "$1" "$TMP/out" || { cat "$TMP/out"; fail "$2"; }; }
count() { grep -c -- "$1" "$TMP/out" || true; }

# A folder against itself: nothing at all, for a GPU fixture folder too.
for d in gpu-offset-a gpu-place-a host-rep-a; do
  compare_rc 0 "$F/$d" "$F/$d"
  [ "$(grep -cE '^(REGRESSION|improved|noise|changed|missing|new) ' "$TMP/out")" = 0 ] || { cat "$TMP/out"; fail "$d against itself: a change"; }
done

# Two cards, one placement: atomicCAS one thread 42.85 vs 31.29 cycles, steady per card.
U0=GPU-8a142fd4-d4da-d143-fd4f-7d75f33c12eb U1=GPU-59c029e6-7c1b-0954-1ee9-1abe019b6e68
for pair in "a b" "b a"; do
  set -- $pair
  compare_rc 0 "$F/gpu-offset-$1" "$F/gpu-offset-$2"
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
compare_rc 1 "$F/gpu-offset-b" "$TMP/one-card"
has '^REGRESSION .*atomic_cas/atomicCAS .*threads=1 teams=1 param=outcome=pass,layout=scalar .*per_op_cycles +36\.9%' \
  "one card: the offset is no longer judged"
hasnt 'changed: physical GPU' "one card: different GPUs reported"

# A folder from before placements against one with them: not the same measurement, not judged.
compare_rc 0 "$F/gpu-offset-a" "$F/gpu-place-a"
has '^changed .*atomic_cas/atomicCAS .*threads=1 teams=1 .*measured at 1 address placement(s) in A, 8 in B: not judged' \
  "one placement against eight judged"

# One-block points placed over SMs (`smid`, the nearest SM) against a folder from before: not the
# same measurement, not judged; placed on both sides, judged as before whichever SM each side's
# figure came from (smid is context, no part of the point).
mkdir -p "$TMP/sm-a" "$TMP/sm-inj"
cp "$F/gpu-place-a/provenance.json" "$TMP/sm-a/"
cp "$F/gpu-place-inj/provenance.json" "$TMP/sm-inj/"
sed 's/"teams":1,/"teams":1,"smid":16,/' "$F/gpu-place-a/results.jsonl" >"$TMP/sm-a/results.jsonl"
sed 's/"teams":1,/"teams":1,"smid":99,/' "$F/gpu-place-inj/results.jsonl" >"$TMP/sm-inj/results.jsonl"
compare_rc 1 "$F/gpu-place-a" "$TMP/sm-inj"
has '^changed .*atomic_cas/atomicCAS .*threads=1 teams=1 .*placed over SMs in B only: not judged' \
  "a point placed over SMs on one side only judged"
[ "$(count '^REGRESSION .*atomic_cas/atomicCAS .*teams=1 ')" = 0 ] || { cat "$TMP/out"; fail "placed on one side only: a one-block regression"; }
compare_rc 1 "$TMP/sm-a" "$TMP/sm-inj"
n=$(count '^REGRESSION .*atomic_cas/atomicCAS .*threads=\(1\|32\) teams=1 ')
[ "$n" = 8 ] || { cat "$TMP/out"; fail "placed over SMs on both sides (SM 16 and 99): $n of the 8 one-block atomic_cas points flagged"; }

# Two cards with address placements: every point judged in cycles, none a regression.
for pair in "a b" "b a"; do
  set -- $pair
  compare_rc 0 "$F/gpu-place-$1" "$F/gpu-place-$2"
  hasnt '^REGRESSION' "gpu-place $1 -> $2: a regression between two cards with placements"
  hasnt '^[a-zA-Z]* .*: not judged' "gpu-place $1 -> $2: placed points left unjudged"
  has 'physical GPU: ' "gpu-place $1 -> $2: compare does not say the GPUs differ"
done
# The injected 10 % is found, on the other card and on its own: every atomic_cas point of one
# thread or one warp (the one-address points placements fixed), most of the rest, no other kernel.
for side in a b; do
  compare_rc 1 "$F/gpu-place-$side" "$F/gpu-place-inj"
  n=$(count '^REGRESSION .*atomic_cas/atomicCAS .*threads=\(1\|32\) teams=1 ')
  [ "$n" = 8 ] || { cat "$TMP/out"; fail "gpu-place-$side -> inj: $n of the 8 one-thread/one-warp atomic_cas points flagged"; }
  n=$(count '^REGRESSION .*atomic_cas/atomicCAS ')
  [ "$n" -ge 11 ] || { cat "$TMP/out"; fail "gpu-place-$side -> inj: $n of 16 atomic_cas points flagged, want 11 or more"; }
  hasnt '^REGRESSION .*atomic_capture' "gpu-place-$side -> inj: a kernel without the slowdown flagged"
done

# Host points over 3 repeats a side: the A/A pair holds both ways. A host point's runs scatter
# by 20 to 200 % on that 32-core node (which cores, which frequency): a change is judged only
# where every run of B lies beyond every run of A, so the injected 10 % on plain_read (its runs
# overlap A's) is noise, said so, and the same point at twice its cost is found.
for pair in "a b" "b a"; do
  set -- $pair
  compare_rc 0 "$F/host-rep-$1" "$F/host-rep-$2"
  has '^noise .* over 3 and 3 repeats: the runs overlap' "host $1 -> $2: a separated A/A point not shown as noise"
done
compare_rc 0 "$F/host-rep-a" "$F/host-rep-inj"
has '^noise  *native-gcc  *plain_read/volatile_load  *type=double threads=16 .*the runs overlap' \
  "host: the injected 10 % inside the runs' scatter not said to be noise"
mkdir -p "$TMP/host2x"
cp "$F/host-rep-b/provenance.json" "$TMP/host2x/"
python3 - "$F/host-rep-b/results.jsonl" "$TMP/host2x/results.jsonl" <<'PY'
import json, sys
out = open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("kernel") == "plain_read" and j.get("type") == "double" and j.get("threads") == 16:
        j["per_op_ns"] = {k: v * 3 for k, v in j["per_op_ns"].items()}
    out.write(json.dumps(j) + "\n")
PY
compare_rc 1 "$F/host-rep-a" "$TMP/host2x"
has '^REGRESSION  *native-gcc  *plain_read/volatile_load  *type=double threads=16 .*over 3 and 3 repeats' \
  "host: a point three times slower, beyond every run of A, not found"
[ "$(count '^REGRESSION ')" = 1 ] || { cat "$TMP/out"; fail "host: more than the slowed point flagged"; }
# One repeat a side (the first of each study): host time is noted, not judged.
for s in a b; do
  mkdir -p "$TMP/host1-$s"
  cp "$F/host-rep-$s/provenance.json" "$TMP/host1-$s/"
  grep '"repeat":0' "$F/host-rep-$s/results.jsonl" | sed 's/,"repeat":0//' >"$TMP/host1-$s/results.jsonl"
done
compare_rc 0 "$TMP/host1-a" "$TMP/host1-b"
has 'from 1 and 1 repeat(s): not judged (host points need --repeat 3 on both sides)' "host, one repeat: no note"
hasnt '^REGRESSION' "host, one repeat a side: judged"

# A point whose cost takes one of two values per bench process (target-clang19 grid_sync/split_generic,
# 2xH100, the same bundle three times): B0's three repeats all ~25 us, B1's two of three ~56 us. The pair
# alone calls it a regression (what an A/A of two studies can't tell); with a third study of the
# baseline's build pooled into A (--history) it is noise, and a real 3x slowdown is still found.
compare_rc 1 "$F/modes-a" "$F/modes-b"
has '^REGRESSION .*grid_sync/split_generic .*threads=128' "modes: the pair alone no longer flags the two-valued point (fixture stale?)"
compare_rc 0 "$F/modes-a" "$F/modes-b" --history "$F/modes-hist"
hasnt '^REGRESSION' "modes: --history did not pool the earlier study's repeats"
has "A's repeats pooled with $F/modes-hist (--history)" "modes: the pooled study is not named"
"$OMPKIT" compare "$F/modes-a" "$F/modes-b" --history "$F/modes-hist" --json >"$TMP/out" || true
has '"repeats": \[' "modes --json: no repeat counts"
tr -d ' \n' <"$TMP/out" | grep -q '"repeats":\[6,3\]' || { cat "$TMP/out"; fail "modes --json: A is not 6 repeats"; }
mkdir -p "$TMP/modes3x"
cp "$F/modes-b/provenance.json" "$TMP/modes3x/"
python3 - "$F/modes-a/results.jsonl" >"$TMP/modes3x/results.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    j["per_op_ns"] = {k: v * 3 for k, v in j["per_op_ns"].items()}
    print(json.dumps(j))
PY
compare_rc 1 "$F/modes-a" "$TMP/modes3x" --history "$F/modes-hist"
[ "$(count '^REGRESSION ')" = 2 ] || { cat "$TMP/out"; fail "modes: a 3x slowdown of both points not found with --history"; }
# --history of another sweep, or of no result folder: one line, exit 2.
mkdir -p "$TMP/full-hist"
sed 's/"sweep": *"quick"/"sweep": "full"/' "$F/modes-hist/provenance.json" >"$TMP/full-hist/provenance.json"
cp "$F/modes-hist/results.jsonl" "$TMP/full-hist/"
grep -q '"full"' "$TMP/full-hist/provenance.json" || fail "fixture: modes-hist has no sweep to change"
for h in "$TMP/full-hist" "$TMP/nothing-here"; do
  set +e
  "$OMPKIT" compare "$F/modes-a" "$F/modes-b" --history "$h" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "compare --history $h: exit $rc, $(cat "$TMP/err")"
done

# Bad values of the new options: one line, exit 2.
for o in "--alpha 0" "--alpha 2" "--min-repeats 1" "--host-spread -1" "--gpu-threshold x"; do
  set +e
  "$OMPKIT" compare "$F/host-rep-a" "$F/host-rep-b" $o >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] || fail "compare $o: exit $rc, $(cat "$TMP/err")"
done
"$OMPKIT" compare --help | grep -q -- '--gpu-threshold PCT' || fail "--help lacks --gpu-threshold"
pass "A/A pairs hold (one card, two cards, host repeats, two-valued points with --history); an injected slowdown is found; cards named"
