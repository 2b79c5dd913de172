#!/bin/sh
# target-gcc12: keep the device PTX of one linked library's offload image (the final image, which
# the driver JIT-compiles), for the study's code-presence check (driver/run/study.c).
#   sh scripts/gcc_keep_ptx.sh LIB DIR
# The link ran with -foffload-options=nvptx-none=-save-temps, which leaves mkoffload's input beside
# LIB as LIB.xnvptx-none.mkoffload: PTX modules separated by NUL bytes, the image's own code first,
# then libgomp's. The first becomes DIR/<LIB's name>.ptx (one module: ptxas takes it as is); every
# other temporary (copies of the same PTX as C and assembly, 5 to 10 MB a library) is removed.
set -eu
lib=$1 dir=$2
src=$lib.xnvptx-none.mkoffload
name=$(basename "$lib" .so)
if [ ! -f "$src" ]; then
  printf 'gcc_keep_ptx.sh: no %s (was the link run with -save-temps?): no PTX kept for %s\n' "$src" "$name" >&2
  rm -f "$dir/$name.ptx"
  exit 0
fi
mkdir -p "$dir"
tr '\000' '\n' <"$src" | awk 'NR > 1 && /^\/\/ BEGIN PREAMBLE$/ { exit } { print }' >"$dir/$name.ptx.tmp"
mv -f "$dir/$name.ptx.tmp" "$dir/$name.ptx"
rm -f "$lib".xnvptx-none*
