# Bad command lines give one line on stderr and exit 2.
. "$(dirname "$0")/lib.sh"
check() { # check DESCRIPTION ARGS...
  d=$1; shift
  set +e
  "$OMPKIT" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] || fail "$d: exit $rc, want 2"
  [ "$(wc -l <"$TMP/err")" = 1 ] || fail "$d: stderr is not one line: $(cat "$TMP/err")"
  grep -q '^ompkit: ' "$TMP/err" || fail "$d: message not prefixed"
}
check "unknown command" frobnicate
check "unknown option" run --bogus
check "bad regex" run --filter '(' --out "$TMP/r"
check "bad runs" run --runs zero
check "unknown config" run --configs nope --out "$TMP/r"
check "unknown model" run --models fortran
check "missing file" remarks /nonexistent/file.yaml
check "bad repeat" run --repeat many
check "bad gpu" run --gpu all
check "compare missing folder" compare /nonexistent/a /nonexistent/b
check "compare one folder" compare /nonexistent/a
check "report missing folder" report /nonexistent/a
check "report unknown option" report --bogus
OMPKIT_MANIFEST=/nonexistent/m.json; export OMPKIT_MANIFEST
check "no manifest" list
pass "CLI errors are one line, exit 2"
