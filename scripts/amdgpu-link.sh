#!/bin/sh
# amdgpu-link.sh CLANG BITCODE ARCH LIBDIR ART BASE SRC [DEPFILE]
# The device link of one AMDGPU translation unit, as clang-linker-wrapper does it for a real
# program (scripts/compile.sh --amdgpu runs it after the TU's device-only compile), for the compile
# data of a configuration that has no AMD GPU to run on:
#   ART/ir/<BASE>.device.ll         the linked, optimized device IR: each kernel's ExecMode
#                                   (remarks/ir.c reads .ll as it reads PTX)
#   ART/remarks/<BASE>.device.opt.yaml  openmp-opt's record of that link's optimization, with the
#                                   transformations the TU's compile made (see below)
#   ART/resources/<BASE>.notes.txt  `llvm-readelf --notes` of the code object: per kernel
#                                   .vgpr_count, .sgpr_count, .agpr_count, LDS, scratch, spills
#   ART/keep/<BASE>.sources         which file each kernel's directive is in (kernel-sources.sh)
# Why the wrapper and not clang -shared: the same LTO pipeline, the same device runtime archive
# (libomptarget.devicertl.a), without the host compile and host link (--linker-path=/bin/true).
# Why the object and not the linked image: a kernel that calls a function of another TU
# (opaque.c) does not link alone, but its code object is complete; the backend then counts that
# call with its defaults for an unknown callee, as ptxas does for NVPTX's per-TU code.
set -u
clang=$1 bc=$2 arch=$3 libdir=$4 art=$5 base=$6 src=$7 depf=${8:-}
bin=$(dirname "$(readlink -f "$(command -v "$clang")")")
[ -n "$libdir" ] || libdir=$bin/../lib # `ompkit analyze`: the compiler's own LLVM (lib/ beside bin/)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/okamd.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$bin/clang-offload-packager" -o "$tmp/in.pkg" \
  "--image=file=$bc,triple=amdgcn-amd-amdhsa,arch=$arch,kind=openmp" || exit 1
# The link to a shared code object may fail on another TU's symbols; the object is made first.
(cd "$tmp" && "$bin/clang-linker-wrapper" --host-triple=x86_64-pc-linux-gnu --linker-path=/bin/true \
  --opt-level=O3 --save-temps "-L$libdir" -lomptarget.devicertl in.pkg -o w >wrapper.log 2>&1) || true
o="$tmp/w.amdgcn-amd-amdhsa.$arch.o"
if [ ! -s "$o" ] || [ ! -s "$tmp/w.amdgcn-amd-amdhsa.$arch.postopt.bc" ] || [ ! -s "$tmp/w.amdgcn-amd-amdhsa.$arch.postlink.bc" ]; then
  printf 'amdgpu-link.sh: no device code object for %s:\n' "$src" >&2
  cat "$tmp/wrapper.log" >&2
  exit 1
fi
"$bin/llvm-dis" "$tmp/w.amdgcn-amd-amdhsa.$arch.postopt.bc" -o "$art/ir/$base.device.ll" || exit 1
# The device remarks: openmp-opt decides at this link, where the device runtime is first seen (the
# TU's compile, without it, finds SPMDization blocked by the runtime's calls: OMP121 for kernels the
# link SPMDizes). The wrapper writes no optimization record, so its LTO optimization is run again
# on its linked module (the same lto<O3> pipeline; the modes of its output equal the wrapper's).
"$bin/opt" -passes='lto<O3>' "-pass-remarks-output=$tmp/link.opt.yaml" -pass-remarks-filter=openmp-opt \
  "$tmp/w.amdgcn-amd-amdhsa.$arch.postlink.bc" -o /dev/null || exit 1
# What the TU's compile did stays done (its !Passed records: globalized locals moved to the stack
# or to shared memory, OMP110/OMP111, are not reported again by the link, which finds nothing left
# to move); what it could not do, the link tried again with the runtime in view, so its missed and
# analysis records are replaced by the link's.
pre="$art/remarks/$base.prelink.opt.yaml"
{
  [ -f "$pre" ] && awk '/^--- !/ { keep = ($0 ~ /^--- !Passed/) } keep' "$pre"
  cat "$tmp/link.opt.yaml"
} >"$art/remarks/$base.device.opt.yaml"
"$bin/llvm-readelf" --notes "$o" >"$art/resources/$base.notes.txt" || exit 1
sh "$(dirname "$0")/kernel-sources.sh" "$art/ir/$base.device.ll" "$(dirname "$0")/.." "$src" "$depf" \
  >"$art/keep/$base.sources" || printf 'amdgpu-link.sh: kernel-sources.sh failed on %s\n' "$base" >&2
exit 0
