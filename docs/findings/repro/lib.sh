# Sourced by every docs/findings/repro/<name>/run.sh: finds the compilers, runs the finding's
# check once per compiler, and prints one machine-readable line per compiler:
#   finding<TAB>NAME<TAB>COMPILER<TAB>STATUS<TAB>EXPECTED<TAB>VERSION<TAB>DETAIL
# STATUS is `reproduces`, `fixed`, `n/a` (DETAIL says why) or `error` (the reproducer itself broke).
# EXPECTED is what the run.sh declares (`expect`). `ompkit findings` (driver/judge/findings.c) reads these
# lines; a run.sh also runs alone (`sh run.sh`) and needs no kit build.
#
# Found by itself (no kit build): clang-16, clang-19, clang-22 and gcc-12 on PATH; CUDA 11.8's
# ptxas/nvlink/cuobjdump and LLVM 16's and 22's headers/runtime where the kit's bootstrap unpacks
# them (<kit>/.toolchains, or $OMPKIT_TOOLCHAINS).
# Environment: FINDINGS_CONFIGS=a,b (compilers to try; default all), FINDINGS_OWN_LLVM=/prefix (an
# own LLVM install, compiler `own`: <prefix>/bin/clang with its lib/ and device runtime),
# FINDINGS_GPU=1|0 (whether GPU parts run; default: 1 when `nvidia-smi -L` lists a GPU).
set -u
FINDING=$(basename "$DIR")
KIT=$(CDPATH= cd -- "$DIR/../../../.." && pwd)
TC=${OMPKIT_TOOLCHAINS:-$KIT/.toolchains}
CUDA118=$TC/cuda-11.8
LLVM16=$TC/llvm-16/usr/lib/llvm-16
LLVM22=$TC/llvm-22/usr/lib/llvm-22
W=$(mktemp -d "${TMPDIR:-/tmp}/finding-$FINDING.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 2

if [ -z "${FINDINGS_GPU:-}" ]; then
  FINDINGS_GPU=0
  nvidia-smi -L 2>/dev/null | grep -q '^GPU' && FINDINGS_GPU=1
fi

# expect clang-16=reproduces clang-19=fixed ...: the declaration. `own` (an own LLVM) expects what
# clang-22 does unless declared: the newest LLVM's state is what a trunk build should keep.
expect() {
  for kv in "$@"; do eval "EXPECT_$(printf %s "${kv%%=*}" | tr -c 'a-z0-9\n' _)=\${kv#*=}"; done
}
expected() { # COMPILER
  v=$(eval "printf %s \"\${EXPECT_$(printf %s "$1" | tr -c 'a-z0-9\n' _):-}\"")
  [ -z "$v" ] && [ "$1" = own ] && v=${EXPECT_clang_22:-}
  printf %s "${v:-n/a}"
}

# The compilers, and for each the offload compile command (CC), C++ (CXX), device runtime folder.
version() { # COMPILER: its version, e.g. 19.1.7
  case $1 in
    gcc-12) gcc-12 -dumpfullversion 2>/dev/null ;;
    own) "$FINDINGS_OWN_LLVM/bin/clang" --version 2>/dev/null | sed -n '1s/.*version \([0-9][^ ]*\).*/\1/p' ;;
    *) "$1" --version 2>/dev/null | sed -n '1s/.*version \([0-9][^ ]*\).*/\1/p' ;;
  esac
}
# setup COMPILER: sets CC, CXX, RTDIR (device runtime bitcode folder, empty if none), OMPINC; 1 when
# not installed here (NA says why).
setup() {
  CC='' CXX='' RTDIR='' NA='' CUDA="--cuda-path=$CUDA118"
  case $1 in
    clang-16)
      command -v clang-16 >/dev/null || { NA='clang-16 not installed'; return 1; }
      [ -f "$LLVM16/lib/clang/16/include/omp.h" ] || { NA="no LLVM 16 runtime at $LLVM16 (the kit's bootstrap unpacks it)"; return 1; }
      RTDIR=$LLVM16/lib
      OMPINC="-isystem $LLVM16/lib/clang/16/include"
      ;;
    clang-19)
      command -v clang-19 >/dev/null || { NA='clang-19 not installed'; return 1; }
      RTDIR=/usr/lib/llvm-19/lib
      OMPINC=''
      ;;
    clang-22)
      command -v clang-22 >/dev/null || { NA='clang-22 not installed'; return 1; }
      [ -f "$LLVM22/lib/clang/22/include/omp.h" ] || { NA="no LLVM 22 omp.h at $LLVM22 (the kit's bootstrap unpacks it)"; return 1; }
      OMPINC="-isystem $LLVM22/lib/clang/22/include"
      ;; # Debian's LLVM 22 has no NVPTX device runtime: RTDIR stays empty, compile-only
    own)
      [ -n "${FINDINGS_OWN_LLVM:-}" ] && [ -x "$FINDINGS_OWN_LLVM/bin/clang" ] || { NA='no own LLVM given (FINDINGS_OWN_LLVM)'; return 1; }
      OMPINC=''
      # The device runtime: libomptarget-nvptx*.bc (LLVM <= 20) or lib/nvptx64-nvidia-cuda/libomp.a (21+).
      rt=$(find "$FINDINGS_OWN_LLVM/lib" \( -name 'libomptarget-nvptx*.bc' -o -path '*nvptx64-nvidia-cuda/libomp*.a' \) 2>/dev/null | head -n 1)
      RTDIR=''
      [ -n "$rt" ] && RTDIR=$(dirname "$rt")
      CC="$FINDINGS_OWN_LLVM/bin/clang -fopenmp --offload-arch=sm_90 $CUDA"
      CXX="$FINDINGS_OWN_LLVM/bin/clang++ -fopenmp --offload-arch=sm_90 $CUDA"
      [ -n "$RTDIR" ] && CC="$CC -L$FINDINGS_OWN_LLVM/lib -Wl,-rpath,$FINDINGS_OWN_LLVM/lib" && CXX="$CXX -L$FINDINGS_OWN_LLVM/lib"
      return 0
      ;;
    gcc-12)
      command -v gcc-12 >/dev/null || { NA='gcc-12 not installed'; return 1; }
      [ -n "$(gcc-12 -print-prog-name=mkoffload 2>/dev/null)" ] && [ -d /usr/lib/gcc/x86_64-linux-gnu/12/accel/nvptx-none ] ||
        { NA='gcc-12-offload-nvptx not installed'; return 1; }
      CC='gcc-12 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80'
      CXX='g++-12 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80'
      return 0
      ;;
  esac
  [ -x "$CUDA118/bin/ptxas" ] || { NA="no CUDA 11.8 ptxas at $CUDA118 (the kit's bootstrap unpacks it)"; return 1; }
  n=${1#clang-}
  rt=''
  [ -n "$RTDIR" ] && rt="--libomptarget-nvptx-bc-path=$RTDIR -L$RTDIR -Wl,-rpath,$RTDIR"
  CC="clang-$n -fopenmp --offload-arch=sm_90 $CUDA $OMPINC $rt"
  CXX="clang++-$n -fopenmp --offload-arch=sm_90 $CUDA $OMPINC $rt"
}

report() { # COMPILER STATUS DETAIL...
  c=$1 s=$2
  shift 2
  printf 'finding\t%s\t%s\t%s\t%s\t%s\t%s\n' "$FINDING" "$c" "$s" "$(expected "$c")" "$(version "$c")" "$*"
}

# not_applicable COMPILER WHY: the finding cannot be checked with it by its nature (declared n/a).
not_applicable() { eval "NAWHY_$(printf %s "$1" | tr -c 'a-z0-9\n' _)=\$2"; }

# each FUNCTION: for every selected compiler, setup + FUNCTION COMPILER, which calls report once.
each() {
  fn=$1
  all="clang-16 clang-19 clang-22 gcc-12"
  [ -n "${FINDINGS_OWN_LLVM:-}" ] && all="$all own"
  for c in $all; do
    case ",${FINDINGS_CONFIGS:-$c}," in *",$c,"*) ;; *) continue ;; esac
    why=$(eval "printf %s \"\${NAWHY_$(printf %s "$c" | tr -c 'a-z0-9\n' _):-}\"")
    if [ -n "$why" ]; then
      report "$c" n/a "$why"
      continue
    fi
    if setup "$c"; then
      (cd "$W" && "$fn" "$c") || report "$c" error "the check itself failed (exit $?)"
    else
      report "$c" n/a "$NA"
    fi
  done
}
# gcc_ptx PROGRAM SYMBOL OUT: GCC keeps mkoffload's C file (PROGRAM.xnvptx-none.c, from
# -foffload-options=nvptx-none=-save-temps) with the offload image's PTX modules as C strings;
# writes the module that defines SYMBOL to OUT (1 when there is none).
gcc_ptx() {
  python3 - "$1.xnvptx-none.c" "$2" "$3" <<'EOP'
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
hits = [''.join(m) for m in mods if 'FUNCTION DEF: ' + sys.argv[2] + '\n' in ''.join(m)]
if not hits: sys.exit(1)
open(sys.argv[3], 'w').write(hits[0])
EOP
}
# count REGEX FILE: matching lines (0 when none or no file).
count() { grep -cE "$1" "$2" 2>/dev/null || true; }
