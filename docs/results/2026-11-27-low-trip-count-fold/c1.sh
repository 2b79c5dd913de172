#!/bin/bash
# call 1: half of the bundle archive (main at 9cc5195; its LLVM 19 runtime and ablation builds) into /tmp/okb
mkdir -p /tmp/okb && cp dist/bpart.aa /tmp/okb/ && ls -la /tmp/okb && nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
