# A second bootstrap does no network work (apt-get is never called) and takes under 5 s.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/bin"
for tool in apt-get apt; do
  printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\nexit 1\n' "$tool" "$TMP" >"$TMP/bin/$tool"
  chmod +x "$TMP/bin/$tool"
done
sh "$SRC/scripts/bootstrap.sh" >/dev/null 2>&1 || fail "first bootstrap failed"
start=$(date +%s.%N)
PATH="$TMP/bin:$PATH" sh "$SRC/scripts/bootstrap.sh" >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "second bootstrap failed"; }
end=$(date +%s.%N)
[ ! -s "$TMP/calls" ] || { cat "$TMP/calls"; fail "second bootstrap called apt"; }
[ ! -s "$TMP/out" ] || { cat "$TMP/out"; fail "second bootstrap printed work it did"; }
secs=$(echo "$end - $start" | bc 2>/dev/null || awk "BEGIN{print $end - $start}")
awk "BEGIN{exit !($secs < 5)}" || fail "second bootstrap took $secs s"
[ -x "$SRC/.toolchains/cuda-11.8/bin/ptxas" ] || fail "no CUDA 11.8 ptxas after bootstrap"
grep -q 'CUDA_VERSION 11080' "$SRC/.toolchains/cuda-11.8/include/cuda.h" || fail "cuda.h does not state 11.8"
pass "second bootstrap: no apt calls, ${secs}s"
