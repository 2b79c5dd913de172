// EXPECT-REMARK[clang-16]: OMP120
// EXPECT-MAX-REGISTERS: 64 +8
/* x */ #pragma omp target data
#  pragma omp target teams \
  map(x)
