# The report's ablation section (driver/report/report_ablation.c) on a hand-made result folder: the full
# pipeline and two ablation configurations of one proxy variant plus its CUDA reference give one
# row per configuration with the time relative to the full pipeline and to CUDA, registers, smem,
# mode and remark IDs; a study without ablation configurations has no such section.
. "$(dirname "$0")/lib.sh"
mkdir "$TMP/r"
cp "$SRC/tests/fixtures/report/provenance.json" "$TMP/r/"
line() { # config model variant time regs smem mode remarks
  printf '{"config":"%s","model":"%s","kernel":"xsbench","variant":"%s","source_mode":"generic","status":"ok","verified":true,"threads":128,"teams":32768,"runs":5,"time_s":{"median":%s,"min":%s,"max":%s},"size":4194304,"registers":%s,"smem_bytes":%s,"static_mode":"%s","remarks":%s}\n' \
    "$1" "$2" "$3" "$4" "$4" "$4" "$5" "$6" "$7" "$8"
}
{
  line cuda-nvcc cuda cuda 0.010 40 0 "" '[]'
  line target-clang19 omp_target generic 0.0125 56 120 Generic-SPMD '["OMP120","OMP110"]'
  line target-clang19-nospmd omp_target generic 0.025 64 200 Generic '["OMP121","OMP131","OMP110"]'
  line target-clang19-noopenmpopt omp_target generic 0.05 90 300 Generic '[]'
} >"$TMP/r/results.jsonl"
"$OMPKIT" report "$TMP/r" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "report exited non-zero"; }
MD="$TMP/r/report.md"
grep -q '^## openmp-opt ablation' "$MD" || fail "no ablation section: $(grep '^## ' "$MD")"
row() { grep -q -- "$1" "$MD" || fail "$2: $(sed -n '/^## openmp-opt ablation/,/^## /p' "$MD" | head -n 12)"; }
row '^| xsbench/generic | full pipeline | [^|]* | 1.00× | 1.25× | 56 | 120 | Generic-SPMD | OMP120 OMP110 |$' "full-pipeline row"
row '^| xsbench/generic | nospmd | [^|]* | 2.00× | 2.50× | 64 | 200 | Generic | OMP121 OMP131 OMP110 |$' "nospmd row"
row '^| xsbench/generic | noopenmpopt | [^|]* | 4.00× | 5.00× | 90 | 300 | Generic |  |$' "noopenmpopt row"
if command -v gnuplot >/dev/null; then
  [ -s "$TMP/r/plots/ablation-xsbench.svg" ] || fail "no ablation chart"
fi
# The fixture study has no ablation configuration: no section.
cp -r "$SRC/tests/fixtures/report" "$TMP/plain"
chmod -R u+w "$TMP/plain"
"$OMPKIT" report "$TMP/plain" >/dev/null 2>&1 || fail "plain report failed"
! grep -q 'openmp-opt ablation' "$TMP/plain/report.md" || fail "ablation section without ablation configurations"
pass "ablation table rows relative to the full pipeline and CUDA"
