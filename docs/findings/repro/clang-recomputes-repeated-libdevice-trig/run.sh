#!/bin/sh
# clang's offload build evaluates cos/sin again where the source repeats them with the same
# argument (RSBench's Faddeeva series): libdevice's __nv_cos/__nv_sin are `alwaysinline` with no
# memory attributes, so they are inlined before any pass could merge the calls, and the inlined
# code's slow path (a call writing a local buffer) keeps the copies apart. nvcc evaluates them once.
# Compile-time check: the compile pipeline by hand (front end, libdevice linked as clang links it,
# opt -O3, llc), so that it runs without a device runtime: the trig slow-path call sites in the PTX
# of the series as written and with the repeat reused by hand (-DHOISTED); more as written:
# reproduces (docs/findings/<this name>.md). GPU part: none here (the evidence is an H100 run).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "not the LLVM path: GCC's nvptx offload takes cos/sin from newlib, not libdevice (not examined)"
LIBDEVICE=$CUDA118/nvvm/libdevice/libdevice.10.bc
tools() { # COMPILER: sets LINK OPT LLC, 1 when missing
  case $1 in
    own) b=$FINDINGS_OWN_LLVM/bin/ s='' ;;
    *) b='' s=-${1#clang-} ;;
  esac
  LINK=${b}llvm-link$s OPT=${b}opt$s LLC=${b}llc$s
  command -v "$LINK" >/dev/null && command -v "$OPT" >/dev/null && command -v "$LLC" >/dev/null
}
sites() { # FLAGS: trig slow-path call sites in the PTX, or "failed"
  # shellcheck disable=SC2086
  $CC $1 -nogpulib --offload-device-only -S -emit-llvm -O3 -Xclang -disable-llvm-passes "$DIR/repeated_trig.c" \
    -o k.ll 2>err.txt || { echo failed; return; }
  "$LINK" --only-needed --internalize k.ll "$LIBDEVICE" -o m.bc 2>>err.txt && "$OPT" -O3 m.bc -o o.bc 2>>err.txt &&
    "$LLC" -mcpu=sm_90 -O3 o.bc -o o.s 2>>err.txt || { echo failed; return; }
  count 'trig_reduction_slowpathd,' o.s
}
check() {
  c=$1
  [ -f "$LIBDEVICE" ] || { report "$c" n/a "no libdevice at $LIBDEVICE (the kit's bootstrap unpacks CUDA 11.8)"; return; }
  tools "$c" || { report "$c" n/a "no llvm-link/opt/llc of $c"; return; }
  w=$(sites '') h=$(sites -DHOISTED)
  [ "$w" = failed ] || [ "$h" = failed ] && { report "$c" error "pipeline failed: $(grep -v 'CUDA version\|unused' err.txt | head -c 200)"; return; }
  d="trig slow-path call sites: $w as written, $h with the repeat reused by hand"
  if [ "$w" -gt "$h" ]; then report "$c" reproduces "$d: the repeated cos/sin are evaluated again"
  else report "$c" fixed "$d"; fi
}
each check
