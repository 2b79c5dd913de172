# scripts/slurm/ompkit.sbatch outside Slurm, with a stand-in bundle: it unpacks the bundle into
# scratch, runs `run.sh run --quick --out results/slurm-JOB-NODE --gpus LIST` from the submit
# directory (LIST: the job's GPUs, SLURM_JOB_GPUS, else all), passes the study's exit status on,
# and hands Slurm's time-limit TERM to the study and waits for it; with OMPKIT_BUILD it runs that
# build's driver in place. (Under a real one-node Slurm: CTest slurm_cluster.)
. "$(dirname "$0")/lib.sh"
S="$SRC/scripts/slurm"
sh -n "$S/ompkit.sbatch" && sh -n "$S/submit.sh" || fail "syntax"
command -v zstd >/dev/null 2>&1 || skip "no zstd"
mkdir -p "$TMP/b/ompkit-bundle" "$TMP/submit"
cat >"$TMP/b/ompkit-bundle/run.sh" <<'EOT'
#!/bin/sh
# stand-in for the bundle's run.sh: records its arguments and makes a result folder
echo "$*" >"$SLURM_SUBMIT_DIR/args"
out=$4
mkdir -p "$out/20260101-000000" && ln -sfn 20260101-000000 "$out/latest"
case "${FAKE:-}" in
  fail) exit 1 ;;
  hang) trap 'echo stopped >"$SLURM_SUBMIT_DIR/stopped"; exit 143' TERM; while :; do sleep 0.1; done ;;
esac
exit 0
EOT
chmod +x "$TMP/b/ompkit-bundle/run.sh"
tar -C "$TMP/b" -cf - ompkit-bundle | zstd -q -o "$TMP/fake.tar.zst"
job() { # job WANT_RC [env...]: runs the batch script as Slurm would, from the submit dir
  want=$1; shift
  set +e
  (cd "$TMP/submit" && env -u SLURM_JOB_GPUS -u OMPKIT_GPUS -u OMPKIT_BUILD -u OMPKIT_RESUME -u OMPKIT_RUN_ARGS SLURM_JOB_ID=42 SLURM_SUBMIT_DIR="$TMP/submit" SLURM_TMPDIR="$TMP/scratch" \
    OMPKIT_BUNDLE="$TMP/fake.tar.zst" OMPKIT_ZSTD=zstd "$@" sh "$S/ompkit.sbatch") >"$TMP/log" 2>&1
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/log"; fail "batch script exit $rc, want $want"; }
}
mkdir -p "$TMP/scratch"
job 0
node=$(hostname -s 2>/dev/null || hostname)
grep -qx "run --quick --out results/slurm-42-$node --gpus all" "$TMP/submit/args" || fail "run.sh arguments: $(cat "$TMP/submit/args")"
[ -d "$TMP/submit/results/slurm-42-$node/latest" ] || fail "no result folder in the submit directory"
[ ! -e "$TMP/scratch/ompkit-42" ] || fail "scratch not cleaned"
grep -q "exit 0, results in .*slurm-42-$node/20260101-000000" "$TMP/log" || fail "summary line: $(cat "$TMP/log")"
job 1 FAKE=fail
job 0 OMPKIT_SWEEP=--full OMPKIT_RUN_ARGS="--filter barrier" SLURM_JOB_GPUS=2,3
grep -qx "run --full --out results/slurm-42-$node --gpus 2,3 --filter barrier" "$TMP/submit/args" || fail "sweep/args: $(cat "$TMP/submit/args")"
job 0 OMPKIT_GPUS=none OMPKIT_RESUME=results/x
grep -qx "run --resume results/x" "$TMP/submit/args" || fail "resume, no --gpus: $(cat "$TMP/submit/args")"
grep -q "exit 0, results in results/x\$" "$TMP/log" || fail "resume summary: $(cat "$TMP/log")"
# A build on a shared file system instead of the bundle: its driver runs in place, nothing unpacked.
mkdir -p "$TMP/build/driver"
cp "$TMP/b/ompkit-bundle/run.sh" "$TMP/build/driver/ompkit"
job 0 OMPKIT_BUILD="$TMP/build" OMPKIT_BUNDLE="$TMP/nope.tar.zst"
grep -qx "run --quick --out results/slurm-42-$node --gpus all" "$TMP/submit/args" || fail "build: $(cat "$TMP/submit/args")"
job 2 OMPKIT_BUILD="$TMP/nobuild"
grep -q "no driver at $TMP/nobuild/driver/ompkit" "$TMP/log" || fail "missing build message"
# Slurm's TERM before the time limit: the study gets it and its status comes back.
set +e
(cd "$TMP/submit" && env SLURM_JOB_ID=43 SLURM_SUBMIT_DIR="$TMP/submit" SLURM_TMPDIR="$TMP/scratch" \
  OMPKIT_BUNDLE="$TMP/fake.tar.zst" OMPKIT_ZSTD=zstd FAKE=hang sh "$S/ompkit.sbatch") >"$TMP/log" 2>&1 &
bpid=$!
i=0
while [ ! -s "$TMP/submit/args" ] || ! grep -q slurm-43 "$TMP/submit/args"; do
  sleep 0.2; i=$((i + 1)); [ $i -lt 100 ] || break
done
sleep 0.3
kill -TERM $bpid
wait $bpid
rc=$?
set -e
[ $rc = 143 ] || { cat "$TMP/log"; fail "after TERM: exit $rc, want the study's 143"; }
[ -s "$TMP/submit/stopped" ] || fail "the study did not get the TERM"
# Missing bundle: one line, exit 2.
job 2 OMPKIT_BUNDLE="$TMP/nope.tar.zst"
grep -q "no bundle at" "$TMP/log" || fail "missing bundle message"
pass "batch script: unpack, run, --gpus, resume, a build in place, exit status, TERM hand-over, missing bundle"
