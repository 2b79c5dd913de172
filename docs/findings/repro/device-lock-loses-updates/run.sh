#!/bin/sh
# The NVPTX device runtime's omp_set_lock (and, where it links, `omp critical`) spins while its
# compare-and-swap *succeeds*: nothing is excluded. Compile-time proof, in the shipped device
# runtime bitcode: the CAS's success flag branches to the back-off loop, failure returns. With a
# GPU (FINDINGS_GPU=1) the reproducer also runs and counts lost updates.
DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
. "$DIR/../lib.sh"
expect clang-16=reproduces clang-19=reproduces clang-22=n/a gcc-12=fixed own=reproduces
not_applicable clang-22 "Debian's LLVM 22 ships no NVPTX device runtime (nothing to inspect or link)"

# spins_on_success FILE.ll FUNCTION: "yes" when the function's first cmpxchg success flag branches
# to a block that reads the clock or the block id (the back-off), "no" when it does not, "" when
# the function or its cmpxchg is missing.
spins_on_success() {
  awk -v fn="$2" '$0 ~ "^define .*@" fn "\\(" { f = 1 } f { print } f && /^}/ { exit }' "$1" >fn.ll
  flag=$(sed -n 's/^ *\(%[^ ]*\) = extractvalue { i32, i1 } .*, 1$/\1/p' fn.ll | head -n 1)
  [ -n "$flag" ] || return 0
  target=$(grep -m1 "br i1 $flag, label" fn.ll | sed 's/.*br i1 [^,]*, label %\([^,]*\),.*/\1/')
  # The target block, and the block it falls into (the loop's body lies one branch further).
  body=$(awk -v t="$target" 'index($0, t ":") == 1 { b = 1; next } b && /^[^ ]/ { n++ } n > 1 { exit } b' fn.ll)
  if printf '%s\n' "$body" | grep -qE 'sreg\.(clock|ctaid)'; then echo yes; else echo no; fi
}
run_gpu() { # COMPILER DEFINES: builds and runs the reproducer; prints its output line, returns its status
  $CC -O2 $2 "$DIR/device_lock.c" -o lock 2>build.txt || { echo "not built: $(grep -m1 -E 'error' build.txt)"; return 3; }
  OMP_TARGET_OFFLOAD=MANDATORY timeout 60 ./lock
}
check() {
  c=$1
  if [ "$c" = gcc-12 ]; then
    [ "$FINDINGS_GPU" = 1 ] || { report "$c" n/a "libgomp's nvptx lock is its own; GPU-only check (verified on the H200, 2026-11-23)"; return; }
    if out=$(run_gpu "$c" ""); then report "$c" fixed "GPU: $out"; else report "$c" reproduces "GPU: $out"; fi
    return
  fi
  bc=$(ls "$RTDIR"/libomptarget-nvptx-sm_90.bc "$RTDIR"/libomptarget-nvptx.bc 2>/dev/null | head -n 1)
  [ -n "$bc" ] || { report "$c" n/a "no NVPTX device runtime bitcode in ${RTDIR:-(none)}"; return; }
  llvm-dis-${c#clang-} "$bc" -o rt.ll 2>/dev/null || "${FINDINGS_OWN_LLVM:-/nonexistent}/bin/llvm-dis" "$bc" -o rt.ll ||
    { report "$c" error "llvm-dis failed on $bc"; return; }
  lock=$(spins_on_success rt.ll omp_set_lock)
  crit=$(spins_on_success rt.ll __kmpc_critical)
  [ -n "$crit" ] || crit="not inlined ($(grep -c '^declare.*setCriticalLock' rt.ll) undefined setCriticalLock)"
  test_lock=$(awk '/^define .*@omp_test_lock\(/ { f = 1 } f && /atomicrmw/ { sub(/^ *%[0-9]+ = /, ""); print; exit }' rt.ll)
  detail="omp_set_lock spins on CAS success: $lock; __kmpc_critical: $crit; omp_test_lock: ${test_lock:-no atomicrmw}"
  if [ "$FINDINGS_GPU" = 1 ]; then
    out=$(run_gpu "$c" "")
    gpu=$?
    detail="$detail; GPU: $out"
    [ "$gpu" = 0 ] && lock=no || lock=yes
  fi
  case $lock in
    yes) report "$c" reproduces "$detail" ;;
    no) report "$c" fixed "$detail" ;;
    *) report "$c" error "no omp_set_lock with a cmpxchg in $bc" ;;
  esac
}
each check
