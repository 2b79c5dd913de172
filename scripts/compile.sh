#!/bin/sh
# Compiler and linker launcher of every configuration's sub-build (CMake *_COMPILER_LAUNCHER and
# C_LINKER_LAUNCHER). Options, then `--`, then the command:
#   --times FILE        append "<start epoch> <seconds> <kind> <output> <cpu seconds>" to FILE, so
#                       the build log and timing.json can say where build time went. <seconds> is
#                       the step's wall time, <cpu seconds> the user+sys time of its processes:
#                       on a shared machine only the latter says what the step costs.
#   --capture DIR       keep a copy of stderr in DIR/<basename of -o>.txt (ptxas/nvlink -v lines)
#   --device-only       (with --omp-target) a configuration that cannot link (compile-only LLVM 22):
#                       compile the device side only (--offload-device-only; the host IR it needs is
#                       still made, the host backend is not run) and have clang's own ptxas run print
#                       registers, smem and spills per kernel (-Xcuda-ptxas -v), kept in
#                       ART/resources/<base>.ptxas.txt. The object is then the device cubin, which
#                       nothing links. Before, the host side was compiled too and ptxas ran twice
#                       (once in clang, once with -v): twice the CPU time for the same records.
#   --ptxas-v           (with --omp-target) keep clang's ptxas -v lines in ART/resources/<base>.ptxas.txt,
#                       for LLVMs whose offload link does not print nvlink's (LLVM 16: none with
#                       -Xoffload-linker -v, so its kernels had no registers); its device runtime is
#                       linked into each TU, so the TU's counts include the runtime's callees.
#   --kernel-info OPT   (with --omp-target) also run LLVM 21+'s kernel-info pass on the TU's device
#                       IR (OPT -passes='default<O3>,kernel-info'; upstream runs it only at the
#                       device link): its remark text in ART/remarks/<base>.kernel-info.txt
#   --amdgpu ART ARCH LIBDIR
#                       an omp_target compile for an AMD GPU (compile data only: no AMD GPU here). The
#                       device side only (--offload-device-only: the bitcode clang's AMDGPU offload
#                       compile hands its device link), its openmp-opt record kept as
#                       ART/remarks/<base>.prelink.opt.yaml (no device runtime in it yet; the driver
#                       reads the link's, see amdgpu-link.sh); then the device link clang-linker-wrapper
#                       does for a real program (LTO with LIBDIR's libomptarget.devicertl.a, the
#                       backend), on this TU alone. Kept: the linked IR as ART/ir/<base>.device.ll (each
#                       kernel's ExecMode) and `llvm-readelf --notes` of the code object as
#                       ART/resources/<base>.notes.txt (VGPRs, SGPRs, AGPRs, LDS, scratch, spills).
#                       Why the TU's own link: clang 19 links the AMDGPU device runtime only at the
#                       link, so the compile's bitcode has no runtime in it and its register counts
#                       would be the backend's guesses for unknown callees (docs/amdgpu.md).
#   --gcc-offload ART   a GCC offload object compile: keep -fopt-info-omp in ART/remarks/<base>.gcc-opt-info.txt
#   --omp-target ART ARCH
#                       an omp_target object compile: ONE compile gives the object, the device
#                       and host optimization records and the device PTX (-save-temps=obj), as
#                       ART/remarks/<base>.{device,host}.opt.yaml and ART/keep/<base>.ptx
# The extra flags are added here, not as per-source CMake properties: with those, adding one
# source changed every object's flags file and rebuilt everything.
set -u
times='' capture='' art='' arch='' devonly='' ptxasv='' gart='' kinfo='' amd='' amdlib=''
while [ $# -gt 0 ]; do
  case $1 in
    --times) times=$2; shift 2 ;;
    --capture) capture=$2; shift 2 ;;
    --omp-target) art=$2 arch=$3; shift 3 ;;
    --amdgpu) amd=$2 arch=$3 amdlib=$4; shift 4 ;;
    --device-only) devonly=1; shift ;;
    --ptxas-v) ptxasv=1; shift ;;
    --kernel-info) kinfo=$2; shift 2 ;;
    --gcc-offload) gart=$2; shift 2 ;;
    --) shift; break ;;
    *) printf 'compile.sh: unknown option %s\n' "$1" >&2; exit 2 ;;
  esac
done
src='' obj='' depf='' prev=''
for a in "$@"; do
  case $prev in
    -c) src=$a ;;
    -o) obj=$a ;;
    -MF) depf=$a ;;
  esac
  prev=$a
done
kind=link
[ -n "$src" ] && kind=compile
start=$(date +%s.%N)

base='' dir='' dev=''
if [ -n "$art" ] && [ -n "$src" ] && [ -n "$obj" ]; then
  case $src in
    */omp_target/*)
      base=$(basename "$src")
      base=${base%.*}
      dir=$(dirname "$obj")
      dev="$dir/$base-openmp-nvptx64-nvidia-cuda-$arch"
      mkdir -p "$art/remarks" "$art/keep"
      # Host and device would both write <obj>.opt.yaml (the host's overwrites the device's).
      # openmp-opt emits OMP112 (globalization kept) only while a -R flag enables its remarks.
      # Both records keep openmp-opt's remarks only, all that the study and `check` read (all
      # passes made one device file 160 MB, and the host files 15 MB per configuration).
      set -- "$@" -fsave-optimization-record -foptimization-record-passes=openmp-opt \
        -Xarch_host "-foptimization-record-file=$art/remarks/$base.host.opt.yaml" \
        -Xarch_device "-foptimization-record-file=$art/remarks/$base.device.opt.yaml" \
        -Xarch_device -Rpass-missed=openmp-opt
      # The PTX: scripts/ptxas-keep.sh stands in for ptxas and copies the PTX clang hands it.
      # -save-temps=obj did this before, at 0.5-0.6 s more CPU per TU (a separate preprocessing
      # and bitcode round trip for host and device); kernel-info still needs its device bitcode.
      ptxas=''
      for a in "$@"; do
        case $a in --cuda-path=*) ptxas=${a#--cuda-path=}/bin/ptxas ;; esac
      done
      [ -n "$ptxas" ] || ptxas=$(command -v ptxas || echo ptxas)
      OMPKIT_PTXAS=$ptxas OMPKIT_KEEP_PTX="$art/keep/$base.ptx"
      export OMPKIT_PTXAS OMPKIT_KEEP_PTX
      rm -f "$OMPKIT_KEEP_PTX"
      set -- "$@" "--ptxas-path=$(cd "$(dirname "$0")" && pwd)/ptxas-keep.sh"
      [ -z "$kinfo" ] || set -- "$@" -save-temps=obj
      if [ -n "$devonly" ]; then
        set -- "$@" --offload-device-only -Xcuda-ptxas -v
      elif [ -n "$ptxasv" ]; then
        set -- "$@" -Xcuda-ptxas -v
      fi
      ;;
  esac
fi
# Any source (an AMD build compiles only omp_target ones; `ompkit analyze` a user's files).
if [ -n "$amd" ] && [ -n "$src" ] && [ -n "$obj" ]; then
  base=$(basename "$src"); base=${base%.*}
  mkdir -p "$amd/remarks" "$amd/ir" "$amd/resources" "$amd/keep"
  set -- "$@" --offload-device-only -fsave-optimization-record -foptimization-record-passes=openmp-opt \
    -Xarch_host "-foptimization-record-file=$amd/remarks/$base.host.opt.yaml" \
    -Xarch_device "-foptimization-record-file=$amd/remarks/$base.prelink.opt.yaml" \
    -Xarch_device -Rpass-missed=openmp-opt
fi
if [ -n "$gart" ] && [ -n "$src" ]; then
  case $src in
    */omp_target/*)
      base=$(basename "$src"); base=${base%.*}
      mkdir -p "$gart/remarks"
      set -- "$@" "-fopt-info-omp-all=$gart/remarks/$base.gcc-opt-info.txt"
      base=''
      ;;
  esac
fi

if { [ -n "$devonly" ] || [ -n "$ptxasv" ]; } && [ -n "$base" ]; then
  mkdir -p "$art/resources"
  tmp="$art/resources/.$base.$$"
  "$@" 2>"$tmp"
  rc=$?
  cat "$tmp" >&2
  # ptxas -v's lines only (the remarks go to the build log as before)
  grep -E '^ptxas|^    [0-9]+ bytes' "$tmp" >"$art/resources/$base.ptxas.txt"
  rm -f "$tmp"
elif [ -n "$capture" ]; then
  name=out
  [ -n "$obj" ] && name=$(basename "$obj")
  mkdir -p "$capture"
  tmp="$capture/.$name.$$"
  "$@" 2>"$tmp"
  rc=$?
  cat "$tmp" >&2
  mv "$tmp" "$capture/$name.txt"
else
  "$@"
  rc=$?
fi

if [ -n "$amd" ] && [ $rc -eq 0 ]; then
  sh "$(dirname "$0")/amdgpu-link.sh" "$1" "$obj" "$arch" "$amdlib" "$amd" "$base" "$src" "$depf" || rc=1
elif [ -n "$base" ]; then
  if [ $rc -eq 0 ] && [ ! -s "$art/keep/$base.ptx" ]; then
    printf 'compile.sh: no PTX kept for %s (did clang run scripts/ptxas-keep.sh?)\n' "$base" >&2
    rc=1
  fi
  # Which file each kernel's directive is in (its identity, record/ok_kernel_id.h): only now, with
  # the inodes of this checkout, can the name's <dev>_<file> be turned into a path.
  if [ $rc -eq 0 ]; then
    sh "$(dirname "$0")/kernel-sources.sh" "$art/keep/$base.ptx" "$(dirname "$0")/.." "$src" "$depf" \
      >"$art/keep/$base.sources" || printf 'compile.sh: kernel-sources.sh failed on %s\n' "$base" >&2
  fi
  if [ $rc -eq 0 ] && [ -n "$kinfo" ] && [ -f "$dev.bc" ]; then
    # -save-temps' device bitcode is the unoptimized one: default<O3> first, as the -O3 compile did.
    # Only the per-function summaries ("Key = N") are kept: the per-instruction lines made 1.3 MB
    # for atomic_update.c alone, and the bundle carries the artefacts.
    "$kinfo" -passes='default<O3>,kernel-info' -pass-remarks=kernel-info -disable-output "$dev.bc" 2>"$dev.ki" \
      || printf 'compile.sh: kernel-info failed on %s\n' "$base" >&2
    grep -E "', [A-Za-z_][A-Za-z0-9_]* = -?[0-9]+\$" "$dev.ki" >"$art/remarks/$base.kernel-info.txt"
    rm -f "$dev.ki"
  fi
  # The other temporaries (preprocessed source, unoptimized bitcode, host assembly) are not used.
  rm -f "$dir/$base"-host-*.i "$dir/$base"-host-*.bc "$dir/$base"-host-*.s "$dev.i" "$dev.bc" "$dev.s" \
    "$dev.o" "$dir/$base"-openmp-*.out
fi
if [ -n "$times" ]; then
  end=$(date +%s.%N)
  out=${src:-$obj}
  # `times` in this shell (not in a subshell, whose children are not the compiler): the second
  # line is the user and system time of every process this step waited for, as "0m1.23s 0m0.45s".
  tf="$times.$$"
  times >"$tf"
  cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] }
                       printf "%.2f", t }' "$tf")
  rm -f "$tf"
  printf '%s %s %s %s %s\n' "${start%.*}" "$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b-a}')" \
    "$kind" "${out##*/kernels/}" "${cpu:-?}" >>"$times"
fi
exit $rc
