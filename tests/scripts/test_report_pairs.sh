# Issue 22 §4: the report pairs launch's and reduce_study's omp_target forms with the CUDA form of
# the same work (driver/report/report_rows.c ref_rules), though their launch shapes differ: each family
# gets a best and a worst omp form against CUDA. Hand-made lines added to the report fixture; the
# per-op costs are chosen so that each pairing gives its own ratio (a wrong partner, e.g. the
# longest CUDA name holding "atomic", gives another).
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report" "$TMP/r"
chmod -R u+w "$TMP/r"
G='"gpu":"NVIDIA H100 80GB HBM3","status":"ok","verified":true,"unit":"s","runs":9,"spread":0.01'
L='"kernel":"launch","type":"","threads":32,"teams":1'
R='"kernel":"reduce_study","type":"uint","param":"op=sum"'
C='"config":"cuda-nvcc","model":"cuda","source_mode":"cuda"'
O='"config":"target-clang19","model":"omp_target"'
ns() { printf '"per_op_ns":{"median":%s,"min":%s,"max":%s}' "$1" "$1" "$1"; }
cat >>"$TMP/r/results.jsonl" <<EOT
{$C,$L,"variant":"cuda_plain","param":"launch=plain",$(ns 2500),$G}
{$C,$L,"variant":"cuda_graph","param":"launch=graph,graph=k_nodes",$(ns 1000),$G}
{$O,$L,"variant":"target_teams_nowait_spmd","source_mode":"spmd","param":"launch=target_teams_nowait",$(ns 3000),$G}
{$O,$L,"variant":"target_teams_nowait_generic","source_mode":"generic","param":"launch=target_teams_nowait",$(ns 5000),$G}
{$O,$L,"variant":"target_teams_spmd","source_mode":"spmd","param":"launch=target_teams",$(ns 60000),$G}
{$C,$R,"variant":"cuda_cub","threads":256,"teams":0,$(ns 0.0015),$G}
{$C,$R,"variant":"cuda_persistent","threads":256,"teams":1056,$(ns 0.00125),$G}
{$C,$R,"variant":"cuda_atomic_per_element","threads":256,"teams":262144,$(ns 0.2),$G}
{$C,$R,"variant":"cuda_block_shared_atomic","threads":256,"teams":262144,$(ns 0.07),$G}
{$C,$R,"variant":"cuda_warp_shfl_atomic","threads":256,"teams":262144,$(ns 0.025),$G}
{$O,$R,"variant":"clause_spmd","source_mode":"spmd","threads":0,"teams":0,$(ns 0.024),$G}
{$O,$R,"variant":"atomic_spmd","source_mode":"spmd","threads":0,"teams":0,$(ns 0.6),$G}
{$O,$R,"variant":"ompx_shfl_spmd","source_mode":"spmd","threads":256,"teams":1056,$(ns 0.0025),$G}
EOT
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md"
has() { grep -q -- "$1" "$MD" || fail "$2: $(grep -E '^\| (launch|reduce_study|reduction) ' "$MD")"; }
# The family table: best and worst omp form against CUDA, with the pair's ratio.
has '^| launch | 2 | launch/target_teams_nowait spmd ×1.2 | launch/target_teams_nowait generic ×2 |$' \
  "launch: the nowait forms against cuda_plain (3000/2500, 5000/2500)"
has '^| reduction | 3 | reduce_study/ompx_shfl spmd ×2 | reduce_study/clause spmd ×16 |$' \
  "reduction: ompx shuffles against cuda_persistent (best), the clause against cuda_cub (worst)"
# The comparison table's rows: each pair's ratio (atomic: 0.6 / 0.2, not / 0.07 of block_shared_atomic).
row() { grep -E "^\| $1 \| $2 \|" "$MD" | head -n 1; }
case "$(row reduce_study atomic)" in *"| 0.2 ns | 0.6 ns | – | – | ×3 |"*) ;; *) fail "atomic_spmd against cuda_atomic_per_element: $(row reduce_study atomic)" ;; esac
case "$(row reduce_study clause)" in *"| 0.0015 ns | 0.024 ns | – | – | ×16 |"*) ;; *) fail "clause_spmd against cuda_cub: $(row reduce_study clause)" ;; esac
# A blocking target region waits for every launch, which no CUDA form times: no pair, no ratio.
case "$(row launch target_teams)" in *"| ×"*) fail "the blocking form got a CUDA pair: $(row launch target_teams)" ;; esac
grep -q 'vs cuda_cub, the same work at its own launch shape' "$TMP/r/report.html" || fail "the HTML does not say the pair is by workload"
pass "launch and reduce_study forms paired with CUDA by workload"
