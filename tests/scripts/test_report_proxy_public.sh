# The report's "Proxies against the public apps" section (driver/report/report_proxy_public.c, issue 22):
# the kit's omp/CUDA ratio at each public setting beside proxies/public_figures.json's, judged
# within ±25 % of the public figure or range; settings the study did not run say so; a study with
# no public setting gets no section; a row's note is printed under the table.
. "$(dirname "$0")/lib.sh"
export OMPKIT_PUBLIC_FIGURES="$SRC/proxies/public_figures.json"
R="$TMP/r"
mkdir -p "$R"
line() { # config model kernel variant param seconds
  printf '{"config":"%s","model":"%s","kernel":"%s","variant":"%s","source_mode":"spmd","status":"ok","verified":true,"threads":128,"teams":3200,"iters":100,"runs":3,"warmup":1,"time_s":{"median":%s,"min":%s,"max":%s},"size":1048576,"param":"%s"}\n' \
    "$1" "$2" "$3" "$4" "$6" "$6" "$6" "$5"
}
P="setting=public,precision=double,iters=100"
{
  line cuda-nvcc cuda su3 cuda "$P" 0.040
  line target-clang19 omp_target su3 v0_generic "$P" 0.140   # 3.50: inside 3.1-3.7
  line target-clang19 omp_target su3 v1_manual "$P" 0.190    # 4.75: above 2.6 x 1.25
  line target-clang19 omp_target su3 v2_spmd "$P" 0.0456     # 1.14: 1.45 x 0.75 = 1.0875, inside
  line target-clang19 omp_target su3 v3_collapse "$P" 0.060  # 1.50: below 2.05 x 0.75 = 1.5375
} >"$R/results.jsonl"
"$OMPKIT" report "$R" >"$TMP/log" 2>&1 || fail "report exited non-zero: $(cat "$TMP/log")"
MD="$R/report.md"
grep -q '^## Proxies against the public apps' "$MD" || fail "no section"
row() { grep -F "| \`su3/$1\` |" "$MD" | head -n 1; }
row v0_generic | grep -q '| 3.50 (140 vs 40 ms) | agrees |$' || fail "v0 row: $(row v0_generic)"
row v1_manual | grep -q '| 4.75 (190 vs 40 ms) | outside |$' || fail "v1 row: $(row v1_manual)"
row v2_spmd | grep -q '| 1.14 (45.6 vs 40 ms) | agrees |$' || fail "v2 row: $(row v2_spmd)"
row v3_collapse | grep -q '| 1.50 (60 vs 40 ms) | outside |$' || fail "v3 row: $(row v3_collapse)"
grep -F '`rsbench/spmd`' "$MD" | head -n 1 | grep -q '| not run | — |$' || fail "a setting not run: $(grep -F rsbench "$MD")"
grep -q '^2 of 4 settings the study ran agree\.$' "$MD" || fail "summary line: $(grep 'settings the study' "$MD")"
grep -q 'id=proxy-public' "$R/report.html" || fail "no HTML section"
# A row's note (a fact about the public figure itself) is printed under the table, in both forms.
grep -q '^- \*XSBench event, large (355 nuclides), unionized grid\*: XSBench.s own programs .* CUDA 62.13 ms (the figure.s 64.0)' "$MD" ||
  fail "the note under the table: $(grep -F 'unionized grid*' "$MD")"
grep -q '<p class=note><em>XSBench event, large' "$R/report.html" || fail "no HTML note"
# The same lines less the public param: no public setting ran, so no section.
sed -i 's/"param":"setting=public,/"param":"/' "$R/results.jsonl"
"$OMPKIT" report "$R" >"$TMP/log" 2>&1 || fail "report exited non-zero: $(cat "$TMP/log")"
! grep -q 'Proxies against the public apps' "$R/report.md" || fail "section without any public setting"
pass "public figures beside the kit's ratios, agreement judged, settings not run and absent sections"
