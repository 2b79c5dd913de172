#!/bin/sh
# Under -fopenmp-cuda-mode a generic kernel's parallel region gets pointers into the main thread's
# stack (a team-code local, not globalized) and computes wrong results, with no diagnostic. CUDA
# mode makes that sharing the user's job, so this is use outside the contract; what is asked for is
# a diagnostic. Compile-time check (device-only, no runtime): the default build globalizes the
# team-code locals (OMP111/OMP112 remarks), the CUDA-mode build does not and says nothing.
# With a GPU (FINDINGS_GPU=1) the CUDA-mode binary also runs: wrong output = reproduces.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=reproduces gcc-12=n/a
not_applicable gcc-12 "GCC has no CUDA mode; libgomp shares team-code locals itself"
R='-Rpass=openmp-opt -Rpass-missed=openmp-opt -Rpass-analysis=openmp-opt'
check() {
  c=$1
  $CC -O3 $R -nogpulib --offload-device-only -S "$DIR/cuda_mode_generic.c" -o d.s 2>def.txt ||
    { report "$c" error "default compile failed: $(head -c 200 def.txt)"; return; }
  $CC -O3 $R -Wall -Wextra -fopenmp-cuda-mode -nogpulib --offload-device-only -S "$DIR/cuda_mode_generic.c" -o c.s 2>cuda.txt ||
    { report "$c" error "CUDA-mode compile failed: $(head -c 200 cuda.txt)"; return; }
  g_def=$(count '\[OMP11[0-3]\]' def.txt) g_cuda=$(count '\[OMP11[0-3]\]' cuda.txt)
  w=$(count 'cuda_mode_generic.c:[0-9]+:[0-9]+: (warning|error)' cuda.txt)
  d="globalization remarks: default $g_def, CUDA mode $g_cuda; source warnings in CUDA mode: $w"
  if [ "$FINDINGS_GPU" = 1 ] && [ -n "$RTDIR" ]; then
    $CC -O3 -fopenmp-cuda-mode "$DIR/cuda_mode_generic.c" -o cm 2>/dev/null && d="$d; GPU: $(OMP_TARGET_OFFLOAD=MANDATORY timeout 60 ./cm)"
  fi
  if [ "$g_def" -gt 0 ] && [ "$g_cuda" -eq 0 ] && [ "$w" -eq 0 ]; then report "$c" reproduces "$d"
  elif [ "$w" -gt 0 ]; then report "$c" fixed "$d (CUDA mode now diagnoses it)"
  else report "$c" error "$d (the default build no longer globalizes: the reproducer no longer tests this)"; fi
}
each check
