# Issue 31 §2: every omp_target proxy point is paired with the CUDA point of the same workload
# (kernel, size, param), each at its own launch shape, as launch and reduce_study are; the row
# says so, and the per-family table, the heat map and the surprises carry every proxy form. The
# lines are shaped like the H100 full study's (docs/results/2026-11-27-h100-session7): su3_cxx's
# public setting, where the C++ `teams loop` form (v4_loop, written SPMD, compiled Generic-SPMD)
# takes 31x CUDA's time; CUDA runs 294912 blocks of 128, the omp forms 3200x128 or the runtime's
# choice (0x0). target-gcc12's forms are slower still: they are the other configurations' worst.
. "$(dirname "$0")/lib.sh"
cp -r "$SRC/tests/fixtures/report" "$TMP/r"
chmod -R u+w "$TMP/r"
rm -rf "$TMP/r/surprises" "$TMP/r/nogpu"
G='"gpu":"NVIDIA H100 80GB HBM3","status":"ok","verified":true,"unit":"s","runs":3'
P='"param":"setting=public,precision=double,iters=100","size":1048576'
C='"config":"cuda-nvcc","model":"cuda","source_mode":"cuda","variant":"cuda"'
O='"config":"target-clang19","model":"omp_target"'
Q='"config":"target-gcc12","model":"omp_target"'
t() { printf '"time_s":{"median":%s,"min":%s,"max":%s},"ns_per_op_total":%s' "$1" "$1" "$1" "$2"; }
cat >>"$TMP/r/results.jsonl" <<EOT
{$C,"kernel":"su3_cxx","threads":128,"teams":294912,$P,$(t 0.0407 38.8),$G}
{$O,"kernel":"su3_cxx","variant":"v4_loop","source_mode":"spmd","static_mode":"Generic-SPMD","observed_mode":"Generic-SPMD","threads":0,"teams":0,$P,$(t 1.2992 1239.0),$G}
{$O,"kernel":"su3_cxx","variant":"v2_spmd","source_mode":"spmd","static_mode":"SPMD","observed_mode":"SPMD","threads":128,"teams":3200,$P,$(t 0.0562 53.6),$G}
{$Q,"kernel":"su3_cxx","variant":"v2_spmd","source_mode":"spmd","threads":8,"teams":264,$P,$(t 4.07 3881.0),$G}
{$C,"kernel":"xsbench","threads":256,"teams":66407,"param":"setting=public,problem=small,grid=unionized","size":17000000,$(t 0.01211 0.7125),$G}
{$O,"kernel":"xsbench","variant":"spmd","source_mode":"spmd","static_mode":"SPMD","observed_mode":"SPMD","threads":128,"teams":3200,"param":"setting=public,problem=small,grid=unionized","size":17000000,$(t 0.01538 0.905),$G}
{$O,"kernel":"xsbench","variant":"spmd","source_mode":"spmd","static_mode":"SPMD","observed_mode":"SPMD","threads":128,"teams":3200,"param":"setting=public,problem=large,grid=hash","size":17000000,$(t 0.1324 7.79),$G}
EOT
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md" H="$TMP/r/report.html"
# The per-family table: the reference configuration's worst proxy form is the C++ teams loop,
# with its mode and its ratio to CUDA at the same work (1.2992 / 0.0407 s); gcc12's beside it.
grep -q '^| proxy | 4 | xsbench spmd (SPMD) ×1.3 | su3_cxx/v4_loop spmd (Generic-SPMD) ×32 | su3_cxx/v2 spmd \[gcc12\] ×100 |$' "$MD" \
  || fail "family row: $(grep '^| proxy ' "$MD")"
# Each proxy row: its CUDA partner, the same work at its own launch shape, said in the row.
row() { grep -E "^\| $1 \| $2 \| .*\| $3 \|" "$MD" | head -n 1; }
case "$(row su3_cxx v4_loop clang19)" in *"| 38.8 ns | 1.24 µs | – | – | ×32 |"*) ;; *) fail "v4_loop row: $(row su3_cxx v4_loop clang19)" ;; esac
case "$(row su3_cxx v2 clang19)" in *"| 3200×128 "*"| 38.8 ns | 53.6 ns | – | – | ×1.4 |"*) ;; *) fail "v2 row: $(row su3_cxx v2 clang19)" ;; esac
x=$(grep -E '^\| xsbench \|  \| 3200×128 setting=public,problem=small,grid=unionized' "$MD")
case "$x" in *"| 0.713 ns | 0.905 ns | – | – | ×1.3 |"*) ;; *) fail "xsbench row: $x" ;; esac
# Another problem's CUDA point is no partner: the large hash problem has none here.
case "$(grep -E '^\| xsbench \|  \| 3200×128 setting=public,problem=large,grid=hash' "$MD")" in *"| – | 7.79 ns |"*) ;; *) fail "large hash paired with another problem's CUDA point" ;; esac
grep -q 'v4_loop <i>vs cuda, the same work at its own launch shape (294912×128)</i>' "$H" || fail "the HTML row does not say the pair is by workload"
# No CUDA-only row is left for a workload an omp form is paired with.
! grep -q '^| su3_cxx | cuda |' "$MD" || fail "su3_cxx's CUDA point left unpaired"
! grep -q '^| xsbench | cuda | 66407×256 setting=public,problem=small' "$MD" || fail "xsbench's CUDA point left unpaired"
# The surprises: an outlier against the family's norm and the demoted mode name su3_cxx.
sed -n '/^## Surprises/,/^## /p' "$MD" >"$TMP/s"
grep -q '^- su3_cxx/v4_loop (target-clang19): written spmd, ran Generic-SPMD$' "$TMP/s" || fail "demoted teams loop not a surprise"
if command -v gnuplot >/dev/null 2>&1; then
  grep -q '"su3_cxx/v4_loop"' "$TMP/r/plots/ratio-heat.gp" || fail "the heat map lacks su3_cxx/v4_loop"
  grep -q '"xsbench"' "$TMP/r/plots/ratio-heat.gp" || fail "the heat map lacks xsbench"
fi
pass "proxies paired with CUDA by workload; the C++ teams loop is the worst proxy form (Generic-SPMD, x32)"
