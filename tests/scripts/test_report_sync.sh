# The report's launch/sync section (driver/report/report_sync.c) on hand-made lines of issue 12's kernels
# added to the report fixture: launch latency and per-launch overhead in µs with [min–max], the
# grid-sync table, the deadlock probe's outcome (no failure), and the reduction ranking against
# the copy kernel's bandwidth.
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report" "$TMP/r"
chmod -R u+w "$TMP/r"
G='"gpu":"NVIDIA H200"'
GS='"gpu":"NVIDIA H200 (sm_90, 132 SMs, driver 580.159.04)"'
cat >>"$TMP/r/results.jsonl" <<EOT
{"config":"cuda-nvcc","model":"cuda","kernel":"launch","variant":"cuda_plain","source_mode":"cuda","status":"ok","verified":true,"type":"","threads":32,"teams":1,"param":"launch=plain","n_iter":32,"unroll":1,"runs":9,"retries":0,"flagged":false,"unit":"s","base_median":1.23e-05,"test_median":8.98e-05,"per_op_ns":{"median":2500,"min":2400,"max":2700},"spread":0.12,$G}
{"config":"target-clang19","model":"omp_target","kernel":"launch","variant":"target_teams_spmd","source_mode":"spmd","status":"ok","verified":true,"type":"","threads":32,"teams":1,"param":"launch=target_teams","n_iter":32,"unroll":1,"runs":9,"retries":0,"flagged":false,"unit":"s","base_median":2.1e-05,"test_median":0.00064,"per_op_ns":{"median":20000,"min":19000,"max":23000},"spread":0.2,$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"grid_sync","variant":"cuda_grid_group","source_mode":"cuda","status":"ok","verified":true,"type":"","threads":1024,"teams":132,"param":"blocks_per_sm=1","n_iter":10,"unroll":100,"runs":9,"retries":0,"flagged":false,"unit":"cycles","per_op_cycles":{"median":3000,"min":2900,"max":3100},"per_op_ns":{"median":1600,"min":1550,"max":1650},"spread":0.06,$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"grid_sync_probe","variant":"cuda_partial_grid","status":"deadlock (expected)","error":"hung as it should: no end 1.5 s after the probe armed; process killed; device usable afterwards (--probe: NVIDIA H200)",$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"reduce_study","variant":"cuda_copy","source_mode":"cuda","status":"ok","verified":true,"type":"uint","threads":256,"teams":1056,"param":"op=copy","n_iter":33554432,"unroll":1,"runs":5,"unit":"s","per_op_ns":{"median":0.002,"min":0.0019,"max":0.0021},"spread":0.1,$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"reduce_study","variant":"cuda_persistent","source_mode":"cuda","status":"ok","verified":true,"type":"uint","threads":256,"teams":1056,"param":"op=sum","n_iter":33554432,"unroll":1,"runs":5,"unit":"s","per_op_ns":{"median":0.00125,"min":0.0012,"max":0.0013},"spread":0.08,$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"reduce_study","variant":"cuda_atomic_per_element","source_mode":"cuda","status":"ok","verified":true,"type":"uint","threads":256,"teams":131072,"param":"op=sum","n_iter":33554432,"unroll":1,"runs":5,"unit":"s","per_op_ns":{"median":0.4,"min":0.39,"max":0.41},"spread":0.05,$G}
{"config":"cuda-nvcc","model":"cuda","kernel":"barrier","variant":"syncthreads","source_mode":"cuda","status":"ok","verified":true,"type":"","threads":1024,"teams":132,"n_iter":100,"unroll":100,"runs":5,"unit":"cycles","per_op_ns":{"median":38.4,"min":38.3,"max":38.5},"spread":0.01,$GS}
{"config":"cuda-nvcc","model":"cuda","kernel":"barrier","variant":"syncthreads","source_mode":"cuda","status":"ok","verified":true,"type":"","threads":1024,"teams":1,"n_iter":100,"unroll":100,"runs":5,"unit":"cycles","per_op_ns":{"median":30,"min":30,"max":30},"spread":0.01,$GS}
{"config":"target-clang19","model":"omp_target","kernel":"barrier","variant":"omp_barrier_generic","source_mode":"generic","status":"ok","verified":true,"type":"","threads":1024,"teams":128,"param":"ran=128x736","n_iter":100,"unroll":100,"runs":5,"unit":"cycles","per_op_ns":{"median":145.3,"min":145,"max":146},"spread":0.01,$GS}
{"config":"native-gcc","model":"native","kernel":"barrier","variant":"omp_barrier","source_mode":"host","status":"ok","verified":true,"type":"","threads":8,"teams":1,"n_iter":100,"unroll":100,"runs":5,"unit":"s","per_op_ns":{"median":700,"min":690,"max":710},"spread":0.01}
EOT
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md" H="$TMP/r/report.html"
has() { grep -q -- "$2" "$1" || fail "$3: $(sed -n '/^## Launch cost, grid sync/,$p' "$MD" | head -n 40)"; }
has "$MD" '^## Launch cost, grid sync, reduction case study' "section heading"
has "$MD" '^| cuda-nvcc | cuda_plain | launch=plain | 12.3 | 2.5 \[2.4–2.7\] | 12 % | 9 | ok |' "CUDA launch row (T(1) and overhead in µs)"
has "$MD" '^| target-clang19 | target_teams_spmd | launch=target_teams | 21 | 20 \[19–23\] | 20 % | 9 | ok |' "omp_target launch row"
has "$MD" '^| cuda-nvcc | cuda_grid_group | 1 | 1024 | 132 | 1.6 \[1.55–1.65\] | ok |' "grid sync row (µs per barrier)"
has "$MD" 'Deadlock probe cuda-nvcc/cuda_partial_grid: \*\*deadlock (expected)\*\*, hung as it should' "probe outcome"
has "$MD" "copy kernel's 4000 GB/s" "copy bandwidth from the copy kernel (8 B per element)"
has "$MD" "4000 GB/s (read + write) in the same study, 83 % of the data-sheet peak 4800 GB/s" "the copy's fraction of the H200's data sheet"
has "$MD" '^| sum | 1 | cuda-nvcc | cuda_persistent | 3200 | 80 % | 8 % | ok |' "fastest reduction first, % of copy"
has "$MD" '^| sum | 2 | cuda-nvcc | cuda_atomic_per_element | 10 | 0 % | 5 % | ok |' "slowest ranked after"
# Block barrier: CUDA and omp_target side by side per warps/SM (the line with the most teams wins;
# native lines stay out; the runtime's smaller team is said).
has "$MD" '^### Block barrier against active warps per SM' "block barrier table"
has "$MD" '^| 32 | 1 | 1024 | 38.4 \[132\] | 145.3 \[128, ran 736 threads\] |$' "__syncthreads beside omp barrier at 1 block/SM x 1024"
grep -q 'native-gcc omp_barrier' "$MD" && fail "a native barrier column in the GPU block-barrier table"
has "$H" '<h2 id=sync>Launch cost, grid sync, reduction case study</h2>' "HTML section"
grep -q 'deadlock (expected)' "$TMP/r/report.md" && ! grep -q 'Failures.*grid_sync_probe' "$MD" || fail "the expected deadlock shows as a failure"
pass "launch, grid sync, probe and reduction sections rendered"
