# scripts/slurm/ompkit.sbatch outside Slurm, with a stand-in bundle: it unpacks the bundle into
# scratch, runs `run.sh run --quick --out results/slurm-JOB-NODE` from the submit directory, passes
# the study's exit status on, and hands Slurm's time-limit TERM to the study and waits for it.
# (A real single-node Slurm is not exercised here: docs/nightly.md says why.)
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
  (cd "$TMP/submit" && env SLURM_JOB_ID=42 SLURM_SUBMIT_DIR="$TMP/submit" SLURM_TMPDIR="$TMP/scratch" \
    OMPKIT_BUNDLE="$TMP/fake.tar.zst" OMPKIT_ZSTD=zstd "$@" sh "$S/ompkit.sbatch") >"$TMP/log" 2>&1
  rc=$?
  set -e
  [ $rc = "$want" ] || { cat "$TMP/log"; fail "batch script exit $rc, want $want"; }
}
mkdir -p "$TMP/scratch"
job 0
node=$(hostname -s 2>/dev/null || hostname)
grep -qx "run --quick --out results/slurm-42-$node" "$TMP/submit/args" || fail "run.sh arguments: $(cat "$TMP/submit/args")"
[ -d "$TMP/submit/results/slurm-42-$node/latest" ] || fail "no result folder in the submit directory"
[ ! -e "$TMP/scratch/ompkit-42" ] || fail "scratch not cleaned"
grep -q "exit 0, results in .*slurm-42-$node/20260101-000000" "$TMP/log" || fail "summary line: $(cat "$TMP/log")"
job 1 FAKE=fail
job 0 OMPKIT_SWEEP=--full OMPKIT_RUN_ARGS="--filter barrier"
grep -qx "run --full --out results/slurm-42-$node --filter barrier" "$TMP/submit/args" || fail "sweep/args: $(cat "$TMP/submit/args")"
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
pass "batch script: unpack, run, exit status, TERM hand-over, missing bundle"
