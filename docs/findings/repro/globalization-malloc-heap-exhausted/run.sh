#!/bin/sh
# Without openmp-opt (-mllvm -openmp-opt-disable), every address-taken local of a device function
# is a __kmpc_alloc_shared that falls to device malloc; on a full GPU CUDA's default 8 MiB heap runs
# out and the kernel faults ("failure of target construct"). Compile-time check: the TU's PTX
# (-c -save-temps, device runtime linked in) calls __kmpc_alloc_shared, whose body calls malloc,
# without openmp-opt, and not with it. GPU part (FINDINGS_GPU=1): 2^20 iterations fault with the
# default heap and verify with LIBOMPTARGET_HEAP_SIZE=1 GiB.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=n/a gcc-12=n/a
not_applicable clang-22 "Debian's LLVM 22 has no device runtime (its __kmpc_alloc_shared) to link"
not_applicable gcc-12 "no openmp-opt; GCC does not globalize through __kmpc_alloc_shared"
ptx_calls() { # FLAGS: "alloc_shared-calls malloc-calls" in the TU's PTX
  rm -f ./*.s
  $CC -O3 "$@" -save-temps=obj -c "$DIR/heap_exhausted.c" -o h.o 2>err.txt || { echo failed; return; }
  s=$(ls ./*nvptx64*.s | head -n 1)
  echo "$(grep -cE 'call.*__kmpc_alloc_shared|^[[:space:]]*__kmpc_alloc_shared,' "$s") $(grep -cE '^[[:space:]]*malloc,' "$s")"
}
check() {
  c=$1
  [ -n "$RTDIR" ] || { report "$c" n/a "no NVPTX device runtime"; return; }
  set -- $(ptx_calls -mllvm -openmp-opt-disable) && no_a=$1 no_m=${2:-}
  set -- $(ptx_calls) && op_a=$1
  [ "$no_a" = failed ] || [ "$op_a" = failed ] && { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
  d="PTX without openmp-opt: $no_a __kmpc_alloc_shared calls, $no_m malloc calls; with openmp-opt: $op_a __kmpc_alloc_shared calls"
  if [ "$FINDINGS_GPU" = 1 ]; then
    $CC -O3 -mllvm -openmp-opt-disable "$DIR/heap_exhausted.c" -o he 2>/dev/null
    a=$(OMP_TARGET_OFFLOAD=MANDATORY timeout 120 ./he 1048576 2>&1 | tail -n 1)
    b=$(LIBOMPTARGET_HEAP_SIZE=1073741824 OMP_TARGET_OFFLOAD=MANDATORY timeout 120 ./he 1048576 2>&1 | tail -n 1)
    d="$d; GPU 2^20, default heap: $a; 1 GiB heap: $b"
  fi
  if [ "$no_a" -gt 0 ] && [ "$no_m" -gt 0 ] && [ "$op_a" -eq 0 ]; then report "$c" reproduces "$d"
  elif [ "$no_a" -eq 0 ]; then report "$c" fixed "$d"
  else report "$c" error "$d"; fi
}
each check
