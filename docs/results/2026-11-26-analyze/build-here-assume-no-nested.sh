# The build machine, 2026-11-26. /tmp/hp: h-proxies at cd39c9c (git archive h-proxies kernels proxies),
# which has su3.c and su3_cxx.cpp; OMPKIT: the driver of this branch (build/driver/ompkit).
OMPKIT=${OMPKIT:-$(pwd)/build/driver/ompkit}
cd /tmp/hp
K=kernels; P=proxies
FILES="$P/su3/omp_target/su3.c $P/su3/omp_target/su3_cxx.cpp $P/su3/su3_data.c $P/common/ok_proxy.c $K/omp_target/harness.c $K/common/bench_main.c $K/common/ok_measure.c $K/common/ok_values.c $K/common/ok_case.c $K/common/ok_sync_plan.c $K/common/ok_contention.c $K/common/ok_contention_sweep.c $K/common/ok_arith.c"
rm -rf /tmp/az-su3-flag
"$OMPKIT" analyze $FILES --configs target-clang19 --no-whatif --build-only --out /tmp/az-su3-flag \
  --run -- --run su3 --run su3_cxx --runs 3 -- -fopenmp-assume-no-nested-parallelism \
  -I$K -I$K/common -I$K/omp_target -I$P/common '-DOK_CONFIG="analyze"' '-DOK_MODEL="omp_target"' '-DOK_FLAGS="analyze"' '-DOK_COMPILER="analyze"'
