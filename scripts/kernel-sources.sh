#!/bin/sh
# kernel-sources.sh PTX ROOT SOURCE [DEPFILE]
# Which file each offload kernel of a translation unit's device code came from, as
# "<dev>_<file> <path>" lines (path relative to ROOT when it lies under it, else absolute).
#
# Why: clang names a kernel __omp_offloading_<dev>_<file>_<function>_l<line>, where <dev> and
# <file> are the st_dev and inode (low 32 bits, hex) of the file that holds the directive: the TU's
# source or a header it includes. Those numbers differ between two clones of one commit, so a
# kernel's identity (record/ok_kernel_id.h) uses the path instead, and only the compile itself can
# still tell which file had that inode: scripts/compile.sh and `ompkit analyze` run this right after
# each device compile. The candidates are the source and every file of its depfile (-MD -MF).
set -u
ptx=$1 root=$2 src=$3 dep=${4:-}
[ -s "$ptx" ] || exit 0
keys=$(grep -o '__omp_offloading_[0-9a-f]*_[0-9a-f]*_' "$ptx" | sort -u | sed 's/^__omp_offloading_//; s/_$//')
[ -n "$keys" ] || exit 0
root=$(cd "$root" 2>/dev/null && pwd -P) || exit 0
{
  printf '%s\n' "$src"
  # A depfile is "target: dep dep \" lines; the target ends in ':'.
  [ -n "$dep" ] && [ -f "$dep" ] && sed 's/\\$//' "$dep" | tr ' \t' '\n\n' | grep -v ':$'
} | grep -v '^$' | sort -u | while IFS= read -r f; do
  [ -e "$f" ] && stat -L -c '%d %i %n' "$f"
done | while read -r d i n; do
  key=$(printf '%x_%x' $((d & 0xffffffff)) $((i & 0xffffffff)))
  case " $(printf '%s ' $keys)" in *" $key "*) ;; *) continue ;; esac
  p=$(cd "$(dirname "$n")" && pwd -P)/$(basename "$n")
  case $p in "$root"/*) p=${p#"$root"/} ;; esac
  printf '%s %s\n' "$key" "$p"
done
