#!/bin/sh
# Compiler/linker launcher: runs the command, passes its stderr through, and keeps a copy in
# DIR/<basename of the -o argument>.txt (ptxas/nvlink -v resource lines end up there).
#   capture-stderr.sh DIR CMD...
dir=$1; shift
name=out
prev=
for a in "$@"; do
  [ "$prev" = -o ] && name=$(basename "$a")
  prev=$a
done
mkdir -p "$dir"
tmp="$dir/.$name.$$"
"$@" 2>"$tmp"
rc=$?
cat "$tmp" >&2
mv "$tmp" "$dir/$name.txt"
exit $rc
