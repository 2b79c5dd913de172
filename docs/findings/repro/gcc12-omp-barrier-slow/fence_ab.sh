#!/bin/sh
# docs/findings/gcc12-omp-barrier-slow.md: the A/B that tests the static lead (libgomp's system-scope
# fences make GCC 12's `omp barrier` cost ~135 us). barrier_cost.c is built with GCC 12 three times,
# identical but for the offload image's PTX, which the driver JIT-compiles at load time:
#   bc_orig  the image as GCC emits it
#   bc_bar   the 15 `membar.sys` of libgomp's gomp_team_barrier_wait_end made `membar.gl` (device scope)
#   bc_all   every `membar.sys` of the image made `membar.gl`
# If bc_bar's barrier drops to the microsecond range, the fences are the cost; if not, they are not.
#   sh fence_ab.sh build DIR   here (gcc-12-offload-nvptx): the binaries and Debian's libgomp.so.1
#                              and libgomp-plugin-nvptx.so.1 beside them, in DIR
#   sh fence_ab.sh run DIR     on the GPU machine: each binary at thread_limit 32, 256 and 1024,
#                              three times; one line per run
set -eu
[ $# = 2 ] || { echo "usage: fence_ab.sh build|run DIR" >&2; exit 2; }
SRC=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
mkdir -p "$2"
D=$(CDPATH= cd -- "$2" && pwd)
case $1 in
build)
  W=$(mktemp -d "${TMPDIR:-/tmp}/fence_ab.XXXXXX")
  trap 'rm -rf "$W"' EXIT
  cd "$W"
  cp "$SRC/barrier_cost.c" .
  # -save-temps keeps the host object, mkoffload's C file (the image's PTX as C strings) and the
  # offload table object; the image is then rebuilt from an edited C file and linked by hand.
  gcc-12 -O2 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none="-march=sm_80 -save-temps" -save-temps \
    barrier_cost.c -o bc >build.log 2>&1 || { cat build.log >&2; exit 1; }
  python3 - bc.xnvptx-none.c <<'EOP'
import sys
src = open(sys.argv[1]).read()
lines, on, n = [], False, 0
for l in src.split('\n'):
    if 'FUNCTION DEF: gomp_team_barrier_wait_end\\n' in l:
        on = True
    elif on and '// BEGIN' in l:
        on = False
    if on and 'membar.sys' in l:
        n += l.count('membar.sys')
        l = l.replace('membar.sys', 'membar.gl')
    lines.append(l)
if n == 0:
    sys.exit('no membar.sys in gomp_team_barrier_wait_end: nothing to test')
open('img_bar.c', 'w').write('\n'.join(lines))
open('img_all.c', 'w').write(src.replace('membar.sys', 'membar.gl'))
print('gomp_team_barrier_wait_end: %d membar.sys made membar.gl; whole image: %d' % (n, src.count('membar.sys')))
EOP
  cp bc.xnvptx-none.c img_orig.c
  B=$(gcc-12 -print-file-name=crtoffloadbegin.o) E=$(gcc-12 -print-file-name=crtoffloadend.o)
  for v in orig bar all; do
    gcc-12 -fPIC -c img_$v.c -o img_$v.o
    # -foffload=disable: no second image from the object's offload sections, only the edited one
    gcc-12 -foffload=disable -o "$D/bc_$v" "$B" bc-barrier_cost.o img_$v.o bc.crtoffloadtable.o -lgomp "$E" 2>/dev/null
    echo "bc_$v: $(strings "$D/bc_$v" | grep -c 'membar\.sys') membar.sys in the image"
  done
  cp -L /usr/lib/x86_64-linux-gnu/libgomp.so.1 /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$D/"
  ;;
run)
  cd "$D"
  for b in bc_orig bc_bar bc_all; do
    for t in 32 256 1024; do
      for r in 1 2 3; do
        printf '%s thread_limit %s run %s: ' "$b" "$t" "$r"
        LD_LIBRARY_PATH=$D OMP_TARGET_OFFLOAD=MANDATORY timeout 120 "./$b" "$t" 2>&1 | tail -n 1
      done
    done
  done
  ;;
*) echo "usage: fence_ab.sh build|run DIR" >&2; exit 2 ;;
esac
