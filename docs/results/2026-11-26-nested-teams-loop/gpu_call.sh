#!/bin/bash
# The nested `target` + `teams loop` lead (docs/findings/cxx-operators-make-teams-loop-distribute.md):
# every iteration counted once? clang-19 binaries built on the build host, the bundle's LLVM 19 runtime.
R=$PWD; mkdir -p /tmp/okb && cd /tmp/okb || exit 2
[ -f bpart.aa ] || { cp "$R/dist/bpart.aa" . ; echo "part 1 stored"; exit 0; }
[ -d ompkit-bundle ] || { cat bpart.aa "$R/dist/bpart.ab" | "$R/dist/zstd" -dc --long=27 | tar -x || exit 2; }
export LD_LIBRARY_PATH=/tmp/okb/ompkit-bundle/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for b in nested combined; do
  for n in 1024 1048576; do
    LIBOMPTARGET_INFO=16 "$R/.gpu/lead/$b.clang19" $n 2>&1 | grep -v "^$" | tail -3
  done
done
