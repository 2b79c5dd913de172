#!/bin/sh
# clang 16 emits no code for a combined `target teams loop`: the host IR of a minimal file has no
# kernel launch (__tgt_target_kernel) and the device IR no kernel. Compile-time check, no runtime
# or GPU needed: `--offload-host-only -S -emit-llvm` / `--offload-device-only -nogpulib`. The
# nested form (target + teams loop) is launched, but clang 16's kernel holds no loop: the detail
# counts the body's store in the device IR (0 in clang 16, 1 in 19 and 22).
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=fixed clang-22=fixed gcc-12=fixed
check() {
  c=$1
  if [ "$c" = gcc-12 ]; then # GCC: the host code calls GOMP_target_ext for the region
    $CC -O0 -S "$DIR/teams_loop.c" -o host.s 2>err.txt || { report "$c" error "compile failed: $(head -c 200 err.txt)"; return; }
    n=$(count 'call[[:space:]]+GOMP_target_ext' host.s)
    if [ "$n" -ge 1 ]; then report "$c" fixed "host code calls GOMP_target_ext ($n)"; else report "$c" reproduces "no GOMP_target_ext call"; fi
    return
  fi
  $CC -O0 -Wall -Wextra -nogpulib --offload-host-only -S -emit-llvm "$DIR/teams_loop.c" -o host.ll 2>err.txt ||
    { report "$c" error "host compile failed: $(head -c 200 err.txt)"; return; }
  $CC -O0 -nogpulib --offload-device-only -S -emit-llvm "$DIR/teams_loop.c" -o dev.ll 2>>err.txt ||
    { report "$c" error "device compile failed"; return; }
  launches=$(count '__tgt_target_kernel' host.ll)
  kernels=$(count '^define.*__omp_offloading' dev.ll)
  warns=$(count 'teams_loop.c:[0-9]+:[0-9]+: warning' err.txt)
  others='' # the other two forms: launches in the host IR; for the nested one, the loop body in the kernel
  for form in 1 2; do
    $CC -O0 -nogpulib --offload-host-only -S -emit-llvm -DFORM=$form "$DIR/teams_loop.c" -o f.ll 2>/dev/null
    others="$others, $([ $form = 1 ] && echo 'target parallel loop' || echo 'target + nested teams loop'): $(count '__tgt_target_kernel' f.ll) launch lines"
  done
  # The nested form launches a kernel; the body's one store (c[i] = (float)i) must be in the device IR.
  $CC -O0 -nogpulib --offload-device-only -S -emit-llvm -DFORM=2 "$DIR/teams_loop.c" -o f2.ll 2>/dev/null
  others="$others, its kernel's stores of c[i] (store float): $(count 'store float' f2.ll)"
  if [ "$launches" -eq 0 ] && [ "$kernels" -eq 0 ]; then
    report "$c" reproduces "target teams loop: no kernel launch in the host IR, no kernel in the device IR, $warns source warnings at -O0 -Wall -Wextra$others"
  else
    report "$c" fixed "target teams loop: host IR $launches __tgt_target_kernel lines, device IR $kernels offload kernels$others"
  fi
}
each check
