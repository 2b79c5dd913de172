# scripts/slurm/ under a real Slurm: a one-node cluster from Debian's packages (one-node.sh:
# munged, slurmctld and slurmd on localhost, all state in $TMP, stopped at the end whatever
# happens) runs ompkit.sbatch from this build (OMPKIT_BUILD), submitted by submit.sh: host
# configurations on partition h100, --compile-only on h200. Each exclusive job gets the node's two
# (stand-in) GPUs and passes them to `ompkit run --gpus`. One job is stopped mid-way by the TERM its
# time limit would send (scancel --batch, what --signal=B:TERM does), one is killed outright (a
# lost node); `ompkit merge` names both missing parts, jobs with OMPKIT_RESUME complete them, and
# the merged folder then holds every node's variants, points and provenance, which the LNT export
# reads. Skips only where the packages cannot be installed (.ci/run installs them beforehand).
. "$(dirname "$0")/lib.sh"
S="$SRC/scripts/slurm"
t0=$(date +%s)
[ "$(id -u)" = 0 ] || skip "not root: slurmd runs the jobs as root"
sh "$S/one-node.sh" install >"$TMP/install.log" 2>&1 || skip "Slurm cannot be installed here: $(tail -n 1 "$TMP/install.log")"
config_enabled native-gcc || fail "native-gcc is not enabled: no host configuration to run"
C="$TMP/cluster"
# The cluster goes down however this script ends (a failed check, CTest's timeout TERM, ^C).
trap 'sh "$S/one-node.sh" stop "$C" >/dev/null 2>&1; rm -rf "$TMP"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
sh "$S/one-node.sh" start "$C" h100 h200 >"$TMP/start.log" 2>&1 || fail "cluster did not start: $(cat "$TMP/start.log")"
export SLURM_CONF="$C/slurm.conf"
tup=$(($(date +%s) - t0))

HOSTCFG=native-gcc
config_enabled native-clang19 && HOSTCFG=native-gcc,native-clang19
HOSTARGS="--configs $HOSTCFG --filter ^(atomic_update|reduce_study)/"
CCFG=""
for c in target-clang19 target-gcc12 cuda-nvcc; do config_enabled $c && { CCFG=$c; break; }; done
[ -n "$CCFG" ] || fail "no GPU configuration with compile data for the --compile-only job"
mkdir "$TMP/submit"
cd "$TMP/submit"
export OMPKIT_BUILD="$BUILD"

job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
wait_job() { # wait_job ID: until the controller says it ended (60 s at most); $state, $exitcode
  i=0
  while :; do
    state=$(job_state "$1")
    case $state in PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|"") ;; *) break ;; esac
    i=$((i + 1))
    [ $i -lt 300 ] || fail "job $1 still ${state:-unknown} after 60 s: $(cat ompkit-"$1".log 2>/dev/null)"
    sleep 0.2
  done
  exitcode=$(scontrol show job "$1" | sed -n 's/.* ExitCode=\([0-9:]*\).*/\1/p')
}
folder() { # folder ID: $dir, the job's result folder (results/slurm-ID-NODE/latest, resolved)
  dir=$(ls -d results/slurm-"$1"-*/latest 2>/dev/null | head -n 1)
  [ -n "$dir" ] || fail "job $1 left no result folder: $(cat ompkit-"$1".log 2>/dev/null)"
  dir=$(cd "$dir" && pwd -P)
}
submitted() { sed -n "s/^submitted job \([0-9]*\) on partition $2\$/\1/p" "$1"; }
# "config kernel/variant" of each result line with a variant (sed: keys in record order).
cvk() { sed -n 's/.*"config":"\([^"]*\)".*"kernel":"\([^"]*\)","variant":"\([^"]*\)".*/\1 \2\/\3/p' "$@"; }
variants() { cvk "$1" | sort -u; }
points() { # points FILE [LABEL]: points per variant ("N config kernel/variant", @LABEL removed),
  # whatever their status: a loaded machine may leave a primitive "not measured" in one run only.
  cvk "$1" | sed "s/@${2:-NONE} / /" | sort | uniq -c
}
count() { wc -l <"$1" | tr -d ' '; }

# 1. One job per partition, as docs/nightly.md's recipe: host configurations on h100, the compile
#    data on h200; both as the batch script's own #SBATCH lines ask (exclusive, one GPU at least).
OMPKIT_RUN_ARGS="$HOSTARGS" sh "$S/submit.sh" h100 >"$TMP/sub1" || fail "submit.sh h100: $(cat "$TMP/sub1")"
OMPKIT_RUN_ARGS="--compile-only --configs $CCFG" sh "$S/submit.sh" h200 >"$TMP/sub2" || fail "submit.sh h200"
J1=$(submitted "$TMP/sub1" h100) J2=$(submitted "$TMP/sub2" h200)
[ -n "$J1" ] && [ -n "$J2" ] || fail "submit.sh printed no job ids: $(cat "$TMP/sub1" "$TMP/sub2")"
grep -q "ompkit merge results/merged-.* results/slurm-$J1-\*/latest=h100" "$TMP/sub1" || fail "submit.sh's merge line: $(cat "$TMP/sub1")"
wait_job "$J1"
[ "$state $exitcode" = "COMPLETED 0:0" ] || fail "host job $J1: $state $exitcode: $(cat ompkit-"$J1".log)"
wait_job "$J2"
[ "$state $exitcode" = "COMPLETED 0:0" ] || fail "compile-only job $J2: $state $exitcode: $(cat ompkit-"$J2".log)"
folder "$J1"
D1=$dir
folder "$J2"
D2=$dir
grep -q "^ompkit.sbatch: job $J1 on .*: exit 0, results in $D1\$" ompkit-"$J1".log || fail "job $J1's summary: $(tail -n 3 ompkit-"$J1".log)"
# The exclusive job holds both GPUs of the node (all its GRES), and the study was given them.
for d in "$D1" "$D2"; do
  tr -d ' \n' <"$d/provenance.json" >"$TMP/prov"
  grep -q '"gpus":\[{"index":0,[^]]*},{"index":1,' "$TMP/prov" || fail "study not given the job's two GPUs: $(grep -o '"gpus":[^]]*]' "$TMP/prov")"
  grep -q '"CUDA_VISIBLE_DEVICES":"0,1"' "$TMP/prov" || fail "Slurm did not set CUDA_VISIBLE_DEVICES=0,1"
done
tr -d ' \n' <"$D1/provenance.json" >"$TMP/prov"
grep -q "\"slurm\":{\"job_id\":\"$J1\",\"partition\":\"h100\",\"node\":\"$(cat "$C/node")\"" "$TMP/prov" ||
  fail "provenance lacks the Slurm job: $(grep -o '"slurm":{[^}]*}' "$TMP/prov")"
NV=$(count "$D1/done.jsonl")
[ "$NV" -ge 4 ] && [ ! -s "$D2/done.jsonl" ] || fail "host job ran $NV variants, compile-only job $(count "$D2/done.jsonl")"
variants "$D1/results.jsonl" >"$TMP/v1"
points "$D1/results.jsonl" >"$TMP/p1"
[ "$(count "$TMP/v1")" = "$NV" ] || fail "host job: $(count "$TMP/v1") variants in results.jsonl, $NV finished"
NC=$(count "$D2/compile.jsonl")
[ "$NC" -gt 10 ] || fail "compile-only job: $NC compile lines"
tjobs1=$(($(date +%s) - t0))

# 2. The merge of the two nodes: every variant, point and compile line under CONFIG@LABEL, and
#    each part's provenance.
"$OMPKIT" merge "$TMP/m1" "$D1=h100" "$D2=h200" >"$TMP/merge1" 2>&1 || fail "merge of two nodes: $(cat "$TMP/merge1")"
variants "$TMP/m1/results.jsonl" | sed 's/@h100 / /' >"$TMP/mv"
diff "$TMP/v1" "$TMP/mv" >/dev/null || fail "merged variants differ from node h100's: $(diff "$TMP/v1" "$TMP/mv" | head -n 5)"
points "$TMP/m1/results.jsonl" h100 >"$TMP/mp"
diff "$TMP/p1" "$TMP/mp" >/dev/null || fail "merged points differ from node h100's"
[ "$(grep -c "\"config\":\"$CCFG@h200\"" "$TMP/m1/compile.jsonl")" = "$NC" ] || fail "merged compile data: not node h200's $NC lines"
tr -d ' \n' <"$TMP/m1/provenance.json" >"$TMP/mprov"
for x in "h100:$J1:h100" "h200:$J2:h200"; do
  l=${x%%:*} j=${x#*:} j=${j%%:*} p=${x##*:}
  grep -q "{\"label\":\"$l\",[^{]*\"slurm\":{\"job_id\":\"$j\",\"partition\":\"$p\"[^}]*},\"complete\":true}" "$TMP/mprov" ||
    fail "merged_from lacks part $l (job $j): $(grep -o '"merged_from":.*' "$TMP/mprov" | head -c 600)"
done
grep -q "| part h100 | host .*Slurm job $J1, partition h100" "$TMP/m1/report.md" || fail "report lacks part h100's row"

# 3. Cut off mid-way: J3 by the TERM its time limit would bring (to the batch shell, which hands
#    it to the study), J4 failed: every process of it killed at once (SIGKILL, as the OOM killer or
#    a crashed node leaves a job: no chance to stop cleanly). scancel --signal=KILL would not do:
#    Slurm treats it as a cancel, TERM first.
cut() { # cut PARTITION SCANCEL-ARGS...: submits the host study, cuts it after its first variant;
  p=$1 #   sets id, d (its folder), n (variants finished), state and exitcode
  shift
  id=$(OMPKIT_RUN_ARGS="$HOSTARGS" sbatch --parsable --partition="$p" "$S/ompkit.sbatch")
  i=0
  until [ "$(cat results/slurm-"$id"-*/latest/done.jsonl 2>/dev/null | wc -l)" -ge 1 ]; do
    i=$((i + 1))
    [ $i -lt 300 ] || fail "job $id: no variant finished in 60 s ($(job_state "$id")): $(cat ompkit-"$id".log 2>/dev/null)"
    sleep 0.2
  done
  if [ "$1" = --kill-all ]; then # every process of the job at once, by id, as the OOM killer or a crash would
    # shellcheck disable=SC2046
    kill -KILL $(scontrol listpids "$id" | awk 'NR > 1 { print $1 }')
  else
    scancel "$@" "$id"
  fi
  wait_job "$id"
  folder "$id"
  d=$dir
  n=$(count "$d/done.jsonl")
  [ "$n" -lt "$NV" ] || fail "job $id finished all $NV variants before the cut (state $state)"
}
cut h100 --batch --signal=TERM
J3=$id D3=$d n3=$n
[ "$state $exitcode" = "FAILED 143:0" ] || fail "job $J3 after TERM: $state $exitcode, want the study's 143"
grep -q "stopped by SIGTERM: $n3 of $NV variant run(s) finished.*continue with: ompkit run --resume results/slurm-$J3-[^/]*/${D3##*/}\$" ompkit-"$J3".log ||
  fail "job $J3's log lacks the study's stop line: $(tail -n 3 ompkit-"$J3".log)"
grep -q "^ompkit.sbatch: job $J3 on .*: exit 143, results in $D3\$" ompkit-"$J3".log || fail "job $J3's summary"
cut h200 --kill-all
J4=$id D4=$d n4=$n
[ "$state $exitcode" = "FAILED 0:9" ] || fail "job $J4 after SIGKILL: $state $exitcode"
[ ! -e "$D4/timing.json" ] || fail "killed job $J4's study still wrote timing.json"
! grep -q "^ompkit.sbatch:" ompkit-"$J4".log || fail "killed job $J4's shell went on: $(tail -n 4 ompkit-"$J4".log; scontrol show job "$J4" | grep -E "State|Exit")"
"$OMPKIT" merge "$TMP/m2" "$D1=h100" "$D2=h200" "$D3=h100-term" "$D4=h200-kill" >"$TMP/merge2" 2>&1
rc=$?
[ $rc = 1 ] || fail "merge with two parts missing: exit $rc, want 1: $(cat "$TMP/merge2")"
grep -q "^merge: part h100-term is missing its unfinished variants: stopped by SIGTERM after $n3 of $NV variant run(s) in $D3;.*ompkit run --resume $D3" "$TMP/merge2" ||
  fail "merge does not name part h100-term: $(cat "$TMP/merge2")"
grep -q "^merge: part h200-kill is missing its unfinished variants: its study did not end (killed, or its node lost) after $n4 finished variant run(s) in $D4;.*ompkit run --resume $D4" "$TMP/merge2" ||
  fail "merge does not name part h200-kill: $(cat "$TMP/merge2")"
grep -q "^merge: 2 of 4 part(s) incomplete" "$TMP/merge2" || fail "merge's count of incomplete parts"
[ "$(variants "$TMP/m2/results.jsonl" | grep -c '@h200-kill ')" = "$n4" ] || fail "merge kept unfinished variants of the killed part"
grep -q "| part h200-kill | .*INCOMPLETE: its study did not end" "$TMP/m2/report.md" || fail "report does not flag part h200-kill"

# 4. Jobs with OMPKIT_RESUME complete both folders: the variants and points of the uncut study.
for x in "h100:$D3" "h200:$D4"; do
  id=$(OMPKIT_RESUME=${x#*:} sbatch --parsable --partition="${x%%:*}" "$S/ompkit.sbatch")
  wait_job "$id"
  [ "$state $exitcode" = "COMPLETED 0:0" ] || fail "resume job $id: $state $exitcode: $(cat ompkit-"$id".log)"
  d=${x#*:}
  [ "$(count "$d/done.jsonl")" = "$NV" ] || fail "resumed $d: $(count "$d/done.jsonl") of $NV variants"
  variants "$d/results.jsonl" >"$TMP/vr"
  diff "$TMP/v1" "$TMP/vr" >/dev/null || fail "resumed $d: variants differ from the uncut study's: $(diff "$TMP/v1" "$TMP/vr" | head -n 5)"
  points "$d/results.jsonl" >"$TMP/pr"
  diff "$TMP/p1" "$TMP/pr" >/dev/null || fail "resumed $d: points differ from the uncut study's: $(diff "$TMP/p1" "$TMP/pr" | head -n 5)"
  tr -d ' \n' <"$d/provenance.json" | grep -q "\"resumed\":\[{[^]]*\"slurm\":{\"job_id\":\"$id\"" || fail "provenance of $d lacks resume job $id"
done
"$OMPKIT" merge "$TMP/m3" "$D1=h100" "$D2=h200" "$D3=h100-term" "$D4=h200-kill" >"$TMP/merge3" 2>&1 ||
  fail "merge after the resumes: $(cat "$TMP/merge3")"
! grep -q 'missing' "$TMP/merge3" || fail "merge after the resumes still names a missing part"
[ "$(grep -c '"complete": true' "$TMP/m3/provenance.json")" = 4 ] || fail "merged_from: not 4 complete parts: $(grep '"complete"' "$TMP/m3/provenance.json")"
np=$(awk '{ n += $1 } END { print n }' "$TMP/p1")
[ "$(cvk "$TMP/m3/results.jsonl" | wc -l)" = $((3 * np)) ] || fail "merged points: not 3 x $np"

# 5. The LNT export of the merged folder (docs/nightly.md's last step): CONFIG@LABEL lands on
#    machine LABEL__CONFIG, as the node's own folder exported with --machine LABEL would.
"$OMPKIT" export "$TMP/m3" --lnt "$TMP/lnt" >"$TMP/lnt.log" 2>&1 || fail "LNT export: $(cat "$TMP/lnt.log")"
for c in $(echo "$HOSTCFG" | tr , ' '); do
  for l in h100 h100-term h200-kill; do
    tr -d ' \n' <"$TMP/lnt/$c@$l.lnt.json" 2>/dev/null | grep -q "\"machine\":{\"name\":\"${l}__$c\",\"host\":\"$(hostname)\"" ||
      fail "LNT file for $c@$l: $(ls "$TMP/lnt"; head -c 300 "$TMP/lnt/$c@$l.lnt.json" 2>/dev/null)"
  done
done
V="$BUILD/tests/test_export_format"
[ ! -x "$V" ] || "$V" lnt "$TMP"/lnt/*.lnt.json || fail "LNT structure of the merged export"
pass "one-node Slurm up in ${tup} s; 6 jobs (host, --compile-only, TERM-cut, killed, 2 resumed), merges and LNT export: $(($(date +%s) - t0)) s (first two jobs done at ${tjobs1} s)"
