#!/bin/sh
# Runs one finding's reproducer and prints its result lines as the write-up's versions table
# (Markdown), so the table is the script's output, not typed by hand:
#   sh docs/findings/repro/table.sh NAME      (FINDINGS_CONFIGS etc. as for run.sh)
set -u
[ $# = 1 ] && [ -f "$(dirname "$0")/$1/run.sh" ] || { echo "usage: table.sh NAME (a folder of docs/findings/repro with a run.sh)" >&2; exit 2; }
echo "| compiler | version | status | declared | what the script saw |"
echo "|---|---|---|---|---|"
sh "$(dirname "$0")/$1/run.sh" | awk -F '\t' '$1 == "finding" { gsub(/\|/, "\\|", $7); printf "| %s | %s | %s | %s | %s |\n", $3, $6, $4, $5, $7 }'
