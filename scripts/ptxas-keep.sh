#!/bin/sh
# ptxas stand-in for clang's --ptxas-path (scripts/compile.sh): copies the PTX that clang hands
# to ptxas to $OMPKIT_KEEP_PTX (the execution modes and the call graph are read from it), then
# runs the real assembler, $OMPKIT_PTXAS, with the same arguments.
for a in "$@"; do
  case $a in
    *.s | *.ptx) src=$a ;;
  esac
done
if [ -n "${OMPKIT_KEEP_PTX:-}" ] && [ -n "${src:-}" ]; then
  cp "$src" "$OMPKIT_KEEP_PTX.$$" && mv -f "$OMPKIT_KEEP_PTX.$$" "$OMPKIT_KEEP_PTX"
fi
exec "${OMPKIT_PTXAS:?ptxas-keep.sh: OMPKIT_PTXAS is not set}" "$@"
