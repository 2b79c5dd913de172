#!/bin/sh
# The SASS of gcc12_relaxed_load_hoisted.c's three spin loops, on a machine without a GPU:
#   sh docs/findings/repro/gcc12_relaxed_load_sass.sh [OUT]     (default OUT: build/findings/gcc12-load)
# gcc-12 -save-temps keeps mkoffload's C file with the PTX modules as strings; CUDA 11.8's ptxas
# (the kit's .toolchains/cuda-11.8) assembles the one with the spins for sm_80 (GCC 12's newest).
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/../../.." && pwd)
OUT=${1:-$ROOT/build/findings/gcc12-load}
T=${CUDA_PATH:-$ROOT/.toolchains/cuda-11.8}/bin
mkdir -p "$OUT" && cd "$OUT"
gcc-12 -O3 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none="-march=sm_80 -save-temps" \
  "$ROOT/docs/findings/repro/gcc12_relaxed_load_hoisted.c" -o spin
# The PTX strings of mkoffload's C file, one module per ptx_code_N array.
python3 - spin.xnvptx-none.c <<'EOP'
import ast, sys
cur = None; mods = []
for line in open(sys.argv[1]):
    if line.startswith('static const char ptx_code_'):
        cur = []; mods.append(cur); continue
    t = line.strip()
    if cur is not None and t.startswith('"'):
        cur.append(ast.literal_eval(t.rstrip(';')))
        if t.endswith(';'): cur = None
    else:
        cur = None
for m in mods:
    s = ''.join(m)
    if 'spin_relaxed' in s: open('spin.ptx', 'w').write(s)
EOP
awk '/FUNCTION DEF: spin_/{f=1; print; next} /^}/{f=0} f && /ld\.|membar|bra/' spin.ptx
"$T/ptxas" -arch=sm_80 -c spin.ptx -o spin.cubin
"$T/cuobjdump" -sass spin.cubin | sed 's/ *\/\* 0x[0-9a-f]* \*\///' \
  | awk '/Function : spin_/{f=1; print; next} /Function :/{f=0} f && /LD|BRA|MEMBAR|CCTL|RET/'
