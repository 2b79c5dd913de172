#!/bin/sh
# One ompkit job per GPU type (Slurm partition), then the command that merges them:
#   scripts/slurm/submit.sh h100 h200        (extra sbatch options in SBATCH_ARGS)
set -eu
[ $# -gt 0 ] || { echo "usage: scripts/slurm/submit.sh PARTITION..." >&2; exit 2; }
HERE=$(CDPATH="" cd -- "$(dirname -- "$0")" && pwd)
ids=""
for p in "$@"; do
  # shellcheck disable=SC2086
  id=$(sbatch --parsable --partition="$p" ${SBATCH_ARGS:-} "$HERE/ompkit.sbatch")
  echo "submitted job $id on partition $p"
  ids="$ids${ids:+:}${id%%;*}"
done
echo "when they are done (squeue -j $(echo "$ids" | tr : ,)), merge their folders:"
echo "  ./ompkit merge results/merged-\$(date +%Y%m%d) results/slurm-*/latest"
