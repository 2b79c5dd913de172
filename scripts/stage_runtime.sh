#!/bin/sh
# Stages an LLVM OpenMP offload runtime into one folder, the layout the bench's DT_RPATH
# ($ORIGIN/../../runtime/<config>/lib) finds in the build tree and in the bundle alike:
#   stage_runtime.sh SRC_LIBDIR DEST_DIR [--copy]
# libomp, libomptarget, its CUDA plugins (with the unversioned names libomptarget <= 18 dlopens)
# and the libLLVM they link. Without --copy the files are symlinks to SRC (build tree); with it,
# copies (bundle). Why one folder with libLLVM in it: libomptarget 16 dlopens its plugins through
# llvm::sys::DynamicLibrary, i.e. from libLLVM-16.so.1, whose DT_RUNPATH ($ORIGIN/../lib) then
# decides the search (a loader with a RUNPATH ignores the executable's RPATH): LD_LIBRARY_PATH,
# then <libLLVM's dir>/../lib. With libLLVM in DEST_DIR=<x>/lib, that is DEST_DIR itself. (With
# libLLVM beside the runtime in a folder not named lib, the plugins were never found and the
# H200 run said "0 offload device(s)".)
set -eu
[ $# -ge 2 ] || { echo "usage: stage_runtime.sh SRC_LIBDIR DEST_DIR [--copy]" >&2; exit 2; }
SRC=$1 DEST=$2 MODE=${3:-link}
[ -d "$SRC" ] || { echo "stage_runtime.sh: no folder $SRC" >&2; exit 2; }
case "$DEST" in */lib) ;; *) echo "stage_runtime.sh: DEST_DIR must end in /lib (libLLVM's RUNPATH is \$ORIGIN/../lib)" >&2; exit 2 ;; esac
rm -rf "$DEST"
mkdir -p "$DEST"
put() { # put FILE: a relative symlink stays one; anything else is linked (or copied) by path
  if [ -L "$1" ] && case $(readlink "$1") in /*) false ;; *) true ;; esac; then
    cp -P "$1" "$DEST/"
  elif [ "$MODE" = --copy ]; then
    cp -L "$1" "$DEST/$(basename "$1")"
  else
    ln -s "$1" "$DEST/$(basename "$1")"
  fi
}
for pat in 'libomp.so*' 'libomp-*.so*' 'libomptarget.so*' 'libomptarget.rtl.cuda*.so*'; do
  # shellcheck disable=SC2086
  for l in "$SRC"/$pat; do [ -e "$l" ] && put "$l"; done
done
# The shared libLLVM the runtime links (libomptarget 16 and its plugins need libLLVM-16.so.1).
for l in "$SRC"/libomptarget.so.* "$SRC"/libomptarget.rtl.cuda*.so.*; do
  [ -e "$l" ] && ldd "$l" 2>/dev/null | awk '$1 ~ /^libLLVM/ && $3 ~ /^\// {print $1, $3}'
done | sort -u | while read -r n p; do
  if [ "$MODE" = --copy ]; then cp -L "$p" "$DEST/$n"; else ln -s "$p" "$DEST/$n"; fi
done
printf '%s\n' "$SRC" >"$DEST/FROM.txt"
