# docs/findings/README.md promises one command per finding: every docs/findings/repro/<name>/run.sh
# must run as a program. Each must be executable (in the checkout and, where this is a git work
# tree, in the index, so that a clone gets the bit too), open with `#!/bin/sh`, and run by itself
# to exit 0 with FINDINGS_CONFIGS naming no compiler (lib.sh then checks nothing: only the file's
# own start-up runs, in well under a second each).
. "$(dirname "$0")/lib.sh"
R="$SRC/docs/findings/repro"
[ -d "$R" ] || skip "no docs/findings/repro (a bundle)"
n=0 bad=''
for f in "$R"/*/run.sh; do
  name=$(basename "$(dirname "$f")")
  n=$((n + 1))
  [ -x "$f" ] || { bad="$bad $name(not executable)"; continue; }
  [ "$(head -n 1 "$f")" = '#!/bin/sh' ] || { bad="$bad $name(no #!/bin/sh)"; continue; }
  rc=0
  FINDINGS_CONFIGS=none FINDINGS_GPU=0 "$f" >"$TMP/out" 2>&1 || rc=$?
  [ $rc = 0 ] || bad="$bad $name(exit $rc: $(head -c 200 "$TMP/out"))"
done
[ $n -gt 0 ] || fail "no run.sh under $R"
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  for m in $(git -C "$SRC" ls-files -s -- docs/findings/repro | awk '$4 ~ /\/run\.sh$/ && $1 != "100755" { print $4 }'); do
    bad="$bad $m(committed without the run bit: git update-index --chmod=+x)"
  done
fi
[ -z "$bad" ] || fail "reproducers that do not run as programs:$bad"
pass "findings: all $n repro/<name>/run.sh are executable and run by themselves"
