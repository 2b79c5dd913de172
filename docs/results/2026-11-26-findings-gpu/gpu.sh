#!/bin/sh
# findings GPU check (docs/findings/globalization-malloc-heap-exhausted.md): heap hypothesis.
H=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
X=/tmp/rt; mkdir -p $X
for f in "$H"/debs/*.deb; do dpkg-deb -x "$f" $X; done
export LD_LIBRARY_PATH=$X/usr/lib/llvm-19/lib:$X/usr/lib/x86_64-linux-gnu
export OMP_TARGET_OFFLOAD=MANDATORY
nvidia-smi -L; date -u
cd "$H"
run() { echo "== $*"; env "$@"; echo "rc=$?"; }
run LIBOMPTARGET_INFO=16 ./he_opt 1048576
run LIBOMPTARGET_INFO=16 ./he_noopt 1048576
run LIBOMPTARGET_HEAP_SIZE=1073741824 ./he_noopt 1048576
run ./he_noopt 8192
run ./he_noopt 131072
run ./lock
