OMPKIT=${OMPKIT:-$(pwd)/build/driver/ompkit}  # run from the branch root
cd "$(dirname "$OMPKIT")/../.."

K=kernels
FILES="$K/omp_target/cases/cxx_lowering.cpp $K/omp_target/case_harness.c $K/omp_target/opaque.c $K/omp_target/harness.c $K/common/bench_main.c $K/common/ok_measure.c $K/common/ok_values.c $K/common/ok_case.c $K/common/ok_sync_plan.c $K/common/ok_contention.c $K/common/ok_contention_sweep.c $K/common/ok_arith.c"
rm -rf /tmp/az-cxx
"$OMPKIT" analyze $FILES --configs target-clang19,target-clang19-cudamode --no-whatif --build-only --out /tmp/az-cxx \
  --run -- --run cxx_lowering --runs 3 -- \
  -I$K -I$K/common -I$K/omp_target '-DOK_CONFIG="analyze"' '-DOK_MODEL="omp_target"' '-DOK_FLAGS="analyze"' '-DOK_COMPILER="analyze"'
