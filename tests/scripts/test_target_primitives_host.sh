# The omp_target primitive harness without a GPU: its sources offloaded to libomptarget's host
# (x86_64) plugin, a device that is not the initial device, so the device check passes for real.
# Every point of the host-capable primitives (not shfl or vote: <ompx.h>'s host shuffle and ballot
# trap) must verify: the SM-clock spin, calibration, the pair method, the checks and the record of
# the shape that actually ran (the host plugin gives each team one thread) work before a GPU sees them.
. "$(dirname "$0")/lib.sh"
CC=$(command -v clang-19) || skip "no clang-19"
K="$SRC/kernels"
O="$K/omp_target"
"$CC" -O2 -std=gnu11 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -DOK_CONFIG='"host-test"' -DOK_MODEL='"omp_target"' \
  -DOK_FLAGS='""' -DOK_COMPILER='""' -I"$SRC/record" -I"$K/common" -I"$K" -I"$O" -Wno-unknown-pragmas -Wno-openmp-mapping \
  "$K/common/bench_main.c" "$K/common/ok_measure.c" "$K/common/ok_values.c" "$K/common/ok_case.c" "$O/harness.c" "$O/opaque.c" \
  "$O/prim_harness.c" "$K/common/ok_prim_sweep.c" "$K/common/ok_prim_checks.c" "$O/barrier.c" "$O/atomic_update.c" "$O/atomic_update_strided.c" "$O/atomic_capture.c" \
  "$O/fence.c" "$O/reduction.c" "$O/critical_add.c" -lm -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib -o "$TMP/bench" 2>"$TMP/cc.err" || fail "build: $(tail -n 5 "$TMP/cc.err")"
set +e
OMP_NUM_THREADS=4 "$TMP/bench" --run barrier --run atomic_update --run atomic_update_strided --run atomic_capture \
  --run fence --run reduction --run critical_add --teams 2 --threads 4 --iters 4 --runs 3 >"$TMP/out" 2>"$TMP/err"
set -e
sed -i '/^{"event":/d' "$TMP/out" # the begin/end brackets around each variant
n=$(grep -c '"kernel"' "$TMP/out")
# The quick sweep's types are the first listed and double (kernels/common/ok_prim_sweep.c): barrier
# 3 (omp barrier 2, ompx_sync_block spmd; no type), and x 2 types: atomic_update 4, strided 2 x 2
# strides, capture 2, fence 6 (omp_flush, its store form and the reference's plain form, spmd and
# generic), reduction 2, critical_add 2 (omp_set_lock: the host runtime's lock is a real one).
[ "$n" = 43 ] || fail "want 43 points, got $n: $(cat "$TMP/out" "$TMP/err" | tail -n 5)"
[ "$(grep -c '"type":"double"' "$TMP/out")" = 20 ] || fail "want 20 double points: $(grep -c '"type":"double"' "$TMP/out")"
bad=$(grep -v '"verified":true' "$TMP/out" || true)
[ -z "$bad" ] || fail "points that did not verify: $bad"
grep -q '"teams":2,"param":"order=seq_cst,ran=2x[1-4]"' "$TMP/out" || fail "actual shape not recorded: $(head -n 3 "$TMP/out")"
! grep -q '"on_device":false' "$TMP/out" || fail "the host plugin's runs were taken for the host fallback"
grep -q '"stride":32' "$TMP/out" || fail "no stride-32 point"
grep -q '"kernel":"reduction".*"detail":"every team'"'"'s sum' "$TMP/out" || fail "reduction not checked per team"
# 128 x 128 is the model's default shape: given explicitly it is the only shape run (it used to be
# taken for "not given", and the whole sweep ran).
OMP_NUM_THREADS=4 "$TMP/bench" --run fence/omp_flush_spmd --teams 128 --threads 128 --iters 4 --runs 3 >"$TMP/out2" 2>"$TMP/err" ||
  fail "--teams 128 --threads 128: $(tail -n 3 "$TMP/err")"
shapes=$(grep '"status"' "$TMP/out2" | grep -o '"threads":[0-9]*,"teams":[0-9]*' | sort -u | tr '\n' ' ')
[ "$shapes" = '"threads":128,"teams":128 ' ] || fail "--teams 128 --threads 128 ran shapes: $shapes"
grep -q '"variant":"omp_flush_store_spmd".*"param":"stores=array,stride=1,ran=2x[1-4]".*"detail":"every thread'"'"'s element holds its last store' "$TMP/out" ||
  fail "store-form fence not checked: $(grep omp_flush_store "$TMP/out" | head -n 1)"
grep -q '"variant":"plain_rmw_generic".*"param":"workload=reference,rmw=plain,stride=1,ran=2x[1-4]".*"detail":"both arrays' "$TMP/out" ||
  fail "reference-form fence not checked: $(grep plain_rmw "$TMP/out" | head -n 1)"
pass "$n host-run points of the omp_target primitive harness verified"
