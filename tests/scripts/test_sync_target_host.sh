# Issue 12's omp_target sweeps without a GPU, offloaded to libomptarget's x86_64 host plugin (a
# device that is not the initial device, so the device checks pass for real; it offers 4):
# the launch forms (not nowait: docs/findings/nowait-taskwait-host-plugin.md), the barrier across
# devices for N = 4, and the reduction clause on the case study's data, each verified.
. "$(dirname "$0")/lib.sh"
CC=$(command -v clang-19) || skip "no clang-19"
K="$SRC/kernels"
O="$K/omp_target"
"$CC" -O2 -std=gnu11 -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu -DOK_CONFIG='"host-test"' -DOK_MODEL='"omp_target"' \
  -DOK_FLAGS='""' -DOK_COMPILER='""' -I"$SRC/record" -I"$K/common" -I"$K" -I"$O" -Wno-unknown-pragmas -Wno-openmp-mapping \
  "$K/common/bench_main.c" "$K/common/ok_measure.c" "$K/common/ok_values.c" "$K/common/ok_case.c" "$K/common/ok_sync_plan.c" \
  "$O/harness.c" "$O/opaque.c" "$O/prim_harness.c" "$K/common/ok_prim_sweep.c" "$K/common/ok_prim_checks.c" "$O/launch.c" "$O/multi_gpu_sync.c" "$O/reduce_study.c" \
  -lm -L/usr/lib/llvm-19/lib -Wl,-rpath,/usr/lib/llvm-19/lib -o "$TMP/bench" 2>"$TMP/cc.err" || fail "build: $(tail -n 5 "$TMP/cc.err")"
set +e
OMP_NUM_THREADS=2 "$TMP/bench" --run launch/target_empty_generic --run launch/target_teams_spmd --run launch/target_teams_generic \
  --run launch/target_map_scalar_generic --run launch/target_firstprivate_array_generic --run multi_gpu_sync \
  --run reduce_study/clause_spmd --runs 3 >"$TMP/out" 2>"$TMP/err"
rc=$?
set -e
sed -i '/^{"event":/d' "$TMP/out"
[ $rc = 0 ] || fail "bench exited $rc: $(tail -n 5 "$TMP/err") $(grep -v '"status":"ok"' "$TMP/out" | head -n 3)"
[ "$(grep -c '"kernel"' "$TMP/out")" = 9 ] || fail "want 9 points (5 launch forms, 2 barrier forms, sum and max): $(cat "$TMP/out")"
bad=$(grep -v '"status":"ok","verified":true' "$TMP/out" || true)
[ -z "$bad" ] || fail "points not ok: $bad"
grep '"kernel":"launch"' "$TMP/out" | grep -v -q '"base_median":[0-9.e-]*,"test_median"' && fail "a launch point without T(1)"
grep -q '"kernel":"launch".*"n_iter":32.*"unit":"s"' "$TMP/out" || fail "launch points: k = 32, host seconds"
grep -q '"detail":"32 regions counted 2048 of 2048, 0 on the host' "$TMP/out" || fail "firstprivate array's values not checked"
grep -q '"param":"gpus=4".*each counted 32 steps' "$TMP/out" || fail "barrier across 4 host-plugin devices: $(grep multi_gpu "$TMP/out")"
grep -q '"param":"op=max".*host.s 1073754169 every run' "$TMP/out" || fail "max not checked against the host"
pass "omp_target launch forms, 4-device barrier and reduction clause verified on the host plugin"
