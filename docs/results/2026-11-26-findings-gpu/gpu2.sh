#!/bin/sh
# findings GPU check 2: the cost of `omp barrier` under GCC 12 (libgomp nvptx) and clang 19.
H=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
X=/tmp/rt; mkdir -p $X
for f in "$H"/debs/*.deb; do dpkg-deb -x "$f" $X; done
export LD_LIBRARY_PATH=$X/usr/lib/llvm-19/lib:$X/usr/lib/x86_64-linux-gnu
export OMP_TARGET_OFFLOAD=MANDATORY
nvidia-smi -L; date -u
cd "$H"
for tl in 32 256 1024; do
  echo "== gcc-12 thread_limit $tl"; ./bc_gcc $tl; echo "rc=$?"
  echo "== clang-19 thread_limit $tl"; ./bc_clang $tl; echo "rc=$?"
done
echo "== gcc-12 thread_limit 32, GOMP_DEBUG=1 (launch lines)"; GOMP_DEBUG=1 ./bc_gcc 32 2>&1 | grep -iE "launch|grid|block|num_gangs|num_workers|threads" | head -8
