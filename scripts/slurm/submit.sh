#!/bin/sh
# One ompkit job per GPU type (Slurm partition), then the command that merges them:
#   scripts/slurm/submit.sh h100 h200        (extra sbatch options in SBATCH_ARGS)
# Each job runs ompkit.sbatch (the bundle, or OMPKIT_BUILD; the OMPKIT_* variables pass through
# sbatch to it). The merge labels each job's folder with its partition: CONFIG@h100, CONFIG@h200.
set -eu
[ $# -gt 0 ] || { echo "usage: scripts/slurm/submit.sh PARTITION..." >&2; exit 2; }
HERE=$(CDPATH="" cd -- "$(dirname -- "$0")" && pwd)
R=${OMPKIT_RESULTS:-results}
ids="" parts=""
for p in "$@"; do
  # shellcheck disable=SC2086
  id=$(sbatch --parsable --partition="$p" ${SBATCH_ARGS:-} "$HERE/ompkit.sbatch")
  id=${id%%;*}
  echo "submitted job $id on partition $p"
  ids="$ids${ids:+,}$id"
  parts="$parts $R/slurm-$id-*/latest=$p"
done
echo "when they are done (squeue -j $ids), merge their folders (a part that did not finish is named, with its --resume command):"
echo "  ./ompkit merge $R/merged-\$(date +%Y%m%d)$parts"
