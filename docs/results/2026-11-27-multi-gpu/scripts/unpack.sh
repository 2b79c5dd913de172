#!/bin/bash
# the bundle's parts (carried over three calls into /tmp/okb) unpacked once; the runtimes too.
R=$PWD; mkdir -p /tmp/okb; cd /tmp/okb || exit 2
for f in bpart.aa bpart.ab1 bpart.ab2; do [ -f "$f" ] || cp "$R/dist/$f" . 2>/dev/null; done
[ -f ompkit-runtimes.tar.zst ] || cp "$R/dist/ompkit-runtimes.tar.zst" . 2>/dev/null
[ -x zstd ] || cp "$R/dist/zstd" . 2>/dev/null
if [ ! -x ompkit-bundle/run.sh ] && [ -f bpart.ab2 ]; then
  cat bpart.aa bpart.ab1 bpart.ab2 | ./zstd -dc --long=27 | tar -x || exit 2
  ./zstd -dc --long=27 ompkit-runtimes.tar.zst | tar -x && cp -r ompkit-bundle-runtimes/ompkit-bundle/. ompkit-bundle/ 2>/dev/null
  ls ompkit-bundle/runtime
fi
ls -la /tmp/okb | head
