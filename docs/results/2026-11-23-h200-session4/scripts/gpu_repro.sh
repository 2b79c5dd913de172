#!/bin/bash
# gcc12-thread-limit-past-warps reproducer: 0 and 8 should print "8 threads", 256 should fault.
cd /tmp/okb/ompkit-bundle || exit 2
for n in 0 8 256; do
  LD_LIBRARY_PATH=$PWD/runtime/lib OMP_TARGET_OFFLOAD=MANDATORY timeout 60 "$OLDPWD/dist/set_threads" $n; echo "set_threads $n rc=$?"
done 2>&1 | tee /tmp/repro.txt
command -v ptxas cuobjdump
