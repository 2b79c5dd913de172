# The C++ SU3 proxy (su3_cxx, issue 21 §2) on libomptarget's x86_64 host plugin: all five forms
# verify against the C proxy's host reference (the sites are shared, the layouts must agree), run
# twice in one process (the input vectors are reused), in double and in float (--type float: the
# precision axis), and an injected fault is caught.
. "$(dirname "$0")/lib.sh"
CC=$(command -v clang-19) || skip "no clang-19"
CXX=$(command -v clang++-19) || skip "no clang++-19"
K="$SRC/kernels"
P="$SRC/proxies"
F="-O1 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -DOK_CONFIG=\"host-test\" -DOK_MODEL=\"omp_target\" -DOK_FLAGS=\"\" -DOK_COMPILER=\"\" -I$SRC/record -I$K/common -I$K -I$P/common -I$P/su3 -Wno-unknown-pragmas -Wno-openmp-mapping"
for f in "$K/common/bench_main.c" "$K/common/ok_measure.c" "$K/common/ok_values.c" "$K/common/ok_case.c" \
  "$K/omp_target/harness.c" "$P/common/ok_proxy.c" "$P/common/ok_proxy_hooks.c" "$P/su3/su3_data.c"; do
  # shellcheck disable=SC2086
  "$CC" -std=gnu11 $F -c "$f" -o "$TMP/$(basename "$f").o" 2>"$TMP/cc.err" || fail "build $f: $(tail -n 3 "$TMP/cc.err")"
done
for f in "$P"/su3/omp_target/su3_cxx_*.cpp; do # one translation unit per form (su3_cxx_omp.hpp)
  # shellcheck disable=SC2086
  "$CXX" -std=c++17 $F -c "$f" -o "$TMP/$(basename "$f").o" 2>"$TMP/cc.err" || fail "build $f: $(tail -n 3 "$TMP/cc.err")"
done
"$CXX" -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu "$TMP"/*.o -lm -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib \
  -o "$TMP/bench" 2>"$TMP/cc.err" || fail "link: $(tail -n 3 "$TMP/cc.err")"
n=0
for v in v0_generic v1_manual v2_spmd v3_collapse v4_loop; do
  OMP_NUM_THREADS=2 "$TMP/bench" --run "su3_cxx/$v" --size 32 --runs 2 --warmup 0 >"$TMP/ok" 2>"$TMP/err" ||
    fail "su3_cxx/$v: exited $?: $(cat "$TMP/ok" "$TMP/err" | tail -n 3)"
  grep -q '"status":"ok","verified":true,"on_device":true' "$TMP/ok" || fail "su3_cxx/$v: $(grep status "$TMP/ok")"
  grep -q '"size":32,"param":"precision=double,iters=20"' "$TMP/ok" || fail "su3_cxx/$v: size or param: $(grep status "$TMP/ok")"
  # The precision axis (docs/proxies.md): float picked per run, its own point (param) and kernel.
  OMP_NUM_THREADS=2 "$TMP/bench" --run "su3_cxx/$v" --size 32 --runs 1 --warmup 0 --type float >"$TMP/okf" 2>"$TMP/err" ||
    fail "su3_cxx/$v float: exited $?: $(cat "$TMP/okf" "$TMP/err" | tail -n 3)"
  grep '"status":"ok","verified":true,"on_device":true' "$TMP/okf" | grep '"size":32,"param":"precision=float,iters=20"' |
    grep -q 'IfE' || fail "su3_cxx/$v float: $(grep status "$TMP/okf")"
  set +e
  OMP_NUM_THREADS=2 "$TMP/bench" --run "su3_cxx/$v" --size 32 --runs 1 --warmup 0 --inject-fault >"$TMP/bad" 2>/dev/null
  rc=$?
  set -e
  [ $rc = 1 ] && grep -q '"status":"wrong result"' "$TMP/bad" || fail "su3_cxx/$v: fault not caught (exit $rc)"
  n=$((n + 1))
done
pass "$n su3_cxx forms verified on the host plugin in double and float, faults caught"
