#!/bin/sh
# openmp-opt folds the team size that a clause-free `target teams distribute parallel for` gives its
# distribute chunk (`__kmpc_get_hardware_num_threads_in_block`) to the kernel's thread limit, 128,
# while the offload runtime launches smaller blocks for a low trip count (n = 128: 4 x 32): each
# team takes 128 iterations and three blocks in four get none (docs/findings/<this name>.md).
# Compile-time check: the chunk argument of the kernel's __kmpc_distribute_static_init call in the
# device IR after the -O3 pipeline, without the device runtime (-nogpulib, so the call stays): the
# literal thread limit (reproduces) or a value read at run time (fixed). GPU part (FINDINGS_GPU=1,
# with a device runtime): n = 128, how many of the launched teams ran iterations.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=fixed clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "not the LLVM path: GCC has no openmp-opt and its own nvptx launch (not examined)"
chunk() { # FLAGS: "CHUNK LIMIT" of the kernel's distribute init call and thread limit, or "failed"
  # shellcheck disable=SC2086
  $CC -O3 $1 -nogpulib --offload-device-only -S -emit-llvm "$DIR/low_trip_count.c" -o k.ll 2>err.txt ||
    { echo failed; return; }
  c=$(sed -n 's/.*call void @__kmpc_distribute_static_init_[48](.*, i[0-9]* \([^,)]*\)).*/\1/p' k.ll | head -n 1)
  l=$(sed -n 's/.*"omp_target_thread_limit"="\([0-9]*\)".*/\1/p' k.ll | head -n 1)
  [ -n "$c" ] || { echo failed; return; }
  echo "$c ${l:--}"
}
check() {
  c=$1
  set -- $(chunk '')
  [ "$1" = failed ] && { report "$c" error "compile failed or no distribute init call: $(grep -v 'CUDA version' err.txt | head -c 200)"; return; }
  d="distribute chunk $1, thread limit attribute $2"
  if [ "$FINDINGS_GPU" = 1 ] && [ -n "$RTDIR" ]; then
    $CC -O3 "$DIR/low_trip_count.c" -o ltc 2>/dev/null &&
      d="$d; GPU n=128: $(OMP_TARGET_OFFLOAD=MANDATORY timeout 60 ./ltc 128 2>&1 | tail -n 1 | sed 's/;.*kernel.*//')"
  fi
  case $1 in
    %*) report "$c" fixed "$d (read at run time)" ;;
    "$2") report "$c" reproduces "$d: folded to the thread limit" ;;
    *) report "$c" error "$d: a constant other than the thread limit" ;;
  esac
}
each check
