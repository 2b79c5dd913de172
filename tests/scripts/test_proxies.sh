# The proxy applications (proxies/, docs/proxies.md) verify against their host references in every
# host-runnable form, and a deliberately broken result fails verification:
#   native-gcc / native-clang19 benches: each proxy at its host size;
#   the omp_target forms, built here for libomptarget's x86_64 host plugin (a device that is not
#   the initial device): every variant at a small --size.
. "$(dirname "$0")/lib.sh"
PROXIES="xsbench su3 rsbench miniqmc"
runs="--runs 1 --warmup 0"
ran=0
for cfg in native-gcc native-clang19; do
  config_enabled "$cfg" || continue
  B=$(bench "$cfg")
  # shellcheck disable=SC2086
  "$B" --run xsbench --run su3 --run rsbench --run miniqmc --threads 2 $runs >"$TMP/$cfg.ok" 2>"$TMP/err" ||
    fail "$cfg: clean run exited $?: $(cat "$TMP/$cfg.ok" "$TMP/err" | tail -n 5)"
  for k in $PROXIES; do
    grep "\"kernel\":\"$k\"" "$TMP/$cfg.ok" | grep '"status":"ok","verified":true' | grep '"size":[1-9]' |
      grep -q '"e2e_time_s":{"median"' || fail "$cfg: $k not verified with size and e2e time: $(grep "\"kernel\":\"$k\"" "$TMP/$cfg.ok")"
  done
  # su3's precision axis: float per run (--type), verified against its own reference.
  # shellcheck disable=SC2086
  "$B" --run su3 --type float --threads 2 $runs >"$TMP/$cfg.f" 2>"$TMP/err" || fail "$cfg: su3 float exited $?: $(tail -n 3 "$TMP/err")"
  grep '"status":"ok","verified":true' "$TMP/$cfg.f" | grep '(float) finite' | grep -q '"param":"precision=float,iters=20"' ||
    fail "$cfg: su3 float: $(cat "$TMP/$cfg.f")"
  # su3's iteration axis: --iters sets the launches a run, recorded in param (a point dimension).
  # shellcheck disable=SC2086
  "$B" --run su3/host --iters 3 --threads 2 $runs >"$TMP/$cfg.i" 2>"$TMP/err" || fail "$cfg: su3 --iters exited $?: $(tail -n 3 "$TMP/err")"
  grep '"status":"ok","verified":true' "$TMP/$cfg.i" | grep -q '"param":"precision=double,iters=3"' ||
    fail "$cfg: su3 --iters 3: $(cat "$TMP/$cfg.i")"
  # --setting: a public problem outside --full (issue 22 §1), its param on the line; a bad one refused
  # in one line; a proxy without public problems exits 2 saying so.
  # shellcheck disable=SC2086
  "$B" --run xsbench --setting problem=large,grid=nuclide --size 3000 --threads 2 $runs >"$TMP/$cfg.s" 2>"$TMP/err" ||
    fail "$cfg: xsbench --setting exited $?: $(tail -n 3 "$TMP/err")"
  grep '"status":"ok","verified":true' "$TMP/$cfg.s" | grep '"size":3000,' |
    grep -q '"param":"setting=public,problem=large,grid=nuclide"' || fail "$cfg: xsbench --setting: $(cat "$TMP/$cfg.s")"
  # shellcheck disable=SC2086
  "$B" --run rsbench --setting problem=large --size 300 --threads 2 $runs >"$TMP/$cfg.s" 2>"$TMP/err" ||
    fail "$cfg: rsbench --setting exited $?: $(tail -n 3 "$TMP/err")"
  grep '"status":"ok","verified":true' "$TMP/$cfg.s" | grep -q '"param":"setting=public,problem=large"' ||
    fail "$cfg: rsbench --setting: $(cat "$TMP/$cfg.s")"
  # shellcheck disable=SC2086
  "$B" --run xsbench --setting problem=huge,grid=hash --threads 2 $runs >"$TMP/$cfg.s" 2>/dev/null || true
  grep -q '"status":"error".*--setting problem=huge,grid=hash: XSBench.s problems are' "$TMP/$cfg.s" ||
    fail "$cfg: a bad --setting: $(cat "$TMP/$cfg.s")"
  set +e
  # shellcheck disable=SC2086
  "$B" --run su3 --setting problem=small --threads 2 $runs >/dev/null 2>"$TMP/err"
  rc=$?
  set -e
  [ $rc = 2 ] && grep -q 'this proxy has no public problem settings' "$TMP/err" || fail "$cfg: su3 --setting: exit $rc, $(cat "$TMP/err")"
  # miniqmc runs its walker batch over steps (one VGL buffer), every step's sums checked.
  grep -q 'miniqmc: 4 steps x 128 walkers: 512 positions' "$TMP/$cfg.ok" || fail "$cfg: miniqmc not 4 steps of 128 walkers"
  set +e
  # shellcheck disable=SC2086
  "$B" --run xsbench --run su3 --run rsbench --run miniqmc --threads 2 $runs --inject-fault >"$TMP/$cfg.bad" 2>/dev/null
  rc=$?
  set -e
  [ $rc = 1 ] || fail "$cfg: faulty run exited $rc, want 1"
  n=$(grep -c '"status":"wrong result"' "$TMP/$cfg.bad")
  [ "$n" = 4 ] || fail "$cfg: $n of 4 proxies caught the fault: $(cat "$TMP/$cfg.bad")"
  grep -q 'xsbench: 1 of 8192 lookups differ from the host reference' "$TMP/$cfg.bad" || fail "$cfg: xsbench fault detail"
  ran=$((ran + 1))
done

# The omp_target forms on the host plugin.
CC=$(command -v clang-19) || { [ $ran -gt 0 ] && pass "$ran native configuration(s) verified (no clang-19 for the omp_target forms)"; skip "no clang-19"; }
K="$SRC/kernels"
P="$SRC/proxies"
PINC=$(for d in "$P"/*/; do printf -- '-I%s ' "${d%/}"; done) # each proxy's folder, as kernels/CMakeLists.txt puts it
# shellcheck disable=SC2086 # one -I per proxy folder, no spaces in the paths
"$CC" -O1 -std=gnu11 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -DOK_CONFIG='"host-test"' -DOK_MODEL='"omp_target"' \
  -DOK_FLAGS='""' -DOK_COMPILER='""' -I"$SRC/record" -I"$K/common" -I"$K" -I"$P/common" $PINC -Wno-unknown-pragmas -Wno-openmp-mapping \
  "$K/common/bench_main.c" "$K/common/ok_measure.c" "$K/common/ok_values.c" "$K/common/ok_case.c" "$K/omp_target/harness.c" \
  "$P/common/ok_proxy.c" "$P/common/ok_proxy_hooks.c" "$P"/*/*_data.c "$P"/*/omp_target/*.c \
  -lm -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib -o "$TMP/bench" 2>"$TMP/cc.err" || fail "build: $(tail -n 5 "$TMP/cc.err")"
sizes="xsbench=4096 su3=32 rsbench=256 miniqmc=16"
variants=$("$TMP/bench" --list | grep '"family":"proxy"' | sed 's/.*"kernel":"\([a-z0-9]*\)","variant":"\([a-z0-9_]*\)".*/\1\/\2/')
nv=$(echo "$variants" | wc -w)
[ "$nv" = 11 ] || fail "want 11 omp_target proxy variants (xsbench 2, su3 5, rsbench 2, miniqmc 2), got $nv: $variants"
for v in $variants; do
  k=${v%/*}
  s=$(echo "$sizes" | tr ' ' '\n' | grep "^$k=" | cut -d= -f2)
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=2 "$TMP/bench" --run "$v" --size "$s" $runs >"$TMP/t.ok" 2>"$TMP/err" ||
    fail "omp_target $v: exited $?: $(cat "$TMP/t.ok" "$TMP/err" | tail -n 3)"
  grep -q "\"status\":\"ok\",\"verified\":true,\"on_device\":true" "$TMP/t.ok" || fail "omp_target $v: $(grep status "$TMP/t.ok")"
  grep -q "\"size\":$s," "$TMP/t.ok" || fail "omp_target $v: size $s not recorded"
  [ "$k" != miniqmc ] || grep -q 'miniqmc: 4 steps x 4 walkers' "$TMP/t.ok" || fail "omp_target $v: not 4 steps of 4 walkers"
  if [ "$k" = su3 ]; then # the precision axis: float per run, its own point, verified; a bad --type a clean error
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=2 "$TMP/bench" --run "$v" --size "$s" $runs --type float >"$TMP/t.f" 2>"$TMP/err" ||
      fail "omp_target $v float: exited $?: $(cat "$TMP/t.f" "$TMP/err" | tail -n 3)"
    grep '"status":"ok","verified":true,"on_device":true' "$TMP/t.f" | grep '"param":"precision=float,iters=20"' |
      grep -q "\"symbol_hint\":\"su3_${v#su3/}_f\"" || fail "omp_target $v float: $(grep status "$TMP/t.f")"
    set +e
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=2 "$TMP/bench" --run "$v" --size "$s" $runs --type half >"$TMP/t.h" 2>/dev/null
    rc=$?
    set -e
    [ $rc = 1 ] && grep -q '"status":"error","error":"su3: --type half: the precision is float or double"' "$TMP/t.h" ||
      fail "omp_target $v --type half: exit $rc: $(cat "$TMP/t.h")"
  fi
  set +e
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=2 "$TMP/bench" --run "$v" --size "$s" $runs --inject-fault >"$TMP/t.bad" 2>/dev/null
  rc=$?
  set -e
  [ $rc = 1 ] && grep -q '"status":"wrong result"' "$TMP/t.bad" || fail "omp_target $v: fault not caught (exit $rc)"
done
pass "proxies verified and faults caught: $ran native configuration(s), $nv omp_target variants on the host plugin"
