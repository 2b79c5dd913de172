#!/bin/sh
# GCC's device code for `ompkit analyze` (driver/analyze/analyze_jobs.c): GCC makes the nvptx PTX only at
# the link (mkoffload runs the nvptx lto1), so this runs the link with mkoffload's temporaries
# kept, and then does with the PTX what libgomp's nvptx plugin does when the program loads
# (cuLinkAddData per module, cuLinkComplete), with CUDA 11.8's ptxas -c and nvlink -v.
#   gcc-offload-keep.sh DIR ARCH CUDA_BIN CC ARGS...
# DIR/gcc/          mkoffload's temporaries (-save-temps; xnvptx-none.mkoffload: the linked PTX,
#                   NUL-separated modules: the program's first, then libgomp's and newlib's)
# DIR/keep/gcc.ptx  the program's module (the one with .entry kernels), nested braces indented
#                   so that remarks/ir.c reads its call graph (GCC writes inner blocks at column 0);
#                   when the nvptx link fails (an unresolved device symbol), the PTX before it
# DIR/resources/gcc-link.txt  nvlink -v: per kernel the registers, smem, lmem after the link
# Exit 0 with all three; 1 when the link made no PTX; 3 when the PTX is kept but not assembled.
dir=$1 arch=$2 cuda=$3
shift 3
mkdir -p "$dir/gcc/mod" "$dir/keep" "$dir/resources" || exit 1
rm -f "$dir/gcc/xnvptx-none.mkoffload" "$dir/gcc/mod/"* "$dir/keep/gcc.ptx" "$dir/resources/gcc-link.txt"
"$@" -dumpdir "$dir/gcc/" -foffload-options=nvptx-none=-save-temps
rc=$?
ptx=$dir/gcc/xnvptx-none.mkoffload
if [ ! -s "$ptx" ]; then
  # the nvptx link failed (an unresolved device symbol): the program's own PTX before that link
  # still gives the call graph, not the resources
  lt=$(ls "$dir/gcc/"xnvptx-none.mkoffload*.s 2>/dev/null | head -n 1)
  [ -n "$lt" ] || { echo "gcc-offload-keep.sh: the offload link made no PTX (exit $rc)"; exit 1; }
  ptx=$lt
fi
# one file per module; the program's module is the first that defines an .entry
OUTD=$dir/gcc/mod perl -0ne 'chomp; next unless /\S/; open(F, ">", sprintf("%s/%03d.ptx", $ENV{OUTD}, $.)) or die; print F $_; close F' "$ptx" ||
  exit 1
prog=$(grep -l '^\.visible \.entry ' "$dir/gcc/mod/"*.ptx | head -n 1)
[ -n "$prog" ] || { echo "gcc-offload-keep.sh: no .entry kernel in $ptx"; exit 1; }
# (the PTX before the nvptx link indents its preamble: .version at column 0 marks PTX for ir.c)
awk '/^[ \t]+\.(version|target|address_size)/ { sub(/^[ \t]+/, "") }
     /^\{/ { if (d++) { print " " $0; next } } /^\}/ { if (--d) { print " " $0; next } } { print }' "$prog" >"$dir/keep/gcc.ptx"
[ "$ptx" = "$dir/gcc/xnvptx-none.mkoffload" ] || { echo "gcc-offload-keep.sh: the offload link failed: call graph only"; exit 3; }
for m in "$dir/gcc/mod/"*.ptx; do
  "$cuda/ptxas" -arch="$arch" -c "$m" -o "${m%.ptx}.cubin" || exit 3
done
"$cuda/nvlink" -arch="$arch" -v "$dir/gcc/mod/"*.cubin -o "$dir/gcc/linked.cubin" >"$dir/resources/gcc-link.txt" 2>&1 || exit 3
exit 0
