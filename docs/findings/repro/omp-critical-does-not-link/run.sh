#!/bin/sh
# LLVM 19's NVPTX device runtime references impl::setCriticalLock/unsetCriticalLock without
# defining them: any `omp critical` in a target region fails at the device link (nvlink). Build
# check (compile + link, no GPU). Where it links, the lock it gets does not exclude:
# device-lock-loses-updates.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=reproduces clang-22=n/a gcc-12=fixed own=fixed
not_applicable clang-22 "Debian's LLVM 22 ships no NVPTX device runtime: nothing to link against"
check() {
  c=$1
  if $CC -O2 "$DIR/critical_link.c" -o crit 2>err.txt; then
    report "$c" fixed "links$([ "$c" = gcc-12 ] && echo " (libgomp's own lock)" || echo " (and loses updates: device-lock-loses-updates)")"
  elif grep -q 'CriticalLock' err.txt; then
    report "$c" reproduces "$(grep -m1 -oE "Undefined reference to '[^']*'" err.txt) (nvlink)"
  else
    report "$c" error "link failed otherwise: $(grep -m1 -E 'error' err.txt)"
  fi
}
each check
