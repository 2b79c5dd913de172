# ompkit analyze --cuda-program (issue 30 §5): the same program's CUDA build, given as a compile
# database (here one .cpp unit compiled with nvcc --x cu, as su3_bench's Makefile.cuda does) with
# --cuda-program or as a second -p, is built with its own flags and the OpenMP program's GPU
# target (the database's -gencode dropped), its libraries linked; with run outputs written here
# (a launch log, a profile, CUDA-event lines) --run-built sets the CUDA kernels beside the regions:
# by the enclosing function's name, else by rank of kernel time, with the ratio of the totals
# (test_analyze p30 cudacmp). --help's usage lines name every option it describes.
. "$(dirname "$0")/lib.sh"
T="$BUILD/tests/test_analyze"
FX="$SRC/tests/fixtures/analyze"
config_enabled target-clang19 || skip "target-clang19 is not enabled"
config_enabled cuda-nvcc || skip "cuda-nvcc is not enabled"

# every option --help describes is on its usage lines
"$OMPKIT" analyze --help >"$TMP/help" || fail "--help: exit $?"
sed -n '/^usage:/,/^  [A-Z-]/p' "$TMP/help" | sed '$d' >"$TMP/usage"
for o in $(grep -o '^  --[a-z-]*\|^  -p, --[a-z-]*' "$TMP/help" | grep -o -- '--[a-z-]*' | sort -u); do
  grep -q -- "$o" "$TMP/usage" || fail "--help describes $o but its usage lines do not name it"
done
"$OMPKIT" analyze "$FX/lowering.c" --cuda-program "$TMP/nothing" >"$TMP/o" 2>"$TMP/e"
[ $? = 2 ] && [ "$(wc -l <"$TMP/e")" = 1 ] || fail "--cuda-program of nothing: not one line and exit 2: $(cat "$TMP/e")"

mkdir -p "$TMP/cdb" && cp "$FX/lowering.cu" "$TMP/cdb/form.cpp"
sed "s|@DIR@|$TMP/cdb|g" "$FX/programs/cudadb/compile_commands.json.in" >"$TMP/cdb/compile_commands.json"
"$OMPKIT" analyze "$FX/lowering.c" "$FX/lowering_ext.c" --cuda-program "$TMP/cdb" --configs target-clang19 --no-whatif \
  --build-only --out "$TMP/b" -- --offload-arch=sm_80 >"$TMP/out" 2>&1 || fail "--cuda-program --build-only: exit $?: $(tail -n 5 "$TMP/out")"
L="$TMP/b/run/cuda-nvcc/link.txt"
[ -x "$TMP/b/run/cuda-nvcc/prog" ] || fail "the CUDA form was not built: $(tail -n 5 "$L")"
grep -q -- '-arch=sm_80 .*--x cu .*-DCUDA_FORM .*-c .*form.cpp' "$L" || fail "the unit's own flags or the program's sm_80: $(cat "$L")"
grep -q 'compute_70\|form\.exe' "$L" && fail "the database's -gencode or -o reached nvcc: $(cat "$L")"
grep -q -- ' -lm ' "$L" || fail "the database's -lm is not on the link: $(cat "$L")"
grep -q "cd 'cuda-nvcc' .*LD_PRELOAD" "$TMP/b/run/run.sh" || fail "run.sh does not run the CUDA form with the shim"

# a second -p is the CUDA build; the OpenMP database's sm_80 is the CUDA form's target too
mkdir -p "$TMP/db" && cp -r "$FX/programs/db/." "$TMP/db/"
sed "s|@DIR@|$TMP/db|g" "$FX/programs/db/compile_commands.json.in" >"$TMP/db/compile_commands.json"
"$OMPKIT" analyze -p "$TMP/db" -p "$TMP/cdb" --configs target-clang19 --no-whatif --build-only --out "$TMP/p2" >"$TMP/out" 2>&1 ||
  fail "-p -p --build-only: exit $?: $(tail -n 5 "$TMP/out")"
grep -q -- '-arch=sm_80 ' "$TMP/p2/run/cuda-nvcc/link.txt" && [ -x "$TMP/p2/run/cuda-nvcc/prog" ] ||
  fail "a second -p: not built for the program's sm_80: $(cat "$TMP/p2/run/cuda-nvcc/link.txt")"

# the join: what run.sh would leave (two OpenMP regions, three launches; two CUDA kernels)
k29=$(grep -o '"__omp_offloading_[0-9a-f_]*_distribute_only_l29"' "$TMP/b/analysis.json" | head -n 1 | tr -d '"')
k59=$(grep -o '"__omp_offloading_[0-9a-f_]*_combined_l59"' "$TMP/b/analysis.json" | head -n 1 | tr -d '"')
[ -n "$k29" ] && [ -n "$k59" ] || fail "no kernels for lowering.c:29 and :59 in the analysis"
R="$TMP/b/run/target-clang19"
for k in "$k29" "$k59" "$k59"; do
  echo "\"PluginInterface\" device 0 info: Launching kernel $k with 64 blocks and 128 threads in SPMD mode"
done >"$R/output.txt"
echo '{"traceEvents":[{"name":"Runtime: target exe","ph":"X","ts":0,"dur":350},{"name":"HostToDev","ph":"X","ts":1,"dur":50},
{"name":"Runtime: target exe","ph":"X","ts":5000,"dur":1050},{"name":"HostToDev","ph":"X","ts":5001,"dur":50},
{"name":"Runtime: target exe","ph":"X","ts":9000,"dur":1050},{"name":"HostToDev","ph":"X","ts":9001,"dur":50}]}' >"$R/profile.json"
echo 0 >"$R/exit-code.txt"
C="$TMP/b/run/cuda-nvcc"
printf 'ompkit-cuda-event: kernel _Z6helperPjl grid 64,1,1 block 1,1,1 ms 0.5\nompkit-cuda-event: kernel _Z8combinedPjl grid 512,1,1 block 128,1,1 ms 0.2\n' >"$C/events.txt"
echo ok >"$C/output.txt" && echo 0 >"$C/exit-code.txt"
"$OMPKIT" analyze --run-built "$TMP/b" >"$TMP/out" 2>&1 || fail "--run-built: exit $?: $(tail -n 5 "$TMP/out")"
"$T" p30 cudacmp "$TMP/b/analysis.json" target-clang19 || fail "the CUDA form beside the regions"
grep -q 'OpenMP against the program.s CUDA form' "$TMP/b/report.md" || fail "report.md has no OpenMP/CUDA table"
# LLVM 16's runtime names the events otherwise (targetKernel, mappingBeforeTargetRegion): the
# same kernel times (an H100 run of clang-16 builds of XSBench and su3_bench had none before).
echo '{"traceEvents":[{"name":"targetKernel","ph":"X","ts":0,"dur":350},{"name":"mappingBeforeTargetRegion","ph":"X","ts":1,"dur":50},
{"name":"targetKernel","ph":"X","ts":5000,"dur":1050},{"name":"mappingBeforeTargetRegion","ph":"X","ts":5001,"dur":50},
{"name":"targetKernel","ph":"X","ts":9000,"dur":1050},{"name":"mappingBeforeTargetRegion","ph":"X","ts":9001,"dur":50}]}' >"$R/profile.json"
"$OMPKIT" analyze --run-built "$TMP/b" >"$TMP/out" 2>&1 || fail "--run-built (LLVM 16 profile): exit $?: $(tail -n 5 "$TMP/out")"
"$T" p30 cudacmp "$TMP/b/analysis.json" target-clang19 || fail "LLVM 16's profile: no OpenMP kernel times beside the CUDA form"
! grep -q 'no kernel times' "$TMP/out" || fail "LLVM 16's profile events not read: $(grep 'no kernel times' "$TMP/out")"
pass "analyze --cuda-program: a CUDA compile database built with its own flags and the program's target (also as a second -p), its kernels beside the regions with the ratios; --help's usage names every option"
